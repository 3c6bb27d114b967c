"""A save's body checked as a whole before a world is built from it (docs/saves.md, "What loading checks").

The registries of game/world/saved.py check each component and each piece of the world's own state: types,
ranges, names from the game's data and the map. This module checks what none of them can see: the body's
own fields (the map, the turn, the RNG, the uid counter, the hero, the NPC order, the records around the
components) and the links between entities (uids, life and death, the NPC order, who stands where, owners,
equipped slots). A problem is refused with saved.Unfit, one line that names it; nothing here changes the body.
"""
from __future__ import annotations

import dataclasses
import os
import re
from typing import Any, Callable

from game.content.codex import HERO_ID
from game.content.items import SLOTS
from game.world import saved
from game.runtime import MAX_SEED
from game.world.components import HERO_SHEET, UID, Body, Footprint, Hero, Identity, Item, Mark, Mood, Position
from game.world.rooms import footprint_squares
from game.world.saved import BOOL, COUNT, INT, Kind, Unfit, list_of, number, one_of, optional, sized, text, whole
from game.world.verbs import contract_kinds  # noqa: F401  registers the kinds of contract a save may name
from game.world.verbs.factory import group_cells
from game.world.verbs.items import STACKING, stack_key
from game.world.world import World

Made = dict[type, Any]  # an entity's components, made from its record by the registry

# -- the body's own fields ---------------------------------------------------------------------------------
MT_WORDS = 624  # the Mersenne Twister's state words; random.getstate() adds the index into them


def fits_rng(value: Any, world: World | None = None) -> bool:
    """random.Random.getstate() as msgpack holds it: [3, [624 words, an index], gauss_next]. A state of
    all-zero words is refused too: Python never makes one, and it would roll 0 for ever."""
    if not (sized(value, 3) and whole(value[0]) and value[0] == 3 and sized(value[1], MT_WORDS + 1)):
        return False
    words, index, gauss = value[1][:MT_WORDS], value[1][MT_WORDS], value[2]
    return (set(map(type, words)) == {int} and 0 <= min(words) and max(words) < 2**32 and any(words)
            and whole(index) and 0 <= index <= MT_WORDS
            and (gauss is None or isinstance(gauss, float) and number(gauss)))


RNG = Kind(f"Python's random state (3, then {MT_WORDS} words from 0 to 2**32-1, not all 0, and an index from 0 to "
           f"{MT_WORDS}, then a number or nothing)", fits_rng, from_plain=lambda state: (3, tuple(state[1]), state[2]))
SHA256 = Kind("a SHA-256 digest in hex",
              lambda v, w: isinstance(v, str) and re.fullmatch("[0-9a-f]{64}", v) is not None)
RECORDS = list_of("a list of maps", Kind("a map", **saved.coded("type({v}) is dict")))
PARTS = Kind("a list or a map of components", **saved.coded("type({v}) is list or type({v}) is dict"))
SEED = INT.between(0, MAX_SEED)  # the command line's range (main.py --seed)
BODY = {
    "map": saved.record({"path": text(4096), "sha256": SHA256}),
    "seed": SEED, "turn": COUNT, "over": optional(text(300)), "rng": RNG, "uid_serial": COUNT, "hero": optional(UID),
    "creatures": RECORDS, "actors": list_of(f"a list of uids, each {UID.name}", UID),
    "items": RECORDS, "world": Kind("a map of the world's own state", lambda v, w: isinstance(v, dict)),
}
MOST_PARTS = 256  # the components a save's `fields` may name for creatures or for items
MOST_FIELDS = 64  # the fields one component may name there
MOST_NAME = 64  # characters of a component's or a field's name there


def fits_layout(value: Any, world: World | None = None) -> bool:
    """A save's `fields`: for each registry, each component's field names in the order its records list them."""
    return (type(value) is dict and value.keys() == {"creatures", "items"}
            and all(type(parts) is dict and len(parts) <= MOST_PARTS and all(
                type(key) is str and len(key) <= MOST_NAME and type(names) is list and len(names) <= MOST_FIELDS
                and len(set(names)) == len(names) and all(type(n) is str and len(n) <= MOST_NAME for n in names)
                for key, names in parts.items()) for parts in value.values()))


LAYOUT = Kind(f"a map of creatures and items, each a map from at most {MOST_PARTS} components to the names of their "
              f"fields (at most {MOST_FIELDS}, each once)", fits_layout)
