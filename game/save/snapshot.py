"""A world as a msgpack-ready map of plain values, and a world rebuilt from one (docs/saves.md).

What each component and each piece of the world's own state holds is described once, in the registries of
game/world/saved.py; this module loops over them and keeps only what ties entities together.
Entity ids are never saved (esper hands out new ones): a creature is named by its uid, an item by its place
in the item list, and every reference (owners, equipped slots, the hero, the NPC order) is remapped on load.
Cards are not saved either: each is bridged again from the codex by kind and heads, then grown and geared
by `loadout.refresh`. The room index is rebuilt by placing creatures and laying items in their saved order.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import esper

from game.content.content import Content
from game.maps.model import DungeonMap
from game.save.errors import SaveError
from game.world import saved
from game.world.components import Body, Footprint, Identity, Inventory, Item, Position
from game.world.rooms import occupied
from game.world.verbs import loadout
from game.world.verbs.items import give, lay
from game.world.world import World


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
        "creatures": [creature_record(eid, index, eid in placed) for eid in creatures],
        "actors": [actor.ident.uid for actor in world.actors.all()],
        "items": [item_record(eid) for eid in items],
        "world": {state.key: state.dump(world) for state in saved.WORLD_STATE.values()},
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


def creature_record(eid: int, index: dict[int, int], placed: bool) -> dict[str, Any]:
    equipped = esper.component_for_entity(eid, Inventory).equipped
    return {
        "components": components(eid, saved.CREATURE_PARTS),
        "equipped": [[slot, index[item]] for slot, item in equipped.items()],
        "placed": placed, "dead": not esper.entity_exists(eid),  # killed this turn, cleared at its end
    }


def item_record(eid: int) -> dict[str, Any]:
    owner = esper.component_for_entity(eid, Item).owner
    return {"components": components(eid, saved.ITEM_PARTS),
            "owner": esper.component_for_entity(owner, Identity).uid if owner is not None else None}


def components(eid: int, parts: dict[str, saved.Part]) -> dict[str, dict[str, Any]]:
    """The entity's registered components by key, each as its saved fields; an optional one it lacks is left out."""
    out = {}
    for part in parts.values():
        get = esper.try_component if part.optional else esper.component_for_entity
        component = get(eid, part.component)
        if component is not None:
            out[part.key] = part.dump(component)
    return out


# -- loading ------------------------------------------------------------------------------------------
def rebuild(body: dict[str, Any], dungeon: DungeonMap, content: Content, path: Path) -> World:
    """A world in the saved state. Raises SaveError for data the game no longer has; KeyError, TypeError,
    ValueError or IndexError for a body that is not a save's."""
    world = World(dungeon, content, int(body["seed"]))
    try:
        world.ecs.activate()
        world.turn, world.over = int(body["turn"]), body["over"]
        version, internal, gauss = body["rng"]
        world.rng.setstate((version, tuple(internal), gauss))
        creatures = [make_creature(world, record, path) for record in body["creatures"]]
        eid_of = {esper.component_for_entity(eid, Identity).uid: eid for eid in creatures}
        items = [make_item(world, record, eid_of, path) for record in body["items"]]
        for eid, record in zip(creatures, body["creatures"]):
            finish_creature(world, eid, record, items)
        for state in saved.WORLD_STATE.values():
            if state.key in body["world"]:  # state new since the save keeps the value a new world starts with
                state.load(world, body["world"][state.key])
        world.restore(eid_of[body["hero"]], int(body["uid_serial"]), [eid_of[uid] for uid in body["actors"]])
    except BaseException:
        world.close()
        raise
    return world


def make_components(world: World, parts: dict[str, saved.Part], record: dict[str, Any], path: Path) -> dict[type, Any]:
    """An entity's components from their saved records, in the registry's order. An optional one missing
    from the record is left out; any other missing one (new since the save) is made from its defaults."""
    made: dict[type, Any] = {}
    for part in parts.values():
        if part.key in record or not part.optional:
            component = made[part.component] = part.load(record.get(part.key, {}), world, made)
            problem = part.check(world, component) if part.check else None
            if problem:
                raise SaveError(f"{path}: {problem}")
    return made


def make_creature(world: World, record: dict[str, Any], path: Path) -> int:
    made = make_components(world, saved.CREATURE_PARTS, record["components"], path)
    eid = esper.create_entity(*made.values())
    if record["placed"]:
        pos = made[Position]
        room, squares = world.map.rooms.get(pos.room), occupied(pos, made[Footprint])
        if room is None or not all(room.contains(square) for square in squares):
            raise SaveError(f"{path}: {made[Identity].uid} stands outside its room ({pos.room}) at {squares[0]}")
        world.rooms.place(eid, pos.room, squares)
    return eid


def make_item(world: World, record: dict[str, Any], eid_of: dict[str, int], path: Path) -> int:
    made = make_components(world, saved.ITEM_PARTS, record["components"], path)
    item = made[Item]
    room, square = item.room, item.square
    item.room = item.square = None  # nowhere yet: lay puts it on the floor and in the room index
    eid = esper.create_entity(*made.values())
    if record["owner"] is not None:
        give(world, eid, eid_of[record["owner"]])
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
