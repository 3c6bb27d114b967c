"""Recordings (issue 24): a run's start (its map or the region, its seed and hero) and every command it was
given, replayed to the same event log byte for byte, as Brogue CE keeps .broguerec files.

A recording names the game's version and a digest of the data, the rules (the source of game/rules,
game/world and game/content) and the maps it ran with; one made with any of them different is refused in
one line, and so is a damaged or hostile file (docs/saves.md, "Recordings").
"""
from __future__ import annotations

import dataclasses
import hashlib
import struct
import tempfile
import typing
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from game import __version__
from game.content.content import load_content
from game.content.errors import printable
from game.maps import store
from game.maps.errors import MapError
from game.paths import DATA, ROOT
from game.save import load_world, save_world
from game.save.fileformat import read_capped, write
from game.world.commands import Command
from game.world.components import HERO_SHEET
from game.world.saved import Unfit
from game.world.world import World

MAGIC = b"ETHERNALIS RECORDING\n"
FORMAT_VERSION = 1
HEADER = struct.Struct(">HII")  # version, body length, body CRC-32
MAX_FILE = 16 * 1024 * 1024  # bytes on disk: a million steps pack to about 4 MB
MAX_BODY = 64 * 1024 * 1024  # bytes unpacked
MAX_STEPS = 2_000_000  # a 1,000,000-turn headless run waits once a turn; a window's run gives far fewer
MAX_TEXT = 80  # characters of a command's word (an option, an approach, a spell)
INT_RANGE = (-2**31, 2**31 - 1)
KINDS = ("map", "world")  # one map's run (a dungeon or a settlement) or a world of sites (the region map)
RULES = ("rules", "world", "content")  # the folders of game/ whose code makes a world's events
TURN = "Turn"  # a step that runs a world turn with the hero dead
RELOAD = "Reload"  # a step where the run was saved and carried on from that save (the world's ids remapped)

KIND_NAMES = {str: "a text", int: "a whole number", list: "a list"}
COMMANDS: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(Command)}


class RecordingError(Exception):
    """A recording that cannot be read or replayed: one line naming the file and the problem."""


@dataclass(frozen=True)
class Reload:
    """In a driver's log: the run was saved and carried on from the save here (Continue), so a replay saves
    and loads its world here too, and the commands after it name the entities the loaded world numbers."""


@dataclass
class Recording:
    kind: str  # one of KINDS
    map: str  # the map (or the region map) as a path, relative to the game's folder when inside it
    seed: int
    hero: dict[str, Any] | None = None  # the creation screen's hero sheet, as a save holds it; None: hero.toml's
    steps: list[list[Any]] = field(default_factory=list)  # see `step`
    version: str = __version__
    digest: str = ""
    saved: list[Any] | None = None  # [the SHA-256 of the save written with it, the steps it had then]

    @property
    def map_path(self) -> Path:
        return ROOT / self.map


def relative(path: Path) -> str:
    resolved = Path(path).resolve()
    try:
        return resolved.relative_to(ROOT.resolve()).as_posix()
    except ValueError:
        return str(resolved)


def step(command: Command | Reload | None) -> list[Any]:
    """A Driver log entry as a recording step: [class name, its fields in order] (None: [TURN], a Reload:
    [RELOAD])."""
    if command is None:
        return [TURN]
    if isinstance(command, Reload):
        return [RELOAD]
    return [type(command).__name__, *(getattr(command, f.name) for f in dataclasses.fields(command))]


def command_of(entry: list[Any]) -> Command:
    """A checked command step back as the command it was (`check_step` ran on load)."""
    cls = COMMANDS[entry[0]]
    return cls(*entry[1:])


def log_of(steps: list[list[Any]]) -> list[Command | Reload | None]:
    """Checked steps back as a driver's log (the inverse of `step`)."""
    return [None if s[0] == TURN else Reload() if s[0] == RELOAD else command_of(s) for s in steps]


