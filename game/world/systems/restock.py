"""Restock stage (N5): every `restock_every` world turns (assets/data/trade.toml) each living merchant lays
in its type's stock and gold again, more of each as its level grows (verbs/trade.restock). Between those
turns the stage reads nothing; on them it visits only the merchants (the store's table of Merchant)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Merchant
from game.world.verbs.trade import restock

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    if world.turn % world.content.trade.restock_every:
        return
    for eid, _ in world.query(Merchant):
        if world.alive(eid):
            restock(world, eid)
