"""Maps and data ids read once per process (docs/performance.md, "Saves of a whole world").

Reading the region's six Tiled maps takes pytmx about 200 ms and the data ids another 30: a quickload,
a Continue after playing, or a new world after the last reads none of it again. A map is kept under its
file's SHA-256, the size and time of the tilesets and images it names, and the data ids it was checked
against, so a map, tileset or data file changed on disk (F5 in the game) is read and checked again; the
maps are frozen, so worlds and realms share them. Errors are never kept.
"""
from __future__ import annotations

import hashlib
import os
import re
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from game.maps.data_ids import DataIds, read_data_ids
from game.maps.limits import MAX_FILE_BYTES
from game.maps.model import DungeonMap, RegionMap
from game.maps.tiled import load_map, load_region
from game.paths import DATA, regular_file

KEPT = 16  # maps held at most: the shipped region has six
_MAPS: OrderedDict[tuple[str, str, tuple, bool], tuple[DataIds | None, DungeonMap | RegionMap]] = OrderedDict()
_IDS: dict[str, tuple[tuple, DataIds]] = {}


def dungeon(path: Path, data: DataIds) -> DungeonMap:
    """load_map(path, data=data), from the store when the same file was checked against the same ids."""
    return _kept(Path(path), data, lambda: load_map(path, data=data))  # type: ignore[return-value]


def region(path: Path) -> RegionMap:
    """load_region(path), from the store when the same file was read before."""
    return _kept(Path(path), None, lambda: load_region(path))  # type: ignore[return-value]


def data_ids(data_dir: Path = DATA) -> DataIds:
    """read_data_ids(data_dir), read again only when one of the files it reads has changed (or come or gone)."""
    stamp = _stamp(data_dir)
    known = _IDS.get(str(data_dir))
    if known is None or known[0] != stamp:
        known = _IDS[str(data_dir)] = (stamp, read_data_ids(data_dir))
    return known[1]


def _kept(path: Path, data: DataIds | None, read: Callable[[], DungeonMap | RegionMap]) -> DungeonMap | RegionMap:
    try:
        content = _small_file(path)
        if content is None:
            return read()  # no regular file within the limits: the loader words the problem
        key = (str(path.resolve()), hashlib.sha256(content).hexdigest(), _referenced(path, content), data is None)
    except OSError:
        return read()
    known = _MAPS.get(key)
    if known is not None and known[0] == data:
        _MAPS.move_to_end(key)
        return known[1]
    loaded = read()
    _MAPS[key] = (data, loaded)
    while len(_MAPS) > KEPT:
        _MAPS.popitem(last=False)
    return loaded


SOURCE = re.compile(rb'source="([^"]*)"')  # a tileset's file in a map, an image's in a tileset


def _referenced(path: Path, content: bytes) -> tuple:
    """The (name, size, modification time) of the tilesets a map names and of their images, so that a
    changed tileset (F5 in the game) is read and checked again with its map."""
    stamps = []
    for source in SOURCE.findall(content):
        part = path.parent / source.decode("utf-8", "replace")
        stamps.append(_file_stamp(part))
        tileset = _small_file(part) if part.suffix == ".tsx" else None
        if tileset is not None:
            stamps.extend(_file_stamp(part.parent / image.decode("utf-8", "replace"))
                          for image in SOURCE.findall(tileset))
    return tuple(stamps)


def _small_file(path: Path) -> bytes | None:
    """The bytes of a regular file of at most the limit of a map or tileset file (limits.MAX_FILE_BYTES), else
    None: a map naming a pipe or a huge file is left to the loader, which refuses it in one line."""
    status = regular_file(path) if os.path.lexists(path) else None
    if status is None or status.st_size > MAX_FILE_BYTES:
        return None
    with open(path, "rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


def _file_stamp(path: Path) -> tuple:
    try:
        stat = os.stat(path)
        return str(path), stat.st_size, stat.st_mtime_ns
    except (OSError, ValueError):  # missing, unreadable, or a name no file can have
        return str(path), None, None


def _stamp(data_dir: Path) -> tuple:
    """What read_data_ids reads, as (name, size, modification time) of each file."""
    names = sorted((data_dir / "creatures").glob("*.toml")) + [data_dir / n for n in ("items.toml", "gear.toml",
                                                                                        "traps.toml")]
    return tuple(map(_file_stamp, names))


def forget() -> None:
    """Empty the store: the next load reads every map and data file again, as a new process does."""
    _MAPS.clear()
    _IDS.clear()
