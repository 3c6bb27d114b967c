"""What an item does, for its card on every screen (the pack, the inventory, the floor, a shop): protection per
damage type with quality, material and rune (N34-N35, C26), durability, a weapon's damage dice and elements in
the hero's hands (C28), weight, value, what it nourishes or heals, and the difference against what the hero
wears in that slot. A read-only view: nothing here changes the world."""
from __future__ import annotations

from dataclasses import dataclass

import esper

from game.rules.card import MUNDANE, SCHOOLS
from game.world.components import Identity, Inventory, Item
from game.world.verbs import loadout
from game.world.views import item_name
from game.world.world import World


@dataclass(frozen=True)
class ItemFacts:
    eid: int
    item_id: str
    name: str
    kind: str
    slot: str | None
    quality: str
    material: str
    rune: str | None
    weight: int
    value: int
    count: int
    protection: dict[str, int]  # armour: points per mundane type and element, with quality, material, rune
    durability: tuple[int, int] | None  # armour: (now, most)
    attack: str  # a weapon in the hero's hands: "d6+d8 cutting"
    hit: int  # a weapon's hit chance in the hero's hands, percent
    elements: dict[str, int]  # a weapon's elemental damage per school
    provides: tuple[str, ...]  # "nourishes 30", "heals 8", "mends armour 10"
    worn: bool  # the hero wears or wields it
    against: str | None  # the name of what the hero wears in its slot, when it is another item
    difference: dict[str, int]  # protection (armour) or hit chance and elements (weapon) against `against`


def protection(world: World, item: Item) -> dict[str, int]:
    """An armour piece's points per damage type and element, as `loadout.with_gear` adds them to a card."""
    defn = world.content.items[item.item_id]
    if defn.kind != "armour" or defn.equipment not in world.content.codex.equipment.armour:
        return {}
    gear = world.content.gear
    bonus = gear.qualities[item.quality].resist + gear.materials[item.material].resist
    points: dict[str, int] = {}
    for kind, value in world.content.codex.equipment.armour[defn.equipment].resistance.items():
        points[kind] = value + bonus if kind in MUNDANE else value
    if item.rune:
        points[item.rune] = points.get(item.rune, 0) + gear.rune_armour_resist  # N35
    return {k: v for k, v in points.items() if v}


def _weapon(world: World, hero: int, item: Item) -> tuple[str, int, dict[str, int]]:
    defn = world.content.items[item.item_id]
    if defn.kind != "weapon" or defn.equipment not in world.content.codex.equipment.weapons:
        return "", 0, {}
    codex_id = esper.component_for_entity(hero, Identity).codex_id
    attack, chance = loadout.weapon_profile(world, codex_id, item, codex=world.codex_of(hero))
    return f"{attack.dice} {attack.damage_type}", chance, {s: v for s, v in attack.elements.items() if v}


def item_facts(world: World, eid: int, hero: int) -> ItemFacts:
    """The card of item `eid` as `hero` would carry, wear or wield it."""
    world.ecs.activate()
    item = esper.component_for_entity(eid, Item)
    defn = world.content.items[item.item_id]
    attack, hit, elements = _weapon(world, hero, item)
    provides = tuple(f"{what} {amount}" for what, amount in (
        ("nourishes", defn.nourish), ("quenches", defn.quench), ("heals", defn.heal),
        ("mends armour by", defn.repair)) if amount)
    inv = esper.try_component(hero, Inventory)
    worn_eid = inv.equipped.get(defn.slot) if inv and defn.slot else None
    points = protection(world, item)
    against, difference = None, {}
    if worn_eid is not None and worn_eid != eid and esper.entity_exists(worn_eid):
        other = esper.component_for_entity(worn_eid, Item)
        against = item_name(world, worn_eid)
        if defn.kind == "armour":
            theirs = protection(world, other)
            difference = {k: points.get(k, 0) - theirs.get(k, 0) for k in (*MUNDANE, *SCHOOLS)
                          if points.get(k, 0) != theirs.get(k, 0)}
        elif defn.kind == "weapon":
            _, their_hit, their_elements = _weapon(world, hero, other)
            difference = {"hit": hit - their_hit} if hit != their_hit else {}
            difference |= {s: elements.get(s, 0) - their_elements.get(s, 0) for s in SCHOOLS
                           if elements.get(s, 0) != their_elements.get(s, 0)}
    most = loadout.max_durability(world, item)
    return ItemFacts(
        eid=eid, item_id=item.item_id, name=item_name(world, eid), kind=defn.kind, slot=defn.slot,
        quality=item.quality, material=item.material, rune=item.rune, weight=defn.weight, value=defn.value,
        count=item.count, protection=points, durability=(item.durability, most) if most else None,
        attack=attack, hit=hit, elements=elements, provides=provides, worn=worn_eid == eid,
        against=against, difference=difference)


def pack_load(world: World, hero: int) -> tuple[int, int]:
    """The weight the hero carries and its capacity (N33)."""
    world.ecs.activate()
    return loadout.carried_weight(world, hero), loadout.capacity(hero)
