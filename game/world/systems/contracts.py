"""Contracts stage (N40): the hero's active work whose kind watches its objective (the named enemy slain, the
room cleared while the hero stands in it, the escorted giver arrived: contract_kinds' `latches`) is marked
met, and the log says so once (verbs/contracts.latch, which the hero's own move calls too, issue 23). Only the hero's journal is read, never every creature."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs.contracts import latch

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    latch(world, world.hero)
