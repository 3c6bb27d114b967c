"""Commands: what an actor (the hero, a second hero, a companion, a scripted bot) asks to do.

Every command names its actor and costs that actor Action Points (`AP_COST`; talking is free, `COSTS`);
`perform` carries it out the same way for anyone and returns a Result, whose reason the screen shows when
it was refused. It never raises for a refused command.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from game.world.components import Body, Identity, Inventory, Item, Position
from game.world.verbs import combat, conditions, loadout, moments, moving, provisions, talk
from game.world.verbs.witness import observe
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.world import World

AP_COST = 1


@dataclass(frozen=True)
class Result:
    ok: bool
    reason: str = ""


@dataclass(frozen=True)
class Move:
    actor: int
    room: int


@dataclass(frozen=True)
class Attack:
    actor: int
    target: int


@dataclass(frozen=True)
class PickUp:
    actor: int
    item: int


@dataclass(frozen=True)
class Drop:
    actor: int
    item: int


@dataclass(frozen=True)
class Consume:
    actor: int
    item: int


@dataclass(frozen=True)
class Equip:
    actor: int
    item: int


@dataclass(frozen=True)
class EndTurn:
    """The actor spends what is left of its Action Points on waiting."""

    actor: int


@dataclass(frozen=True)
class Talk:
    """Start talking with a creature in the room (N45); a moment may begin (N75)."""

    actor: int
    target: int


@dataclass(frozen=True)
class Ask:
    """One of the usual options: "others", "news", "about" (N71, N80) or "goodbye" (N82)."""

    actor: int
    target: int
    option: str


@dataclass(frozen=True)
class Reply:
    """Answer the moment under way with the reply of an approach (N77-N81)."""

    actor: int
    target: int
    approach: str


@dataclass(frozen=True)
class DrawWeapon:
    """End a conversation with a blade (N46): the person becomes an ordinary enemy where it stands."""

    actor: int
    target: int


Command = Move | Attack | PickUp | Drop | Consume | Equip | EndTurn | Talk | Ask | Reply | DrawWeapon
# Talking, asking and drawing a weapon take no time; a reply to a moment costs AP_COST like any deed.
COSTS: dict[type, int] = {Talk: 0, Ask: 0, DrawWeapon: 0}


def perform(world: World, command: Command) -> Result:
    """Carry out `command` for its actor: refused with a reason, or done and paid for in AP."""
    world.ecs.activate()
    actor = command.actor
    if not world.alive(actor):
        return Result(False, "You are dead.")
    body = esper.component_for_entity(actor, Body)
    if isinstance(command, EndTurn):
        world.emit("hero_wait", actor, room=world.room_of(actor))
        body.ap = 0
        return Result(True)
    handler = HANDLERS.get(type(command))
    if handler is None:
        return Result(False, f"Unknown command {type(command).__name__}.")
    cost = COSTS.get(type(command), AP_COST)
    if body.ap < cost:
        return Result(False, "You have no action points left this turn.")
    reason = handler(world, actor, command)
    if reason:
        return Result(False, reason)
    body.ap -= cost
    return Result(True)


def _move(world: World, actor: int, cmd: Move) -> str:
    here = world.room_of(actor)
    if cmd.room == here:
        return "You are already there."
    if esper.component_for_entity(actor, Body).stunned:
        return "You are stunned and cannot move."
    exit_ = next((ex for ex, other in world.rooms.exits[here] if other == cmd.room), None)
    if exit_ is None:
        return f"{world.room_name(cmd.room)} is not next to this room."
    reason = moving.go(world, actor, exit_, cmd.room, force=False)
    if not reason and actor == world.hero:
        observe(world, actor)  # N71: whoever stands there has been seen
    return reason


def _attack(world: World, actor: int, cmd: Attack) -> str:
    if not world.alive(cmd.target) or cmd.target == actor:
        return "There is nothing to attack there."
    body = esper.component_for_entity(actor, Body)
    if body.stunned:
        return "You are stunned and cannot fight."
    if body.conditions and conditions.hampered(world, body):
        names = ", ".join(world.content.conditions[c].name for c in sorted(body.conditions))
        return f"You cannot fight while {names}."
    if world.room_of(cmd.target) != world.room_of(actor):
        return "That creature is not in this room."
    combat.strike(world, actor, cmd.target)  # N25's budget binds the NPCs' own stage; a command strikes once per AP
    return ""


def _floor_item(world: World, actor: int, item: int) -> str:
    """"" when `item` lies in the actor's room, else the reason."""
    found = esper.try_component(item, Item) if esper.entity_exists(item) else None
    if found is None or found.room != esper.component_for_entity(actor, Position).room:
        return "That item is not here."
    return ""


