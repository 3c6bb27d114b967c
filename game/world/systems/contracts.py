"""Contracts stage (N40): the hero's active work whose objective was met this turn (the named enemy slain,
the room cleared while the hero stands in it) is marked ready, and the log says so once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs.contracts import latch

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    latch(world, world.hero)