OPTIONAL_BODY = {"hero_sheet": HERO_SHEET,  # the one-map hero's sheet of saves from before each hero kept its own
                 "fields": LAYOUT}  # format 5: the order of each component's fields (format 4 held them by name)
SLOT = one_of(saved.STR, "a slot", SLOTS)
WORN = Kind("a [slot, item number] pair", **saved.coded(
    f"type({{v}}) is list and len({{v}}) == 2 and ({SLOT.source.format(v='{v}[0]')}) "
    f"and ({COUNT.source.format(v='{v}[1]')})", {**SLOT.scope, **COUNT.scope}))
EQUIPPED = list_of(f"a list of [slot ({', '.join(SLOTS)}), item number] pairs", WORN)
CREATURE = {"components": PARTS, "equipped": EQUIPPED, "placed": BOOL, "dead": BOOL}
ITEM = {"components": PARTS, "owner": optional(UID)}


def fields(record: dict[str, Any], kinds: dict[str, Kind], where: str = "") -> None:
    """Every key of `kinds` is in `record` with a value of its kind, and no other key (a record that fits
    whole is passed by one compiled test; one that does not is gone through key by key for the message)."""
    if whole_record(kinds)(record, None):
        return
    for key, kind in kinds.items():
        if key not in record:
            raise Unfit(f"missing {where}.{key}" if where else f"missing {key!r}")
        kind.load(record[key], f"{where}.{key}" if where else key)
    unknown = [key for key in record if key not in kinds]
    if unknown:
        raise Unfit(f"{where or 'the save'} has no part {saved.shown(unknown[0])}")


_COMPILED: dict[int, tuple[dict[str, Kind], saved.Fits]] = {}  # id of a table of fields' kinds -> its test


def whole_record(kinds: dict[str, Kind]) -> saved.Fits:
    """The compiled test of a record of exactly these fields, made once per table of kinds (the tables are
    this module's and worldsave's constants)."""
    known = _COMPILED.get(id(kinds))
    if known is None or known[0] is not kinds:
        known = _COMPILED[id(kinds)] = (kinds, saved.record_fits(kinds))
    return known[1]


def body_fields(body: dict[str, Any]) -> None:
    """The body's own fields: before the map is even read (the records around the components are checked
    with them, `components`)."""
    fields({key: value for key, value in body.items() if key not in OPTIONAL_BODY}, BODY)
    for key, kind in OPTIONAL_BODY.items():
        if key in body:
            kind.load(body[key], key)


RECORD_OF = {"creatures": CREATURE, "items": ITEM}  # the fields of the record around an entity's components


def components(world: World, parts: dict[str, saved.Part], body: dict[str, Any], where: str) -> list[Made]:
    """Each entity's components from its record in `body[where]` (the record's own fields checked first), in
    the registry's order, each checked by its kinds and its check. A component is the list of its fields'
    values in the order the body's `fields` names them (format 5), or a map of them by name (format 4). An
    optional one missing from a record is left out; any other missing one (new since the save) is made from
    its defaults. One function compiled for the registry as it is makes them."""
    layout = body.get("fields")
    if layout:
        names_known(parts, layout[where], where)
    return entity_loader(parts, where)(body[where], world, layout[where] if layout else {})


MAX_FLOOR_ITEMS = 2_000  # items lying in one room, alike ones one stack: every turn walks a room's floor (docs/saves.md)


def floors_bounded(world: World, body: dict[str, Any], items: list[Made]) -> None:
    """Unfit when a room's floor would hold more than MAX_FLOOR_ITEMS items once alike ones lying on one square
    are one stack, as the world lays them (items.lay): such a save makes every turn slow (issue 26: 50,000
    copies of one floor item cost 0.75 s a turn)."""
    lying: dict[int, set] = {}
    for made, record in zip(items, body["items"]):
        if record["owner"] is None:
            item = made[Item]
            alike = world.content.items[item.item_id].kind in STACKING and Mark not in made
            lying.setdefault(item.room, set()).add(stack_key(item, item.square) if alike else id(made))
    for room, found in lying.items():
        if len(found) > MAX_FLOOR_ITEMS:
            raise Unfit(f"room {room} holds {len(found)} items on its floor; a save holds at most {MAX_FLOOR_ITEMS} "
                        f"a room (alike ones on one square count as one stack)")


