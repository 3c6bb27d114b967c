"""Going through an exit (N14): locked doors and keys, forcing doors (N18), space (Reconciliation 5), traps."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.maps.model import Exit, Square, Trap
from game.rules import dice, groups
from game.rules.card import MUNDANE
from game.world.components import Body, Identity, Inventory, Item, Position
from game.world.rooms import footprint_of, footprint_squares, occupied
from game.world.verbs import factory
from game.world.verbs.combat import apply_damage
from game.world.verbs.conditions import trial_dice

if TYPE_CHECKING:
    from game.world.world import World


def carries_key(world: World, eid: int, key: str | None) -> bool:
    inv = world.try_get(eid, Inventory)
    return bool(key and inv and any(world.get(i, Item).item_id == key for i in inv.items))


def go(world: World, eid: int, exit_: Exit, to_room: int, force: bool) -> str:
    """Move `eid` through `exit_` into `to_room`. Returns "" on success or the reason it could not."""
    pos = world.get(eid, Position)
    if exit_.locked and exit_.id not in world.opened_doors:
        if carries_key(world, eid, exit_.key):
            world.opened_doors.add(exit_.id)
            world.emit("door_unlocked", eid, room=pos.room, to=world.room_name(to_room),
                       key=world.content.items[exit_.key].name)
        elif force:
            world.opened_doors.add(exit_.id)
            world.emit("door_forced", eid, room=pos.room, to=world.room_name(to_room))
        else:
            world.emit("door_locked", eid, room=pos.room, to=world.room_name(to_room))
            return "The door is locked." + (f" It needs the {world.content.items[exit_.key].name}."
                                            if exit_.key in world.content.items else "")
    cells = space_for(world, eid, to_room, exit_.square)
    if not cells:
        return f"There is no room to stand in {world.room_name(to_room)}."
    world.emit("leave", eid, room=pos.room)
    relocate(world, eid, to_room, cells)
    world.emit("enter", eid, room=to_room)
    spring_traps(world, eid, to_room)
    return ""


def space_for(world: World, eid: int, room: int, near: Square | None) -> list[Square]:
    """Free squares in `room` for the creature, nearest `near`: its footprint, or a square a head for a
    group (C31). Empty when it does not fit (Reconciliation 5)."""
    body = world.get(eid, Body)
    if body.heads:
        return factory.place_group(world, world.get(eid, Identity).codex_id, body.heads, room, near)
    fp = footprint_of(world, eid)
    spot = world.rooms.free_spot(room, fp.w, fp.h, near)
    return footprint_squares(spot, fp.w, fp.h) if spot else []


def relocate(world: World, eid: int, room: int, cells: list[Square]) -> None:
    """Stand the creature on `cells` of `room` (from space_for)."""
    pos = world.get(eid, Position)
    world.rooms.remove(eid, pos.room, occupied(pos, footprint_of(world, eid)))
    pos.room, pos.square = room, cells[0]
    pos.cells = tuple(cells) if world.get(eid, Body).heads else ()
    world.rooms.place(eid, room, cells)


def stun(world: World, eid: int, turns: int) -> None:
    """N24: no fighting and no moving for the creature's next `turns` turns (the hero: this one too)."""
    body = world.get(eid, Body)
    body.stunned = max(body.stunned, turns)
    body.stunned_on = world.turn
    world.emit("stun", target=eid, room=world.room_of(eid), turns=turns)


def trap_stun(world: World, eid: int, trap: Trap, area: int, room: int) -> None:
    """A sprung trap's stun (N24): in full on one creature (C39: a group of one too); on a group only from
    an area covering at least half its squares (C37), never from a single-target trap (C38). The log says
    why a group shrugged it off."""
    if not trap.stun:
        return
    heads = world.get(eid, Body).heads
    name = world.content.traps.kinds[trap.trap].name
    if not area:
        lands = groups.single_target_applies_conditions(heads)
        if not lands:
            world.emit("stun_single", eid, room=room, trap=name)
    elif groups.is_group(heads):
        x, y = trap.square
        cells = world.get(eid, Position).cells
        covered = sum(1 for cx, cy in cells if abs(cx - x) <= area and abs(cy - y) <= area)
        lands = groups.area_applies_condition(covered, len(cells))
        if not lands:
            world.emit("stun_spread", eid, room=room, trap=name, covered=covered, squares=len(cells))
    else:
        lands = True
    if lands:
        stun(world, eid, trap.stun)


def spring_traps(world: World, eid: int, room: int) -> None:
    """Each trap in the room asks a trial against its DC; a failure deals its damage (and stun, N24, but
    on a minion group by C37-C38)."""
    body = world.get(eid, Body)
    for trap in world.traps_in(room):
        if world.trap_spent.get(trap.id, 0) > world.turn:
            continue
        kind = world.content.traps.kinds[trap.trap]
        damage_type = kind.damage_type
        impotent = damage_type in body.card.impotent
        roll = dice.trial(trial_dice(world, eid, kind.attribute), world.rng, impotent=impotent)
        if roll >= trap.dc:
            world.emit("trap_avoided", eid, room=room, trap=kind.name, roll=roll, dc=trap.dc)
            continue
        world.trap_spent[trap.id] = world.turn + world.content.traps.rearm
        raw = dice.roll(trap.damage, world.rng, explode=False)
        if damage_type in MUNDANE:
            physical, elemental = max(0, raw - body.card.defense[damage_type]), {}
        elif damage_type in body.card.immune:
            physical, elemental = 0, {damage_type: 0}
        else:
            physical, elemental = 0, {damage_type: max(0, raw - body.card.element_resist[damage_type])}
        world.emit("trap", eid, room=room, trap=kind.name, roll=roll, dc=trap.dc,
                   damage=physical + sum(elemental.values()))
        trap_stun(world, eid, trap, kind.area, room)
        apply_damage(world, None, eid, physical, elemental, kill_heads=1 if physical + sum(elemental.values()) else 0)
        if not world.alive(eid):
            return
