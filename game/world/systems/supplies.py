"""Supplies stage: wells, fields, a tavern's larder and a chandler's shelf restock the food and drink a
settlement lives on (docs/rules.md, "Settlements that sustain themselves").

Every `every` world turns a supply lays one more of its item on its square while fewer than `keep` lie
there. Its clock is the world turn itself, so it holds no state of its own and a save needs nothing new.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Item
from game.world.verbs.factory import spawn_item

if TYPE_CHECKING:
    from game.maps.model import Supply
    from game.world.world import World


def run(world: World) -> None:
    for supply in world.map.supplies:
        if world.turn % supply.every == 0:
            restock(world, supply)


def restock(world: World, supply: Supply) -> None:
    """One more of the supply's item on its square, joining the stack lying there, up to `keep`."""
    for item_eid in world.rooms.provisions_on_floor(supply.room):
        item = world.get(item_eid, Item)
        if item.item_id == supply.item and item.square == supply.square:
            if item.count < supply.keep:
                item.count += 1
            return
    spawn_item(world, supply.item, supply.room, supply.square)
