"""Maps and data ids read once per process, and map files as read kept on disk between processes
(docs/performance.md, "Saves of a whole world"; docs/maps.md, "The map cache").

Reading the region's twelve Tiled maps takes pytmx about 100 ms, their checks 30 and the data ids another
30: a quickload, a Continue after playing, or a new world after the last reads none of it again. A map is
kept under its file's SHA-256, the size and time of the tilesets and images it names, and the data ids it
was checked against, so a map, tileset or data file changed on disk (F5 in the game) is read and checked
again; the maps are frozen, so worlds and realms share them. A process's first read of a map asks the disk
cache (game/maps/diskcache.py) for the file as pytmx read it, under the SHA-256 of every file it would read
and the version of the code that reads them, and checks what it holds as it checks a file just read: the
cache saves pytmx's work, never a check (issue 26). Errors are never kept.
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from game.content.errors import printable
from game.maps import diskcache
from game.maps.data_ids import DataIds, read_data_ids
from game.maps.errors import MapError
from game.maps.limits import MAX_FILE_BYTES
from game.maps.model import DungeonMap, RegionMap
from game.maps.tiled import RawMap, load_map, load_region, pytmx, read_tmx
from game.paths import DATA, regular_file

log = logging.getLogger("ethernalis.maps")

KEPT = 16  # maps held at most: the shipped region has twelve
_MAPS: OrderedDict[tuple[str, str, tuple, bool], tuple[DataIds | None, DungeonMap | RegionMap]] = OrderedDict()
_IDS: dict[str, tuple[tuple, DataIds]] = {}
_DIGESTS: dict[tuple, str | None] = {}  # a file's SHA-256 by its (name, size, time): one tileset serves every map
_MAP_FILES: dict[tuple, tuple[str, str, list[Path]]] = {}  # a map file's real name, SHA-256 and files named, by stat
STAMPS_KEPT = 1024  # entries of each of the two above: every edit of a file (F5) makes a new one, the oldest go


Build = Callable[[RawMap | None], DungeonMap | RegionMap]  # the map checked and built from its file as read


def dungeon(path: Path, data: DataIds) -> DungeonMap:
    """load_map(path, data=data), from the store when the same file was checked against the same ids."""
    return _kept(Path(path), data, lambda raw: load_map(path, data=data, raw=raw))  # type: ignore[return-value]


def region(path: Path) -> RegionMap:
    """load_region(path), from the store when the same file was read before."""
    return _kept(Path(path), None, lambda raw: load_region(path, raw=raw))  # type: ignore[return-value]


OVERLAY: list[tuple[tuple[Path, ...], tuple[Path, ...]]] = [((), ())]  # the mods' creature and item files


def use_overlay(creatures: tuple[Path, ...], items: tuple[Path, ...]) -> None:
    """Read these creature and item files over the data's from now on when maps are checked (game/mods.py)."""
    OVERLAY[0] = (creatures, items)
    _IDS.clear()


def data_ids(data_dir: Path = DATA) -> DataIds:
    """read_data_ids(data_dir) with the files in play read over it (use_overlay), read again only when one of
    the files it reads has changed (or come or gone). Never from the disk cache: ids it held could let a map
    name a creature the game does not have."""
    creatures, items = OVERLAY[0]
    files = _data_files(data_dir) + [*creatures, *items]
    stamp = tuple(map(_file_stamp, files))
    known = _IDS.get(str(data_dir))
    if known is None or known[0] != stamp:
        known = _IDS[str(data_dir)] = (stamp, read_data_ids(data_dir, creatures, items))
    return known[1]


def _kept(path: Path, data: DataIds | None, build: Build) -> DungeonMap | RegionMap:
    try:
        known_file = _map_file(path)
        if known_file is None:
            return build(None)  # no regular file within the limits: the loader words the problem
        resolved, sha, referenced = known_file
        key = (resolved, sha, tuple(map(_file_stamp, referenced)), data is None)
    except (OSError, ValueError):
        return build(None)
    known = _MAPS.get(key)
    if known is not None and known[0] == data:
        _MAPS.move_to_end(key)
        return known[1]
    loaded = _on_disk(path, resolved, sha, referenced, build)
    _MAPS[key] = (data, loaded)
    while len(_MAPS) > KEPT:
        _MAPS.popitem(last=False)
    return loaded


def disk_entry(path: Path, resolved: str, sha: str, referenced: list[Path]) -> tuple[str, bytes]:
    """The disk cache's slot and key for the map file at `path`: the SHA-256 of every file it would read, and
    the code (diskcache.version(), pytmx's version) that reads them."""
    return (f"RawMap {path} {resolved}",
            diskcache.digest([diskcache.version(), pytmx.__version__, "RawMap", str(path), resolved, sha,
                              [[str(p), _digest(p)] for p in referenced]]))


