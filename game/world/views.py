"""Read-only views of the world for the screen, headless dumps and tests: what a creature or an item
looks like now, with names and kinds resolved so readers need not open the content tables."""
from __future__ import annotations

from dataclasses import dataclass

from game.content.codex import HeroSheet
from game.rules.card import Card
from game.rules.needs import EAT_ABOVE
from game.world.components import Binding, Body, Growth, Hero, Identity, Inventory, Item, Mana, Mood, Needs, Position
from game.world.rooms import footprint_of
from game.world.world import World

NO_MOOD = "hero"  # CreatureView.mood of a creature without moods (the hero)


@dataclass(frozen=True)
class CreatureView:
    eid: int
    uid: str
    codex_id: str
    name: str
    room: int
    square: tuple[int, int]
    footprint: tuple[int, int]
    health: int
    max_health: int
    level: int
    xp: int
    mood: str  # a MoodState's word, or NO_MOOD
    hunger: int
    thirst: int
    ap: int
    max_ap: int
    heads: int
    card: Card
    equipped: dict[str, str]
    carrying: list[str]
    durability: int
    is_hero: bool
    hostile: bool
    stunned: int
    alive: bool
    conditions: dict[str, int]  # C40 condition name -> turns it still holds
    cells: tuple[tuple[int, int], ...]  # C31: a group's head squares (empty for one creature)
    seems: str = ""  # C4: what it seems to want, in a line (motives.toml); "" for the hero
    sheet: HeroSheet | None = None  # a hero's own sheet (Reconciliation 8, issue 12), None for anyone else
    perks: tuple[str, ...] = ()  # the names of a hero's perks (heroes.toml)
    bound: str = ""  # N50-N52: what a binding spell makes it (charmed, dominated, necrotized), else ""
    bound_turns: int = 0  # N56: the turns its binding still holds (0 with `bound`: its end waits for space)
    mana: int = 0  # the mana the hero holds now (its card's, less what spells have spent)


@dataclass(frozen=True)
class ItemView:
    eid: int
    item_id: str
    name: str
    kind: str  # items.toml kind: weapon, armour, food, drink, healing, key, rune, misc
    square: tuple[int, int] | None
    count: int = 1  # a stack's size (its name says "×3" too)
    durability: int = 0  # armour's wear (C26): pieces that differ in it do not stack on the screen
    fixture: bool = False  # a spring, a patch, a well: used where it stands, never picked up


MADE_OF = ("weapon", "armour")  # the kinds of item whose material is named (a ration is made of no metal)


def item_name(world: World, eid: int) -> str:
    """"fine silver longsword (fire rune)", "Ration ×3": the name the log and the screen show."""
    item = world.get(eid, Item)
    defn = world.content.items[item.item_id]
    extras = [item.quality] if item.quality not in ("common",) else []
    if item.material not in ("iron",) and defn.kind in MADE_OF:
        extras.append(item.material)
    label = f"{' '.join(extras)} {defn.name}".strip() if extras else defn.name
    if item.rune:
        label += f" ({item.rune} rune)"
    return label if item.count == 1 or defn.fixture else f"{label} ×{item.count}"


def durability(world: World, eid: int) -> int:
    """Current durability of everything the creature wears (C25, C29)."""
    inv = world.try_get(eid, Inventory)
    if not inv:
        return 0
    return sum(world.get(i, Item).durability for s, i in inv.equipped.items() if s != "weapon")


def item(world: World, eid: int) -> ItemView:
    found = world.get(eid, Item)
    defn = world.content.items[found.item_id]
    return ItemView(eid, found.item_id, item_name(world, eid), defn.kind, found.square, found.count,
                    found.durability, defn.fixture)


def items_in(world: World, room_id: int) -> list[ItemView]:
    """The items on a room's floor."""
    return [item(world, eid) for eid in world.rooms.floor(room_id)]


def carried_by(world: World, eid: int) -> list[ItemView]:
    """What a creature carries, equipped items included, in pack order."""
    inv = world.try_get(eid, Inventory) if world.exists(eid) else None
    return [item(world, i) for i in inv.items] if inv else []


def worn_by(world: World, eid: int) -> frozenset[int]:
    """The item entities a creature wears or wields (the screens mark them on every line)."""
    inv = world.try_get(eid, Inventory) if world.exists(eid) else None
    return frozenset(inv.equipped.values()) if inv else frozenset()


def creature(world: World, eid: int) -> CreatureView:
    ident = world.get(eid, Identity)
    body = world.get(eid, Body)
    pos = world.get(eid, Position)
    needy = world.try_get(eid, Needs)
    needs = needy or Needs()
    mood = world.try_get(eid, Mood)
    growth = world.try_get(eid, Growth) or Growth()
    inv = world.try_get(eid, Inventory) or Inventory()
    hero = world.try_get(eid, Hero)
    fp = footprint_of(world, eid)
    binding = world.try_get(eid, Binding)
    spent = world.try_get(eid, Mana)
    equipped = {slot: item_name(world, i) for slot, i in inv.equipped.items()}
    worn = set(inv.equipped.values())
    return CreatureView(
        eid=eid, uid=ident.uid, codex_id=ident.codex_id, name=ident.name, room=pos.room,
        square=pos.square, footprint=(fp.w, fp.h), health=body.health, max_health=body.card.health,
        level=growth.level, xp=growth.xp, mood=str(mood.state) if mood else NO_MOOD,
        hunger=needs.hunger, thirst=needs.thirst, ap=body.ap, max_ap=body.card.ap, heads=body.heads,
        card=body.card, equipped=equipped,
        carrying=[item_name(world, i) for i in inv.items if i not in worn],
        durability=durability(world, eid), is_hero=eid == world.hero,
        hostile=eid != world.hero and world.alive(world.hero) and world.is_enemy(eid, world.hero),
        stunned=body.stunned, alive=body.health > 0,
        conditions={world.content.conditions[c].name: n for c, n in body.conditions.items()},
        cells=pos.cells, seems=seems(world, eid, ident.codex_id, needy.hunger if needy else None), sheet=hero.sheet if hero else None,
        bound=world.content.spells.spells[binding.spell].state if binding else "",
        bound_turns=binding.turns if binding else 0, mana=body.card.mana - (spent.spent if spent else 0),
        perks=tuple(world.content.heroes.perks[p].name for p in hero.sheet.perks) if hero else (),
    )


def seems(world: World, eid: int, codex_id: str, hunger: int | None = None) -> str:
    """C4: the card's line of what a creature seems to want, fitting its state: a want's `seems_fed` line
    (motives.toml) while its `hunger` is no more than N9's threshold for eating (it is not hungry)."""
    defn = world.content.codex.creatures.get(codex_id)
    if eid == world.hero or defn is None:
        return ""
    want = world.content.motives.wants[defn.motivation.wants]
    return want.seems_fed if want.seems_fed and hunger is not None and hunger <= EAT_ABOVE else want.seems

