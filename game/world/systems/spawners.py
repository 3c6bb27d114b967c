"""Spawner rooms as clocks (N26): every `interval` turns a new creature appears nearby if there is space."""
from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.world.verbs import factory
from game.world.components import Inventory

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    for spawner in world.map.spawners:
        world.spawn_clock[spawner.id] -= 1
        if world.spawn_clock[spawner.id] > 0:
            continue
        world.spawn_clock[spawner.id] = spawner.interval
        eid = factory.spawn_creature(world, spawner.creature, spawner.room, spawner.square,
                                     heads=spawner.heads, provisions=False)
        if eid is not None:
            carried = len(esper.component_for_entity(eid, Inventory).items)
            world.emit("spawn", eid, room=spawner.room, spawner=spawner.id, items=carried)
        else:
            world.emit("spawn_blocked", room=spawner.room, spawner=spawner.id, creature=spawner.creature)
