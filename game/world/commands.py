"""The hero's commands. Each costs Action Points; a refused one returns the reason the screen shows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from game.world import loadout, moving
from game.world.components import Body, Inventory, Item, Position
from game.world.systems import combat, conditions, needs

if TYPE_CHECKING:
    from game.world.world import Result, World

AP_COST = 1


@dataclass(frozen=True)
class Move:
    room: int


@dataclass(frozen=True)
class Attack:
    target: int


@dataclass(frozen=True)
class PickUp:
    item: int


@dataclass(frozen=True)
class Drop:
    item: int


@dataclass(frozen=True)
class Consume:
    item: int


@dataclass(frozen=True)
class Equip:
    item: int


@dataclass(frozen=True)
class EndTurn:
    pass


def perform(world: World, command: object) -> Result:
    from game.world.world import Result

    hero = world.hero
    body = esper.component_for_entity(hero, Body)
    if isinstance(command, EndTurn):
        world.emit("hero_wait", hero, room=world.hero_room())
        body.ap = 0
        return Result(True)
    handler = HANDLERS.get(type(command))
    if handler is None:
        return Result(False, f"Unknown command {type(command).__name__}.")
    if body.ap < AP_COST:
        return Result(False, "You have no action points left this turn.")
    reason = handler(world, hero, command)
    if reason:
        return Result(False, reason)
    body.ap -= AP_COST
    return Result(True)


def _move(world: World, hero: int, cmd: Move) -> str:
    here = esper.component_for_entity(hero, Position).room
    if cmd.room == here:
        return "You are already there."
    if esper.component_for_entity(hero, Body).stunned:
        return "You are stunned and cannot move."
    exit_ = next((ex for ex, other in world.rooms.exits[here] if other == cmd.room), None)
    if exit_ is None:
        return f"{world.room_name(cmd.room)} is not next to this room."
    return moving.go(world, hero, exit_, cmd.room, force=False)


def _attack(world: World, hero: int, cmd: Attack) -> str:
    if not world.alive(cmd.target) or cmd.target == hero:
        return "There is nothing to attack there."
    body = esper.component_for_entity(hero, Body)
    if body.stunned:
        return "You are stunned and cannot fight."
    if body.conditions and conditions.hampered(world, body):
        names = ", ".join(world.content.conditions[c].name for c in sorted(body.conditions))
        return f"You cannot fight while {names}."
    if esper.component_for_entity(cmd.target, Position).room != esper.component_for_entity(hero, Position).room:
        return "That creature is not in this room."
    combat.strike(world, hero, cmd.target)  # N25's budget binds enemies; the hero strikes once per AP
    return ""


def _floor_item(world: World, hero: int, item: int) -> str:
    """"" when `item` lies in the hero's room, else the reason."""
    found = esper.try_component(item, Item) if esper.entity_exists(item) else None
    if found is None or found.room != esper.component_for_entity(hero, Position).room:
        return "That item is not here."
    return ""


def _pick_up(world: World, hero: int, cmd: PickUp) -> str:
    reason = _floor_item(world, hero, cmd.item)
    if reason:
        return reason
    if world.content.items[esper.component_for_entity(cmd.item, Item).item_id].fixture:
        return f"The {world.item_name(cmd.item)} cannot be carried; eat or drink here instead."
    if not loadout.can_carry(world, hero, cmd.item):
        return f"The {world.item_name(cmd.item)} is too heavy to carry with your load."
    needs.take(world, hero, cmd.item)
    return ""


def _carried(hero: int, item: int) -> bool:
    found = esper.try_component(item, Item) if esper.entity_exists(item) else None
    return found is not None and found.owner == hero


def _drop(world: World, hero: int, cmd: Drop) -> str:
    if not _carried(hero, cmd.item):
        return "You do not carry that."
    needs.put_down(world, hero, cmd.item)
    return ""


def _consume(world: World, hero: int, cmd: Consume) -> str:
    if not _carried(hero, cmd.item):
        reason = _floor_item(world, hero, cmd.item)
        if reason:
            return reason
    kind = world.content.items[esper.component_for_entity(cmd.item, Item).item_id].kind
    if kind not in ("food", "drink", "healing"):
        return f"You cannot eat or drink the {world.item_name(cmd.item)}."
    needs.consume(world, hero, cmd.item)
    return ""


def _equip(world: World, hero: int, cmd: Equip) -> str:
    if not _carried(hero, cmd.item):
        return "You do not carry that."
    if world.content.items[esper.component_for_entity(cmd.item, Item).item_id].slot is None:
        return f"The {world.item_name(cmd.item)} is not something to wear or wield."
    if cmd.item in esper.component_for_entity(hero, Inventory).equipped.values():
        return "You already have that equipped."
    loadout.equip(world, hero, cmd.item)
    world.emit("equip", hero, room=world.hero_room(), item=world.item_name(cmd.item))
    return ""


HANDLERS = {Move: _move, Attack: _attack, PickUp: _pick_up, Drop: _drop, Consume: _consume, Equip: _equip}
