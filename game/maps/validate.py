"""Every check on a map (docs/maps.md, "The checker"), each problem as `file: object id (name): message`.

The checks read the raw Tiled objects (game/maps/tiled.py), resolve their properties against the
schema (game/maps/schema.py), convert pixels to squares and judge the result. The loader refuses a
map with any problem; tools/check_map.py prints them.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ElementTree
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from game.maps.data_ids import DataIds
from game.content.errors import clipped
from game.maps.errors import Problem, object_label
from game.maps.limits import MAX_AREA, MAX_AREAS, MAX_FILE_BYTES, MAX_ID, MAX_IMAGE_PX, MAX_NAME, MAX_TEXT, png_size
from game.paths import regular_file
from game.maps.schema import CLASSES, DUNGEON_CLASSES, ENUMS, MAP_PROPS, NONE, REGION_CLASSES, Prop
from game.rules import dice
from game.rules.definitions import MAX_SIDE

if TYPE_CHECKING:
    from game.maps.tiled import MapObject, RawMap

Square = tuple[int, int]
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass
class Obj:
    """A map object in squares with its resolved, typed properties."""

    id: int
    name: str
    kind: str
    x: int
    y: int
    w: int
    h: int
    props: dict[str, object]
    points: tuple[Square, ...] = ()

    @property
    def squares(self) -> list[Square]:
        return [(self.x + i, self.y + j) for j in range(self.h) for i in range(self.w)]


Repair = Callable[["RawMap"], "RawMap"]


@dataclass
class Checked:
    """The outcome of checking a map: its objects in squares, what lies where, and every problem. A problem
    that may explain later ones (a room off the grid, the map's tile size) carries a repair: the map as the
    designer likely meant it, checked again by `folded` to tell which problems follow from it."""

    path: Path
    map_props: dict[str, object] = field(default_factory=dict)
    objects: list[Obj] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    room_of: dict[int, int] = field(default_factory=dict)  # object id -> room id
    exit_rooms: dict[int, tuple[int, int]] = field(default_factory=dict)
    roads: list[tuple[int, int]] = field(default_factory=list)
    repairs: list[tuple[int, str, Repair]] = field(default_factory=list)  # rank (map-wide first), line, mend

    def of_class(self, kind: str) -> list[Obj]:
        return [o for o in self.objects if o.kind == kind]

    def report(self, obj: Obj | MapObject | None, message: str, repair: Repair | None = None) -> None:
        where = "map" if obj is None else object_label(obj.id, obj.name)
        self.add(f"{self.path}: {where}: {message}", None if obj is None else obj.id, repair)

    def add(self, line: str, object_id: int | None = None, repair: Repair | None = None, rank: int = 1) -> None:
        """A problem; with a repair, a possible first cause (of `rank` 0 when it concerns the whole map)."""
        self.problems.append(Problem(line, object_id))
        if repair is not None:
            self.repairs.append((rank, line, repair))


MAX_REPAIRS = 8  # problems of one map tried as first causes (each checks the map again)


def folded(raw: RawMap, check: Callable[[RawMap], Checked]) -> Checked:
    """`check(raw)` with every problem that follows from a first cause folded under it: a problem follows
    from a first cause when checking the map with that cause repaired no longer finds it (causes concerning
    the whole map are tried first). First causes come first, then the other problems, in the order found."""
    checked = check(raw)
    lines = [p.line for p in checked.problems]
    cause_of: dict[str, str] = {}
    for _, cause, repair in sorted(checked.repairs, key=lambda r: r[0])[:MAX_REPAIRS]:
        if cause in cause_of:
            continue  # it follows from an earlier cause itself
        remaining = {p.line for p in check(repair(raw)).problems}
        for line in lines:
            if line != cause and line not in remaining and line not in cause_of:
                cause_of[line] = cause
    if not cause_of:
        return checked
    kept = [replace(p, follows=tuple(q for q in checked.problems if cause_of.get(q.line) == p.line))
            for p in checked.problems if p.line not in cause_of]
    rank = {line: r for r, line, _ in checked.repairs}
    checked.problems = sorted((p for p in kept if p.follows), key=lambda p: rank[p.line]) + [p for p in kept if not p.follows]
    return checked


def split_flags(value: object) -> list[str]:
    """A flags enum stores the ticked values as "a,b,c"."""
    return [v.strip() for v in str(value or "").split(",") if v.strip()]


# ---------------------------------------------------------------- properties and geometry


def resolve_props(checked: Checked, obj: MapObject | None, props: dict, schema: tuple[Prop, ...]) -> dict:
    """Apply defaults, convert types and check enum values of one object's (or the map's) properties."""
    known = {p.name: p for p in schema}
    for name in props:
        if name not in known:
            expected = ", ".join(known) or "none"
            checked.report(obj, f"unknown property '{clipped(name)}' (expected: {expected})")
    out = {}
    for prop in schema:
        value = props.get(prop.name, prop.default)
        out[prop.name] = convert(checked, obj, prop, value)
    return out


def convert(checked: Checked, obj: MapObject | None, prop: Prop, value: object) -> object:
    if prop.type == "int":
        text = str(value).strip()
        if isinstance(value, bool) or not re.fullmatch(r"-?[0-9]+", text):
            checked.report(obj, f"property '{prop.name}' must be a whole number, not '{clipped(value)}'")
            return prop.default
        if prop.most is not None and (len(text) > 12 or int(text) > prop.most):
            checked.report(obj, f"property '{prop.name}' must be at most {prop.most}, not {clipped(text, 20)}")
            return prop.default
        return int(text)
    if prop.type == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text not in ("true", "false", "1", "0"):
            checked.report(obj, f"property '{prop.name}' must be true or false, not '{clipped(value)}'")
            return prop.default
        return text in ("true", "1")
    value = "" if value is None else str(value).strip()
    if len(value) > MAX_TEXT:
        checked.report(obj, f"property '{prop.name}' is {len(value)} characters long; a value has at most {MAX_TEXT}")
        return prop.default
    allowed = ENUMS.get(prop.type)
    if allowed is not None and value not in allowed and not (value == "" and NONE in allowed):
        checked.report(obj, f"property '{prop.name}' is '{clipped(value)}', expected one of: {', '.join(allowed)}")
        return prop.default
    return value


AREAS = ("room", "dungeon", "settlement")  # classes that are rectangles of squares
NO_POINTS = ("ellipse", "text")  # shapes no class takes


def to_squares(checked: Checked, raw: RawMap, mo: MapObject) -> Obj | None:
    """Pixels to squares: rectangles must sit on the grid; a point object covers the square it is in. Other
    shapes are refused by name; the repair of an off-grid or misshapen room is its rectangle on the grid."""
    tw, th = raw.tile_w, raw.tile_h
    numbers = (("x", mo.x), ("y", mo.y), ("width", mo.w), ("height", mo.h), ("rotation", mo.rotation),
               *(("a point", v) for point in mo.points for v in point))
    bad = next(((name, v) for name, v in numbers if not math.isfinite(v)), None)
    if bad is not None:
        checked.report(mo, f"{bad[0]} is {bad[1]}, not a number of pixels")
        return None
    if mo.rotation:
        checked.report(mo, "rotated objects are not supported")
        return None
    wanted = "a rectangle" if mo.kind in AREAS else "a polyline" if mo.kind == "road" else "a rectangle or a point"
    if mo.kind == "road" and mo.points:
        pts = tuple((int(px // tw), int(py // th)) for px, py in mo.points)
        return Obj(mo.id, mo.name, mo.kind, min(p[0] for p in pts), min(p[1] for p in pts), 1, 1, {}, pts)
    if mo.shape in (*NO_POINTS, "polygon", "polyline") or (mo.shape == "point" and mo.kind in AREAS):
        checked.report(mo, f"a {mo.kind} must be {wanted}, not {'an' if mo.shape[0] in 'aeiou' else 'a'} {mo.shape}",
                       _as_rectangle(raw, mo, tw, th))
        return None
    if mo.w == 0 and mo.h == 0:
        x, y, w, h = int(mo.x // tw), int(mo.y // th), 1, 1
    else:
        cells = (mo.x / tw, mo.y / th, mo.w / tw, mo.h / th)
        if any(abs(c - round(c)) > 1e-3 for c in cells) or mo.w <= 0 or mo.h <= 0:
            checked.report(mo, "rectangle is not aligned to the squares (snap it to the grid)", _as_rectangle(raw, mo, tw, th))
            return None
        x, y, w, h = (round(c) for c in cells)
    if x < 0 or y < 0 or x + w > raw.width or y + h > raw.height:
        checked.report(mo, f"lies outside the map ({raw.width}x{raw.height} squares)")
        return None
    return Obj(mo.id, mo.name, mo.kind, x, y, w, h, {})


def _as_rectangle(raw: RawMap, mo: MapObject, tw: int, th: int) -> Repair:
    """The map with `mo` drawn as the rectangle of the squares its outline touches (a repair, `folded`)."""
    xs, ys = [x for x, _ in mo.points] or [mo.x, mo.x + mo.w], [y for _, y in mo.points] or [mo.y, mo.y + mo.h]
    left, top = math.floor(min(xs) / tw) * tw, math.floor(min(ys) / th) * th
    right, bottom = max(left + tw, math.ceil(max(xs) / tw) * tw), max(top + th, math.ceil(max(ys) / th) * th)
    mended = replace(mo, x=left, y=top, w=right - left, h=bottom - top, points=(), shape="rectangle")
    return lambda r: replace(r, objects=tuple(mended if o is mo else o for o in r.objects))


def read_objects(checked: Checked, raw: RawMap, allowed: tuple[str, ...]) -> None:
    """Resolve map properties and every object of an allowed class into `checked.objects`."""
    checked.map_props = resolve_props(checked, None, raw.props, MAP_PROPS)
    seen: dict[int, MapObject] = {}
    for mo in raw.objects:
        if not 0 <= mo.id <= MAX_ID:
            checked.report(mo, f"object id must be from 0 to {MAX_ID}")
            continue
        if len(mo.name) > MAX_NAME:
            checked.report(mo, f"name is {len(mo.name)} characters long; a name has at most {MAX_NAME}")
        if mo.id in seen:
            checked.report(mo, f"object id is used twice (also by '{clipped(seen[mo.id].name)}')")
        seen[mo.id] = mo
        if not mo.kind:
            checked.report(mo, f"object has no class/type (expected one of: {', '.join(allowed)})")
            continue
        if mo.kind not in allowed:
            checked.report(mo, f"unknown class '{mo.kind}' (expected one of: {', '.join(allowed)})")
            continue
        obj = to_squares(checked, raw, mo)
        if obj is not None:
            obj.props = resolve_props(checked, mo, mo.props, CLASSES[mo.kind])
            checked.objects.append(obj)


def check_tilesets(checked: Checked, raw: RawMap) -> None:
    """Each tileset's image exists, is a PNG within MAX_IMAGE_PX and holds its tiles; its tiles are the map's.
    The repair of a map whose squares are not its tilesets' size is the map drawn on its tilesets' squares."""
    sizes = {(ts.tile_w, ts.tile_h) for ts in raw.tilesets}
    for ts in raw.tilesets:
        label = f"{checked.path}: tileset {clipped(ts.name)}"
        found = regular_file(ts.image) is not None
        size = png_size(ts.image) if found else None
        rows = -(-ts.count // max(ts.columns, 1))
        if not found:
            checked.add(f"{label}: missing tileset image {ts.image}")
        elif size is None:
            checked.add(f"{label}: image {ts.image} is not a PNG file")
        elif max(size) > MAX_IMAGE_PX:
            checked.add(f"{label}: image is {size[0]}x{size[1]} pixels; a tileset image is at most "
                        f"{MAX_IMAGE_PX}x{MAX_IMAGE_PX}")
        elif ts.columns * ts.tile_w > size[0] or rows * ts.tile_h > size[1]:
            checked.add(f"{label}: image is {size[0]}x{size[1]} pixels, too small for {ts.count} "
                        f"tiles of {ts.tile_w}x{ts.tile_h} in {ts.columns} columns")
        if (ts.tile_w, ts.tile_h) != (raw.tile_w, raw.tile_h):
            repair = None
            if len(sizes) == 1:
                repair = lambda r, ts=ts: replace(r, tile_w=ts.tile_w, tile_h=ts.tile_h)  # noqa: E731
            checked.add(f"{label}: tiles are {ts.tile_w}x{ts.tile_h}, the map's squares {raw.tile_w}x{raw.tile_h}",
                        repair=repair, rank=0)


# ---------------------------------------------------------------- dungeons, villages, towers


def check_dungeon(raw: RawMap, known: DataIds) -> Checked:
    """All checks of a dungeon, village or tower; ids are checked against `known` where it has them. The
    problems that follow from a first cause are folded under it (`folded`)."""
    return folded(raw, lambda r: dungeon_problems(r, known))


def dungeon_problems(raw: RawMap, known: DataIds) -> Checked:
    checked = Checked(raw.path)
    if raw.props.get("kind") == "region":
        checked.report(None, "is the region map, not a dungeon, village or tower (open it with load_region)")
        return checked
    read_objects(checked, raw, DUNGEON_CLASSES)
    check_tilesets(checked, raw)
    rooms = check_rooms(checked)
    if rooms is None:
        return checked
    check_exits(checked, rooms)
    check_contents(checked, rooms, known)
    check_keys(checked, known)
    check_reachable(checked, rooms.all)
    check_named_rooms(checked, rooms.all)
    return checked


def check_named_rooms(checked: Checked, rooms: list[Obj]) -> None:
    """The map properties `surface` (the way up to the region) and `arrivals` (where world NPCs coming by road
    come in, N3), when set, each name one of the map's rooms."""
    for prop in ("surface", "arrivals"):
        name = checked.map_props.get(prop, "")
        if name and not any(room.name == name for room in rooms):
            checked.report(None, f"{prop} names no room of the map ({clipped(name)!r})")


