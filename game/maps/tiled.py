"""Tiled maps in, the project's map types out: the one place that reads pytmx (docs/maps.md).

`load_map` and `load_region` read a .tmx file, run every check of game/maps/validate.py and either
return a DungeonMap / RegionMap or raise MapError listing each problem as
`file: object id (name): message`. Objects are recognised by their Tiled 1.8 `type` or 1.9+ `class`.
"""
from __future__ import annotations

import copy
import logging
import os
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType

from game.content.errors import clipped
from game.maps import limits, templates, validate
from game.maps.data_ids import DataIds
from game.maps.errors import MapError, Problem, object_label
from game.maps.schema import NONE
from game.maps.model import (
    DungeonMap,
    Exit,
    ItemPlacement,
    Place,
    Placement,
    RegionMap,
    Room,
    Site,
    Spawner,
    Supply,
    TileLayer,
    Tileset,
    Trap,
)


def _import_pytmx() -> ModuleType:
    """pytmx imports pygame when it can, for loaders this game does not use; a headless run of the world
    must not load pygame, so pytmx is imported with pygame hidden unless the window has loaded it already."""
    hide = "pygame" not in sys.modules
    quiet = logging.getLogger("pytmx")  # it would log the missing pygame as an error
    level = quiet.level
    if hide:
        sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail inside pytmx
        quiet.setLevel(logging.CRITICAL)
    try:
        import pytmx
    finally:
        if hide:
            del sys.modules["pygame"]
            quiet.setLevel(level)
    return pytmx


pytmx = _import_pytmx()


@dataclass(frozen=True)
class MapObject:
    """A Tiled object as written: pixel geometry, class and raw custom properties."""

    id: int
    name: str
    kind: str  # the object's class (1.9+) or type (1.8); "" when unset
    x: float
    y: float
    w: float
    h: float
    rotation: float = 0.0
    points: tuple[tuple[float, float], ...] = ()  # polylines and polygons, absolute pixels
    shape: str = "rectangle"  # or ellipse, point, polygon, polyline, text, tile
    props: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class RawMap:
    """What the .tmx file holds, before any judgement."""

    path: Path
    width: int
    height: int
    tile_w: int
    tile_h: int
    props: dict[str, object]
    tilesets: tuple[Tileset, ...]
    layers: tuple[TileLayer, ...]
    objects: tuple[MapObject, ...]


def read_tmx(path: Path) -> RawMap:
    """Read a .tmx with pytmx once its XML keeps the limits, its templates resolved (game/maps/templates.py)
    and every value pytmx converts checked; unreadable files, maps beyond the limits, templates that cannot
    be used, values pytmx cannot convert and names it rejects become a MapError naming the object."""
    path = Path(path)
    root = limits.read_xml(path, f"{path}: map")
    sized_images(root, path)
    problems: list[str | Problem] = [*limits.map_problems(root, path)]
    if not problems:
        problems += templates.resolve(root, path)
        problems += property_problems(root, path)
    if problems:
        raise MapError(problems)
    try:
        tmx = pytmx.TiledMap()
        tmx.filename = str(path)  # tilesets are found relative to it
        tmx.parse_xml(root)
        return RawMap(
            path=path,
            width=int(tmx.width),
            height=int(tmx.height),
            tile_w=int(tmx.tilewidth),
            tile_h=int(tmx.tileheight),
            props=dict(tmx.properties),
            tilesets=tuple(read_tilesets(tmx, path)),
            layers=tuple(read_tile_layers(tmx, hidden_in_groups(root))),
            objects=tuple(read_objects(tmx, shapes(root))),
        )
    except Exception as exc:  # pytmx raises bare Exception, ValueError, KeyError, AttributeError …
        raise MapError([f"{path}: map: cannot be read ({type(exc).__name__}: {exc})"]) from None


def sized_images(root: ElementTree.Element, path: Path) -> None:
    """Give a tileset image written without its size (Tiled before 1.0) the size its PNG header says, as Tiled
    reads it; an external tileset is embedded in the map's XML for it (pytmx needs the size in the XML)."""
    nodes = root.findall("tileset")
    if len(nodes) > limits.MAX_TILESETS:
        return  # the limits refuse the map
    for node in nodes:
        source, tileset, folder = node.get("source"), node, path.parent
        if source:
            try:
                tileset, folder = limits.read_xml(path.parent / source, "tileset"), (path.parent / source).parent
            except MapError:
                continue  # the limits word it
        image = tileset.find("image")
        if image is None or (image.get("width") and image.get("height")) or not image.get("source"):
            continue
        size = limits.png_size(folder / image.get("source", ""))
        if size is None:
            continue
        if source:
            tileset = copy.deepcopy(tileset)
            tileset.set("firstgid", node.get("firstgid", ""))
            image = tileset.find("image")
            image.set("source", _relative(folder / image.get("source", ""), path.parent))
            root[list(root).index(node)] = tileset
        image.set("width", str(size[0]))
        image.set("height", str(size[1]))