def names_known(parts: dict[str, saved.Part], layout: dict[str, list[str]], where: str) -> None:
    """Unfit for a component or a field the save's `fields` names and the game does not know (a flipped byte in
    a name), quoted escaped: docs/saves.md refuses unknown names, even of a component no entity holds."""
    known = {part.key: part for part in parts.values()}
    for key, names in layout.items():
        part = known.get(key)
        if part is None:
            raise Unfit(f"the save names a component {saved.shown(key)} of its {where}, which the game does not know")
        unknown = [name for name in names if name not in part.fields]
        if unknown:
            raise Unfit(f"the save names a field {saved.shown(unknown[0])} of the component {key}, which it does "
                        f"not have")


def misfit(record: Any, where: str, i: int) -> None:
    """Unfit naming the first field of the record around entity `i`'s components that is missing or does not fit."""
    fields(record, RECORD_OF[where], f"{where}[{i}]")


def as_slots(record: Any, keys: tuple[str, ...], required: frozenset[str], saved_keys: list[str]) -> list[Any]:
    """An entity's components as the loader reads them, one slot a registered component in the registry's
    order (None for an optional one it lacks, an empty map for a required one an older save lacks), from a
    map of them by key (format 4, the tools' saves) or a list in another order than the registry's (a save's
    `fields` names the order). Unfit for a component the game does not know."""
    if type(record) is list:
        if len(record) != len(saved_keys):
            raise Unfit(f"an entity holds {len(record)} components, not the {len(saved_keys)} its save names")
        record = {key: value for key, value in zip(saved_keys, record) if value is not None}
    unknown = [key for key in record if key not in keys]
    if unknown:
        raise Unfit(f"no component is saved as {saved.shown(unknown[0])}")
    return [record.get(key, {} if key in required else None) for key in keys]


def by_name(key: str, names: list[str] | None, values: list[Any]) -> dict[str, Any]:
    """A component saved as a list of its fields' values, as a map of them by name (the field-by-field
    check's), with the names the save's `fields` gives them."""
    if names is None:
        raise Unfit(f"{key} is a list of values, but the save does not name its fields")
    if len(values) != len(names):
        raise Unfit(f"{key} holds {len(values)} values, not the {len(names)} fields the save names")
    return dict(zip(names, values))


Loader = Callable[[list[dict[str, Any]], World, dict[str, list[str]]], list[Made]]
_LOADERS: list[tuple[tuple[saved.Part, ...], Loader, tuple[str, bool]]] = []  # the latest last; (where, FIELD_BY_FIELD)
# ETHERNALIS_FIELD_BY_FIELD=1: the entity loader makes every component field by field, in plain Python one can
# step through (Part.load_field_by_field), instead of testing a record's fields side by side; the same
# components and the same refusals, slower (docs/saves.md, "The loader").
FIELD_BY_FIELD = os.environ.get("ETHERNALIS_FIELD_BY_FIELD") == "1"
WORLD_CALL = re.compile(r"\b([A-Za-z]+_[0-9]+)\(w\)")  # a kind's bound or choices, asked of the world


def entity_loader(parts: dict[str, saved.Part], where: str) -> Loader:
    """The compiled function making every entity's components from its record, for the registry as it is now:
    each part's fields tested by their kinds' sources side by side and the component made in one go, what a
    kind asks of the world (its rooms, the factions, a bound) asked once for them all; a part it does not
    take whole goes to `Part.load_field_by_field`, which makes it or names the problem (tests/
    test_save_registry.py holds it to that)."""
    key = tuple(parts.values())
    loader = next((known for kept, known, kept_where in reversed(_LOADERS) if kept_where == (where, FIELD_BY_FIELD)
                   and len(kept) == len(key) and all(a is b for a, b in zip(kept, key))), None)
    if loader is None:
        loader = _compile_loader(key, where)
        _LOADERS[:] = [*_LOADERS[-7:], (key, loader, (where, FIELD_BY_FIELD))]
    return loader


def in_init_order(part: saved.Part) -> bool:
    """Whether a component's saved fields are the first arguments its class takes, in order (and it makes
    none of them again), so the loader may pass them by position (quicker than by keyword)."""
    taken = [field.name for field in dataclasses.fields(part.component) if field.init]
    return part.derive is None and taken[:len(part.fields)] == list(part.fields)


