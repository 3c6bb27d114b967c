"""Presence stage (C40): a Mob trait that reaches the senses works on every enemy that starts its turn
beside the group."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs.conditions import afflict

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    """C40: a trait that reaches the senses works on every enemy that starts its turn beside the group."""
    calm: dict[int, bool] = {}  # rooms where no two could be enemies (World.may_fight), asked once a room
    for actor in world.actors.where("presence"):
        if actor.body.health <= 0 or not actor.body.heads:
            continue
        room = actor.pos.room
        occupants = world.rooms.occupants(room)
        if room not in calm:
            calm[room] = not world.may_fight(occupants)  # an affliction changes no faction and kills no one
        if calm[room]:
            continue
        for other in occupants:
            if other != actor.eid and world.alive(other) and world.is_enemy(actor.eid, other):
                afflict(world, actor.eid, other)
