"""A world as a msgpack-ready map of plain values, and a world rebuilt from one (docs/saves.md).

What each component and each piece of the world's own state holds is described once, in the registries of
game/world/saved.py; this module loops over them and keeps only what ties entities together.
Entity ids are never saved (each world's store hands out new ones): a creature is named by its uid, an item by its place
in the item list, and every reference (owners, equipped slots, the hero, the NPC order) is remapped on load.
Cards are not saved either: each is bridged again from the codex by kind and heads, then grown and geared
by `loadout.refresh`. The room index is rebuilt by placing creatures and laying items in their saved order.
"""
from __future__ import annotations

from typing import Any

from game.content.codex import HeroSheet
from game.content.content import Content
from game.maps.model import DungeonMap
from game.save import checks
from game.world import saved
from game.world.components import Body, Footprint, Identity, Inventory, Item, Position
from game.world.rooms import occupied
from game.world.verbs import loadout
from game.world.verbs.items import lay, pack
from game.world.world import World


# -- saving -------------------------------------------------------------------------------------------
def snapshot(world: World, map_ref: dict[str, str]) -> dict[str, Any]:
    """Everything needed to continue the run exactly, as plain values under string keys."""
    creatures = creature_order(world)
    items = item_order(world, creatures)
    index = {eid: i for i, eid in enumerate(items)}
    placed = {eid for room in world.map.rooms for eid in world.rooms.occupants(room)}
    return {
        "map": map_ref, "seed": world.seed, "turn": world.turn, "over": world.over,
        "rng": world.rng.getstate(), "uid_serial": world.uid_serial,
        "hero": world.uid(world.hero) if world.hero else None,  # a site of a world the hero is away from has none
        "creatures": [creature_record(world, eid, index, eid in placed) for eid in creatures],
        "actors": [actor.ident.uid for actor in world.actors.all()],
        "items": [item_record(world, eid) for eid in items],
        "world": {state.key: state.dump(world) for state in saved.WORLD_STATE.values()},
        "fields": layout(),
    }


def layout() -> dict[str, dict[str, list[str]]]:
    """The order of the components in a save's records and of each one's fields (format 5: an entity's
    components are a list, each the list of its fields' values, their names said once here)."""
    return {"creatures": {key: list(part.fields) for key, part in saved.CREATURE_PARTS.items()},
            "items": {key: list(part.fields) for key, part in saved.ITEM_PARTS.items()}}


def with_maps(body: dict[str, Any]) -> dict[str, Any]:
    """The body with each entity's components a map by key and each component a map of its fields by name,
    as format 4 held them (the tools that write hostile saves and the tests change fields by name);
    `with_lists` turns it back."""
    fields = body.pop("fields", {})
    for records, kind in ((body["creatures"], "creatures"), (body["items"], "items")):
        for record in records:
            parts = record["components"]
            if isinstance(parts, list):
                parts = {key: value for key, value in zip(fields[kind], parts) if value is not None}
            record["components"] = {key: dict(zip(fields[kind][key], value)) if isinstance(value, list) else value
                                    for key, value in parts.items()}
    return body


def with_lists(body: dict[str, Any]) -> dict[str, Any]:
    """The body of `with_maps` as a save of this version holds it: each component with exactly the fields the
    registry saves as the list of their values, anything else left as it is (the hostile saves' tool changes
    bodies in every way, their `fields` too; the loader reads maps and lists alike)."""
    fields = layout()
    body.setdefault("fields", fields)
    for kind, registry in (("creatures", saved.CREATURE_PARTS), ("items", saved.ITEM_PARTS)):
        records = body.get(kind)
        for record in records if isinstance(records, list) else ():
            parts = record.get("components") if isinstance(record, dict) else None
            for key, value in parts.items() if isinstance(parts, dict) else ():
                names = fields[kind].get(key)
                if isinstance(value, dict) and names is not None and list(value) == names:
                    parts[key] = list(value.values())
            if isinstance(parts, dict) and parts.keys() <= registry.keys() and all(
                    key in parts for key, part in registry.items() if not part.optional):
                record["components"] = [parts.get(key) for key in registry]
    return body


def creature_order(world: World) -> list[int]:
    """Each room's occupants in the index's order, then the creatures in no room (the dead), by uid."""
    placed = [eid for room in world.map.rooms for eid in world.rooms.occupants(room)]
    listed = set(placed)
    rest = sorted((ident.uid, eid) for eid, ident in world.query(Identity) if eid not in listed)
    return placed + [eid for _, eid in rest]


def item_order(world: World, creatures: list[int]) -> list[int]:
    """Floor items room by room in the index's order, then each creature's pack in its order."""
    floor = [eid for room in world.map.rooms for eid in world.rooms.floor(room)]
    return floor + [eid for c in creatures for eid in world.get(c, Inventory).items]


def creature_record(world: World, eid: int, index: dict[int, int], placed: bool) -> dict[str, Any]:
    equipped = world.get(eid, Inventory).equipped
    return {
        "components": components(world, eid, saved.CREATURE_PARTS),
        "equipped": [[slot, index[item]] for slot, item in equipped.items()],
        "placed": placed, "dead": not world.exists(eid),  # killed this turn, cleared at its end
    }