def _compile_loader(parts: tuple[saved.Part, ...], where: str) -> Loader:
    """The source of `entity_loader`'s function, compiled: a head asking the world once, then one loop over
    the records, each entity's components in slots (format 5's list, else `as_slots`), with each part's lines
    (`part_lines`) in the registry's order."""
    keys = tuple(part.key for part in parts)
    scope: dict[str, Any] = {"Unfit": Unfit, "by_name": by_name, "as_slots": as_slots, "misfit": misfit,
                             "WHERE": where, "KEYS": keys, "KEY_LIST": list(keys),
                             "REQUIRED": frozenset(part.key for part in parts if not part.optional)}
    asked: dict[str, str] = {}  # a world call's source -> the local holding its answer

    def hoisted(source: str) -> str:
        return WORLD_CALL.sub(lambda m: asked.setdefault(m.group(0), f"{m.group(1)}_w")
                              if callable(scope.get(m.group(1))) else m.group(0), source)

    wrapper = saved.fields_fit(RECORD_OF[where], "entry", scope, "misfit(entry, WHERE, i)")
    body = ["for i, entry in enumerate(records):",
            f"    if type(entry) is not dict or len(entry) != {len(RECORD_OF[where])}:",
            "        misfit(entry, WHERE, i)",
            *(f"    {line}" for line in wrapper),
            "    record = entry['components']",
            f"    if type(record) is not list or not slots_in_order or len(record) != {len(parts)}:",
            "        record = as_slots(record, KEYS, REQUIRED, saved_keys)",
            "    made = {}"]
    head = ["saved_keys = list(fields)",
            "slots_in_order = saved_keys == KEY_LIST"]  # the save lists the components as the registry does
    for i, part in enumerate(parts):
        scope[f"NAMES{i}"] = list(part.fields)
        head.append(f"in_order{i} = fields.get({part.key!r}) == NAMES{i}")  # and each one's fields
        lines = part_lines(i, part, scope, hoisted)
        if part.optional:  # an empty slot: the entity lacks it
            body += [f"    saved = record[{i}]", "    if saved is not None:", *(f"        {line}" for line in lines)]
        else:  # an empty map, from a save older than it: made from its defaults
            body += [f"    saved = record[{i}]", *(f"    {line}" for line in lines)]
    body.append("    out.append(made)")
    head += [f"{local} = {call}" for call, local in asked.items()]
    return saved.made_function("load_entities", ["records", "w", "fields"], [*head, "out = []", *body, "return out"],
                               scope)


def part_lines(i: int, part: saved.Part, scope: dict[str, Any], hoisted: Callable[[str], str]) -> list[str]:
    """The loader's lines making part `i` from `saved` into `made`: a list of its fields' values in the
    registry's order tested side by side and made in one call; anything else through `Part.load_field_by_field`."""
    scope.update({f"C{i}": part.component, f"make{i}": part.component, f"slowly{i}": part.load_field_by_field,
                  f"derive{i}": part.derive, f"check{i}": part.check})
    names = list(part.fields)
    tests, values = [], []
    for j, kind in enumerate(part.fields.values()):
        if kind.source is not None:
            scope.update(kind.scope)
            tests.append(f"({hoisted(kind.source.format(v=f'v{j}'))})")
        else:
            tests.append(f"{saved.unique('fits', kind.fits, scope)}(v{j}, w)")
        loaded = "" if kind.from_plain is saved.same else saved.unique("loaded", kind.from_plain, scope)
        values.append(f"{loaded}(v{j})" if in_init_order(part) else f"{names[j]}={loaded}(v{j})")
    if part.derive is not None:
        made_it = [f"values = dict({', '.join(values)})", f"values.update(derive{i}(w, made, values))",
                   f"component = make{i}(**values)"]
    else:
        made_it = [f"component = make{i}({', '.join(values)})"]
    if part.check is not None:
        made_it += [f"problem = check{i}(w, component, made)", "if problem:", "    raise Unfit(problem)"]
    if FIELD_BY_FIELD:  # the debugging switch: every component through Part.load_field_by_field
        return ["if type(saved) is list:", f"    saved = by_name({part.key!r}, fields.get({part.key!r}), saved)",
                f"component = slowly{i}(saved, w, made)", f"made[C{i}] = component"]
    return ["component = None",
            "if type(saved) is list:",
            f"    if in_order{i} and len(saved) == {len(names)}:",
            *([f"        {', '.join(f'v{j}' for j in range(len(names)))}, = saved"] if names else []),
            f"        if {' and '.join(tests) or 'True'}:", *(f"            {line}" for line in made_it),
            "    if component is None:",
            f"        saved = by_name({part.key!r}, fields.get({part.key!r}), saved)",
            "if component is None:",  # a map of fields by name (format 4), or a value that does not fit
            f"    component = slowly{i}(saved, w, made)",
            f"made[C{i}] = component"]