class Areas:
    """Rooms (or places on the region map) that do not overlap, and the one covering each square."""

    def __init__(self, areas: list[Obj]) -> None:
        self.all = areas
        self.by_square = {square: area for area in areas for square in area.squares}

    def at(self, square: Square) -> Obj | None:
        return self.by_square.get(square)

    def holding(self, obj: Obj) -> Obj | None:
        """The area that holds every square of `obj`, else None."""
        area = self.at((obj.x, obj.y))
        corner = (obj.x + obj.w - 1, obj.y + obj.h - 1)
        return area if area is not None and area.x + area.w > corner[0] and area.y + area.h > corner[1] else None


def check_areas(checked: Checked, areas: list[Obj], what: str) -> Areas | None:
    """At most MAX_AREAS rooms (or places) of at most MAX_AREA squares a side, none overlapping another.
    None when they break these rules: the checks that look up what lies where are then skipped."""
    if len(areas) > MAX_AREAS:
        checked.report(None, f"has {len(areas)} {what}s; a map has at most {MAX_AREAS}")
        return None
    broken = False
    for i, b in enumerate(areas):
        if max(b.w, b.h) > MAX_AREA:
            checked.report(b, f"{what} is {b.w}x{b.h} squares; a {what} is at most {MAX_AREA}x{MAX_AREA}")
            broken = True
            continue
        for a in areas[:i]:
            if a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h:
                checked.report(b, f"{what} overlaps {what} {a.id} ({clipped(a.name)})")
                broken = True
                break
    return None if broken else Areas(areas)


