"""Combat stage (N13, N25): every creature with an enemy in its room picks a target and spends its strikes."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Body, Companion, Mood, MoodState, Position
from game.world.moods import MOODS
from game.world.verbs import conditions
from game.world.verbs.combat import strike
from game.world.verbs.witness import fought_beside

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    """Every creature with an enemy in its room, not fleeing and not stunned, spends its strikes (N13, N25).
    Blows in the hero's room mark who fought beside the hero (N75)."""
    hero_room = world.hero_room() if world.alive(world.hero) else None
    world.actors.all()  # listed, so that peek finds every NPC
    for room in world.rooms.busy_rooms():
        occupants = world.rooms.occupants(room)
        if not world.may_fight(occupants):
            continue
        for eid in occupants:
            actor = world.actors.peek(eid)  # None for the hero, who strikes by command
            if actor is None:
                continue
            body, mood = actor.body, actor.mood
            if body.health <= 0 or body.stunned or not MOODS[mood.state].fights \
                    or (body.conditions and conditions.hampered(world, body)):
                continue
            while body.strikes > 0 and body.ap > 0 and world.alive(eid):
                target = pick_target(world, eid, room, mood)
                if target is None:
                    break
                body.strikes -= 1
                body.ap -= 1
                if body.heads:
                    close_in(world, eid, target)
                strike(world, eid, target)
                if room == hero_room:
                    fought_beside(world, eid, target)


def close_in(world: World, group: int, target: int) -> None:
    """A group's heads crowd round their target: they take the free squares nearest it (C31, C34)."""
    pos = world.get(group, Position)
    world.rooms.vacate(group, pos.room, list(pos.cells))
    aim = world.get(target, Position).square
    cells = world.rooms.free_cells(pos.room, len(pos.cells), near=aim) or list(pos.cells)
    pos.square, pos.cells = cells[0], tuple(cells)
    world.rooms.place(group, pos.room, cells)


def pick_target(world: World, eid: int, room: int, mood: Mood) -> int | None:
    """The hero first when angered at it (N18); otherwise the weakest enemy in the room. A companion told to stay
    behind the hero (N4) fights only the creature that last wounded it."""
    enemies = [o for o in world.rooms.occupants(room) if o != eid and world.is_enemy(eid, o)]
    mate = world.try_get(eid, Companion)
    if mate is not None and mate.order == "behind":
        enemies = [o for o in enemies if world.uid(o) == world.get(eid, Body).killer]
    if not enemies:
        return None
    if mood.state == MoodState.ANGERED and world.hero in enemies:
        return world.hero
    return min(enemies, key=lambda o: (world.get(o, Body).health, world.uid(o)))
