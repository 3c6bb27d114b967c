"""A save's body checked as a whole before a world is built from it (docs/saves.md, "What loading checks").

The registries of game/world/saved.py check each component and each piece of the world's own state: types,
ranges, names from the game's data and the map. This module checks what none of them can see: the body's
own fields (the map, the turn, the RNG, the uid counter, the hero, the NPC order, the records around the
components) and the links between entities (uids, life and death, the NPC order, who stands where, owners,
equipped slots). A problem is refused with saved.Unfit, one line that names it; nothing here changes the body.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from game.content.codex import HERO_ID
from game.content.items import SLOTS
from game.world import saved
from game.world.components import HERO_SHEET, UID, Body, Footprint, Hero, Identity, Item, Mood, Position
from game.world.rooms import footprint_squares
from game.world.saved import BOOL, COUNT, INT, Kind, Unfit, list_of, number, one_of, optional, sized, text, whole
from game.world.verbs.factory import group_cells
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
    return (all(whole(word) and 0 <= word < 2**32 for word in words) and any(words)
            and whole(index) and 0 <= index <= MT_WORDS
            and (gauss is None or isinstance(gauss, float) and number(gauss)))


RNG = Kind(f"Python's random state (3, then {MT_WORDS} words from 0 to 2**32-1, not all 0, and an index from 0 to "
           f"{MT_WORDS}, then a number or nothing)", fits_rng, from_plain=lambda state: (3, tuple(state[1]), state[2]))
SHA256 = Kind("a SHA-256 digest in hex",
              lambda v, w: isinstance(v, str) and re.fullmatch("[0-9a-f]{64}", v) is not None)
RECORDS = list_of("a list of maps", lambda record, w: isinstance(record, dict))
PARTS = Kind("a map of components", **saved.coded("type({v}) is dict"))
BODY = {
    "map": saved.record({"path": text(4096), "sha256": SHA256}),
    "seed": INT, "turn": COUNT, "over": optional(text(300)), "rng": RNG, "uid_serial": COUNT, "hero": optional(UID),
    "creatures": RECORDS, "actors": list_of(f"a list of uids, each {UID.name}", UID.fits),
    "items": RECORDS, "world": Kind("a map of the world's own state", lambda v, w: isinstance(v, dict)),
}
OPTIONAL_BODY = {"hero_sheet": HERO_SHEET}  # the one-map hero's sheet of saves from before each hero kept its own
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
    """The body's own fields and the records around the components: before the map is even read."""
    fields({key: value for key, value in body.items() if key not in OPTIONAL_BODY}, BODY)
    for key, kind in OPTIONAL_BODY.items():
        if key in body:
            kind.load(body[key], key)
    for records, kinds, where in ((body["creatures"], CREATURE, "creatures"), (body["items"], ITEM, "items")):
        fits = whole_record(kinds)
        for i, record in enumerate(records):
            if not fits(record, None):
                fields(record, kinds, f"{where}[{i}]")


def components(world: World, parts: dict[str, saved.Part], records: list[dict[str, Any]]) -> list[Made]:
    """Each entity's components from their saved records, in the registry's order (each checked by its
    kinds and its check). An optional one missing from a record is left out; any other missing one (new
    since the save) is made from its defaults. One function compiled for the registry as it is makes them."""
    made = entity_loader(parts)
    keys = parts.keys()
    out = []
    for record in records:
        if not record.keys() <= keys:
            unknown = [key for key in record if key not in parts]
            raise Unfit(f"no component is saved as {saved.shown(unknown[0])}")
        out.append(made(record, world))
    return out


_LOADERS: list[tuple[tuple[saved.Part, ...], Callable[[dict[str, Any], World], Made]]] = []  # the latest last


