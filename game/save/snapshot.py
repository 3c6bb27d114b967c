"""A world as a msgpack-ready map of plain values, and a world rebuilt from one (docs/saves.md).

Entity ids are never saved (esper hands out new ones): a creature is named by its uid, an item by its place
in the item list, and every reference (owners, equipped slots, the hero, the NPC order) is remapped on load.
Cards are not saved either: each is bridged again from the codex by kind and heads, then grown and geared
by `loadout.refresh`. The room index is rebuilt by placing creatures and laying items in their saved order.
"""
from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any, Callable

import esper

from game.content.content import Content
from game.maps.model import DungeonMap
from game.save.errors import SaveError
from game.world.components import (Body, Footprint, Growth, Hero, Identity, Inventory, Item, Mood, MoodState, Needs,
                                   Position)
from game.world.rooms import footprint_of, occupied
from game.world.verbs import loadout
from game.world.verbs.factory import tag_set
from game.world.verbs.items import give, lay
from game.world.world import World

CARDS = ("natural", "base", "card")  # re-derived on load, never saved
FROM_PLAIN: dict[str, Callable[[Any], Any]] = {"square": tuple, "tags": lambda tags: tag_set(tuple(tags)),
                                               "complained": frozenset, "state": MoodState,
                                               "cells": lambda cells: tuple(tuple(c) for c in cells)}


