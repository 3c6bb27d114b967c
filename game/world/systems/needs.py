"""Needs stage (N8-N11, N49): eat and drink past 20, stock up one provision a turn, complain past 80."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Body, Companion, Item, Needs
from game.world.verbs import items, loadout
from game.world.verbs.combat import die
from game.world.verbs.provisions import COMPLAIN_ABOVE, EAT_ABOVE, carried, consume, floor_provision, take
from game.world.verbs.spells import is_bound

if TYPE_CHECKING:
    from game.world.actors import Actor
    from game.world.world import World


def run(world: World) -> None:
    """N9-N11 for every NPC with needs; starvation for everyone at the limit."""
    starve_at = world.content.tuning["needs"]["starve_at"]
    starving_turn = world.turn % int(world.content.tuning["needs"]["starve_every"]) == 0
    for actor in world.actors.all():
        needs, body, eid = actor.needs, actor.body, actor.eid
        if needs is None or body.health <= 0 or actor.ties is not None and is_bound(actor):
            continue  # N55: no eating, stocking up or starving
        room = actor.pos.room
        if needs.hunger > EAT_ABOVE:
            eat(world, actor, "food", room)
        if needs.thirst > EAT_ABOVE:
            eat(world, actor, "drink", room)
        if world.rooms.has_provisions(room):
            stock_up(world, eid, room)
        if needs.complained or max(needs.hunger, needs.thirst) > COMPLAIN_ABOVE:  # N11: a crossing either way
            complain(world, eid, needs, room)
        if starving_turn:
            starve(world, eid, needs, body, starve_at)
    hero_needs = world.try_get(world.hero, Needs)
    if starving_turn and hero_needs and world.alive(world.hero):
        starve(world, world.hero, hero_needs, world.get(world.hero, Body), starve_at)


def eat(world: World, actor: Actor, kind: str, room: int) -> None:
    """N9: past 20 it eats (drinks) what it carries, else what lies in the room."""
    item = carried(world, actor.inv, kind) or floor_provision(world, room, kind)
    if item is not None:
        consume(world, actor.eid, item)


def starve(world: World, eid: int, needs: Needs, body: Body, starve_at: float) -> None:
    """A need at the limit costs health (docs/rules.md)."""
    if body.health > 0 and max(needs.hunger, needs.thirst) >= starve_at:
        body.health -= 1
        world.emit("starving", eid, room=world.room_of(eid))
        if body.health <= 0:
            die(world, eid, None, cause="hunger and thirst")


def complain(world: World, eid: int, needs: Needs, room: int) -> None:
    """N11: once per crossing of 80, out loud; it may complain again after the need falls back. A companion
    complains to its hero directly (the hero hears it wherever it is in the site; one waiting in a site the
    hero has left complains out loud)."""
    for need, value in (("hunger", needs.hunger), ("thirst", needs.thirst)):
        if value > COMPLAIN_ABOVE and need not in needs.complained:
            needs.complained |= {need}
            to = world.hero if world.hero and world.has(eid, Companion) else None
            world.emit(f"complain_{need}", eid, to, room=room, need=need, value=value)
        elif value <= COMPLAIN_ABOVE and need in needs.complained:
            needs.complained -= {need}


def stock_up(world: World, eid: int, room: int) -> None:
    """N10: pick up one provision a turn from the room, hungry or not, the first it can carry (N33; a
    fixture such as a spring is never carried, so it does not hide the bread beside it)."""
    for item_eid in world.rooms.provisions_on_floor(room):
        if world.content.items[world.get(item_eid, Item).item_id].provision \
                and loadout.can_carry(world, eid, item_eid, count=1):
            take(world, eid, items.split_off(world, item_eid, 1))
            return
