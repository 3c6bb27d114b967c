"""A world as a msgpack-ready map of plain values, and a world rebuilt from one (docs/saves.md).

What each component and each piece of the world's own state holds is described once, in the registries of
game/world/saved.py; this module loops over them and keeps only what ties entities together.
Entity ids are never saved (esper hands out new ones): a creature is named by its uid, an item by its place
in the item list, and every reference (owners, equipped slots, the hero, the NPC order) is remapped on load.
Cards are not saved either: each is bridged again from the codex by kind and heads, then grown and geared
by `loadout.refresh`. The room index is rebuilt by placing creatures and laying items in their saved order.
"""
from __future__ import annotations

from typing import Any

import esper

from game.content.codex import HeroSheet
from game.content.content import Content
from game.maps.model import DungeonMap
from game.save import checks
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
        "rng": world.rng.getstate(), "uid_serial": world.uid_serial,
        "hero": world.uid(world.hero) if world.hero else None,  # a site of a world the hero is away from has none
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
    has = {type(component): component for component in esper.components_for_entity(eid)}
    out = {}
    for part in parts.values():
        component = has.get(part.component) if part.optional else has[part.component]
        if component is not None:
            out[part.key] = part.dump(component)
    return out


# -- loading ------------------------------------------------------------------------------------------
def rebuild(body: dict[str, Any], dungeon: DungeonMap, content: Content) -> World:
    """A world in the saved state. The body's own fields must have passed `checks.body_fields`; every
    component, the links between entities and the world's own state are checked before the first entity
    is built, and a problem is refused with saved.Unfit. Each hero keeps its own sheet; a save from before
    that has the one-map hero's sheet as `hero_sheet`, which makes the content the world reads (a save without
    one has hero.toml's)."""
    if "hero_sheet" in body:
        sheet = checks.HERO_SHEET.from_plain(body["hero_sheet"])
        problems = content.heroes.problems(sheet, content.codex.shipped_sheet())  # heroes.toml's limits
        if problems:
            raise saved.Unfit(f"hero_sheet: {problems[0]}")
        content = with_hero(content, sheet)
    world = World(dungeon, content, body["seed"])
    try:
        world.ecs.activate()
        world.turn, world.over = body["turn"], body["over"]
        world.rng.setstate(checks.RNG.from_plain(body["rng"]))
        creatures = checks.components(world, saved.CREATURE_PARTS, [r["components"] for r in body["creatures"]])
        items = checks.components(world, saved.ITEM_PARTS, [r["components"] for r in body["items"]])
        checks.links(world, body, creatures, items)
        state = checks.world_state(world, body["world"])
        build(world, body, creatures, items, state)
    except BaseException:
        world.close()
        raise
    return world


_HEROES: list[tuple[Content, HeroSheet, Content]] = []  # the latest last


def with_hero(content: Content, sheet: HeroSheet) -> Content:
    """content.with_hero(sheet), the same for every site of a world saved with one hero's sheet (and for
    the next load of it): its codex builds each kind's stat block once, not once a site."""
    known = next((made for base, kept, made in reversed(_HEROES) if base is content and kept == sheet), None)
    if known is None:
        known = content.with_hero(sheet)
        _HEROES[:] = [*_HEROES[-3:], (content, sheet, known)]
    return known


def build(world: World, body: dict[str, Any], creatures: list[checks.Made], items: list[checks.Made],
          state: dict[saved.State, Any]) -> None:
    """Make the checked entities: creatures placed in the saved order (the room index's), items laid or
    given in theirs, equipment worn and cards grown and geared; then the world's own state, the hero, the
    uid counter and the NPC order."""
    eids = [make_creature(world, made, record) for made, record in zip(creatures, body["creatures"])]
    eid_of = {made[Identity].uid: eid for made, eid in zip(creatures, eids)}
    item_eids = [make_item(world, made, record, eid_of) for made, record in zip(items, body["items"])]
    for eid, record in zip(eids, body["creatures"]):
        finish_creature(world, eid, record, item_eids)
    for piece, value in state.items():
        piece.write(world, value)
    world.restore(eid_of.get(body["hero"], 0), body["uid_serial"], [eid_of[uid] for uid in body["actors"]])


def make_creature(world: World, made: checks.Made, record: dict[str, Any]) -> int:
    eid = esper.create_entity(*made.values())
    if record["placed"]:
        world.rooms.place(eid, made[Position].room, occupied(made[Position], made[Footprint]))
    return eid


def make_item(world: World, made: checks.Made, record: dict[str, Any], eid_of: dict[str, int]) -> int:
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
