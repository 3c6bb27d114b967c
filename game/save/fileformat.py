"""The save file: magic bytes, the format version, the body's length and CRC-32, the msgpack body.

    MAGIC (16 bytes) | version: u16 | body length: u32 | body CRC-32: u32 | body: msgpack map, string keys

From format 4 the body is stored compressed with zlib (length and CRC-32 are those of the stored bytes);
it is unpacked to at most MAX_BODY bytes.

Writing is atomic and keeps the previous save as `<name>.bak`; its temporary files carry the writer's process
id, so two copies of the game saving beside each other never remove each other's (issue 26). Reading checks
every part and raises SaveError with one line naming the file and what is wrong (docs/saves.md).
"""
from __future__ import annotations

import contextlib
import glob
import os
import re
import secrets
import shutil
import struct
import zlib
from pathlib import Path
from typing import IO, Any, Callable

import msgpack

from game.save.errors import SaveError
from game.save.migrations import MIGRATIONS

MAGIC = b"ETHERNALIS SAVE\n"
FORMAT_VERSION = 5  # loading applies MIGRATIONS[v] in turn from a file's version up to this one
HEADER = struct.Struct(">HII")  # version, body length, body CRC-32
MAX_BODY = 32 * 1024 * 1024  # bytes: a world of some 50,000 creatures; a shipped map saves in ~100 KB
COMPRESSED_FROM = 4  # formats from this one store the body compressed with zlib
MAX_PARTS = 1_000_000  # maps and lists in a body: with MAX_BODY, what decoding one may cost in memory


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def encode(body: dict[str, Any], version: int = FORMAT_VERSION, read_back: bool = True) -> bytes:
    """The whole file as bytes (an older `version` only for tests/test_save_formats.py's fixtures). Raises
    TypeError or ValueError for state msgpack cannot hold, or, with `read_back`, that would not read back as
    `read` reads it (a map with non-string keys). A world of sites is not read back (docs/saves.md): its
    1.6 MB of records would cost a third of the save, and its every site is checked at load anyway."""
    payload = msgpack.packb(body, use_bin_type=True)
    if read_back:
        msgpack.unpackb(payload, raw=False, strict_map_key=True)
    if version >= COMPRESSED_FROM:
        payload = zlib.compress(payload, 1)  # a world's 1.6 MB of records: about 135 KB
    return MAGIC + HEADER.pack(version, len(payload), zlib.crc32(payload)) + payload


def write(path: Path, data: bytes) -> None:
    """Replace `path` with `data` atomically; the file it replaces becomes `<name>.bak`.

    Until the final rename nothing touches `path`, so a failure leaves the existing save as it was. Temporary
    files an interrupted save of `path` left behind (the game killed mid-write) are removed first.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_leftovers(path)
    temps: list[str] = []
    try:
        with temp_beside(path, temps) as tmp:
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
        if path.is_file():
            with temp_beside(path, temps) as backup, path.open("rb") as old:
                shutil.copyfileobj(old, backup)
            os.replace(temps[1], backup_path(path))
        os.replace(temps[0], path)
    finally:
        for name in temps:
            if os.path.exists(name):
                os.unlink(name)


WRITER = re.compile(r"\.(\d{1,10})-[0-9a-f]{16}\.tmp$")  # the writer's process id in a temporary file's name


def remove_leftovers(path: Path) -> None:
    """Delete the temporary files interrupted saves of `path` left (named by `temp_beside`, or by a game from
    before they carried a process id); never one of a process still running, which may be writing it."""
    for leftover in path.parent.glob(glob.escape(path.name) + ".*.tmp"):
        writer = WRITER.search(leftover.name)
        if writer is not None and process_alive(int(writer.group(1))):
            continue
        with contextlib.suppress(OSError):
            leftover.unlink()


def process_alive(pid: int) -> bool:
    """Whether a process `pid` runs (this one does); on Windows, where asking costs a handle, always yes: a
    leftover there is a small file left, never another game's save removed."""
    if pid == os.getpid() or os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process, or no pid the system could have: leave the file alone
    return True


def temp_beside(path: Path, temps: list[str]) -> IO[bytes]:
    """A new temporary file in `path`'s folder (so os.replace is a rename), named `<name>.<pid>-<16 hex>.tmp`,
    unique to this process and this save; its name goes on `temps`."""
    name = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(8)}.tmp")
    tmp = open(name, "xb")
    temps.append(str(name))
    return tmp


def read(path: Path) -> dict[str, Any]:
    """The body of the save at `path`, migrated to FORMAT_VERSION; SaveError for anything wrong with the file."""
    version, payload = open_save(path)
    body = unpack(path, inflate(path, payload) if version >= COMPRESSED_FROM else payload)
    for v in range(version, FORMAT_VERSION):
        try:
            body = MIGRATIONS[v](body)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            problem = f"missing {exc}" if isinstance(exc, KeyError) else f"{type(exc).__name__}: {exc}"
            raise SaveError(f"{path}: damaged save (a format-{v} save that cannot be upgraded: {problem})") from None
    return body


