"""Tiled maps in, the project's map types out: the one place that reads pytmx (docs/maps.md).

`load_map` and `load_region` read a .tmx file, run every check of game/maps/validate.py and either
return a DungeonMap / RegionMap or raise MapError listing each problem as
`file: object id (name): message`. Objects are recognised by their Tiled 1.8 `type` or 1.9+ `class`.
"""
from __future__ import annotations

import logging
import sys
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType

from game.content.errors import clipped
from game.maps import limits, validate
from game.maps.data_ids import DataIds
from game.maps.errors import MapError
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
    """Read a .tmx with pytmx once its XML keeps the limits; unreadable files, maps beyond the limits and
    names pytmx rejects become a MapError."""
    path = Path(path)
    root = limits.read_xml(path, f"{path}: map")
    problems = reserved_name_problems(root, path) + limits.map_problems(root, path)
    if problems:
        raise MapError(problems)
    try:
        tmx = pytmx.TiledMap(str(path))
        return RawMap(
            path=path,
            width=int(tmx.width),
            height=int(tmx.height),
            tile_w=int(tmx.tilewidth),
            tile_h=int(tmx.tileheight),
            props=dict(tmx.properties),
            tilesets=tuple(read_tilesets(tmx, path)),
            layers=tuple(read_tile_layers(tmx)),
            objects=tuple(read_objects(tmx)),
        )
    except Exception as exc:  # pytmx raises bare Exception, ValueError, KeyError, AttributeError …
        raise MapError([f"{path}: map: cannot be read ({type(exc).__name__}: {exc})"]) from None


def reserved_name_problems(root: ElementTree.Element, path: Path) -> list[str]:
    """Custom properties named like a pytmx attribute (name, type, x, id …) make pytmx refuse the map."""
    problems = []
    owners = [(root, f"{path}: map", MAP_RESERVED)]
    for layer in root.iter():
        if layer.tag in ("layer", "objectgroup", "imagelayer", "group"):
            owners.append((layer, f"{path}: layer {clipped(layer.get('id'))} ({clipped(layer.get('name', ''))})", LAYER_RESERVED))
    for obj in root.iter("object"):
        owners.append((obj, f"{path}: {clipped(obj.get('id'))} ({clipped(obj.get('name', ''))})", OBJECT_RESERVED))
    for node, label, reserved in owners:
        for props in node.findall("properties"):
            for prop in props.findall("property"):
                if prop.get("name") in reserved:
                    problems.append(f"{label}: property '{clipped(prop.get('name'))}' is a name pytmx reserves; rename it")
    return problems


def _attributes(element: object) -> frozenset[str]:
    return frozenset(name for name in dir(element) if not name.startswith("__"))


OBJECT_RESERVED = _attributes(pytmx.TiledObject(None, ElementTree.fromstring('<object id="1"/>'), None)) | {"class"}
LAYER_RESERVED = _attributes(pytmx.TiledObjectGroup(None, ElementTree.fromstring('<objectgroup id="1"/>'), None)) | (
    _attributes(pytmx.TiledTileLayer)
)
MAP_RESERVED = _attributes(pytmx.TiledMap())


def read_tilesets(tmx: pytmx.TiledMap, path: Path) -> list[Tileset]:
    out = []
    for ts in tmx.tilesets:
        image = (path.parent / ts.source).resolve() if ts.source else Path()
        out.append(Tileset(ts.firstgid, ts.name or "", image, ts.tilewidth, ts.tileheight, ts.columns, ts.tilecount))
    return out


def read_tile_layers(tmx: pytmx.TiledMap) -> list[TileLayer]:
    """Tile layers in drawing order, with Tiled's own gids (pytmx renumbers them internally)."""
    gid_of = tmx.tiledgidmap
    return [
        TileLayer(layer.name, tuple(tuple(gid_of.get(g, 0) for g in row) for row in layer.data), bool(layer.visible))
        for layer in tmx.layers
        if isinstance(layer, pytmx.TiledTileLayer)
    ]


def read_objects(tmx: pytmx.TiledMap) -> list[MapObject]:
    out = []
    for obj in tmx.objects:
        kind = obj.type or getattr(obj, "class", None) or ""
        y = obj.y - obj.height if obj.gid else obj.y  # tile objects are anchored at their bottom-left
        points = tuple((float(p.x), float(p.y)) for p in obj.points) if hasattr(obj, "points") else ()
        out.append(
            MapObject(
                id=int(obj.id),
                name=obj.name or "",
                kind=kind,
                x=float(obj.x),
                y=float(y),
                w=float(obj.width),
                h=float(obj.height),
                rotation=float(obj.rotation or 0),
                points=points,
                props=dict(obj.properties),
            )
        )
    return out


def files_read(dungeon: DungeonMap) -> list[Path]:
    """The files a map was read from: the .tmx, the external tilesets it names and their images."""
    root = limits.read_xml(dungeon.path, f"{dungeon.path}: map")
    tilesets = [dungeon.path.parent / node.get("source") for node in root.iter("tileset") if node.get("source")]
    return [dungeon.path, *tilesets, *(ts.image for ts in dungeon.tilesets)]


def load_map(
    path: Path,
    codex_ids: Iterable[str] | None = None,
    item_ids: Iterable[str] | None = None,
    *,
    data: DataIds | None = None,
) -> DungeonMap:
    """A dungeon, village or tower map, checked (docs/maps.md). Raises MapError listing every problem.

    Ids are checked against `codex_ids`, `item_ids` and the other ids of `data` (read_data_ids());
    whatever is None is not checked, only the structure.
    """
    raw = read_tmx(path)
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


def load_region(path: Path) -> RegionMap:
    """The region map (dungeons, settlements, artifact and beast sites, roads). Raises MapError."""
    raw = read_tmx(path)
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
                    problems.append(f"{dungeon.path}: {p.id} ({clipped(p.name)}): travels, but {where} is no "
                                    "settlement (N3: a world NPC's range is settlements; a dungeon's live one run)")
                elif name not in settlements or name == home.name:
                    problems.append(f"{dungeon.path}: {p.id} ({clipped(p.name)}): travels to '{clipped(name)}', no "
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
