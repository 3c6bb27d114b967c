"""Keeping away (N69): the rooms a hostile creature will not enter, whether it stays or can walk away."""
from __future__ import annotations

from typing import TYPE_CHECKING, Collection

from game.maps.model import Exit
from game.rules.social import STAY_PUT
from game.world.verbs import moving
from game.world.verbs.social import grudges, heretic_to, ties

if TYPE_CHECKING:
    from game.world.actors import Actor
    from game.world.world import World


def foes(world: World, actor: Actor) -> list[int]:
    """N69: the living creatures it keeps away from: those it is hostile to, and the other side of each of
    its feuds (whatever that one feels by now)."""
    kept = grudges(world, actor.opinions) if actor.opinions is not None and actor.opinions.grudges else []
    if world.feuds:
        uid = actor.ident.uid
        for pair in world.feuds:
            if uid in pair:
                other = world.actors.by_uid(pair[pair[0] == uid])
                if other is not None and other.eid not in kept:
                    kept.append(other.eid)
    return kept


def shunned_rooms(world: World, actor: Actor) -> set[int]:
    """N69: the rooms holding one it keeps away from (a companion counts where it stands)."""
    return {world.actors.of(foe).pos.room for foe in foes(world, actor)}


def stays(world: World, actor: Actor) -> bool:
    """N69: it will not walk away from those it keeps away from here: it holds a contract, is a hero's
    companion or lives in a claim, or it is a zealot and they are heretics (it denounces them instead)."""
    if ties(world, actor.eid) & STAY_PUT:
        return True
    here = [foe for foe in foes(world, actor) if world.actors.of(foe).pos.room == actor.pos.room]
    return bool(here) and all(heretic_to(world, actor.eid, foe) for foe in here)


def ways_out(world: World, actor: Actor, shunned: Collection[int]) -> list[tuple[Exit, int]]:
    """The exits it can take now to a room holding no one it dislikes: not a door locked without its key,
    and with space for it."""
    ways = []
    for exit_, room in world.rooms.exits[actor.pos.room]:
        locked = exit_.locked and exit_.id not in world.opened_doors \
            and not moving.carries_key(world, actor.eid, exit_.key)
        if room not in shunned and not locked and moving.space_for(world, actor.eid, room, exit_.square):
            ways.append((exit_, room))
    return ways


def can_walk_away(world: World, eid: int) -> bool:
    """N69: a hostile creature can leave the one it dislikes: nothing holds it, it is not stunned, and a way
    out leads where no one it dislikes stands. If not, insults deepen (the pair stage)."""
    actor = world.actors.of(eid)
    return (actor is not None and not ties(world, eid) & STAY_PUT and not actor.body.stunned
            and bool(ways_out(world, actor, shunned_rooms(world, actor))))
