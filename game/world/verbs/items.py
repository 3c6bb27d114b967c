"""Where items are: on a room's floor or carried. Every move of an item goes through here (N10, N31)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.maps.model import Square
from game.world.components import Inventory, Item, Mark

if TYPE_CHECKING:
    from game.world.world import World


STACKING = ("food", "drink", "healing", "key", "rune", "repair", "misc")


def lay(world: World, item_eid: int, room: int, square: Square | None, join: bool = True) -> int:
    """Put an item on a room's floor, taking it from whoever carried it. Alike provisions, potions, keys and
    runes lying on one square are one stack, as in a pack (never a marked item, N42): a room's floor holds
    a stack of them, not copies, so no turn walks copies (issue 26). `join` False keeps it apart (a part split
    off to be taken at once). Returns the entity that now holds it."""
    item = world.get(item_eid, Item)
    release(world, item_eid, item)
    defn = world.content.items[item.item_id]
    stack = stack_key(item, square) if defn.kind in STACKING and not world.has(item_eid, Mark) else None
    if stack is not None and join:
        twin = world.rooms.stack_at(room, stack)
        if twin is not None and not world.has(twin, Mark):
            world.get(twin, Item).count += item.count
            world.delete(item_eid)
            return twin
    item.room, item.square = room, square
    world.rooms.drop_item(item_eid, room, wearable=defn.slot is not None, provision=defn.provision,
                          stack=stack if join else None)
    return item_eid


def stack_key(item: Item, square: Square | None) -> tuple:
    """What makes two floor items one stack: the same item, of one quality, material, rune and wear, on one square."""
    return item.item_id, item.quality, item.material, item.rune, item.durability, square


def give(world: World, item_eid: int, owner: int) -> int:
    """Put an item in `owner`'s pack, lifting it from the floor if it lay there. Alike provisions,
    potions, keys and runes join one stack (never a marked item, N42). Returns the entity that now holds it."""
    item = world.get(item_eid, Item)
    release(world, item_eid, item)
    inv = world.get(owner, Inventory)
    kind = world.content.items[item.item_id].kind
    if kind in STACKING and not world.has(item_eid, Mark):
        for other in inv.items:
            twin = world.get(other, Item)
            if (twin.item_id, twin.quality, twin.material, twin.rune) == \
                    (item.item_id, item.quality, item.material, item.rune) and not world.has(other, Mark):
                twin.count += item.count
                world.delete(item_eid)
                return other
    pack(world, item_eid, item, owner, inv)
    return item_eid


def pack(world: World, item_eid: int, item: Item, owner: int, inv: Inventory) -> None:
    """Put an item held by no one at the end of `owner`'s pack as it is, joining no stack (a world rebuilt
    from a save keeps each pack's stacks as they were saved)."""
    item.owner = owner
    inv.items.append(item_eid)
    kind = world.content.items[item.item_id].kind
    inv.kinds[kind] = inv.kinds.get(kind, 0) + 1


def split_off(world: World, item_eid: int, count: int) -> int:
    """Part `count` of a floor stack off as an item of its own lying beside it (N10: a stack of three
    rations is three provisions); the whole item when the stack holds no more."""
    item = world.get(item_eid, Item)
    if item.count <= count:
        return item_eid
    item.count -= count
    part = world.create(Item(item.item_id, count, item.quality, item.material, item.rune, item.durability))
    lay(world, part, item.room, item.square, join=False)
    return part


def hand_over(world: World, item_eid: int, owner: int, count: int = 1) -> int:
    """`count` of a carried stack pass to `owner` (the item itself when that is all of its stack); returns
    the entity that now holds them in `owner`'s pack (N70, a bargain's coins: C4)."""
    item = world.get(item_eid, Item)
    if item.count > count:
        item.count -= count
        item_eid = world.create(Item(item.item_id, count, item.quality, item.material, item.rune,
                                            item.durability))
    return give(world, item_eid, owner)


def destroy(world: World, item_eid: int) -> None:
    """The item is gone (eaten, drunk, used up). Deletion is deferred to the end of the turn."""
    release(world, item_eid, world.get(item_eid, Item))
    world.delete(item_eid)


def release(world: World, item_eid: int, item: Item) -> None:
    if item.owner is not None:
        inv = world.get(item.owner, Inventory)
        inv.items.remove(item_eid)
        inv.kinds[world.content.items[item.item_id].kind] -= 1
        for slot, worn in list(inv.equipped.items()):
            if worn == item_eid:
                del inv.equipped[slot]
        item.owner = None
    if item.room is not None:
        world.rooms.lift_item(item_eid, item.room)
        item.room = item.square = None