def _relative(target: Path, start: Path) -> str:
    try:
        return os.path.relpath(target, start)
    except ValueError:  # another drive (Windows)
        return str(target.resolve())


OWNERS = {"layer": "layer", "objectgroup": "layer", "imagelayer": "layer", "group": "layer", "tileset": "tileset"}
NUMBER_KINDS = {"int": "a whole number", "object": "an object id", "float": "a number", "bool": "true or false"}
ATTRIBUTE_KINDS = {int: "a whole number", float: "a number"}  # the rest pytmx reads as true or false, or as text


def property_problems(root: ElementTree.Element, path: Path) -> list[Problem]:
    """What pytmx would refuse with a bare exception, named by its owner (the map, a layer, a tileset or an
    object): a custom property named like a pytmx attribute (name, type, x, id …), a typed property whose
    value its type cannot hold (an int property holding 'soon'), an attribute that is not the number pytmx
    reads it as (x="left")."""
    problems: list[Problem] = []
    todo = [(root, f"{path}: map", MAP_RESERVED, None)]  # a stack, not recursion: a file may nest deeply
    while todo:
        node, label, reserved, oid = todo.pop()
        for key, value in node.items():
            convert = pytmx.pytmx.types[key]
            try:
                convert(value)
            except (ValueError, TypeError, OverflowError):
                wanted = ATTRIBUTE_KINDS.get(convert, "true or false")  # type: ignore[call-overload]
                problems.append(Problem(f"{label}: attribute {clipped(key)} is '{clipped(value)}', not {wanted}", oid))
        for child in reversed(node):
            if child.tag == "properties":
                problems.extend(Problem(f"{label}: {message}", oid) for message in typed_problems(child, reserved))
            elif child.tag == "object":
                todo.append((child, f"{path}: {object_label(child.get('id'), child.get('name'))}", OBJECT_RESERVED,
                             limits.whole(child.get("id"), 0, limits.MAX_ID)))
            elif child.tag in OWNERS:
                name = clipped(child.get("name") or child.get("source") or "")
                layer = OWNERS[child.tag] == "layer"
                where = f"layer {clipped(child.get('id'))} ({name})" if layer else f"tileset {name}"
                todo.append((child, f"{path}: {where}", LAYER_RESERVED if layer else frozenset(), None))
            else:
                todo.append((child, label, frozenset(), oid))
    return problems


def typed_problems(properties: ElementTree.Element, reserved: frozenset[str]) -> list[str]:
    """The custom properties of one owner that pytmx cannot read: reserved names, values their type cannot hold."""
    problems = []
    for prop in properties.findall("property"):
        name, kind = prop.get("name"), prop.get("type", "string")
        if name in reserved:
            problems.append(f"property '{clipped(name)}' is a name pytmx reserves; rename it")
        if kind not in NUMBER_KINDS:
            continue  # strings, files, colours and enums hold any text; class values are read member by member
        value = prop.get("value")
        try:
            pytmx.pytmx.prop_type[kind](value)
        except (ValueError, TypeError, OverflowError):
            held = "has no value" if value is None else f"holds '{clipped(value)}'"
            problems.append(f"property '{clipped(name)}' is of type {kind} but {held} ({NUMBER_KINDS[kind]})")
    return problems


def shapes(root: ElementTree.Element) -> dict[str, str]:
    """Each object's shape by its id: rectangle, ellipse, point, polygon, polyline, text or tile."""
    found = {}
    for obj in root.iter("object"):
        shape = next((child.tag for child in obj if child.tag in templates.SHAPES), None)
        found[obj.get("id", "")] = shape or ("tile" if obj.get("gid") else "rectangle")
    return found


def _attributes(element: object) -> frozenset[str]:
    return frozenset(name for name in dir(element) if not name.startswith("__"))


OBJECT_RESERVED = _attributes(pytmx.TiledObject(None, ElementTree.fromstring('<object id="1"/>'), None)) | {"class"}
LAYER_RESERVED = _attributes(pytmx.TiledObjectGroup(None, ElementTree.fromstring('<objectgroup id="1"/>'), None)) | (
    _attributes(pytmx.TiledTileLayer)
)
MAP_RESERVED = _attributes(pytmx.TiledMap())


