"""Witness stage (N71): once everyone has moved, the hero has observed the thinking creatures in its room."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs.witness import observe

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    if world.alive(world.hero):
        observe(world, world.hero)
