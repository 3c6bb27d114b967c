"""Making entities: the hero, placed and spawned creatures with their gear (N31, N49), items on floors."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.codex import HERO_ID, HeroSheet
from game.content.tuning import MONSTERS
from game.maps.model import DungeonMap, Square
from game.rules import groups
from game.rules.tags import ANIMAL, ELEMENTAL, HUMANOID, UNDEAD
from game.rules.definitions import footprint
from game.world.components import (Body, Companion, Errand, Footprint, Growth, Hero, Identity, Inventory, Item,
                                   Journey, Loyalty, Memories, Mood, MoodState, Needs, Opinions, Position, tag_set)
from game.world.rooms import footprint_squares
from game.world.verbs import loadout, trade
from game.world.verbs.items import give, lay
from game.world.verbs.journey import Traveller, bring_in, take_out
from game.world.verbs.social import draw_name, draw_persona

if TYPE_CHECKING:
    from game.world.world import World

LIVING_TAGS = frozenset({ANIMAL, HUMANOID})  # N8: living mortals hunger and thirst...
NEEDLESS_TAGS = frozenset({UNDEAD, ELEMENTAL})  # ...the dead and the elemental do not
NAMED_KINDS = frozenset({"world", "notable", "merchant"})  # people a map places by name keep it (N85)


def group_cells(world: World, codex_id: str, heads: int) -> int:
    """C31: how many squares a group of `heads` covers."""
    return groups.footprint(heads, world.content.codex.stat_block(codex_id).squares)


def place_group(world: World, codex_id: str, heads: int, room: int, near: Square | None) -> list[Square]:
    """Free squares for a group's heads in `room`, nearest `near`; empty when they do not fit."""
    return world.rooms.free_cells(room, group_cells(world, codex_id, heads), near) or []


def has_needs(tags: frozenset[str]) -> bool:
    return bool(tags & LIVING_TAGS) and not tags & NEEDLESS_TAGS


def first_mood(tags: frozenset[str], provisions: bool, wanders: bool) -> MoodState:
    """N12: the provisioned rest, the unprovisioned explore (the behaviour stage decides); N15: the needless
    wander where a map says so, else lurk in their lair."""
    if has_needs(tags):
        return MoodState.RESTING if provisions else MoodState.WANDERING
    return MoodState.WANDERING if wanders else MoodState.LURKING


def spawn_item(world: World, item_id: str, room: int | None = None, square: Square | None = None,
               owner: int | None = None, quality: str | None = None, material: str | None = None,
               rune: str | None = None, durability: int | None = None, count: int = 1) -> int:
    """An item on a room's floor, or carried by `owner` (maybe joining a stack: the holder is returned).
    Armour starts at full durability unless given."""
    item = Item(item_id, count, quality or "common", material or "iron", rune)
    item.durability = durability if durability is not None else loadout.max_durability(world, item)
    eid = world.create(item)
    if owner is not None:
        return give(world, eid, owner)
    return lay(world, eid, room, square)


def spawn_creature(world: World, codex_id: str, room: int, near: Square | None = None, kind: str = "dungeon",
                   heads: int = 0, gear: tuple[str, ...] | None = None, provisions: bool = True,
                   background: str | None = None, name: str = "", merchant: str | None = None,
                   travels: tuple[str, ...] = (), wanders: bool = True) -> int | None:
    """Make a creature in `room` on free squares nearest `near`; None when there is no space (N26).

    `gear` lists item ids to equip; None means the codex's authored gear (N31). A thinking kind gets a
    persona (N65, N83; `background` from the map, else drawn), an empty social memory and, unless `name`
    gives one, a name drawn for its people (N85); other creatures are called by `name` or their kind's.
    A merchant of type `merchant` opens its shop (N5). A world NPC whose map gives it places to travel to
    (`travels`, N3) sets out for the first of them after `[region] stay` turns (game/world/realm.py). A
    needless creature that does not `wander` (N15) lurks in its lair until it notices the hero (verbs/noticing).
    """
    codex = world.content.codex
    defn = codex.creatures[codex_id]
    w, h = footprint(defn.size)
    card = world.natural_card(codex_id, heads)
    if card.heads:
        cells = place_group(world, codex_id, card.heads, room, near)  # C31: a square a head
    else:
        spot = world.rooms.free_spot(room, w, h, near)
        cells = footprint_squares(spot, w, h) if spot else []
    if not cells:
        return None
    tags = tag_set(tuple(defn.tags))
    faction = MONSTERS
    if kind in ("world", "merchant", "notable") or codex_id in world.content.tuning.peaceful:
        faction = "folk"
    persona = draw_persona(world, codex_id, "" if kind == "notable" else background)  # N83: notables have none
    if persona is not None and not name:
        name = draw_name(world, codex_id, persona.people)
    eid = world.create(
        Identity(world.next_uid(codex_id), codex_id, name or defn.name, kind, faction, tags),
        Position(room, cells[0], tuple(cells) if card.heads else ()), Footprint(w, h),
        Body(card, card, card, card.health, ap=card.ap, strikes=card.attack_budget, heads=card.heads),
        Mood(first_mood(tags, provisions, wanders), since=world.turn),
        Growth(), Inventory(),
    )
    if has_needs(tags):
        world.add(eid, Needs())
    if persona is not None:
        for part in (persona, Opinions(), Loyalty(), Memories()):
            world.add(eid, part)
    world.rooms.place(eid, room, cells)
    if gear is None:
        gear = tuple(loadout.item_for_equipment(world, e) for e in codex.starting_gear(codex_id))
    for item_id in gear:
        worn_body = world.content.items[item_id].slot == "body" and codex.durability(codex_id)
        # C25: authored body armour starts at the creature's durability, the rest at full
        loadout.equip(world, eid, spawn_item(world, item_id, owner=eid, durability=worn_body or None))
    if provisions and has_needs(tags):
        for item_id in world.content.tuning.kits["provisions"]:  # N49
            spawn_item(world, item_id, owner=eid)
    if kind == "merchant" and merchant:
        trade.open_shop(world, eid, merchant)
    if kind == "world" and travels:
        world.add(eid, Errand(travels, world.turn + int(world.content.tuning["region"]["stay"])))
    loadout.refresh(world, eid)
    body = world.get(eid, Body)
    body.health = body.card.health
    world.actors.add(eid)
    return eid


