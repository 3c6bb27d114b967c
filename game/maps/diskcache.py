"""The checked maps and data ids kept on disk between processes (docs/maps.md, "The map cache").

A process's first Continue would read the region's twelve Tiled maps with pytmx and check them (about
150 ms); game/maps/store.py asks here first. An entry is the msgpack of one DungeonMap, RegionMap or
DataIds (game/maps/modelcodec.py), filed under its slot (a map file's path, or a data folder's) and good
only for the key it holds: the store's digest of the files it was read from, the ids it was checked
against, and `version()`, the code that reads maps. A cache file is input like any other: a missing,
truncated, damaged, foreign, oversized or ill-typed entry, or a folder that cannot be read, is a miss and
the map is read from its .tmx; only the model's own classes are built, each field of its annotated type.
Writes are atomic (a temporary file, then os.replace) and their failures ignored.
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
from game.maps.data_ids import DataIds
from game.maps.model import DungeonMap, RegionMap
from game.maps.modelcodec import Model

FORMAT = 1  # of an entry: raise it when the file's layout changes (the code's digest covers the codec)
MAGIC = b"ethernalis map cache\n"
SUFFIX = ".map"
MAX_ENTRY_BYTES = 32 * 1024 * 1024  # a map at its limits (256x256 squares, 8 layers, 10,000 objects): a few MB
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


def fetch(slot: str, key: bytes, kind: type[Model]) -> Model | None:
    """The `kind` kept in `slot` for `key`, or None when there is none or anything about it is wrong."""
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
        model = modelcodec.model(kind, value)
    except Exception:  # noqa: BLE001 — whatever a damaged or hostile entry raises, the map is read from its file
        return None
    return model if _within_limits(model) else None


def keep(slot: str, key: bytes, model: DungeonMap | RegionMap | DataIds) -> None:
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
    if type(value) in modelcodec.MODELS:
        return modelcodec.plain(value)  # type: ignore[arg-type]
    raise TypeError(f"the map cache does not key on a {type(value).__name__}")


def _within_limits(model: object) -> bool:
    """A map no larger than the loader lets through (docs/maps.md, "Limits"), each layer one gid a square."""
    if not isinstance(model, (DungeonMap, RegionMap)):
        return True
    return (0 <= model.width <= limits.MAX_SQUARES and 0 <= model.height <= limits.MAX_SQUARES
            and 0 <= model.tile_w <= limits.MAX_TILE_PX and 0 <= model.tile_h <= limits.MAX_TILE_PX
            and len(model.layers) <= limits.MAX_LAYERS and len(model.tilesets) <= limits.MAX_TILESETS
            and all(len(layer.gids) == model.height and all(len(row) == model.width for row in layer.gids)
                    for layer in model.layers))
