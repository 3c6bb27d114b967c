"""Pair stage (N7, N66-N67, N74): in each occupied room one pair of thinking NPCs may exchange words.

A conversation spends one Action Point from each participant, never the hero's. A pair that talked waits
PAIR_WAIT turns; `world.pair_cooldown` holds only the waits still running (the death verb forgets the
pairs of the dead), so it stays as small as the talk of the last few turns. The social content of
the exchange (opinions, gifts, feuds) belongs to the relationships system; here is the stage itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.world.components import Body

if TYPE_CHECKING:
    from game.world.world import World

PAIR_WAIT = 5  # N66: a pair waits five turns before another exchange
TALKERS = frozenset({"dungeon", "world", "notable"})  # N74: merchants and event cards do not take part


def participant(world: World, eid: int) -> bool:
    actor = world.actors.of(eid)  # None for the hero, who never spends AP here
    if actor is None:
        return False
    ident, body = actor.ident, actor.body
    return (ident.kind in TALKERS and "humanoid" in ident.tags and "mindless" not in ident.tags
            and body.health > 0 and body.ap > 0)


def run(world: World) -> None:
    world.pair_cooldown = {pair: until for pair, until in world.pair_cooldown.items() if until > world.turn}  # N66
    for room in world.rooms.busy_rooms():
        occupants = world.rooms.occupants(room)
        if len(occupants) < 2:
            continue
        talkers = [e for e in occupants if participant(world, e)]
        if len(talkers) < 2:
            continue
        if world.factions_differ(occupants) and enemy_present(world, occupants, talkers):
            continue  # N67: a living enemy in the room suppresses conversation
        pairs = [(a, b) for i, a in enumerate(talkers) for b in talkers[i + 1:]
                 if pair_key(world, a, b) not in world.pair_cooldown]
        if not pairs:
            continue
        a, b = world.rng.choice(pairs)
        world.pair_cooldown[pair_key(world, a, b)] = world.turn + PAIR_WAIT
        for eid in (a, b):
            esper.component_for_entity(eid, Body).ap -= 1
        world.emit("converse", a, b, room)


def pair_key(world: World, a: int, b: int) -> tuple[str, str]:
    return tuple(sorted((world.uid(a), world.uid(b))))  # type: ignore[return-value]


def enemy_present(world: World, occupants: list[int], talkers: list[int]) -> bool:
    return any(world.is_enemy(t, o) for t in talkers for o in occupants if o != t and world.alive(o))
