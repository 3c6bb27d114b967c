"""Recover stage, the end of the world turn: stuns count down (N24), the dead are cleared, the hero's AP
refreshes and it catches its breath."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Body
from game.world.verbs import deeds

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    """End of the world turn: stuns count down (N24), the dead are cleared, the hero's AP refreshes."""
    for actor in world.actors.all():
        if actor.body.stunned:  # the few stunned: no call for the rest
            count_down_stun(world, actor.eid, actor.body)
    world.clear_dead()
    world.actors.drop_dead()
    hero = world.try_get(world.hero, Body) if world.hero else None  # a site the hero is away from has none
    if hero is not None:
        count_down_stun(world, world.hero, hero)
        hero.ap = hero.card.ap
        deeds.catch_breath(world, world.hero)


def count_down_stun(world: World, eid: int, body: Body) -> None:
    """N24: a stun counts down once a turn, from the turn after it came."""
    if body.stunned and body.health > 0 and body.stunned_on < world.turn:
        body.stunned -= 1
        if not body.stunned:
            world.emit("stun_over", eid, room=world.room_of(eid))