def entity_loader(parts: dict[str, saved.Part]) -> Callable[[dict[str, Any], World], Made]:
    """The compiled function making an entity's components from its record, part after part, for the
    registry as it is now."""
    key = tuple(parts.values())
    loader = next((known for kept, known in reversed(_LOADERS) if len(kept) == len(key)
                   and all(a is b for a, b in zip(kept, key))), None)
    if loader is None:
        scope: dict[str, Any] = {"NONE": {}}
        lines = ["made = {}"]
        for i, part in enumerate(key):
            scope[f"C{i}"], scope[f"load{i}"] = part.component, part.load
            if part.optional:
                lines += [f"if {part.key!r} in record:", f"    made[C{i}] = load{i}(record[{part.key!r}], world, made)"]
            else:  # missing from an older save: made from its defaults
                lines.append(f"made[C{i}] = load{i}(record.get({part.key!r}, NONE), world, made)")
        lines.append("return made")
        loader = saved.made_function("load_entity", ["record", "world"], lines, scope)
        _LOADERS[:] = [*_LOADERS[-7:], (key, loader)]
    return loader


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

    def __init__(self, made: Made, record: dict[str, Any]) -> None:
        self.made, self.record = made, record
        self.uid: str = made[Identity].uid
        self.body: Body = made[Body]

    @property
    def alive(self) -> bool:
        return self.body.health > 0


def links(world: World, body: dict[str, Any], creatures: list[Made], items: list[Made]) -> None:
    """Everything that ties the saved entities together, checked before one of them is built."""
    by_uid: dict[str, Creature] = {}
    for made, record in zip(creatures, body["creatures"]):
        creature = Creature(made, record)
        if creature.uid in by_uid:
            raise Unfit(f"two creatures are both {creature.uid}")
        by_uid[creature.uid] = creature
    the_hero(body, by_uid)
    for creature in by_uid.values():
        life(body, creature)
        if creature.made[Identity].codex_id != HERO_ID and int(creature.uid.rpartition("#")[2]) > body["uid_serial"]:
            raise Unfit(f"{creature.uid} is numbered past the uid counter ({body['uid_serial']})")
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
        return footprint_squares(pos.square, fp.w, fp.h)
    cells = list(pos.cells)
    needed = group_cells(world, creature.made[Identity].codex_id, creature.body.heads)
    if len(cells) != needed or cells[0] != pos.square or len(set(cells)) != len(cells):
        raise Unfit(f"{uid}, a group of {creature.body.heads} heads, should stand on {needed} squares, the first "
                    f"its square {pos.square}, not on {saved.shown(cells)}")
    return cells


def standing(world: World, placed: list[Creature]) -> None:
    """Each placed creature stands inside its room, on squares no other creature stands on."""
    taken: dict[tuple[int, tuple[int, int]], str] = {}
    for creature in placed:
        room = creature.made[Position].room
        squares = squares_of(world, creature)
        if not all(world.map.rooms[room].contains(square) for square in squares):
            raise Unfit(f"{creature.uid} stands outside its room ({room}) at {squares[0]}")
        for square in squares:
            other = taken.setdefault((room, square), creature.uid)
            if other != creature.uid:
                raise Unfit(f"{other} and {creature.uid} both stand on {square} in room {room}")


def carried(world: World, records: list[dict[str, Any]], items: list[Made], by_uid: dict[str, Creature]) -> None:
    """An item lies on a square of its room's floor, or a living creature carries it (never a fixture)."""
    for i, (record, made) in enumerate(zip(records, items)):
        item, owner = made[Item], record["owner"]
        what = f"item {i} ({item.item_id})"
        if owner is None:
            if item.room is None or item.square is None:
                raise Unfit(f"{what} is neither carried nor on a floor")
            if not world.map.rooms[item.room].contains(item.square):
                raise Unfit(f"{what} lies outside its room ({item.room}) at {item.square}")
        elif owner not in by_uid or not by_uid[owner].alive:
            raise Unfit(f"{what} is carried by {owner}, who is not among the living creatures")
        elif item.room is not None or item.square is not None:
            raise Unfit(f"{what} is carried by {owner} and lies in room {item.room} too")
        elif world.content.items[item.item_id].fixture:
            raise Unfit(f"{what} is carried by {owner}, but it never moves")


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
