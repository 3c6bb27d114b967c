"""Behaviours a creature only shows once it has grown into them (N29), named in its codex `unlocks`.

arm_itself is read by the gear stage; meditate, reshape_room and pack_howl act here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.card import SCHOOLS
from game.world.components import Identity, Mood, MoodState
from game.world.moods import MOODS

if TYPE_CHECKING:
    from game.world.world import World

MEDITATION = 2  # health a resting meditator recovers each turn


def run(world: World) -> None:
    for actor in world.actors.where("unlocks"):
        eid, body, mood, pos, ident = actor.eid, actor.body, actor.mood, actor.pos, actor.ident
        unlocked = world.actors.unlocked(actor)
        if not unlocked or body.health <= 0:
            continue
        if "meditate" in unlocked and MOODS[mood.state].meditates and body.health < body.card.health:
            amount = min(MEDITATION, body.card.health - body.health)
            body.health += amount
            world.emit("meditate", eid, room=pos.room, amount=amount)
        if "reshape_room" in unlocked and world.room_runes.get(pos.room) is None:
            school = max(SCHOOLS, key=lambda s: (body.card.element_damage[s], -SCHOOLS.index(s)))
            if body.card.element_damage[school] > 0:
                world.room_runes[pos.room] = school  # N37: the room now amplifies that school for everyone
                world.emit("reshape", eid, room=pos.room, school=school)
        if "pack_howl" in unlocked and mood.state == MoodState.ANGERED and mood.aware == world.aware_full:
            howl(world, eid, ident, pos.room)


def howl(world: World, eid: int, ident: Identity, room: int) -> None:
    """Pack mates of the same kind in neighbouring rooms are angered toward this room (N18)."""
    answered = False
    for _, other_room in world.rooms.exits[room]:
        for other in world.rooms.occupants(other_room):
            other_ident = world.get(other, Identity)
            mood = world.try_get(other, Mood)
            if other_ident.codex_id == ident.codex_id and mood and MOODS[mood.state].answers_howl:
                mood.state, mood.since, mood.last_seen = MoodState.ANGERED, world.turn, room
                mood.aware = world.aware_full
                answered = True
    if answered:
        world.emit("howl", eid, room=room)