def read_capped(path: Path, most: int, kind: str, noun: str, error: type[Exception]) -> bytes:
    """The bytes of the file at `path` (a save, a recording), refused as `error` in one line when it holds more
    than `most` bytes, is missing, is a folder or cannot be read: "not an Ethernalis `kind`", "no such `noun`"."""
    try:
        size = path.stat().st_size
        if size > most:
            raise error(f"{path}: not an Ethernalis {kind} (far too large, {size} bytes)")
        return path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such {noun}") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {noun}") from None
    except OSError as exc:
        raise error(f"{path}: cannot be read ({exc.strerror})") from None


def open_save(path: Path) -> tuple[int, bytes]:
    """The format version and the checked body bytes of the save at `path`."""
    data = read_capped(path, len(MAGIC) + HEADER.size + MAX_BODY, "save", "save file", SaveError)
    if not data:
        raise SaveError(f"{path}: empty file, not a save")
    if data[:len(MAGIC)] != MAGIC and not MAGIC.startswith(data):
        raise SaveError(f"{path}: not an Ethernalis save (wrong magic bytes)")
    if len(data) < len(MAGIC) + HEADER.size:
        raise SaveError(f"{path}: truncated save (only {len(data)} bytes, the header alone needs "
                        f"{len(MAGIC) + HEADER.size})")
    version, length, crc = HEADER.unpack_from(data, len(MAGIC))
    if version > FORMAT_VERSION:
        raise SaveError(f"{path}: saved by a newer version of Ethernalis (save format {version}; "
                        f"this game reads formats up to {FORMAT_VERSION})")
    if version < 1 or any(v not in MIGRATIONS for v in range(version, FORMAT_VERSION)):
        raise SaveError(f"{path}: unknown save format {version}")
    payload = data[len(MAGIC) + HEADER.size:]
    if len(payload) < length:
        raise SaveError(f"{path}: truncated save ({len(payload)} of {length} bytes of save data)")
    if len(payload) > length:
        raise SaveError(f"{path}: damaged save ({len(payload) - length} unexpected bytes after the save data)")
    if zlib.crc32(payload) != crc:
        raise SaveError(f"{path}: damaged save (checksum mismatch)")
    return version, payload


def inflate(path: Path, payload: bytes) -> bytes:
    """The compressed body unpacked, to at most MAX_BODY bytes (a small file never fills the memory)."""
    unzip = zlib.decompressobj()
    try:
        data = unzip.decompress(payload, MAX_BODY)
    except zlib.error as exc:
        raise SaveError(f"{path}: damaged save (undecodable compressed save data: {exc})") from None
    if unzip.unconsumed_tail:
        raise SaveError(f"{path}: damaged save (its save data unpacks to more than {MAX_BODY} bytes)")
    if not unzip.eof:
        raise SaveError(f"{path}: damaged save (the compressed save data ends too soon)")
    if unzip.unused_data:
        raise SaveError(f"{path}: damaged save ({len(unzip.unused_data)} unexpected bytes after the compressed save data)")
    return data


class TooManyParts(Exception):
    """A body holds more than MAX_PARTS maps and lists."""


# The first byte of every msgpack map and list (fixmap, fixarray, array 16/32, map 16/32); other values may
# hold such bytes too, so their count is at least the number of maps and lists.
OPENERS = bytes([*range(0x80, 0xA0), 0xDC, 0xDD, 0xDE, 0xDF])


def unpack(path: Path, payload: bytes) -> dict[str, Any]:
    """The body map, decoded as NOTES.md advises (string keys only, buffer bounded by the body's size), and
    at most MAX_PARTS maps and lists: a small file of empty lists would otherwise fill the memory. A body
    with no more than MAX_PARTS bytes that may open one (a 2,000-creature world holds 62,566 for its 60,488
    maps and lists) cannot have more, so only another is counted part by part as it is decoded."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=max(len(payload), 1),
                                **({} if may_open(payload) <= MAX_PARTS else count_hooks()))
    unpacker.feed(payload)
    try:
        body = unpacker.unpack()
    except TooManyParts:
        raise SaveError(f"{path}: damaged save (more than {MAX_PARTS} maps and lists)") from None
    except msgpack.OutOfData:
        raise SaveError(f"{path}: damaged save (the save data ends too soon)") from None
    except msgpack.StackError:
        raise SaveError(f"{path}: damaged save (undecodable save data: nested too deep)") from None
    except (ValueError, msgpack.UnpackException) as exc:
        raise SaveError(f"{path}: damaged save (undecodable save data: {exc})") from None
    if unpacker.tell() != len(payload):
        raise SaveError(f"{path}: damaged save (extra data after the save data)")
    if not isinstance(body, dict):
        raise SaveError(f"{path}: damaged save (the save data is not a map)")
    return body


def may_open(payload: bytes) -> int:
    """How many bytes of `payload` may open a map or a list: at least as many as it holds."""
    return len(payload) - len(payload.translate(None, OPENERS))


def count_hooks() -> dict[str, Callable[[Any], Any]]:
    """Unpacker hooks that raise TooManyParts at the map or list past MAX_PARTS."""
    parts = iter(range(MAX_PARTS))

    def counted(part: Any) -> Any:
        if next(parts, None) is None:
            raise TooManyParts
        return part

    return {"object_hook": counted, "list_hook": counted}
