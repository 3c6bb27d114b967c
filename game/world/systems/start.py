"""Start of the world turn: needs rise (N8), attack budgets and action points refresh (N25, C42)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.world.components import Body, Mood
from game.world.systems import needs

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    needs.rise(world)
    for _, (body, _mood) in esper.get_components(Body, Mood):
        body.ap = body.card.ap
        body.strikes = body.card.attack_budget


def recover(world: World) -> None:
    """End of the world turn: stuns count down (N24); the hero's AP and strikes refresh for its turn."""
    for eid, body in esper.get_component(Body):
        if body.stunned and body.health > 0:
            body.stunned -= 1
            if not body.stunned:
                world.emit("stun_over", eid, room=world.room_of(eid))
    hero = esper.component_for_entity(world.hero, Body)
    hero.ap = hero.card.ap
    hero.strikes = hero.card.attack_budget
