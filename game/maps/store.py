"""Maps and data ids read once per process (docs/performance.md, "Saves of a whole world").

Reading the region's six Tiled maps takes pytmx about 200 ms and the data ids another 30: a quickload,
a Continue after playing, or a new world after the last reads none of it again. A map is kept under its
file's SHA-256 and the data ids it was checked against, so a map or a data file changed on disk is read
and checked again; the maps are frozen, so worlds and realms share them. Errors are never kept.
"""
from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from game.maps.data_ids import DataIds, read_data_ids
from game.maps.model import DungeonMap, RegionMap
from game.maps.tiled import load_map, load_region
from game.paths import DATA

KEPT = 16  # maps held at most: the shipped region has six
_MAPS: OrderedDict[tuple[str, str, bool], tuple[DataIds | None, DungeonMap | RegionMap]] = OrderedDict()
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
        with path.open("rb") as file:
            key = (str(path.resolve()), hashlib.file_digest(file, "sha256").hexdigest(), data is None)
    except OSError:
        return read()  # the loader words the problem
    known = _MAPS.get(key)
    if known is not None and known[0] == data:
        _MAPS.move_to_end(key)
        return known[1]
    loaded = read()
    _MAPS[key] = (data, loaded)
    while len(_MAPS) > KEPT:
        _MAPS.popitem(last=False)
    return loaded


def _stamp(data_dir: Path) -> tuple:
    """What read_data_ids reads, as (name, size, modification time) of each file."""
    names = sorted((data_dir / "creatures").glob("*.toml")) + [data_dir / n for n in ("items.toml", "gear.toml",
                                                                                        "traps.toml")]
    stamps = []
    for path in names:
        try:
            stat = os.stat(path)
            stamps.append((str(path), stat.st_size, stat.st_mtime_ns))
        except OSError:
            stamps.append((str(path), None, None))
    return tuple(stamps)


def forget() -> None:
    """Empty the store: the next load reads every map and data file again, as a new process does."""
    _MAPS.clear()
    _IDS.clear()
