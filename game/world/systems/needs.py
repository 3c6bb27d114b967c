"""Needs stage (N8-N11, N49) and the item handling it shares with the hero's commands."""
from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.world import loadout
from game.world.components import Body, CarriedBy, Inventory, Item, Mood, Needs, OnFloor, Position

if TYPE_CHECKING:
    from game.world.world import World

NEED_RISE = 1  # N8
EAT_ABOVE = 20  # N9
COMPLAIN_ABOVE = 80  # N11
NEED_OF = {"food": "hunger", "drink": "thirst"}


def rise(world: World) -> None:
    """N8: at the start of each turn every creature's hunger and thirst rise by one (the hero's too)."""
    for _, (needs, body) in esper.get_components(Needs, Body):
        if body.health > 0:
            needs.hunger += NEED_RISE
            needs.thirst += NEED_RISE


def run(world: World) -> None:
    """N9-N11 for every NPC with needs; starvation for everyone at the limit."""
    starve_at = world.content.tuning["needs"]["starve_at"]
    starving_turn = world.turn % int(world.content.tuning["needs"]["starve_every"]) == 0
    for eid, (needs, body, pos, _mood) in esper.get_components(Needs, Body, Position, Mood):
        if body.health <= 0:
            continue
        for kind, need in (("food", "hunger"), ("drink", "thirst")):
            if getattr(needs, need) > EAT_ABOVE:
                item = carried_provision(world, eid, kind) or floor_provision(world, pos.room, kind)
                if item is not None:
                    consume(world, eid, item)
        stock_up(world, eid, pos.room)
        complain(world, eid, needs, pos.room)
    for eid, (needs, body, pos) in esper.get_components(Needs, Body, Position):
        if starving_turn and body.health > 0 and max(needs.hunger, needs.thirst) >= starve_at:
            body.health -= 1
            world.emit("starving", eid, room=pos.room)
            if body.health <= 0:
                from game.world.systems.combat import die

                die(world, eid, None, cause="hunger and thirst")


def complain(world: World, eid: int, needs: Needs, room: int) -> None:
    """N11: once per crossing of 80, out loud; it may complain again after the need falls back."""
    for need in ("hunger", "thirst"):
        value = getattr(needs, need)
        if value > COMPLAIN_ABOVE and need not in needs.complained:
            needs.complained.add(need)
            world.emit(f"complain_{need}", eid, room=room, need=need, value=value)
        elif value <= COMPLAIN_ABOVE:
            needs.complained.discard(need)


def carried_provision(world: World, eid: int, kind: str) -> int | None:
    inv = esper.component_for_entity(eid, Inventory)
    for item_eid in inv.items:
        if world.content.items[esper.component_for_entity(item_eid, Item).item_id].kind == kind:
            return item_eid
    return None


def floor_provision(world: World, room: int, kind: str) -> int | None:
    for item_eid in world.rooms.floor(room):
        if world.content.items[esper.component_for_entity(item_eid, Item).item_id].kind == kind:
            return item_eid
    return None


def stock_up(world: World, eid: int, room: int) -> None:
    """N10: pick up one provision a turn from the room, hungry or not, if it can carry it (N33)."""
    for item_eid in world.rooms.floor(room):
        if world.content.items[esper.component_for_entity(item_eid, Item).item_id].provision:
            if loadout.can_carry(world, eid, item_eid):
                take(world, eid, item_eid)
            return


def take(world: World, eid: int, item_eid: int) -> None:
    floor = esper.component_for_entity(item_eid, OnFloor)
    world.rooms.lift_item(item_eid, floor.room)
    esper.remove_component(item_eid, OnFloor)
    esper.add_component(item_eid, CarriedBy(eid))
    esper.component_for_entity(eid, Inventory).items.append(item_eid)
    world.emit("pickup", eid, room=floor.room, item=world.item_name(item_eid))


def put_down(world: World, eid: int, item_eid: int) -> None:
    pos = esper.component_for_entity(eid, Position)
    inv = esper.component_for_entity(eid, Inventory)
    if item_eid in inv.equipped.values():
        loadout.unequip_item(world, eid, item_eid)
    inv.items.remove(item_eid)
    esper.remove_component(item_eid, CarriedBy)
    esper.add_component(item_eid, OnFloor(pos.room, pos.square))
    world.rooms.drop_item(item_eid, pos.room)
    world.emit("drop", eid, room=pos.room, item=world.item_name(item_eid))


def consume(world: World, eid: int, item_eid: int) -> None:
    """Eat, drink or use a healing item, carried or from the floor; one of a stack is used up."""
    item = esper.component_for_entity(item_eid, Item)
    defn = world.content.items[item.item_id]
    room = esper.component_for_entity(eid, Position).room
    needs = esper.try_component(eid, Needs)
    body = esper.component_for_entity(eid, Body)
    if defn.kind == "food":
        if needs:
            needs.hunger = max(0, needs.hunger - defn.nourish)
        world.emit("eat", eid, room=room, item=defn.name, item_id=defn.id)
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
    item = esper.component_for_entity(item_eid, Item)
    if item.count > 1:
        item.count -= 1
        return
    carried = esper.try_component(item_eid, CarriedBy)
    if carried:
        inv = esper.component_for_entity(carried.owner, Inventory)
        inv.items.remove(item_eid)
        for slot, worn in list(inv.equipped.items()):
            if worn == item_eid:
                del inv.equipped[slot]
    floor = esper.try_component(item_eid, OnFloor)
    if floor:
        world.rooms.lift_item(item_eid, floor.room)
    esper.delete_entity(item_eid, immediate=True)
