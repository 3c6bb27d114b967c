"""Saving and loading a world (docs/saves.md): `save_world(world, path)`, `load_world(path) -> World` for a
one-map run, with its message log (`world.log`, game/save/messages.py); a world of sites is `game/save/worldsave.py`'s, whose body holds a site body per place.

All raise only SaveError, whose message is one line naming the file and the problem.
"""
from __future__ import annotations

import contextlib
import gc
from pathlib import Path
from typing import Iterator

import platformdirs

from game.content.content import Content, load_content
from game.content.errors import ContentError
from game.maps import store
from game.maps.errors import MapError
from game.maps.model import DungeonMap
from game.paths import ROOT
from game.save import checks, fileformat, messages, snapshot
from game.save.errors import SaveError
from game.world.saved import Unfit
from game.world.world import World

__all__ = ["SaveError", "default_save_path", "load_world", "save_world", "site_body", "load_site"]

UNFORESEEN = "damaged save that no check foresaw"  # the last net's words; the hostile saves never meet it


def default_save_path() -> Path:
    """The save slot the game window uses: <user data dir>/ethernalis/saves/slot1.sav."""
    return Path(platformdirs.user_data_dir("ethernalis", appauthor=False)) / "saves" / "slot1.sav"


@contextlib.contextmanager
def collector_held() -> Iterator[None]:
    """Python's cyclic garbage collector held off while a save is made or read, then let run again: it would
    walk again and again the tens of thousands of records and components being made (a fifth of a world's
    load). Nothing a save makes is garbage until it is done."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def save_world(world: World, path: Path) -> None:
    """Write `world` to `path` atomically, keeping the save it replaces as `<name>.bak`.

    Between world turns only (not while `world.mid_turn`). On any failure the existing file is untouched.
    """
    path = Path(path)
    with collector_held():
        body = site_body(world, path)
        if world.log:
            body["log"] = messages.record(world.log)  # the message log's last lines (game/save/messages.py)
        write_body(path, body)


def site_body(world: World, path: Path) -> dict:
    """The body of one map's world (a site's), as a save holds it; SaveError naming `path` when it cannot be."""
    if world.mid_turn:
        raise SaveError(f"cannot save to {path}: the world turn is still running")
    return snapshot.snapshot(world, map_record(world.map.path, path))


def map_record(map_path: Path, path: Path) -> dict[str, str]:
    """How a save names a map: its path and its hash (the map store's, worked out again only when the file
    changed); SaveError naming `path` when it cannot be read."""
    try:
        digest = store.map_digest(map_path)
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: the map {map_path} cannot be read ({exc.strerror})") from None
    if digest is None:
        raise SaveError(f"cannot save to {path}: the map {map_path} cannot be read (no regular file of a map's size)")
    return {"path": map_reference(map_path), "sha256": digest}


def write_body(path: Path, body: dict, read_back: bool = True) -> None:
    """Encode a whole save's body and write it atomically (the file it replaces kept as `<name>.bak`);
    `read_back` as fileformat.encode's."""
    try:
        data = fileformat.encode(body, read_back=read_back)
    except (TypeError, ValueError, OverflowError) as exc:
        raise SaveError(f"cannot save to {path}: the world holds a value a save cannot store ({exc})") from None
    try:
        fileformat.write(path, data)
    except OSError as exc:
        raise SaveError(f"cannot save to {path}: {exc.strerror or exc}") from None


def load_world(path: Path, content: Content | None = None) -> World:
    """The one-map world saved at `path`, ready to continue; SaveError for a bad, foreign, newer or stale save,
    or for a world of sites (game/save/worldsave.py loads those)."""
    path = Path(path)
    with collector_held():
        body = fileformat.read(path)
        if "region" in body:
            raise SaveError(f"{path}: is a world of sites, not one map's run (continue it from the title screen)")
        if body.get("hero", "") is None:
            raise SaveError(f"{path}: damaged save (a one-map run without a hero)")
        try:
            log = messages.lines(body.pop("log", []))  # optional: saves before issue 28 have none
        except Unfit as exc:
            raise SaveError(f"{path}: damaged save ({exc})") from None
        world = load_site(path, body, content)
        world.log = log
        return world


def load_site(path: Path, body: dict, content: Content | None = None, dungeon: DungeonMap | None = None) -> World:
    """One map's world from its body: `check_site`, then built."""
    return build_site(path, check_site(path, body, content, dungeon))


def check_site(path: Path, body: dict, content: Content | None = None,
               dungeon: DungeonMap | None = None) -> snapshot.Checked:
    """One map's world from its body, checked whole and ready to build: the map read from the path it names, or
    `dungeon` when the caller has read it already (a world of sites: the body must then name that map's file).
    A map edited or updated since the save is read as it is now: the save loads if it still fits it, and is
    refused naming the change if not."""
    changed = ""
    try:
        checks.body_fields(body)
        map_path = ROOT / body["map"]["path"]  # an absolute path stays as it is
        if dungeon is not None and map_path.resolve() != dungeon.path.resolve():
            raise SaveError(f"{path}: damaged save (a site's map is {map_path}, not its place's {dungeon.path})")
        if not map_path.is_file():
            raise SaveError(f"{path}: its map {map_path} is missing")
        if store.map_digest(map_path) != body["map"]["sha256"]:
            changed = f"its map {map_path}"
        try:
            content = content or load_content()
            dungeon = dungeon or store.dungeon(map_path, store.data_ids())
        except MapError as exc:
            raise SaveError(f"{path}: its map cannot be loaded: {exc.problems[0]}") from None
        except ContentError as exc:
            raise SaveError(f"{path}: the game's data cannot be loaded: {exc}") from None
        made = snapshot.checked(body, dungeon, content)
        made.changed = changed
        return made
    except SaveError:
        raise
    except Unfit as exc:
        raise SaveError(f"{path}: {unfit(changed)} ({exc})") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read {exc.filename} ({exc.strerror})") from None
    except Exception as exc:  # the last net: a body that passed every check and still broke them
        raise SaveError(f"{path}: {unfit(changed) if changed else UNFORESEEN} ({type(exc).__name__}: {exc})") from None


def build_site(path: Path, made: snapshot.Checked) -> World:
    """The checked world with its entities made."""
    try:
        return made.build()
    except Exception as exc:  # the last net: a body that passed every check and still broke the rebuild
        changed = made.changed
        raise SaveError(f"{path}: {unfit(changed) if changed else UNFORESEEN} ({type(exc).__name__}: {exc})") from None


def unfit(changed: str) -> str:
    """What a save that does not fit is called: damaged, or (`changed` naming the map) saved on a map that has
    changed since."""
    return f"{changed} has changed since the game was saved, and the save no longer fits it" if changed else \
        "damaged save"


def map_reference(map_path: Path) -> str:
    """The map's path as saved: relative to the game folder when inside it, so a moved install still loads."""
    resolved = map_path.resolve()
    return resolved.relative_to(ROOT).as_posix() if resolved.is_relative_to(ROOT) else str(resolved)
