"""A read-only view of the hero's party (N4, N38) for the side panel and scripted heroes: each companion's
card view and its order (follow, wait, explore)."""
from __future__ import annotations

from game.world import views
from game.world.verbs import company
from game.world.world import World


def party_view(world: World, hero: int) -> list[tuple[views.CreatureView, str]]:
    return [(views.creature(world, eid), company.companion_of(world, eid).order) for eid in company.party(world, hero)]
