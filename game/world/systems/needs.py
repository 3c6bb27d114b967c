"""Needs stage (N8-N11, N49) and the item handling it shares with the hero's commands."""
from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.world import items, loadout
from game.world.components import Body, Inventory, Item, Needs, Position

if TYPE_CHECKING:
    from game.world.world import World

NEED_RISE = 1  # N8
EAT_ABOVE = 20  # N9
COMPLAIN_ABOVE = 80  # N11


def run(world: World) -> None:
    """N9-N11 for every NPC with needs; starvation for everyone at the limit."""
    starve_at = world.content.tuning["needs"]["starve_at"]
    starving_turn = world.turn % int(world.content.tuning["needs"]["starve_every"]) == 0
    for actor in world.actors():
        needs, body, eid = actor.needs, actor.body, actor.eid
        if needs is None or body.health <= 0:
            continue
        room = actor.pos.room
        for kind, need in (("food", "hunger"), ("drink", "thirst")):
            if getattr(needs, need) > EAT_ABOVE:
                item = carried(world, actor.inv, kind) or floor_provision(world, room, kind)
                if item is not None:
                    consume(world, eid, item)
        stock_up(world, eid, room)
        complain(world, eid, needs, room)
        if starving_turn:
            starve(world, eid, needs, body, starve_at)
    hero_needs = esper.try_component(world.hero, Needs)
    if starving_turn and hero_needs and world.alive(world.hero):
        starve(world, world.hero, hero_needs, esper.component_for_entity(world.hero, Body), starve_at)


def starve(world: World, eid: int, needs: Needs, body: Body, starve_at: float) -> None:
    """A need at the limit costs health (docs/rules.md)."""
    if body.health > 0 and max(needs.hunger, needs.thirst) >= starve_at:
        body.health -= 1
        world.emit("starving", eid, room=world.room_of(eid))
        if body.health <= 0:
            from game.world.systems.combat import die

            die(world, eid, None, cause="hunger and thirst")


def complain(world: World, eid: int, needs: Needs, room: int) -> None:
    """N11: once per crossing of 80, out loud; it may complain again after the need falls back."""
    for need, value in (("hunger", needs.hunger), ("thirst", needs.thirst)):
        if value > COMPLAIN_ABOVE and need not in needs.complained:
            needs.complained |= {need}
            world.emit(f"complain_{need}", eid, room=room, need=need, value=value)
        elif value <= COMPLAIN_ABOVE and need in needs.complained:
            needs.complained -= {need}


def first_of_kind(world: World, item_eids: list[int], kind: str) -> int | None:
    for item_eid in item_eids:
        if world.content.items[esper.component_for_entity(item_eid, Item).item_id].kind == kind:
            return item_eid
    return None


def carried(world: World, inv: Inventory, kind: str) -> int | None:
    """The first carried item of `kind` (food, drink, healing…), or None."""
    return first_of_kind(world, inv.items, kind) if inv.kinds.get(kind) else None


def floor_provision(world: World, room: int, kind: str) -> int | None:
    return first_of_kind(world, world.rooms.provisions_on_floor(room), kind)


def stock_up(world: World, eid: int, room: int) -> None:
    """N10: pick up one provision a turn from the room, hungry or not, if it can carry it (N33)."""
    for item_eid in world.rooms.provisions_on_floor(room):
        if world.content.items[esper.component_for_entity(item_eid, Item).item_id].provision:
            if loadout.can_carry(world, eid, item_eid):
                take(world, eid, item_eid)
            return


def take(world: World, eid: int, item_eid: int) -> None:
    room = esper.component_for_entity(item_eid, Item).room
    world.emit("pickup", eid, room=room, item=world.item_name(item_eid))
    items.give(world, item_eid, eid)


def put_down(world: World, eid: int, item_eid: int) -> None:
    pos = esper.component_for_entity(eid, Position)
    items.lay(world, item_eid, pos.room, pos.square)
    loadout.refresh(world, eid)
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
    items.destroy(world, item_eid)
