"""Map files as pytmx read them, kept on disk between processes (docs/maps.md, "The map cache").

A process's first Continue would read the region's twelve Tiled maps with pytmx (about 100 ms);
game/maps/store.py asks here first. An entry is the msgpack of one RawMap (game/maps/modelcodec.py), what
pytmx read of a .tmx before any check, filed under its slot (a map file's path) and good only for the key it
holds: the store's digest of the files it was read from and `version()`, the code that reads maps. A cache
file is input like any other (issue 26: any program may write the cache folder): a missing, truncated,
damaged, foreign, oversized or ill-typed entry, or a folder that cannot be read, is a miss; only the model's
own classes are built, each field of its annotated type; `refusal` holds what is left to the limits a file
keeps before pytmx reads it and to the files the map names; and the store then runs every check of a fresh
read on it (a refused entry is dropped, with a line in the log, and the .tmx read again). Writes are atomic
(a temporary file, then os.replace) and their failures ignored.
"""
from __future__ import annotations

import hashlib
import os
import stat
import sys
import tempfile
from functools import cache
from pathlib import Path

import msgpack

from game import userdirs
from game.maps import limits, modelcodec
from game.maps.tiled import RawMap

FORMAT = 2  # of an entry: raise it when the file's layout changes (the code's digest covers the codec)
MAGIC = b"ethernalis map cache\n"
SUFFIX = ".map"
MAX_ENTRY_BYTES = 8 * 1024 * 1024  # a map at its limits (256x256 squares, 8 layers, 10,000 objects): a few MB
# an entry is opened without waiting for a writer (a FIFO put there) and, on Windows, as bytes
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
SHAPED_BY = ("maps", "rules/card.py", "rules/definitions.py", "rules/dice.py", "rules/tables.py", "content/errors.py",
             "content/toml_file.py", "paths.py", "userdirs.py", "__init__.py")  # under game/: what reading a map runs


@cache
def folder() -> Path:
    """<the user's cache folder>/maps: ~/.cache/ethernalis/maps on Linux (game/userdirs.py), asked once."""
    return userdirs.cache_dir() / "maps"


@cache
def version() -> bytes:
    """code_digest() of this game, worked out once per process."""
    return code_digest(Path(__file__).resolve().parent.parent)


def code_digest(game: Path) -> bytes:
    """The entry format and Python's version with the source of every module that reading a map runs
    (SHAPED_BY, under the `game` folder), so a game update or any change to the loader, the checks or the
    model leaves old entries unused. A bundle without the sources (PyInstaller) takes its executable's
    size and time instead."""
    digest = hashlib.sha256(f"{FORMAT} {sys.version_info[:2]}".encode())
    try:
        for part in SHAPED_BY:
            files = sorted((game / part).glob("*.py")) if (game / part).is_dir() else [game / part]
            for path in files:
                digest.update(path.relative_to(game).as_posix().encode() + b"\0" + path.read_bytes())
    except OSError:
        stat = os.stat(sys.executable)
        digest.update(f"{sys.executable} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.digest()


def digest(parts: list) -> bytes:
    """SHA-256 of a key's parts (strings, numbers, bytes, lists, None, models); TypeError for anything else."""
    return hashlib.sha256(msgpack.packb(parts, default=_plain, use_bin_type=True)).digest()


def fetch(slot: str, key: bytes, kind: type[RawMap] = RawMap) -> RawMap | None:
    """The map file as read kept in `slot` for `key`, or None when there is none or it is not one: what it holds
    is still to be judged (`refusal`, then the map's checks)."""
    try:
        descriptor = os.open(folder() / _file_name(slot), READ_FLAGS)
        with open(descriptor, "rb") as handle:
            status = os.fstat(descriptor)
            if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ENTRY_BYTES:
                return None
            content = handle.read(MAX_ENTRY_BYTES + 1)
        head, body = len(MAGIC), len(MAGIC) + 32
        if content[:head] != MAGIC or hashlib.sha256(content[body:]).digest() != content[head:body]:
            return None
        kept_key, value = msgpack.unpackb(content[body:], use_list=False, raw=False)
        if kept_key != key:
            return None
        return modelcodec.model(kind, value)
    except Exception:  # noqa: BLE001 — whatever a damaged or hostile entry raises, the map is read from its file
        return None


def keep(slot: str, key: bytes, model: RawMap) -> None:
    """File `model` in `slot` for `key`, replacing what was there in one step; a folder that cannot be made
    or written, or a model this cache cannot pack, leaves the cache as it was."""
    try:
        body = msgpack.packb([key, modelcodec.plain(model)], use_bin_type=True)
        target = folder()
        target.mkdir(parents=True, exist_ok=True)
        handle = tempfile.NamedTemporaryFile(dir=target, prefix=".", suffix=".tmp", delete=False)
    except (OSError, TypeError, ValueError, OverflowError):
        return
    try:
        with handle:
            handle.write(MAGIC + hashlib.sha256(body).digest() + body)
        os.replace(handle.name, target / _file_name(slot))
    except OSError:
        try:
            os.unlink(handle.name)
        except OSError:
            pass


def forget(slot: str) -> None:
    """Delete the entry of `slot` (one that was refused); nothing when it cannot be."""
    try:
        os.unlink(folder() / _file_name(slot))
    except OSError:
        pass


def drop() -> None:
    """Delete every entry (and any temporary file a write left behind); a folder that is not there or not
    writable is left as it is."""
    try:
        names = [entry for entry in os.scandir(folder()) if entry.name.endswith((SUFFIX, ".tmp"))]
    except OSError:
        return
    for entry in names:
        try:
            os.unlink(entry.path)
        except OSError:
            pass


def _file_name(slot: str) -> str:
    return hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:40] + SUFFIX