def check_rooms(checked: Checked) -> Areas | None:
    rooms = checked.of_class("room")
    if not rooms:
        checked.report(None, "has no room objects")
    for room in rooms:
        if not room.name:
            checked.report(room, "room has no name")
        if room.props["light"] < 0:
            checked.report(room, f"light must be 0 (dark) or more, not {room.props['light']}")
    return check_areas(checked, rooms, "room")


def check_exits(checked: Checked, rooms: Areas) -> None:
    """A door or exit is one square between two rooms, touching each orthogonally (N14)."""
    for ex in checked.objects:
        if ex.kind not in ("exit", "door"):
            continue
        if (ex.w, ex.h) != (1, 1):
            checked.report(ex, f"{ex.kind} must cover exactly one square, not {ex.w}x{ex.h}")
            continue
        inside = rooms.at((ex.x, ex.y))
        if inside is not None:
            checked.report(ex, f"{ex.kind} lies inside room {inside.id} ({clipped(inside.name)}); put it on the wall square between two rooms")
            continue
        touching = []
        for dx, dy in NEIGHBOURS:
            room = rooms.at((ex.x + dx, ex.y + dy))
            if room is not None and room not in touching:
                touching.append(room)
        names = ", ".join(f"{r.id} ({clipped(r.name)})" for r in touching)
        if len(touching) < 2:
            checked.report(ex, f"{ex.kind} leads nowhere: it touches {'only room ' + names if touching else 'no room'}")
        elif len(touching) > 2:
            checked.report(ex, f"{ex.kind} touches {len(touching)} rooms ({names}); it must join exactly two")
        else:
            checked.exit_rooms[ex.id] = (touching[0].id, touching[1].id)
        if ex.kind == "door" and ex.props["key"] not in ("", NONE) and not ex.props["locked"]:
            checked.report(ex, f"door has key '{ex.props['key']}' but is not locked (tick 'locked')")


