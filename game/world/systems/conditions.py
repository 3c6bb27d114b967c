"""Mob traits and the conditions they inflict (C40, Reconciliation 4).

A group's trait reaches a creature on damage (from combat) or on presence (each enemy sharing its room
at the start of the turn). The creature makes a trial against DC = Tier + band bonus at the group's
current heads; on a failure the condition holds for its turns, counted from the next turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.rules import dice
from game.rules.tables import band
from game.world.components import Body, Identity

if TYPE_CHECKING:
    from game.content.conditions import Condition
    from game.world.world import World


def mob_dc(world: World, group: int) -> int:
    """C40: the group's Creature Tier plus its band bonus read at its current heads (C32)."""
    body = esper.component_for_entity(group, Body)
    tier = world.content.codex.creatures[esper.component_for_entity(group, Identity).codex_id].tier
    return tier + band(body.heads)[1]


def afflict(world: World, group: int, target: int) -> None:
    """The target resists the group's trait with a trial (C3), or takes on its condition."""
    from game.world.moving import trial_dice

    trait = world.content.codex.creatures[esper.component_for_entity(group, Identity).codex_id].mob_trait
    condition = world.content.conditions[trait.condition]
    body = esper.component_for_entity(target, Body)
    impotent = condition.school is not None and condition.school in body.card.impotent  # C22
    dc = mob_dc(world, group)
    roll = dice.trial(trial_dice(world, target, condition.attribute), world.rng, impotent=impotent)
    room = world.room_of(target)
    if roll >= dc:
        world.emit("resisted", group, target, room, trait=trait.name, roll=roll, dc=dc)
        return
    body.conditions[condition.id] = max(body.conditions.get(condition.id, 0), condition.turns)
    world.emit("afflicted", group, target, room, trait=trait.name, condition=condition.name,
               condition_id=condition.id, turns=condition.turns, roll=roll, dc=dc)


def trait_of(world: World, eid: int, trigger: str) -> bool:
    """Whether `eid` is a minion group whose Mob trait fires on `trigger` ("damage" or "presence")."""
    if not esper.component_for_entity(eid, Body).heads:
        return False
    trait = world.content.codex.creatures[esper.component_for_entity(eid, Identity).codex_id].mob_trait
    return trait is not None and trait.trigger == trigger


def presence(world: World) -> None:
    """C40: a trait that reaches the senses works on every enemy that starts its turn beside the group."""
    for actor in world.actors_where("presence"):
        if actor.body.health <= 0 or not actor.body.heads:
            continue
        for other in world.rooms.occupants(actor.pos.room):
            if other != actor.eid and world.alive(other) and world.is_enemy(actor.eid, other):
                afflict(world, actor.eid, other)


def run(world: World) -> None:
    """Each condition does its work once a turn and wears off when its turns are spent."""
    sufferers = [a.eid for a in world.actors() if a.body.conditions]
    if esper.component_for_entity(world.hero, Body).conditions:
        sufferers.append(world.hero)
    for eid in sufferers:
        body = esper.component_for_entity(eid, Body)
        for cid in sorted(body.conditions):
            if body.health <= 0:
                break
            condition = world.content.conditions[cid]
            if condition.damage:
                suffer(world, eid, body, condition)
            body.conditions[cid] -= 1
            if body.conditions[cid] <= 0 and body.health > 0:
                del body.conditions[cid]
                world.emit("condition_over", eid, room=world.room_of(eid), condition=condition.name)


def suffer(world: World, eid: int, body: Body, condition: Condition) -> None:
    """Attrition: health lost (a group loses one head per instance, C35); an immune school does nothing."""
    from game.world.systems.combat import apply_damage

    if condition.school and condition.school in body.card.immune:
        return
    world.emit("suffers", eid, room=world.room_of(eid), condition=condition.name, damage=condition.damage)
    apply_damage(world, None, eid, 0, {}, kill_heads=1, direct=condition.damage)


def hampered(world: World, body: Body) -> bool:
    """A condition that forbids attacking holds (prone, frightened…)."""
    return any(world.content.conditions[c].no_strikes for c in body.conditions)


def dodge_change(world: World, body: Body) -> int:
    return sum(world.content.conditions[c].dodge for c in body.conditions)