def world_state(world: World, saved_state: dict[str, Any]) -> dict[saved.State, Any]:
    """The world's own state as it will hold it; state new since the save is left out (it keeps the value
    a new world starts with)."""
    unknown = [key for key in saved_state if key not in saved.WORLD_STATE]
    if unknown:
        raise Unfit(f"the world has no state {saved.shown(unknown[0])}")
    return {state: state.load(world, saved_state[key])
            for key, state in saved.WORLD_STATE.items() if key in saved_state}


# -- the links between entities -----------------------------------------------------------------------------
class Creature:
    """One saved creature while its links are checked: its uid, components and record."""

    __slots__ = ("made", "record", "uid", "body", "alive")

    def __init__(self, made: Made, record: dict[str, Any]) -> None:
        self.made, self.record = made, record
        self.uid: str = made[Identity].uid
        self.body: Body = made[Body]
        self.alive = self.body.health > 0


def links(world: World, body: dict[str, Any], creatures: list[Made], items: list[Made]) -> None:
    """Everything that ties the saved entities together, checked before one of them is built."""
    by_uid: dict[str, Creature] = {}
    for made, record in zip(creatures, body["creatures"]):
        creature = Creature(made, record)
        if creature.uid in by_uid:
            raise Unfit(f"two creatures are both {creature.uid}")
        by_uid[creature.uid] = creature
    the_hero(body, by_uid)
    serial = body["uid_serial"]
    for creature in by_uid.values():
        life(body, creature)
        if creature.made[Identity].codex_id != HERO_ID and int(creature.uid.rpartition("#")[2]) > serial:
            raise Unfit(f"{creature.uid} is numbered past the uid counter ({serial})")
    actors(body["actors"], by_uid)
    standing(world, [c for c in by_uid.values() if c.record["placed"]])
    carried(world, body["items"], items, by_uid)
    worn(world, body["items"], items, by_uid)


def the_hero(body: dict[str, Any], by_uid: dict[str, Creature]) -> None:
    """The body's hero is the one creature of the hero's kind and with its sheet; every other creature has
    a mood, so it acts. A site of a world of sites the hero is away from has no hero (`hero` is None)."""
    hero = by_uid.get(body["hero"])
    if body["hero"] is not None and (hero is None or hero.made[Identity].codex_id != HERO_ID):
        raise Unfit(f"the hero {body['hero']!r} is not among the creatures")
    for creature in by_uid.values():
        is_hero = creature is hero
        if (Hero in creature.made) != is_hero:
            raise Unfit(f"{creature.uid} has the hero's sheet" if not is_hero else "the hero has no hero sheet")
        if (Mood in creature.made) == is_hero:
            raise Unfit("the hero has a mood" if is_hero else f"{creature.uid} has no mood, so it would never act")


def life(body: dict[str, Any], creature: Creature) -> None:
    """A creature killed this turn is marked dead and the others live, but the hero: it is never cleared,
    and the game is over exactly when it is dead. Only the living stand in a room."""
    uid, health, record = creature.uid, creature.body.health, creature.record
    if uid == body["hero"]:
        if record["dead"]:
            raise Unfit("the hero is marked dead (a dead hero stays, and the game is over)")
        if creature.alive and body["over"] is not None:
            raise Unfit(f"the game is over ({body['over']}) but the hero has {health} health")
        if not creature.alive and body["over"] is None:
            raise Unfit(f"the hero has {health} health but the game is not over")
    elif creature.alive == record["dead"]:
        raise Unfit(f"{uid} is marked dead but has {health} health" if creature.alive
                    else f"{uid} has {health} health but is not marked dead")
    if creature.alive != record["placed"]:
        raise Unfit(f"{uid} is alive but stands in no room" if creature.alive
                    else f"{uid} is dead but still stands in room {creature.made[Position].room}")


