"""Company stage (N4, N12): one companion beside a badly hurt hero gives it a healing potion (not a forced
labourer, N47); then each companion acts on its order (verbs/company.act: explore and report, catch up, wait).
Following the hero through a door happens with the hero's move itself."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs import company

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    hero = world.hero
    if not world.alive(hero):
        return
    here = world.room_of(hero)
    tended = False
    for eid in company.party(world, hero):
        if world.room_of(eid) == here and not tended:
            tended = company.tend(world, hero, eid)
        company.act(world, hero, eid, here)
