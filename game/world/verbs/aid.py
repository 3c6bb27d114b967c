"""Sharing aid (N70): what a trusted creature may give to another in real need, and the giving."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Item
from game.world.verbs import items, loadout
from game.world.verbs.social import opinion, real_need, wants

if TYPE_CHECKING:
    from game.world.world import World


def units(world: World, eid: int, kind: str) -> int:
    """How many of a kind the creature carries, stacks counted by their size."""
    carried = (world.get(i, Item) for i in world.actors.of(eid).inv.items)
    return sum(item.count for item in carried if world.content.items[item.item_id].kind == kind)


def giftable(world: World, giver: int, item_eid: int) -> bool:
    """N70: never an equipped, broken, unique, quest or story item (items.toml `flags`)."""
    item = world.get(item_eid, Item)
    defn = world.content.items[item.item_id]
    worn = item_eid in world.actors.of(giver).inv.equipped.values()
    broken = defn.slot is not None and item.durability <= 0 < loadout.max_durability(world, item)
    return not (worn or broken or defn.flags)


def gift_for(world: World, giver: int, taker: int) -> int | None:
    """N70: the item `giver` would hand `taker`: it must trust the taker, who has a real need of a kind
    `gifts.kinds` allows; the giver keeps `gifts.keep` of that kind (all of it while it wants it itself),
    and the taker must be able to carry it (N33). None when there is nothing to give."""
    social = world.content.social
    held = opinion(world, giver, world.uid(taker))
    if held is None or held < social.trusted_from:
        return None
    for kind in social.gift_kinds:
        if not real_need(world, taker, kind) or wants(world, giver, kind) \
                or units(world, giver, kind) <= social.gift_keep:
            continue
        for item_eid in world.actors.of(giver).inv.items:
            if world.content.items[world.get(item_eid, Item).item_id].kind == kind \
                    and giftable(world, giver, item_eid) and loadout.can_carry(world, taker, item_eid, count=1):
                return item_eid
    return None


def give(world: World, giver: int, taker: int, item_eid: int) -> str:
    """N70: one of the item passes from `giver` to `taker`; returns its name for the line."""
    name = world.content.items[world.get(item_eid, Item).item_id].name
    items.hand_over(world, item_eid, taker)
    return name