def item_record(world: World, eid: int) -> dict[str, Any]:
    owner = world.get(eid, Item).owner
    return {"components": components(world, eid, saved.ITEM_PARTS),
            "owner": world.get(owner, Identity).uid if owner is not None else None}


def components(world: World, eid: int, parts: dict[str, saved.Part]) -> list[list[Any] | None]:
    """The entity's registered components in the registry's order, each as the list of its saved fields; None
    for an optional one it lacks (format 5: the body's `fields` names them in that order)."""
    has = {type(component): component for component in world.components_of(eid)}
    return [part.dump(has[part.component]) if part.component in has or not part.optional else None
            for part in parts.values()]


# -- loading ------------------------------------------------------------------------------------------
def rebuild(body: dict[str, Any], dungeon: DungeonMap, content: Content) -> World:
    """A world in the saved state: `checked`, then built."""
    return checked(body, dungeon, content).build()


class Checked:
    """A saved world whose every part has passed the checks, its entities not made yet (a world of sites
    builds a site the hero is away from on first need, game/world/realm.py `Dormant`): the world with its
    own state set, each entity's components, and the body they came from."""

    def __init__(self, world: World, body: dict[str, Any], creatures: list[checks.Made], items: list[checks.Made],
                 state: dict[saved.State, Any]) -> None:
        self.world, self.body, self.creatures, self.items, self.state = world, body, creatures, items, state
        self.changed = ""  # the map changed since the save, named for a message (game/save `unfit`)

    def build(self) -> World:
        """The world with its entities made (once: the components are its own)."""
        try:
            build(self.world, self.body, self.creatures, self.items, self.state)
        except BaseException:
            self.world.close()
            raise
        return self.world

    def close(self) -> None:
        """The world given up unbuilt (its store emptied)."""
        self.world.close()


def checked(body: dict[str, Any], dungeon: DungeonMap, content: Content) -> Checked:
    """A saved world checked whole, ready to build. The body's own fields must have passed
    `checks.body_fields`; every component, the links between entities and the world's own state are checked
    here, before the first entity is made, and a problem is refused with saved.Unfit. Each hero keeps its own
    sheet; a save from before that has the one-map hero's sheet as `hero_sheet`, which makes the content the
    world reads (a save without one has hero.toml's)."""
    if "hero_sheet" in body:
        sheet = checks.HERO_SHEET.from_plain(body["hero_sheet"])
        problems = content.heroes.problems(sheet, content.codex.shipped_sheet())  # heroes.toml's limits
        if problems:
            raise saved.Unfit(f"hero_sheet: {problems[0]}")
        content = with_hero(content, sheet)
    world = World(dungeon, content, body["seed"])
    try:
        world.turn, world.over = body["turn"], body["over"]
        world.rng.setstate(checks.RNG.from_plain(body["rng"]))
        creatures = checks.components(world, saved.CREATURE_PARTS, body, "creatures")
        items = checks.components(world, saved.ITEM_PARTS, body, "items")
        checks.links(world, body, creatures, items)
        checks.floors_bounded(world, body, items)
        state = checks.world_state(world, body["world"])
    except BaseException:
        world.close()
        raise
    return Checked(world, body, creatures, items, state)


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
    packed in theirs, equipment worn and cards grown and geared; then the world's own state, the hero, the
    uid counter and the NPC order."""
    eids = world.create_many(made.values() for made in creatures)
    for made, record, eid in zip(creatures, body["creatures"], eids):
        if record["placed"]:
            world.rooms.place(eid, made[Position].room, occupied(made[Position], made[Footprint]))
    eid_of = {made[Identity].uid: eid for made, eid in zip(creatures, eids)}
    packs = {eid: made[Inventory] for made, eid in zip(creatures, eids)}
    spots = [(made[Item].room, made[Item].square) for made in items]
    for made in items:
        made[Item].room = made[Item].square = None  # nowhere yet: lay puts it on the floor and in the room index
    item_eids = world.create_many(made.values() for made in items)
    for made, record, eid, (room, square) in zip(items, body["items"], item_eids, spots):
        if record["owner"] is not None:
            owner = eid_of[record["owner"]]
            pack(world, eid, made[Item], owner, packs[owner])
        else:
            lay(world, eid, room, square)
    for eid, record in zip(eids, body["creatures"]):
        finish_creature(world, eid, record, item_eids)
    for piece, value in state.items():
        piece.write(world, value)
    world.restore(eid_of.get(body["hero"], 0), body["uid_serial"], [eid_of[uid] for uid in body["actors"]])


def finish_creature(world: World, eid: int, record: dict[str, Any], items: list[int]) -> None:
    """Equip the saved slots, gear and grow the card, and mark the creatures killed this turn."""
    inv = world.get(eid, Inventory)
    inv.equipped = {slot: items[i] for slot, i in record["equipped"]}
    body = world.get(eid, Body)
    health = body.health
    loadout.refresh(world, eid)
    body.health = health
    if record["dead"]:
        world.delete(eid)