def actors(listed: list[str], by_uid: dict[str, Creature]) -> None:
    """The NPC order names every creature with a mood once, and nothing else."""
    seen: set[str] = set()
    for uid in listed:
        if uid in seen:
            raise Unfit(f"{uid} is listed twice among the actors")
        if uid not in by_uid or Mood not in by_uid[uid].made:
            raise Unfit(f"the actor {uid} is not among the creatures that act")
        seen.add(uid)
    missing = [uid for uid, creature in by_uid.items() if Mood in creature.made and uid not in seen]
    if missing:
        raise Unfit(f"{missing[0]} is not among the actors, so it would never act")


def squares_of(world: World, creature: Creature) -> list[tuple[int, int]]:
    """The squares a creature stands on: a group's heads, one square each (C31), or its footprint."""
    pos, uid = creature.made[Position], creature.uid
    if not creature.body.heads:
        if pos.cells:
            raise Unfit(f"{uid} is no minion group but stands on the squares of heads")
        fp = creature.made[Footprint]
        return [pos.square] if fp.w == fp.h == 1 else footprint_squares(pos.square, fp.w, fp.h)
    cells = list(pos.cells)
    needed = group_cells(world, creature.made[Identity].codex_id, creature.body.heads)
    if len(cells) != needed or cells[0] != pos.square or len(set(cells)) != len(cells):
        raise Unfit(f"{uid}, a group of {creature.body.heads} heads, should stand on {needed} squares, the first "
                    f"its square {pos.square}, not on {saved.shown(cells)}")
    return cells


def standing(world: World, placed: list[Creature]) -> None:
    """Each placed creature stands inside its room, on squares no other creature stands on."""
    taken: dict[tuple[int, int], str] = {}  # rooms never overlap: a square is taken in one room at most
    rooms = world.map.rooms
    for creature in placed:
        room = creature.made[Position].room
        squares = squares_of(world, creature)
        contains = rooms[room].contains
        for square in squares:
            if not contains(square):
                raise Unfit(f"{creature.uid} stands outside its room ({room}) at {squares[0]}")
            other = taken.setdefault(square, creature.uid)
            if other != creature.uid:
                raise Unfit(f"{other} and {creature.uid} both stand on {square} in room {room}")


def carried(world: World, records: list[dict[str, Any]], items: list[Made], by_uid: dict[str, Creature]) -> None:
    """An item lies on a square of its room's floor, or a living creature carries it (never a fixture)."""
    rooms, kinds = world.map.rooms, world.content.items
    for i, (record, made) in enumerate(zip(records, items)):
        item, owner = made[Item], record["owner"]
        if owner is None:
            if item.room is None or item.square is None:
                raise Unfit(f"item {i} ({item.item_id}) is neither carried nor on a floor")
            if not rooms[item.room].contains(item.square):
                raise Unfit(f"item {i} ({item.item_id}) lies outside its room ({item.room}) at {item.square}")
        elif owner not in by_uid or not by_uid[owner].alive:
            raise Unfit(f"item {i} ({item.item_id}) is carried by {owner}, who is not among the living creatures")
        elif item.room is not None or item.square is not None:
            raise Unfit(f"item {i} ({item.item_id}) is carried by {owner} and lies in room {item.room} too")
        elif kinds[item.item_id].fixture:
            raise Unfit(f"item {i} ({item.item_id}) is carried by {owner}, but it never moves")


def worn(world: World, records: list[dict[str, Any]], items: list[Made], by_uid: dict[str, Creature]) -> None:
    """Each equipped slot holds an item its creature carries and that is worn in that slot, once."""
    for uid, creature in by_uid.items():
        slots: set[str] = set()
        for slot, index in creature.record["equipped"]:
            if slot in slots:
                raise Unfit(f"{uid} wears two things as its {slot}")
            slots.add(slot)
            if index >= len(items):
                raise Unfit(f"{uid}'s {slot} is item {index}, but the save holds {len(items)} items")
            owner = records[index]["owner"]
            if owner != uid:
                raise Unfit(f"{uid}'s {slot} is item {index}, which " +
                            ("lies on a floor" if owner is None else f"{owner} carries"))
            item_id = items[index][Item].item_id
            if world.content.items[item_id].slot != slot:
                raise Unfit(f"{uid}'s {slot} is item {index} ({item_id}), which is not worn as a {slot}")