def _pick_up(world: World, actor: int, cmd: PickUp) -> str:
    reason = _floor_item(world, actor, cmd.item)
    if reason:
        return reason
    if world.content.items[esper.component_for_entity(cmd.item, Item).item_id].fixture:
        return f"The {item_name(world, cmd.item)} cannot be carried; eat or drink here instead."
    if not loadout.can_carry(world, actor, cmd.item):
        return f"The {item_name(world, cmd.item)} is too heavy to carry with your load."
    provisions.take(world, actor, cmd.item)
    return ""


def _carried(actor: int, item: int) -> bool:
    found = esper.try_component(item, Item) if esper.entity_exists(item) else None
    return found is not None and found.owner == actor


def _drop(world: World, actor: int, cmd: Drop) -> str:
    if not _carried(actor, cmd.item):
        return "You do not carry that."
    provisions.put_down(world, actor, cmd.item)
    return ""


def _consume(world: World, actor: int, cmd: Consume) -> str:
    if not _carried(actor, cmd.item):
        reason = _floor_item(world, actor, cmd.item)
        if reason:
            return reason
    kind = world.content.items[esper.component_for_entity(cmd.item, Item).item_id].kind
    if kind not in ("food", "drink", "healing"):
        return f"You cannot eat or drink the {item_name(world, cmd.item)}."
    provisions.consume(world, actor, cmd.item)
    return ""


def _equip(world: World, actor: int, cmd: Equip) -> str:
    if not _carried(actor, cmd.item):
        return "You do not carry that."
    if world.content.items[esper.component_for_entity(cmd.item, Item).item_id].slot is None:
        return f"The {item_name(world, cmd.item)} is not something to wear or wield."
    if cmd.item in esper.component_for_entity(actor, Inventory).equipped.values():
        return "You already have that equipped."
    loadout.equip(world, actor, cmd.item)
    world.emit("equip", actor, room=world.room_of(actor), item=item_name(world, cmd.item))
    return ""


def _talk(world: World, actor: int, cmd: Talk) -> str:
    reason = talk.refusal(world, actor, cmd.target)
    if not reason:
        talk.start(world, actor, cmd.target)
    return reason


def _ask(world: World, actor: int, cmd: Ask) -> str:
    return talk.refusal(world, actor, cmd.target) or talk.ask(world, actor, cmd.target, cmd.option)


def _reply(world: World, actor: int, cmd: Reply) -> str:
    return talk.refusal(world, actor, cmd.target) or moments.reply(world, actor, cmd.target, cmd.approach)


def _draw_weapon(world: World, actor: int, cmd: DrawWeapon) -> str:
    reason = talk.absent(world, actor, cmd.target)
    if not reason and talk.hostile(world, actor, cmd.target):
        reason = f"{esper.component_for_entity(cmd.target, Identity).name} is already your enemy."
    if not reason:
        talk.draw_weapon(world, actor, cmd.target)
    return reason


HANDLERS = {Move: _move, Attack: _attack, PickUp: _pick_up, Drop: _drop, Consume: _consume, Equip: _equip,
            Talk: _talk, Ask: _ask, Reply: _reply, DrawWeapon: _draw_weapon}
