"""Roads stage (N3): world NPCs with a range of places set out from this site and arrive at it.

The site's world does not know the region; the realm that holds it (game/world/realm.py) sets
`world.roads`, its crossing for this site, which the stage calls first thing each world turn, so a
settlement the hero is in and one caught up while the hero is away see travellers come and go at the
same turns. A world of its own (a one-map run) has no roads.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    if world.roads is not None:
        world.roads(world)