def check_contents(checked: Checked, rooms: Areas, known: DataIds) -> None:
    """Entrance, creatures, items, traps, spawners and supplies: inside one room, on free squares, known ids."""
    taken: dict[Square, Obj] = {}
    entrances = checked.of_class("entrance")
    if not entrances:
        checked.report(None, "has no entrance object (where the hero starts)")
    for extra in entrances[1:]:
        checked.report(extra, f"second entrance (the first is object {entrances[0].id})")
    for obj in checked.objects:
        if obj.kind in ("room", "exit", "door"):
            continue
        if obj.kind == "creature":
            check_footprint(checked, obj, known)
        if not taken_size_fits(checked, obj):
            continue
        room = rooms.at((obj.x, obj.y))
        if room is None or rooms.holding(obj) is not room:
            where = "outside any room" if room is None else f"across the edge of room {room.id} ({clipped(room.name)})"
            checked.report(obj, f"{obj.kind} placed {where}")
            continue
        checked.room_of[obj.id] = room.id
        if obj.kind in ("entrance", "creature"):
            for sq in obj.squares:
                if sq in taken:
                    other = taken[sq]
                    checked.report(obj, f"square {sq} is already taken by object {other.id} ({clipped(other.name)})")
                    break
            else:
                taken.update((sq, obj) for sq in obj.squares)
        check_ids(checked, obj, known)
        CONTENT_CHECKS.get(obj.kind, lambda c, o: None)(checked, obj)
    check_room_space(checked, rooms.all, known)


