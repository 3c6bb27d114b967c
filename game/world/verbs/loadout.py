"""Gear on a creature (N30-N36): equipping, carry capacity, armour durability and the effective card."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules.card import SCHOOLS, Attack, Card
from game.rules.growth import PERCENT_CAP, grown
from game.world.components import Body, Growth, Hero, Identity, Inventory, Item
from game.world.verbs import items

if TYPE_CHECKING:
    from game.content.codex import Codex
    from game.world.world import World

MIN_CAPACITY = 40  # N33
CAPACITY_PER_STRENGTH = 40  # N33


def item_for_equipment(world: World, equipment_id: str) -> str:
    """The items.toml id whose `equipment` is `equipment_id` (load_content checks there is one)."""
    return next(item.id for item in world.content.items.values() if item.equipment == equipment_id)


def max_durability(world: World, item: Item) -> int:
    """C26: an armour piece's listed durability, scaled by its quality."""
    defn = world.content.items[item.item_id]
    if defn.kind != "armour":
        return 0
    listed = world.content.codex.equipment.armour[defn.equipment].durability
    return int(listed * world.content.gear.qualities[item.quality].durability)


MENDING_ORDER = ("body", "shield", "head", "limbs")  # C26: the pieces a repair kit patches, in turn


def patch_armour(world: World, eid: int, kit: int) -> str:
    """C26: a repair kit gives its `repair` durability back to the armour `eid` wears, piece after piece
    (body first), none above its maximum; the kit is used up. Returns why not ("" when done)."""
    inv = world.get(eid, Inventory)
    worn = [inv.equipped[slot] for slot in MENDING_ORDER if slot in inv.equipped]
    worn = [piece for piece in worn if world.get(piece, Item).durability
            < max_durability(world, world.get(piece, Item))]
    if not worn:
        return "You wear no armour that needs mending."
    left = world.content.items[world.get(kit, Item).item_id].repair
    mended = []
    for piece in worn:
        item = world.get(piece, Item)
        gain = min(left, max_durability(world, item) - item.durability)
        if gain > 0:
            item.durability += gain
            left -= gain
            mended.append(f"{world.content.items[item.item_id].name} +{gain}")
    used = world.get(kit, Item)
    if used.count > 1:
        used.count -= 1
    else:
        items.destroy(world, kit)
    world.emit("repair", eid, room=world.room_of(eid), mended=", ".join(mended))
    return ""


def carried_weight(world: World, eid: int) -> int:
    inv = world.get(eid, Inventory)
    items = world.content.items
    return sum(items[world.get(i, Item).item_id].weight * world.get(i, Item).count
               for i in inv.items)


def capacity(world: World, eid: int) -> int:
    """N33: forty times base strength, at least forty; gear does not raise it."""
    return max(MIN_CAPACITY, CAPACITY_PER_STRENGTH * world.get(eid, Body).natural.strength)


def can_carry(world: World, eid: int, item_eid: int, count: int | None = None) -> bool:
    """N33: whether `count` of the item (the whole stack by default) fits within the creature's capacity."""
    item = world.get(item_eid, Item)
    if world.content.items[item.item_id].fixture:
        return False
    weight = world.content.items[item.item_id].weight * (item.count if count is None else count)
    return carried_weight(world, eid) + weight <= capacity(world, eid)


def equip(world: World, eid: int, item_eid: int) -> str | None:
    """Wear or wield a carried item in its slot; the previous one stays carried. Returns the slot."""
    defn = world.content.items[world.get(item_eid, Item).item_id]
    if defn.slot is None:
        return None
    world.get(eid, Inventory).equipped[defn.slot] = item_eid
    refresh(world, eid)
    return defn.slot


def refresh(world: World, eid: int) -> None:
    """Recompute the effective card from the grown natural card and what is equipped (N28, N32).

    Cards are frozen, so creatures of one kind, level and gear share one card object.
    """
    body = world.get(eid, Body)
    growth = world.try_get(eid, Growth)
    level = growth.level if growth else 0
    inv = world.try_get(eid, Inventory)
    makes = tuple(sorted((slot, make(world.get(i, Item))) for slot, i in inv.equipped.items())) \
        if inv else ()
    hero = world.try_get(eid, Hero)  # heroes of one kind differ by their sheets' points
    key = (world.get(eid, Identity).codex_id, hero.sheet.makes if hero else None, body.heads, level,
           makes)
    cached = world.shared_cards.get(key)
    if cached is None:
        base = grown(body.natural, level)
        cached = world.shared_cards[key] = (base, with_gear(world, eid, base))
    old_max = body.card.health
    body.base, body.card = cached
    if body.card.health != old_max:
        body.health = min(body.health, body.card.health)


def make(item: Item) -> tuple[str, str, str, str | None]:
    """What an item is made of, as far as the card is concerned."""
    return item.item_id, item.quality, item.material, item.rune


def weapon_profile(world: World, codex_id: str, item: Item, heads: int | None = None,
                   codex: Codex | None = None) -> tuple[Attack, int]:
    """A weapon in a creature's hands: its C28 attack with the rune's and material's elemental damage
    (N34-N35), and its hit chance with quality and material (before level growth). `codex`: a hero's own."""
    gear = world.content.gear
    quality, material = gear.qualities[item.quality], gear.materials[item.material]
    codex = codex or world.content.codex
    attack, chance = codex.weapon_attack(codex_id, world.content.items[item.item_id].equipment, heads=heads)
    elements = dict(attack.elements)
    if item.rune:
        elements[item.rune] = elements.get(item.rune, 0) + gear.rune_weapon_damage  # N35
    if material.element:
        elements[material.element] = elements.get(material.element, 0) + material.amount
    return replace(attack, elements=elements), chance + quality.hit + material.hit


def with_gear(world: World, eid: int, base: Card) -> Card:
    inv = world.try_get(eid, Inventory)
    if not inv or not inv.equipped:
        return base
    gear = world.content.gear
    items = world.content.items
    codex = world.content.codex
    defense = dict(base.defense)
    resist = dict(base.element_resist)
    changes: dict[str, object] = {}
    for slot, item_eid in inv.equipped.items():
        item = world.get(item_eid, Item)
        defn = items[item.item_id]
        quality = gear.qualities[item.quality]
        material = gear.materials[item.material]
        if slot == "weapon":
            codex_id = world.get(eid, Identity).codex_id
            heads = world.get(eid, Body).heads or None  # C32: a group aims by its band
            attack, chance = weapon_profile(world, codex_id, item, heads, world.codex_of(eid))
            natural = world.get(eid, Body).natural
            level_bonus = getattr(base, attack.kind) - getattr(natural, attack.kind)
            changes["attack"] = attack
            changes[attack.kind] = min(PERCENT_CAP, max(0, chance + level_bonus))
            # N23: elemental damage is the base definition's plus the equipped weapon's
            changes["element_damage"] = {s: base.element_damage[s] + attack.elements[s] for s in SCHOOLS}
        else:
            armour = codex.equipment.armour[defn.equipment]
            for kind, value in armour.resistance.items():
                if kind in defense:
                    defense[kind] += value + quality.resist + material.resist
                elif kind in resist:
                    resist[kind] += value
            if item.rune:
                resist[item.rune] = resist.get(item.rune, 0) + gear.rune_armour_resist  # N35
    changes["defense"] = {k: max(0, v) for k, v in defense.items()}
    changes["element_resist"] = {k: max(0, resist.get(k, 0)) for k in SCHOOLS}
    return replace(base, **changes)

