"""Saving and loading a world (docs/saves.md): `save_world(world, path)`, `load_world(path) -> World`.

Both raise only SaveError, whose message is one line naming the file and the problem.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import platformdirs

from game.content.content import Content, load_content
from game.content.errors import ContentError
from game.maps.data_ids import read_data_ids
from game.maps.errors import MapError
from game.maps.tiled import load_map
from game.paths import ROOT
from game.save import checks, fileformat, snapshot
from game.save.errors import SaveError
from game.world.saved import Unfit
from game.world.world import World

__all__ = ["SaveError", "default_save_path", "load_world", "save_world"]

UNFORESEEN = "damaged save that no check foresaw"  # the last net's words; the hostile saves never meet it


def default_save_path() -> Path:
    """The save slot the game window uses: <user data dir>/ethernalis/saves/slot1.sav."""
    return Path(platformdirs.user_data_dir("ethernalis", appauthor=False)) / "saves" / "slot1.sav"


def save_world(world: World, path: Path) -> None:
    """Write `world` to `path` atomically, keeping the save it replaces as `<name>.bak`.

    Between world turns only (not while `world.mid_turn`). On any failure the existing file is untouched.
    """
    path = Path(path)
    if world.mid_turn:
        raise SaveError(f"cannot save to {path}: the world turn is still running")
    try:
        map_ref = {"path": map_reference(world.map.path), "sha256": file_hash(world.map.path)}
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: the map {world.map.path} cannot be read ({exc.strerror})") from None
    try:
        data = fileformat.encode(snapshot.snapshot(world, map_ref))
    except (TypeError, ValueError, OverflowError) as exc:
        raise SaveError(f"cannot save to {path}: the world holds a value a save cannot store ({exc})") from None
    try:
        fileformat.write(path, data)
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None


def load_world(path: Path, content: Content | None = None) -> World:
    """The world saved at `path`, ready to continue; SaveError for a bad, foreign, newer or stale save."""
    path = Path(path)
    body = fileformat.read(path)
    try:
        checks.body_fields(body)
        map_path = ROOT / body["map"]["path"]  # an absolute path stays as it is
        if not map_path.is_file():
            raise SaveError(f"{path}: its map {map_path} is missing")
        if file_hash(map_path) != body["map"]["sha256"]:
            raise SaveError(f"{path}: its map {map_path} has changed since the game was saved")
        try:
            content = content or load_content()
            dungeon = load_map(map_path, data=read_data_ids())
        except MapError as exc:
            raise SaveError(f"{path}: its map cannot be loaded: {exc.problems[0]}") from None
        except ContentError as exc:
            raise SaveError(f"{path}: the game's data cannot be loaded: {exc}") from None
        return snapshot.rebuild(body, dungeon, content)
    except SaveError:
        raise
    except Unfit as exc:
        raise SaveError(f"{path}: damaged save ({exc})") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read {exc.filename} ({exc.strerror})") from None
    except Exception as exc:  # the last net: a body that passed every check and still broke the rebuild
        raise SaveError(f"{path}: {UNFORESEEN} ({type(exc).__name__}: {exc})") from None


def map_reference(map_path: Path) -> str:
    """The map's path as saved: relative to the game folder when inside it, so a moved install still loads."""
    resolved = map_path.resolve()
    return resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else str(resolved)


def file_hash(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()