def _on_disk(path: Path, resolved: str, sha: str, referenced: list[Path], build: Build) -> DungeonMap | RegionMap:
    """The map checked and built from its file as the disk cache holds it, when it holds it and it passes every
    check (diskcache.refusal, then the map's own); else from the .tmx, its file as read kept for the next
    process. A refused entry is dropped with a line in the log."""
    try:
        slot, key = disk_entry(path, resolved, sha, referenced)
    except (OSError, TypeError, ValueError):
        return build(None)
    raw = diskcache.fetch(slot, key)
    if raw is not None:
        problem = diskcache.refusal(raw, path, [path, *referenced])
        if problem is None:
            try:
                return build(raw)
            except MapError as exc:
                problem = f"{exc.problems[0]}" + (f" and {len(exc.problems) - 1} more" if len(exc.problems) > 1 else "")
            except Exception as exc:  # noqa: BLE001 — a crafted file no .tmx could give may break a check: refused too
                problem = f"{type(exc).__name__}: {exc}"
        log.warning("map cache: the entry for %s is refused (%s); the map is read from its file", path,
                    printable(problem))
        diskcache.forget(slot)
    raw = read_tmx(path)  # raises MapError: nothing is kept
    built = build(raw)
    diskcache.keep(slot, key, raw)
    return built


def map_digest(path: Path) -> str | None:
    """A map file's SHA-256 (None for no regular file within the limits), hashed again only when it changed."""
    known = _map_file(Path(path))
    return None if known is None else known[1]


def _map_file(path: Path) -> tuple[str, str, list[Path]] | None:
    """A map file's resolved name, SHA-256 and the tilesets, templates and images it names, read and hashed again only
    when its inode, size, modification or change time differ (an edit that keeps size and time still changes
    the change time); None for no regular file within the limits."""
    stat = os.stat(path)
    stamp = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)  # however it is named
    if stamp not in _MAP_FILES:
        content = _small_file(path)
        if content is None:
            return None
        found = (str(path.resolve()), hashlib.sha256(content).hexdigest(), _referenced(path, content))
        _remember(_MAP_FILES, stamp, found)
    return _MAP_FILES[stamp]


def _remember(memo: dict, key: tuple, value: object) -> None:
    """memo[key] = value, the oldest entries let go past STAMPS_KEPT (a long session editing maps holds its memory)."""
    memo[key] = value
    while len(memo) > STAMPS_KEPT:
        del memo[next(iter(memo))]


REFERENCE = re.compile(rb'(?:source|template)="([^"]*)"')  # a tileset's or template's file, an image's
PLACE_MAP = re.compile(rb'<property\s+name="map"[^>]*?\svalue="([^"]*)"')  # a region place's or site's map
MAX_REFERENCED = 512  # files followed from one map: more than a map within the limits names (the loader refuses it)


def _referenced(path: Path, content: bytes) -> list[Path]:
    """The tilesets and templates a map names, the tilesets its templates name, and their images, so that a
    changed tileset or template (F5 in the game) is read and checked again with its map; and the maps a
    region's places name, the only ones an entry of it may name (diskcache.refusal)."""
    files = [path.parent / name.decode("utf-8", "replace") for name in PLACE_MAP.findall(content)]
    todo = [(path, content)]
    while todo and len(files) < MAX_REFERENCED:
        base, text = todo.pop(0)
        for name in REFERENCE.findall(text):
            part = base.parent / name.decode("utf-8", "replace")
            if part in files or len(files) >= MAX_REFERENCED:
                continue
            files.append(part)
            inner = _small_file(part) if part.suffix.lower() in (".tsx", ".tx") else None
            if inner is not None:
                todo.append((part, inner))
    return files


def _small_file(path: Path) -> bytes | None:
    """The bytes of a regular file of at most the limit of a map or tileset file (limits.MAX_FILE_BYTES), else
    None: a map naming a pipe or a huge file is left to the loader, which refuses it in one line."""
    status = regular_file(path)
    if status is None or status.st_size > MAX_FILE_BYTES:
        return None
    with open(path, "rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


def _digest(path: Path) -> str | None:
    """The SHA-256 of a small regular file (None for any other or none), worked out once per (size, time)."""
    stamp = _file_stamp(path)
    if stamp not in _DIGESTS:
        try:
            content = _small_file(path)
        except (OSError, ValueError):
            content = None
        _remember(_DIGESTS, stamp, None if content is None else hashlib.sha256(content).hexdigest())
    return _DIGESTS[stamp]


def _file_stamp(path: Path) -> tuple:
    try:
        stat = os.stat(path)
        return str(path), stat.st_size, stat.st_mtime_ns
    except (OSError, ValueError):  # missing, unreadable, or a name no file can have
        return str(path), None, None


def _data_files(data_dir: Path) -> list[Path]:
    """What read_data_ids reads."""
    return sorted((data_dir / "creatures").glob("*.toml")) + [data_dir / n for n in ("items.toml", "gear.toml",
                                                                                     "traps.toml")]


def forget(disk: bool = False) -> None:
    """Empty the store: the next load reads every map and data file again, as a new process does (from the
    disk cache when it holds them); with `disk`, the disk cache is emptied too, as on a machine where the
    game never ran."""
    _MAPS.clear()
    _IDS.clear()
    _DIGESTS.clear()
    _MAP_FILES.clear()
    if disk:
        diskcache.drop()