def reloaded(world: World) -> World:
    """The world saved and loaded again, as Continue loads it (ids remapped; the old world is closed)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "replay.sav"
        save_world(world, path)
        again = load_world(path)
    world.close()
    return again


def check_step(entry: Any) -> str | None:
    """What is wrong with a step read from a file, or None."""
    if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
        return "is not a list naming a step"
    name, values = entry[0], entry[1:]
    if name == TURN or name == RELOAD:
        return None if not values else f"{name} takes no values"
    cls = COMMANDS.get(name)
    if cls is None:
        return f"names no command ({printable(name[:MAX_TEXT])})"
    hints = typing.get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls)]
    needed = [f for f in fields if f.default is dataclasses.MISSING]
    if not len(needed) <= len(values) <= len(fields):
        return f"{name} takes {len(fields)} values, not {len(values)}"
    for f, value in zip(fields, values):
        kind = hints[f.name]
        if kind is int and not _int(value) or kind is str and not (isinstance(value, str) and len(value) <= MAX_TEXT):
            return f"{name}.{f.name} should be {'a whole number' if kind is int else 'a short text'}"
    return None


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and INT_RANGE[0] <= value <= INT_RANGE[1]


# -- what a recording ran with ----------------------------------------------------------------------------
_DIGESTS: dict[tuple, str] = {}


def digest(kind: str, map_path: Path) -> str:
    """SHA-256 over the game's version, its data files, the rules' source and the maps the run reads."""
    maps = [map_path] if kind == "map" else [map_path, *store.region(map_path).maps().values()]
    key = (kind, str(map_path), *(store.map_digest(p) for p in maps))
    if key not in _DIGESTS:
        sha = hashlib.sha256(__version__.encode())
        files = sorted(p for p in DATA.rglob("*") if p.is_file())
        code = ROOT / "game"
        files += sorted(p for part in RULES for p in (code / part).rglob("*.py"))
        for path in files:
            sha.update(relative(path).encode() + b"\0" + path.read_bytes() + b"\0")
        sha.update("\0".join(str(d) for d in key[2:]).encode())
        _DIGESTS[key] = sha.hexdigest()
    return _DIGESTS[key]


def new_recording(kind: str, map_path: Path, seed: int, hero: Any = None) -> Recording:
    """A recording of a run about to start (`hero`: the creation screen's HeroSheet, or None)."""
    return Recording(kind, relative(map_path), seed, None if hero is None else HERO_SHEET.to_plain(hero),
                     digest=digest(kind, map_path))


def hero_sheet(recording: Recording, path: Path) -> Any:
    """The recording's hero sheet as the codex holds it, or None for hero.toml's."""
    if recording.hero is None:
        return None
    try:
        sheet = HERO_SHEET.load(recording.hero, "hero")
    except Unfit:
        raise RecordingError(f"{path}: damaged recording (its hero is not a hero sheet)") from None
    content = load_content()
    problems = content.heroes.problems(sheet, content.codex.shipped_sheet())  # heroes.toml's limits
    if problems:
        raise RecordingError(f"{path}: damaged recording (its hero: {printable(problems[0])})")
    return sheet


# -- the file ----------------------------------------------------------------------------------------------
def encode(recording: Recording) -> bytes:
    """The recording as the bytes of its file."""
    body = {"kind": recording.kind, "map": recording.map, "seed": recording.seed, "hero": recording.hero,
            "steps": recording.steps, "version": recording.version, "digest": recording.digest,
            "saved": recording.saved}
    payload = zlib.compress(msgpack.packb(body, use_bin_type=True), 6)
    return MAGIC + HEADER.pack(FORMAT_VERSION, len(payload), zlib.crc32(payload)) + payload


def save(recording: Recording, path: Path) -> None:
    """Write the recording atomically (the file it replaces becomes <name>.bak); OSError when it cannot be."""
    write(path, encode(recording))


def load(path: Path) -> Recording:
    """The recording at `path`, checked; RecordingError in one line for anything wrong with it."""
    payload = _payload(path)
    unzip = zlib.decompressobj()
    try:
        packed = unzip.decompress(payload, MAX_BODY)
    except zlib.error:
        raise RecordingError(f"{path}: damaged recording (undecodable data)") from None
    if unzip.unconsumed_tail or not unzip.eof:
        raise RecordingError(f"{path}: damaged recording (its data unpacks to more than {MAX_BODY} bytes "
                             f"or ends too soon)")
    try:
        body = msgpack.unpackb(packed, raw=False, strict_map_key=True, max_array_len=MAX_STEPS,
                               max_map_len=64, max_str_len=4096, max_bin_len=0, max_ext_len=0)
    except msgpack.StackError:
        raise RecordingError(f"{path}: damaged recording (undecodable data: nested too deep)") from None
    except (ValueError, msgpack.UnpackException) as exc:
        raise RecordingError(f"{path}: damaged recording (undecodable data: {printable(str(exc)[:120])})") from None
    return _checked(path, body)


def _payload(path: Path) -> bytes:
    data = read_capped(path, MAX_FILE, "recording", "recording", RecordingError)
    if data[:len(MAGIC)] != MAGIC:
        raise RecordingError(f"{path}: not an Ethernalis recording (wrong magic bytes)")
    if len(data) < len(MAGIC) + HEADER.size:
        raise RecordingError(f"{path}: truncated recording (only {len(data)} bytes)")
    version, length, crc = HEADER.unpack_from(data, len(MAGIC))
    if version != FORMAT_VERSION:
        raise RecordingError(f"{path}: recording format {version}; this game reads format {FORMAT_VERSION}")
    payload = data[len(MAGIC) + HEADER.size:]
    if len(payload) != length:
        raise RecordingError(f"{path}: truncated or damaged recording ({len(payload)} of {length} bytes of data)")
    if zlib.crc32(payload) != crc:
        raise RecordingError(f"{path}: damaged recording (checksum mismatch)")
    return payload


def _checked(path: Path, body: Any) -> Recording:
    def bad(problem: str) -> RecordingError:
        return RecordingError(f"{path}: damaged recording ({problem})")

    if not isinstance(body, dict):
        raise bad("its data is not a map")
    kinds = {"kind": str, "map": str, "seed": int, "steps": list, "version": str, "digest": str}
    for key, kind in kinds.items():
        if not isinstance(body.get(key), kind) or isinstance(body.get(key), bool):
            raise bad(f"{key} should be {KIND_NAMES[kind]}")
    if body["kind"] not in KINDS:
        raise bad(f"kind should be one of {', '.join(KINDS)}")
    if not 0 <= body["seed"] < 2**63:
        raise bad("seed out of range")
    if body.get("hero") is not None and not isinstance(body["hero"], dict):
        raise bad("hero should be a hero sheet")
    for n, entry in enumerate(body["steps"]):
        problem = check_step(entry)
        if problem:
            raise bad(f"step {n + 1} {problem}")
    if body["kind"] == "world" and any(entry[0] == RELOAD for entry in body["steps"]):
        raise bad("a world of sites' recording is never carried on from a save")
    saved = body.get("saved")
    if saved is not None and not (isinstance(saved, list) and len(saved) == 2 and isinstance(saved[0], str)
                                  and len(saved[0]) == 64 and _int(saved[1]) and 0 <= saved[1] <= len(body["steps"])):
        raise bad("saved should be a save's digest and a number of steps")
    recording = Recording(body["kind"], body["map"], body["seed"], body.get("hero"), body["steps"], body["version"],
                          body["digest"], saved)
    hero_sheet(recording, path)
    return recording


def check_current(recording: Recording, path: Path) -> None:
    """Refuse a recording the game as it is now would not replay as it was played: another version, other data,
    rules or maps (RecordingError, one line)."""
    target = recording.map_path
    if not target.is_file():
        raise RecordingError(f"{path}: its map {printable(recording.map[:200])} is not here")
    if recording.version != __version__:
        raise RecordingError(f"{path}: recorded with Ethernalis {printable(recording.version[:40])}; this is "
                             f"{__version__}, which may play it differently")
    try:
        now = digest(recording.kind, target)
    except (OSError, MapError) as exc:  # a region map that no longer reads
        problem = exc.problems[0] if isinstance(exc, MapError) else exc.strerror or str(exc)
        raise RecordingError(f"{path}: its map cannot be read ({printable(problem)})") from None
    if now != recording.digest:
        raise RecordingError(f"{path}: the game's data, rules or maps have changed since it was recorded; it "
                             f"cannot be replayed")