def read_tilesets(tmx: pytmx.TiledMap, path: Path) -> list[Tileset]:
    """The tilesets with their columns and tiles, counted from the image as Tiled does when a tileset does not
    say (limits.tileset_grid), and the colour drawn transparent (`trans`)."""
    out = []
    for ts in tmx.tilesets:
        image = (path.parent / ts.source).resolve() if ts.source else Path()
        columns, count = limits.tileset_grid(ts.width, ts.height, ts.tilewidth, ts.tileheight, ts.spacing, ts.margin)
        out.append(Tileset(ts.firstgid, ts.name or "", image, ts.tilewidth, ts.tileheight, ts.columns or columns,
                           ts.tilecount or count, ts.spacing, ts.margin, ts.trans or None))
    return out


def read_tile_layers(tmx: pytmx.TiledMap, hidden: set[str]) -> list[TileLayer]:
    """Tile layers in drawing order, with Tiled's own gids (pytmx renumbers them internally); a layer inside a
    hidden group is hidden, as Tiled shows it (`hidden`: the ids of such layers)."""
    gid_of = tmx.tiledgidmap
    return [
        TileLayer(layer.name, tuple(tuple(gid_of.get(g, 0) for g in row) for row in layer.data),
                  bool(layer.visible) and str(getattr(layer, "id", "")) not in hidden)
        for layer in tmx.layers
        if isinstance(layer, pytmx.TiledTileLayer)
    ]


def hidden_in_groups(root: ElementTree.Element) -> set[str]:
    """The ids of the layers inside a group layer Tiled hides (visible="0"), at any depth."""
    return {layer.get("id", "") for group in root.iter("group") if group.get("visible", "1") in ("0", "false")
            for layer in group.iter("layer") if layer.get("id")}


def read_objects(tmx: pytmx.TiledMap, shape_of: dict[str, str]) -> list[MapObject]:
    """The objects as written, tile objects by their top-left corner (pytmx moves them there from Tiled's
    bottom-left anchor)."""
    out = []
    for obj in tmx.objects:
        kind = obj.type or getattr(obj, "class", None) or ""
        points = tuple((float(p.x), float(p.y)) for p in obj.points) if hasattr(obj, "points") else ()
        out.append(
            MapObject(
                id=int(obj.id),
                name=obj.name or "",
                kind=kind,
                x=float(obj.x),
                y=float(obj.y),
                w=float(obj.width),
                h=float(obj.height),
                rotation=float(obj.rotation or 0),
                points=points,
                props=dict(obj.properties),
                shape=shape_of.get(str(obj.id), "rectangle"),
            )
        )
    return out


def files_read(dungeon: DungeonMap) -> list[Path]:
    """The files a map was read from: the .tmx, the external tilesets and the templates it names and their
    images."""
    root = limits.read_xml(dungeon.path, f"{dungeon.path}: map")
    tilesets = [dungeon.path.parent / node.get("source") for node in root.iter("tileset") if node.get("source")]
    return [dungeon.path, *tilesets, *templates.template_files(root, dungeon.path), *(ts.image for ts in dungeon.tilesets)]


def load_map(
    path: Path,
    codex_ids: Iterable[str] | None = None,
    item_ids: Iterable[str] | None = None,
    *,
    data: DataIds | None = None,
    raw: RawMap | None = None,
) -> DungeonMap:
    """A dungeon, village or tower map, checked (docs/maps.md). Raises MapError listing every problem.

    Ids are checked against `codex_ids`, `item_ids` and the other ids of `data` (read_data_ids());
    whatever is None is not checked, only the structure. `raw`: the file as read already (the map cache's,
    game/maps/store.py), checked all the same.
    """
    raw = raw or read_tmx(path)
    data = data or DataIds()
    known = replace(
        data,
        codex=tuple(codex_ids) if codex_ids is not None else data.codex,
        items=tuple(item_ids) if item_ids is not None else data.items,
    )
    checked = validate.check_dungeon(raw, known)
    if checked.problems:
        raise MapError(checked.problems)
    return build_dungeon(raw, checked)


def load_region(path: Path, raw: RawMap | None = None) -> RegionMap:
    """The region map (dungeons, settlements, artifact and beast sites, roads), from `raw` when read already.
    Raises MapError."""
    raw = raw or read_tmx(path)
    checked = validate.check_region(raw)
    if checked.problems:
        raise MapError(checked.problems)
    return build_region(raw, checked)


