"""Provisions and the pack (N9-N10, N14): taking, putting down, eating, drinking and using up items,
for any creature, by the needs stage and by commands alike."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.needs import COMPLAIN_ABOVE, EAT_ABOVE  # N9, N11 (the systems take them from here)
from game.world.components import Body, Inventory, Item, Needs, Position
from game.world.verbs import items, loadout
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.world import World

NEED_RISE = 1  # N8


def first_of_kind(world: World, item_eids: list[int], kind: str) -> int | None:
    for item_eid in item_eids:
        if world.content.items[world.get(item_eid, Item).item_id].kind == kind:
            return item_eid
    return None


def carried(world: World, inv: Inventory, kind: str) -> int | None:
    """The first carried item of `kind` (food, drink, healing…), or None."""
    return first_of_kind(world, inv.items, kind) if inv.kinds.get(kind) else None


def floor_provision(world: World, room: int, kind: str) -> int | None:
    return first_of_kind(world, world.rooms.provisions_on_floor(room), kind)


def fixture(world: World, room: int, kind: str) -> bool:
    """N9, N12: the room holds a spring or a patch of `kind` (food or drink) with portions left."""
    items_ = world.content.items
    return any(items_[world.get(e, Item).item_id].fixture
               and items_[world.get(e, Item).item_id].kind == kind
               for e in world.rooms.provisions_on_floor(room))


def take(world: World, eid: int, item_eid: int) -> None:
    room = world.get(item_eid, Item).room
    world.emit("pickup", eid, room=room, item=item_name(world, item_eid))
    items.give(world, item_eid, eid)


def put_down(world: World, eid: int, item_eid: int) -> None:
    pos = world.get(eid, Position)
    items.lay(world, item_eid, pos.room, pos.square)
    loadout.refresh(world, eid)
    world.emit("drop", eid, room=pos.room, item=item_name(world, item_eid))


def consume(world: World, eid: int, item_eid: int) -> None:
    """Eat, drink or use a healing item, carried or from the floor; one of a stack is used up."""
    item = world.get(item_eid, Item)
    defn = world.content.items[item.item_id]
    room = world.get(eid, Position).room
    needs = world.try_get(eid, Needs)
    body = world.get(eid, Body)
    if defn.kind == "food":
        if needs:
            needs.hunger = max(0, needs.hunger - defn.nourish)
        world.emit("eat", eid, room=room, text=("eat_from",) if defn.fixture else (), item=defn.name, item_id=defn.id)
    elif defn.kind == "drink":
        if needs:
            needs.thirst = max(0, needs.thirst - defn.quench)
        world.emit("drink", eid, room=room, item=defn.name, item_id=defn.id)
    else:
        amount = min(defn.heal, body.card.health - body.health)
        body.health += amount
        world.emit("heal", eid, room=room, item=defn.name, item_id=defn.id, amount=amount)
    used_up(world, item_eid)


def used_up(world: World, item_eid: int) -> None:
    """One of the stack is gone (the logged consumption); the entity goes with the last one."""
    item = world.get(item_eid, Item)
    if item.count > 1:
        item.count -= 1
        return
    items.destroy(world, item_eid)