def taken_size_fits(checked: Checked, obj: Obj) -> bool:
    """The entrance covers the hero's one square; a creature at most the largest footprint (C10)."""
    if obj.kind == "entrance" and (obj.w, obj.h) != (1, 1):
        checked.report(obj, f"entrance must cover one square (where the hero stands), not {obj.w}x{obj.h}")
        return False
    if obj.kind == "creature" and max(obj.w, obj.h) > MAX_SIDE:
        checked.report(obj, f"object covers {obj.w}x{obj.h} squares; no creature is larger than {MAX_SIDE}x{MAX_SIDE} (C10)")
        return False
    return True


def check_room_space(checked: Checked, rooms: list[Obj], known: DataIds) -> None:
    """Reconciliation 5, C31: the creatures placed in a room fit on its squares, a group a square a head."""
    need: dict[int, int] = {}
    for obj in checked.objects:
        if obj.kind in ("creature", "entrance") and obj.id in checked.room_of:
            need[checked.room_of[obj.id]] = need.get(checked.room_of[obj.id], 0) + squares_needed(obj, known)
    for room in rooms:
        if need.get(room.id, 0) > room.w * room.h:
            checked.report(room, f"its creatures need {need[room.id]} squares but the room has {room.w * room.h} "
                                 "(a minion group covers its heads' squares, C31)")