def check_ranges(region: RegionMap, maps: dict[int, DungeonMap]) -> None:
    """N3: every place a world NPC's `travels` names is another settlement of the region. Raises MapError."""
    settlements = {p.name for p in region.places.values() if p.kind == "settlement"}
    problems = []
    for pid, dungeon in sorted(maps.items()):
        home = region.places.get(pid)  # None for a hidden site's map (N60)
        for p in dungeon.placements:
            for name in p.travels:
                if home is None or home.kind != "settlement":
                    where = home.name if home else dungeon.path.stem
                    problems.append(f"{dungeon.path}: {object_label(p.id, p.name)}: travels, but {where} is no "
                                    "settlement (N3: a world NPC's range is settlements; a dungeon's live one run)")
                elif name not in settlements or name == home.name:
                    problems.append(f"{dungeon.path}: {object_label(p.id, p.name)}: travels to '{clipped(name)}', no "
                                    f"other settlement of {region.path.name} ({', '.join(sorted(settlements))})")
    if problems:
        raise MapError(problems)


def _none(value: object) -> object:
    return None if value in ("", NONE) else value


def build_dungeon(raw: RawMap, checked: validate.Checked) -> DungeonMap:
    objs = checked.objects
    rooms: dict[int, Room] = {}
    for o in checked.of_class("room"):
        rooms[o.id] = Room(o.id, o.name, o.x, o.y, o.w, o.h, o.props["theme"], o.props["light"], _none(o.props["rune"]))

    room_of = checked.room_of.__getitem__
    exits = tuple(
        Exit(o.id, o.name, (o.x, o.y), checked.exit_rooms[o.id], bool(o.props.get("locked", False)),
             _none(o.props.get("key", "")), o.kind == "door")
        for o in objs if o.kind in ("exit", "door")
    )
    entrance = next(o for o in objs if o.kind == "entrance")
    placements = tuple(
        Placement(
            o.id, o.name, room_of(o.id), (o.x, o.y), o.props["creature"], o.props["kind"], _none(o.props["background"]),
            o.props["heads"], tuple(validate.split_flags(o.props["gear"])), o.props["provisions"],
            _none(o.props["merchant"]), (o.w, o.h), tuple(validate.split_flags(o.props["travels"])),
            o.props["wanders"],
        )
        for o in checked.of_class("creature")
    )
    items = tuple(
        ItemPlacement(o.id, o.name, room_of(o.id), (o.x, o.y), o.props["item"], o.props["count"],
                      _none(o.props["quality"]), _none(o.props["material"]), _none(o.props["rune"]))
        for o in checked.of_class("item")
    )
    traps = tuple(
        Trap(o.id, o.name, room_of(o.id), (o.x, o.y), o.props["trap"], o.props["damage"], o.props["dc"], o.props["stun"])
        for o in checked.of_class("trap")
    )
    spawners = tuple(
        Spawner(o.id, o.name, room_of(o.id), (o.x, o.y), o.props["creature"], o.props["interval"], o.props["heads"],
                o.props["kind"], o.props["up_to"])
        for o in checked.of_class("spawner")
    )
    supplies = tuple(
        Supply(o.id, o.name, room_of(o.id), (o.x, o.y), o.props["item"], o.props["every"], o.props["keep"])
        for o in checked.of_class("supply")
    )
    return DungeonMap(
        path=raw.path,
        name=checked.map_props["title"] or raw.path.stem,
        width=raw.width,
        height=raw.height,
        tile_w=raw.tile_w,
        tile_h=raw.tile_h,
        rooms=rooms,
        exits=exits,
        entrance=(room_of(entrance.id), (entrance.x, entrance.y)),
        placements=placements,
        items=items,
        traps=traps,
        spawners=spawners,
        supplies=supplies,
        tilesets=raw.tilesets,
        layers=raw.layers,
        properties=dict(raw.props),
        kind=checked.map_props["kind"],
    )


def build_region(raw: RawMap, checked: validate.Checked) -> RegionMap:
    places = {
        o.id: Place(o.id, o.name, o.kind, (raw.path.parent / o.props["map"]).resolve(), o.x, o.y, o.w, o.h)
        for o in checked.objects
        if o.kind in ("dungeon", "settlement")
    }
    sites = tuple(Site(o.id, o.name, o.props["site"], (o.x, o.y), o.props["hidden"],
                       (raw.path.parent / o.props["map"]).resolve()) for o in checked.of_class("site"))
    return RegionMap(
        path=raw.path,
        name=checked.map_props["title"] or raw.path.stem,
        width=raw.width,
        height=raw.height,
        tile_w=raw.tile_w,
        tile_h=raw.tile_h,
        places=places,
        sites=sites,
        roads=tuple(checked.roads),
        tilesets=raw.tilesets,
        layers=raw.layers,
        properties=dict(raw.props),
    )
