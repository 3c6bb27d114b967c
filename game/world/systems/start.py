"""Start of the world turn: the day clock moves on (N75), needs rise (N8), attack budgets and action points
refresh (N25, C42)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Needs
from game.world.verbs.provisions import NEED_RISE
from game.world.verbs.spells import is_bound

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    """N8: every creature's hunger and thirst rise by one (the hero's too) before anyone acts."""
    hero_needs = world.try_get(world.hero, Needs)
    if hero_needs and world.alive(world.hero):
        hero_needs.hunger += NEED_RISE
        hero_needs.thirst += NEED_RISE
    for actor in world.actors.all():
        body = actor.body
        if body.health <= 0:
            continue
        # N55: a bound creature has no hunger or thirst (most have no ties: no call)
        if actor.needs is not None and not (actor.ties is not None and is_bound(actor)):
            actor.needs.hunger += NEED_RISE
            actor.needs.thirst += NEED_RISE
        body.ap = body.card.ap
        body.strikes = body.card.attack_budget