def _plain(value: object) -> object:
    if isinstance(value, Path):
        return os.fsencode(value)
    raise TypeError(f"the map cache does not key on a {type(value).__name__}")


def refusal(raw: RawMap, path: Path, named: list[Path]) -> str | None:
    """Why a kept map file may not be checked as read (None when it may): it says it is another file than
    `path`, it breaks a limit its .tmx keeps before pytmx reads it (docs/maps.md, "Limits"), or a tileset
    image or a region place's map is none of the files the map and its tilesets name (`named`, the store's):
    never /etc, /dev or a map outside the region's."""
    if raw.path != path:
        return f"it is the map {raw.path}"
    squares, tiles = range(limits.MAX_SQUARES + 1), range(int(bool(raw.objects)), limits.MAX_TILE_PX + 1)
    if raw.width not in squares or raw.height not in squares or raw.tile_w not in tiles or raw.tile_h not in tiles:
        return f"its size is {raw.width}x{raw.height} squares of {raw.tile_w}x{raw.tile_h} pixels"
    if max(raw.width * raw.tile_w, raw.height * raw.tile_h) > limits.MAX_MAP_PX:
        return f"it is more than {limits.MAX_MAP_PX} pixels a side"
    if len(raw.objects) > limits.MAX_OBJECTS or sum(len(o.points) for o in raw.objects) > limits.MAX_POINTS:
        return "it holds more objects or points than a map may"
    if sum(len(o.props) for o in raw.objects) + len(raw.props) > limits.MAX_ELEMENTS:
        return "it holds more properties than a map may"
    if len(raw.layers) > limits.MAX_LAYERS or any(
            len(layer.gids) != raw.height or set(map(len, layer.gids)) - {raw.width}
            or (raw.width and raw.height and not (0 <= min(map(min, layer.gids))
                                                  and max(map(max, layer.gids)) <= limits.MAX_GID))
            for layer in raw.layers):
        return "a tile layer is not one gid a square"
    if len(raw.tilesets) > limits.MAX_TILESETS:
        return "it has more tilesets than a map may"
    files = {os.path.normpath(p.resolve()) for p in named}
    for ts in raw.tilesets:
        if not (0 < ts.firstgid < limits.FIRSTGID_BELOW and 0 < ts.tile_w <= limits.MAX_TILE_PX
                and 0 < ts.tile_h <= limits.MAX_TILE_PX and 0 < ts.columns <= limits.MAX_TILESET_TILES
                and 0 < ts.count <= limits.MAX_TILESET_TILES):
            return f"the tileset {ts.name!r} breaks the limits of a tileset"
        if os.path.normpath(ts.image) not in files:
            return f"the tileset {ts.name!r} names {ts.image}, which the map does not"
    for obj in raw.objects:
        target = obj.props.get("map")
        if isinstance(target, str) and os.path.normpath((raw.path.parent / target).resolve()) not in files:
            return f"the {obj.kind} {obj.id} names the map {target!r}, which the map file does not"
    return None
