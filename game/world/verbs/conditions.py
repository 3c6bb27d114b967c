"""Mob traits and the conditions they inflict (C40, Reconciliation 4), and trials (C3).

A group's trait reaches a creature on damage (from combat) or on presence (each enemy sharing its room
at the start of the turn). The creature makes a trial against DC = Tier + band bonus at the group's
current heads; on a failure the condition holds for its turns, counted from the next turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import dice
from game.rules.tables import ABBREVIATIONS, band
from game.world.components import Body, Identity

if TYPE_CHECKING:
    from game.world.world import World


def mob_dc(world: World, group: int) -> int:
    """C40: the group's Creature Tier plus its band bonus read at its current heads (C32)."""
    body = world.get(group, Body)
    tier = world.content.codex.creatures[world.get(group, Identity).codex_id].tier
    return tier + band(body.heads)[1]


def afflict(world: World, group: int, target: int) -> None:
    """The target resists the group's trait with a trial (C3), or takes on its condition."""
    trait = world.content.codex.creatures[world.get(group, Identity).codex_id].mob_trait
    condition = world.content.conditions[trait.condition]
    body = world.get(target, Body)
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
    if not world.get(eid, Body).heads:
        return False
    trait = world.content.codex.creatures[world.get(eid, Identity).codex_id].mob_trait
    return trait is not None and trait.trigger == trigger


def hampered(world: World, body: Body) -> bool:
    """A condition that forbids attacking holds (prone, frightened…)."""
    return any(world.content.conditions[c].no_strikes for c in body.conditions)


def dodge_change(world: World, body: Body) -> int:
    return sum(world.content.conditions[c].dodge for c in body.conditions)


def trial_dice(world: World, eid: int, attribute: str) -> str:
    """C3: the creature's trial dice for `attribute` (minions: d2 + Tier die for all)."""
    codex_id = world.get(eid, Identity).codex_id
    block = world.codex_of(eid).stat_block(codex_id)
    return block.trials.get("all") or block.trials[ABBREVIATIONS[attribute]]
