"""Spawner rooms as clocks (N26): every `interval` turns a new creature appears nearby if there is space.

A spawner of kind `world` brings newcomers to a settlement: residents with a name and a background drawn
from data (N85-N86), who arrive provisioned (N49). A spawner with `up_to` waits while that many creatures
of its codex id and kind live on the map (docs/rules.md, "Settlements that sustain themselves"). A stopped
spawner (a lifted siege's war camp, systems/siege.py) no longer runs."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs import factory
from game.world.components import Inventory

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    for spawner in world.map.spawners:
        if spawner.id in world.stopped_spawners:
            continue
        world.spawn_clock[spawner.id] -= 1
        if world.spawn_clock[spawner.id] > 0:
            continue
        world.spawn_clock[spawner.id] = spawner.interval
        if spawner.up_to and living(world, spawner.creature, spawner.kind) >= spawner.up_to:
            continue
        eid = factory.spawn_creature(world, spawner.creature, spawner.room, spawner.square, spawner.kind,
                                     heads=spawner.heads, provisions=spawner.kind == "world")
        if eid is not None:
            carried = len(world.get(eid, Inventory).items)
            world.emit("spawn", eid, room=spawner.room, spawner=spawner.id, items=carried)
        else:
            world.emit("spawn_blocked", room=spawner.room, spawner=spawner.id, creature=spawner.creature)


def living(world: World, codex_id: str, kind: str) -> int:
    """How many creatures of `codex_id` and placement `kind` live on the map."""
    return sum(a.ident.codex_id == codex_id and a.ident.kind == kind and a.body.health > 0 for a in world.actors.all())