def squares_needed(obj: Obj, known: DataIds) -> int:
    group = (known.groups or {}).get(obj.props.get("creature", "")) if obj.kind == "creature" else None
    if group is None:
        return len(obj.squares)
    default_heads, head_squares = group
    return math.ceil((obj.props["heads"] or default_heads) * head_squares)


def check_footprint(checked: Checked, obj: Obj, known: DataIds) -> None:
    """The object must be drawn as large as the creature's C10 footprint; the codex size then counts."""
    size = (known.sizes or {}).get(obj.props["creature"])
    if size is None or size == (obj.w, obj.h):
        return
    checked.report(obj, f"object covers {obj.w}x{obj.h} squares but a {obj.props['creature']} is {size[0]}x{size[1]} (C10); resize it")
    obj.w, obj.h = size


def check_ids(checked: Checked, obj: Obj, known: DataIds) -> None:
    """Codex, item, gear, trap, quality and material ids against the data files (when known)."""
    if obj.kind in ("creature", "spawner"):
        creature = obj.props["creature"]
        if not creature:
            checked.report(obj, f"{obj.kind} without a creature (set its 'creature' property)")
        elif known.codex is not None and creature not in known.codex:
            checked.report(obj, f"unknown codex id '{creature}'")
    if obj.kind == "item":
        item = obj.props["item"]
        if not item:
            checked.report(obj, "item without an item id (set its 'item' property)")
        elif known.items is not None and item not in known.items:
            checked.report(obj, f"unknown item id '{item}'")
        for prop, values in (("quality", known.quality), ("material", known.material)):
            value = obj.props[prop]
            if values is not None and value not in ("", NONE) and value not in values:
                checked.report(obj, f"unknown {prop} '{clipped(value)}' (expected one of: {', '.join(values)})")
    if obj.kind == "creature" and known.items is not None:
        for gear in split_flags(obj.props["gear"]):
            if gear not in known.items:
                checked.report(obj, f"unknown gear item '{gear}'")
    if obj.kind == "supply":
        item = obj.props["item"]
        if not item:
            checked.report(obj, "supply without an item (set its 'item' property: the food or drink it restocks)")
        elif known.items is not None and item not in known.items:
            checked.report(obj, f"unknown item id '{item}'")
        elif known.provisions is not None and item not in known.provisions:
            checked.report(obj, f"a supply restocks food or drink, not '{item}'")
    if obj.kind == "trap" and known.traps is not None and obj.props["trap"] not in known.traps:
        checked.report(obj, f"unknown trap kind '{obj.props['trap']}' (expected one of: {', '.join(known.traps)})")


def check_creature(checked: Checked, obj: Obj) -> None:
    props = obj.props
    if props["heads"] < 0:
        checked.report(obj, f"heads must be 0 (codex default) or more, not {props['heads']}")
    if props["kind"] == "merchant" and props["merchant"] in ("", NONE):
        checked.report(obj, "merchant without a merchant type (N5: the type sets its stock)")
    if props["kind"] != "merchant" and props["merchant"] not in ("", NONE):
        checked.report(obj, f"merchant type '{props['merchant']}' set on a {props['kind']} creature (set kind to merchant)")
    if props["kind"] == "notable" and props["background"] not in ("", NONE):
        checked.report(obj, "notable people have no background (N83)")
    if props["kind"] != "world" and split_flags(props["travels"]):
        checked.report(obj, f"a {props['kind']} creature does not travel (N3: only world NPCs have a range; N5: "
                            "merchants stay in their shops)")


