"""What a hero witnesses (N71, N75): the thinking creatures it has shared a room with, and those who fought
in its room on its side; each creature's conversation record is made here when first needed."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Persona, Talks, Witness

if TYPE_CHECKING:
    from game.world.world import World


def talks_of(world: World, eid: int) -> Talks:
    """The creature's record of its conversations with heroes (made on first need)."""
    return world.ensure(eid, Talks)


def witness_of(world: World, hero: int) -> Witness:
    """What the hero has witnessed (made on first need)."""
    return world.ensure(hero, Witness)


def observe(world: World, hero: int) -> None:
    """N71: the hero has now observed every thinking creature in its room."""
    here = {world.uid(e) for e in world.rooms.occupants(world.room_of(hero))
            if e != hero and world.has(e, Persona)}
    witness = witness_of(world, hero)
    if not here <= witness.seen:
        witness.seen = witness.seen | here


def fought_beside(world: World, attacker: int, target: int) -> None:
    """N75: a blow in the hero's room; each side that is a thinking creature on the hero's side has fought
    beside the hero this turn."""
    for eid in (attacker, target):
        if eid != world.hero and world.has(eid, Persona) and not world.is_enemy(eid, world.hero):
            talks_of(world, eid).fought = world.turn
