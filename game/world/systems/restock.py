"""Restock stage (N5): every `restock_every` world turns (assets/data/trade.toml) each living merchant lays
in its type's stock and gold again, more of each as its level grows."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs.trade import restock_all

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    restock_all(world)