def check_item(checked: Checked, obj: Obj) -> None:
    if obj.props["count"] < 1:
        checked.report(obj, f"count must be 1 or more, not {obj.props['count']}")


def check_trap(checked: Checked, obj: Obj) -> None:
    try:
        dice.parse(obj.props["damage"])
    except dice.TooManyDice as exc:
        checked.report(obj, f"damage '{clipped(obj.props['damage'])}' {exc} (docs/maps.md, Limits)")
    except ValueError:
        checked.report(obj, f"damage '{obj.props['damage']}' is not dice in the seed's notation (e.g. d6, 2d4+1)")
    if obj.props["dc"] < 1:
        checked.report(obj, f"dc must be 1 or more, not {obj.props['dc']}")
    if obj.props["stun"] < 0:
        checked.report(obj, f"stun must be 0 or more, not {obj.props['stun']}")


def check_spawner(checked: Checked, obj: Obj) -> None:
    if obj.props["interval"] < 1:
        checked.report(obj, f"interval must be 1 world turn or more, not {obj.props['interval']} (N26)")
    if obj.props["heads"] < 0:
        checked.report(obj, f"heads must be 0 (codex default) or more, not {obj.props['heads']}")
    if obj.props["kind"] not in SPAWNED_KINDS:
        checked.report(obj, f"a spawner makes dungeon creatures or world newcomers, not {obj.props['kind']} ones (N2-N3)")
    if obj.props["up_to"] < 0:
        checked.report(obj, f"up_to must be 0 (no limit) or more, not {obj.props['up_to']}")


SPAWNED_KINDS = ("dungeon", "world")


def check_supply(checked: Checked, obj: Obj) -> None:
    for prop, what in (("every", "world turn"), ("keep", "item")):
        if obj.props[prop] < 1:
            checked.report(obj, f"{prop} must be 1 {what} or more, not {obj.props[prop]}")


CONTENT_CHECKS = {"creature": check_creature, "item": check_item, "trap": check_trap, "spawner": check_spawner,
                  "supply": check_supply}


def check_keys(checked: Checked, known: DataIds) -> None:
    """A locked door's key must exist somewhere in the map, on the floor or in a creature's gear."""
    present = {o.props["item"] for o in checked.of_class("item")}
    for creature in checked.of_class("creature"):
        present.update(split_flags(creature.props["gear"]))
    for door in checked.of_class("door"):
        key = door.props["key"]
        if key in ("", NONE):
            continue
        if known.items is not None and key not in known.items:
            checked.report(door, f"unknown key item '{key}'")
        elif key not in present:
            checked.report(door, f"locked door's key '{key}' is nowhere in the map (place it as an item or gear)")


def reachable(start: int, links: Iterable[tuple[int, int]]) -> set[int]:
    """Ids reachable from `start` over two-way links (breadth first)."""
    graph: dict[int, set[int]] = {}
    for a, b in links:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in graph.get(todo.popleft(), set()) - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def check_reachable(checked: Checked, rooms: list[Obj]) -> None:
    """Every room can be reached from the entrance through exits and doors (locked ones open with keys)."""
    entrances = checked.of_class("entrance")
    if not entrances or entrances[0].id not in checked.room_of:
        return
    seen = reachable(checked.room_of[entrances[0].id], checked.exit_rooms.values())
    for room in rooms:
        if room.id not in seen:
            checked.report(room, "room unreachable from the entrance")


# ---------------------------------------------------------------- the region map


def check_region(raw: RawMap) -> Checked:
    """All checks of the region map, the problems that follow from a first cause folded under it."""
    return folded(raw, region_problems)