def spawn_hero(world: World, room: int, square: Square, uid: str = HERO_ID, name: str = "",
               sheet: HeroSheet | None = None) -> int:
    """A hero with its starting gear and pack; a world of several heroes names the later ones "hero#2"... (N3).
    `sheet`: its own, made on the creation screen (else the world's hero, hero.toml's or a one-map game's)."""
    codex = world.hero_codex(sheet) if sheet is not None else world.content.codex
    hero = codex.hero()
    defn = hero.definition
    card = codex.hero_card()
    eid = world.create(
        Identity(uid, HERO_ID, name or defn.name, "hero", "hero", frozenset(defn.tags) | {HUMANOID}),
        Position(room, square), Footprint(1, 1),
        Body(card, card, card, card.health, ap=card.ap, strikes=card.attack_budget),
        Needs(), Growth(), Inventory(), Hero(hero.sheet), Journey({room}),
    )
    world.rooms.place(eid, room, [square])
    for equipment_id in codex.starting_gear(HERO_ID):
        loadout.equip(world, eid, spawn_item(world, loadout.item_for_equipment(world, equipment_id), owner=eid))
    perks = world.content.heroes.perks
    for item_id in [*world.content.tuning.kits["hero"], *(i for p in hero.sheet.perks if p in perks for i in perks[p].kit)]:
        spawn_item(world, item_id, owner=eid)  # the pack, and what its perk sets out with (heroes.toml)
    trade.add_gold(world, eid, world.content.trade.hero_gold)
    loadout.refresh(world, eid)
    body = world.get(eid, Body)
    body.health = body.card.health
    return eid


def populate(world: World) -> int:
    """Fill a new world from its map; returns the hero."""
    dungeon = world.map
    room, square = dungeon.entrance
    hero = spawn_hero(world, room, square)
    place_contents(world, dungeon)
    return hero


def place_contents(world: World, dungeon: DungeonMap, kept: frozenset[str] = frozenset()) -> None:
    """The map's creatures and floor items; a person it names who is in `kept` (the party F5 keeps) stays one."""
    for p in dungeon.placements:
        if p.kind in NAMED_KINDS and p.name in kept:
            continue
        spawn_creature(world, p.creature, p.room, p.square, p.kind, p.heads, p.gear or None, p.provisions,
                       p.background, p.name if p.kind in NAMED_KINDS else "", p.merchant, p.travels, p.wanders)
    for it in dungeon.items:
        spawn_item(world, it.item, it.room, it.square, quality=it.quality, material=it.material,
                   rune=it.rune, count=it.count)


def rebuild(world: World, dungeon: DungeonMap) -> None:
    """F5 reload: a fresh population from `dungeon`, keeping the hero with its card, needs and pack, and its
    party (N4, N38): each living companion with its pack stays where it stood when that room and square are
    still on the map, else beside the hero; one sent to a room the map no longer has follows again. A person
    the map names who is in the party is not laid out a second time."""
    world.clear_dead()  # those deleted since the last turn began, before the rest go at once
    party = _lift_party(world)
    keep = {world.hero} | set(world.get(world.hero, Inventory).items)
    world.actors.forget()
    doomed = [eid for eid, _ in world.query(Identity)] + [eid for eid, _ in world.query(Item)]
    for eid in doomed:
        if eid not in keep:
            world.delete(eid, immediate=True)
    world.lay_out(dungeon)
    world.pair_cooldown.clear()  # N66, N69: the pairs and feuds of the creatures that are gone
    world.feuds.clear()
    pos = world.get(world.hero, Position)
    pos.room, pos.square = _still_on(dungeon, pos.room, pos.square) or dungeon.entrance
    world.rooms.place(world.hero, pos.room, [pos.square])
    place_contents(world, dungeon, frozenset(mate.name for mate, _, _ in party))
    for mate, room, square in party:
        companion = next(part for part in mate.parts if isinstance(part, Companion))
        if companion.room not in dungeon.rooms:
            companion.room, companion.back, companion.seen = -1, False, ""
            if companion.order == "explore":
                companion.order = "follow"
        bring_in(world, mate, *(_still_on(dungeon, room, square) or (pos.room, pos.square)))


def _lift_party(world: World) -> list[tuple[Traveller, int, Square]]:
    """The hero's living companions taken out of the world, each with the room and square it stood on."""
    hero = world.uid(world.hero)
    mates = [eid for eid, c in world.query(Companion)
             if c.hero == hero and world.get(eid, Body).health > 0]
    stood = [(world.get(eid, Position).room, world.get(eid, Position).square)
             for eid in mates]
    return [(take_out(world, eid), room, square) for eid, (room, square) in zip(mates, stood)]


def _still_on(dungeon: DungeonMap, room: int, square: Square) -> tuple[int, Square] | None:
    """`room` and `square` when the map still has them, else None."""
    if room in dungeon.rooms and dungeon.rooms[room].contains(square):
        return room, square
    return None