def plain(component: object, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A component's fields as msgpack values: sets become sorted lists (tuples pack as lists)."""
    out = {}
    for f in fields(component):
        if f.name not in skip:
            value = getattr(component, f.name)
            out[f.name] = sorted(value) if isinstance(value, (set, frozenset)) else value
    return out


def unplain(data: dict[str, Any]) -> dict[str, Any]:
    """Field values back to the types the components hold (lists to tuples and sets)."""
    return {k: FROM_PLAIN[k](v) if k in FROM_PLAIN and v is not None else v for k, v in data.items()}


def pairs(mapping: dict) -> list[list]:
    """A dict with non-string keys as [key, value] pairs in its order (saves allow only string keys)."""
    return [[k, v] for k, v in mapping.items()]


# -- saving -------------------------------------------------------------------------------------------
def snapshot(world: World, map_ref: dict[str, str]) -> dict[str, Any]:
    """Everything needed to continue the run exactly, as plain values under string keys."""
    world.ecs.activate()
    creatures = creature_order(world)
    items = item_order(world, creatures)
    index = {eid: i for i, eid in enumerate(items)}
    placed = {eid for room in world.map.rooms for eid in world.rooms.occupants(room)}
    return {
        "map": map_ref, "seed": world.seed, "turn": world.turn, "over": world.over,
        "rng": world.rng.getstate(), "uid_serial": world.uid_serial, "hero": world.uid(world.hero),
        "creatures": [creature_record(world, eid, index, eid in placed) for eid in creatures],
        "actors": [actor.ident.uid for actor in world.actors.all()],
        "items": [item_record(eid) for eid in items],
        "scent": {"hero": pairs(world.scent_field.hero), "prey": pairs(world.scent_field.prey)},
        "spawn_clock": pairs(world.spawn_clock), "opened_doors": sorted(world.opened_doors),
        "trap_spent": pairs(world.trap_spent), "room_runes": pairs(world.room_runes),
        "pair_cooldown": [[a, b, turn] for (a, b), turn in world.pair_cooldown.items()],
    }


def creature_order(world: World) -> list[int]:
    """Each room's occupants in the index's order, then the creatures in no room (the dead), by uid."""
    placed = [eid for room in world.map.rooms for eid in world.rooms.occupants(room)]
    listed = set(placed)
    rest = sorted((ident.uid, eid) for eid, ident in esper.get_component(Identity) if eid not in listed)
    return placed + [eid for _, eid in rest]


def item_order(world: World, creatures: list[int]) -> list[int]:
    """Floor items room by room in the index's order, then each creature's pack in its order."""
    floor = [eid for room in world.map.rooms for eid in world.rooms.floor(room)]
    return floor + [eid for c in creatures for eid in esper.component_for_entity(c, Inventory).items]


def creature_record(world: World, eid: int, index: dict[int, int], placed: bool) -> dict[str, Any]:
    get = esper.component_for_entity
    mood, needs = esper.try_component(eid, Mood), esper.try_component(eid, Needs)
    return {
        "identity": plain(get(eid, Identity)), "position": plain(get(eid, Position)),
        "footprint": plain(footprint_of(eid)), "body": plain(get(eid, Body), skip=CARDS),
        "growth": plain(get(eid, Growth)), "mood": plain(mood) if mood else None,
        "needs": plain(needs) if needs else None,
        "equipped": [[slot, index[item]] for slot, item in get(eid, Inventory).equipped.items()],
        "placed": placed, "dead": not esper.entity_exists(eid),  # killed this turn, cleared at its end
    }


def item_record(eid: int) -> dict[str, Any]:
    item = esper.component_for_entity(eid, Item)
    record = plain(item)
    record["owner"] = esper.component_for_entity(item.owner, Identity).uid if item.owner is not None else None
    return record


# -- loading ------------------------------------------------------------------------------------------
def rebuild(body: dict[str, Any], dungeon: DungeonMap, content: Content, path: Path) -> World:
    """A world in the saved state. Raises SaveError for data the game no longer has; KeyError, TypeError,
    ValueError or IndexError for a body that is not a save's."""
    world = World(dungeon, content, int(body["seed"]), )
    try:
        world.ecs.activate()
        world.turn, world.over = int(body["turn"]), body["over"]
        version, internal, gauss = body["rng"]
        world.rng.setstate((version, tuple(internal), gauss))
        eid_of = {}
        for record in body["creatures"]:
            eid = make_creature(world, record, body["hero"], path)
            eid_of[esper.component_for_entity(eid, Identity).uid] = eid
        items = [make_item(world, record, eid_of, path) for record in body["items"]]
        for record in body["creatures"]:
            finish_creature(world, eid_of[record["identity"]["uid"]], record, items)
        restore_fields(world, body)
        world.restore(eid_of[body["hero"]], int(body["uid_serial"]), [eid_of[uid] for uid in body["actors"]])
    except BaseException:
        world.close()
        raise
    return world


def make_creature(world: World, record: dict[str, Any], hero_uid: str, path: Path) -> int:
    ident = Identity(**unplain(record["identity"]))
    if ident.codex_id not in world.content.codex.creatures and ident.uid != hero_uid:
        raise SaveError(f"{path}: the creature kind {ident.codex_id!r} ({ident.uid}) is not in the game's data")
    state = unplain(record["body"])
    natural = world.natural_card(ident.codex_id, state["heads"])
    pos, shape = Position(**unplain(record["position"])), Footprint(**record["footprint"])
    parts = [ident, pos, shape, Body(natural, natural, natural, **state), Growth(**record["growth"]), Inventory()]
    if record["mood"] is not None:
        parts.append(Mood(**unplain(record["mood"])))
    if record["needs"] is not None:
        parts.append(Needs(**unplain(record["needs"])))
    if ident.uid == hero_uid:
        parts.append(Hero(world.content.codex.hero().sheet))
    eid = esper.create_entity(*parts)
    if record["placed"]:
        room, squares = world.map.rooms.get(pos.room), occupied(pos, shape)
        if room is None or not all(room.contains(square) for square in squares):
            raise SaveError(f"{path}: {ident.uid} stands outside its room ({pos.room}) at {squares[0]}")
        world.rooms.place(eid, pos.room, squares)
    return eid


def make_item(world: World, record: dict[str, Any], eid_of: dict[str, int], path: Path) -> int:
    state = unplain(record)
    owner, room, square = state.pop("owner"), state.pop("room"), state.pop("square")
    if state["item_id"] not in world.content.items:
        raise SaveError(f"{path}: the item {state['item_id']!r} is not in the game's data")
    eid = esper.create_entity(Item(**state))
    if owner is not None:
        give(world, eid, eid_of[owner])
    else:
        lay(world, eid, room, square)
    return eid


def finish_creature(world: World, eid: int, record: dict[str, Any], items: list[int]) -> None:
    """Equip the saved slots, gear and grow the card, and mark the creatures killed this turn."""
    inv = esper.component_for_entity(eid, Inventory)
    inv.equipped = {slot: items[i] for slot, i in record["equipped"]}
    body = esper.component_for_entity(eid, Body)
    health = body.health
    loadout.refresh(world, eid)
    body.health = health
    if record["dead"]:
        esper.delete_entity(eid)


def restore_fields(world: World, body: dict[str, Any]) -> None:
    """The world's own state besides its entities: scent, spawner clocks, doors, traps, runes, pairs."""
    for name, scent in (("hero", world.scent_field.hero), ("prey", world.scent_field.prey)):
        for room, value in body["scent"][name]:
            if room not in world.map.rooms:
                raise KeyError(f"scent of room {room}")
            if value > 0:
                scent[room] = value
    world.spawn_clock = dict(body["spawn_clock"])
    world.opened_doors = set(body["opened_doors"])
    world.trap_spent = dict(body["trap_spent"])
    world.room_runes = dict(body["room_runes"])
    world.pair_cooldown = {(a, b): turn for a, b, turn in body["pair_cooldown"]}