def region_problems(raw: RawMap) -> Checked:
    checked = Checked(raw.path)
    read_objects(checked, raw, REGION_CLASSES)
    if checked.map_props.get("kind") != "region":
        checked.report(None, "is not a region map (set the map property kind = region)")
    check_tilesets(checked, raw)
    places = [o for o in checked.objects if o.kind in ("dungeon", "settlement")]
    if not places:
        checked.report(None, "has no dungeon or settlement objects")
    for obj in checked.objects:
        if obj.kind != "road" and not obj.name:
            checked.report(obj, f"{obj.kind} has no name")
    areas = check_areas(checked, places, "place")
    if areas is None:
        return checked
    for place in (*places, *checked.of_class("site")):
        check_place_map(checked, raw, place)
    check_roads(checked, areas)
    return checked


def check_place_map(checked: Checked, raw: RawMap, place: Obj) -> None:
    """A place or site names an existing .tmx of the right kind: a village or tower for a settlement, a
    dungeon map for a dungeon or an artifact or beast site."""
    ref = place.props["map"]
    if not ref:
        checked.report(place, f"{place.kind} without a map file (set its 'map' property)")
        return
    target = raw.path.parent / ref
    if regular_file(target) is None:
        checked.report(place, f"map file '{ref}' not found")
        return
    props = map_head(target)
    kind = props.get("kind", "unreadable")
    wanted = ("village", "tower") if place.kind == "settlement" else ("dungeon",)
    if kind not in wanted:
        checked.report(place, f"map file '{ref}' is a {kind} map; a {place.kind} needs {' or '.join(wanted)}")
    elif not props.get("surface"):
        checked.report(place, f"map file '{ref}' has no way up to the region (set its map property 'surface' "
                              f"to a room's name)")


def map_kind(path: Path) -> str:
    """The `kind` map property of a .tmx (the schema's default when unset); "unreadable" for anything but a
    regular XML file within MAX_FILE_BYTES."""
    return map_head(path).get("kind", "unreadable")


def map_head(path: Path) -> dict[str, str]:
    """The map properties `kind` (the schema's default when unset) and `surface` of a .tmx, read from the
    properties at the head of the file only; empty for anything but a regular XML file within MAX_FILE_BYTES."""
    status = regular_file(path)
    if status is None or status.st_size > MAX_FILE_BYTES:
        return {}
    found = {"kind": next(p.default for p in MAP_PROPS if p.name == "kind")}
    try:
        with open(path, "rb") as handle:
            depth = 0
            for event, element in ElementTree.iterparse(handle, events=("start", "end")):
                depth += 1 if event == "start" else -1
                if event == "start" and depth == 2 and element.tag != "properties":
                    break  # Tiled writes the map's properties first
                if event == "end" and depth == 1 and element.tag == "properties":
                    for prop in element.findall("property"):
                        if prop.get("name") in ("kind", "surface"):
                            found[prop.get("name")] = prop.get("value") or ""
                    break
    except (ElementTree.ParseError, OSError):
        return {}
    return found


def check_roads(checked: Checked, areas: Areas) -> None:
    """Roads are polylines whose two ends lie on places; every place is reachable by road."""
    places = areas.all
    for road in checked.of_class("road"):
        if len(road.points) < 2:
            checked.report(road, "road must be a polyline from one place to another")
            continue
        ends = [areas.at(road.points[0]), areas.at(road.points[-1])]
        for end, point in zip(ends, (road.points[0], road.points[-1])):
            if end is None:
                checked.report(road, f"road end {point} is not on a dungeon or settlement")
        if all(ends) and ends[0] is not ends[1]:
            checked.roads.append((ends[0].id, ends[1].id))
    if not places:
        return
    seen = reachable(places[0].id, checked.roads)
    for place in places:
        if place.id not in seen:
            checked.report(place, f"no road leads here from {places[0].id} ({clipped(places[0].name)})")
