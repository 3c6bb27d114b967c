"""Gear stage (N30, N33, N36): a creature that can arm itself takes up one better piece of gear a turn.

A creature whose codex lists "arm_itself" arms itself once it reaches that level (N29); other humanoids
arm themselves from the start; other creatures never.
Runed (enchanted) gear scores higher, so hostile creatures reach for it first (N36).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import dice
from game.rules.tags import HUMANOID
from game.world.components import Body, Identity, Inventory, Item
from game.world.moods import MOODS
from game.world.verbs import loadout
from game.world.verbs.provisions import take
from game.world.verbs.spells import is_bound
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.actors import Actor
    from game.world.world import World


def can_arm(world: World, actor: Actor) -> bool:
    if "arm_itself" in actor.unlocks.values():
        return "arm_itself" in world.actors.unlocked(actor)
    return HUMANOID in actor.ident.tags


def run(world: World) -> None:
    for actor in world.actors.all():
        eid, body, mood, pos = actor.eid, actor.body, actor.mood, actor.pos
        if body.health <= 0 or body.ap <= 0 or body.heads or not MOODS[mood.state].arms \
                or actor.ties is not None and is_bound(actor):
            continue
        if not world.rooms.has_gear(pos.room) or not can_arm(world, actor):
            continue
        best = best_upgrade(world, eid, world.rooms.gear_on_floor(pos.room))
        if best is None:
            continue
        body.ap -= 1
        take(world, eid, best)
        loadout.equip(world, eid, best)
        world.emit("equip", eid, room=pos.room, item=item_name(world, best),
                   runed=bool(world.get(best, Item).rune))


def best_upgrade(world: World, eid: int, floor: list[int]) -> int | None:
    """The floor item that most improves an equipped slot and that it can carry (N33)."""
    inv = world.get(eid, Inventory)
    best, gain = None, 0.0
    for item_eid in floor:
        defn = world.content.items[world.get(item_eid, Item).item_id]
        if defn.slot is None or not loadout.can_carry(world, eid, item_eid):
            continue
        current = inv.equipped.get(defn.slot)
        delta = score(world, eid, item_eid) - (score(world, eid, current) if current is not None else 0.0)
        if delta > gain:
            best, gain = item_eid, delta
    return best


def score(world: World, eid: int, item_eid: int) -> float:
    """Expected damage a strike with a weapon brings, or the protection an armour piece gives."""
    item = world.get(item_eid, Item)
    key = (world.get(eid, Identity).codex_id, world.get(eid, Body).card.strength,
           item.item_id, item.quality, item.material, item.rune, item.durability)
    cached = world.gear_scores.get(key)
    if cached is None:
        cached = world.gear_scores[key] = _score(world, key[0], key[1], item)
    return cached


def _score(world: World, codex_id: str, strength: int, item: Item) -> float:
    defn = world.content.items[item.item_id]
    gear = world.content.gear
    if defn.slot == "weapon":
        attack, chance = loadout.weapon_profile(world, codex_id, item)
        return chance / 100 * (strength + dice.expected(attack.dice) + sum(attack.elements.values()))
    armour = world.content.codex.equipment.armour[defn.equipment]
    per_type = sum(armour.resistance.values()) + 5 * gear.qualities[item.quality].resist
    return per_type + item.durability / 10 + (gear.rune_armour_resist if item.rune else 0)
