"""Mods (docs/modding.md): folders in the player's mods folder (game/userdirs.py, mods_dir) whose creature,
item and map files are read over the shipped data with the game's own checks.

    <mods folder>/<mod>/creatures/<id>.toml   creature files, as assets/data/creatures/ (an id of the codex
                                              replaces that creature)
    <mod>/items.toml                          items, as assets/data/items.toml (a shipped id replaces it)
    <mod>/maps/<name>.tmx                     maps, listed by Choose map after the shipped ones; they place
                                              the mod's creatures and items as any map does
    <mod>/sprites/creatures/<id>.png          sprites, as assets/sprites/ (32 px a square), drawn before
    <mod>/sprites/items/<id>.png              the shipped ones (none: the creature's initial on a card)

Mods are tried one by one in the order of their folder names, each over the shipped data and the mods kept
before it: a mod the game would refuse (any file of it) is skipped with its first problem, and the shipped
game plays on. main.py switches them on at start (the content and map ids read with them); the title screen lists every mod
with its verdict.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game import userdirs
from game.content import content
from game.content.codex import HERO_ID
from game.content.content import Overlay, load_content
from game.content.errors import ContentError, printable
from game.maps import store
from game.maps.data_ids import DataIds, read_data_ids
from game.maps.errors import MapError
from game.maps.tiled import load_map
from game.paths import DATA

MAX_MODS = 50  # folders read; the rest are listed as skipped
MAX_FILES = 200  # creature and map files of one mod


@dataclass(frozen=True)
class Mod:
    """One mod folder, its files and, when it is skipped, the one line that says why."""

    name: str
    folder: Path
    overlay: Overlay = Overlay()
    maps: tuple[Path, ...] = ()
    problem: str | None = None

    @property
    def summary(self) -> str:
        """What the title screen says of it."""
        if self.problem is not None:
            return f"{self.name}: skipped: {self.problem}"
        parts = [(len(self.overlay.creatures), "creature"), (len(self.overlay.items), "item file"),
                 (len(self.maps), "map")]
        return f"{self.name}: " + ", ".join(f"{n} {word}{'' if n == 1 else 's'}" for n, word in parts if n)


@dataclass(frozen=True)
class Mods:
    """The mods found, in order, and what the kept ones add to the game."""

    mods: tuple[Mod, ...] = ()
    overlay: Overlay = Overlay()

    @property
    def maps(self) -> tuple[Path, ...]:
        return tuple(path for mod in self.mods if mod.problem is None for path in mod.maps)

    @property
    def folders(self) -> tuple[Path, ...]:
        """The kept mods' folders, the last first (its sprites before an earlier mod's)."""
        return tuple(mod.folder for mod in reversed(self.mods) if mod.problem is None)


def read_mod(folder: Path) -> Mod:
    """A mod folder's files (not yet checked against the data)."""
    name = printable(folder.name)
    creatures = tuple(sorted((folder / "creatures").glob("*.toml")))
    items = (folder / "items.toml",) if (folder / "items.toml").exists() else ()
    maps = tuple(sorted((folder / "maps").glob("*.tmx")))
    mod = Mod(name, folder, Overlay(creatures, items), maps)
    if not (creatures or items or maps):
        return _skipped(mod, "holds no creatures/*.toml, items.toml or maps/*.tmx")
    if len(creatures) + len(maps) > MAX_FILES:
        return _skipped(mod, f"holds {len(creatures) + len(maps)} creature and map files; a mod has at most "
                             f"{MAX_FILES}")
    if any(path.stem == HERO_ID for path in creatures):
        return _skipped(mod, f"{folder / 'creatures' / 'hero.toml'}: the hero is assets/data/hero.toml's, "
                             f"not a creature a mod adds")
    return mod


def _skipped(mod: Mod, problem: str) -> Mod:
    return Mod(mod.name, mod.folder, mod.overlay, mod.maps, printable(problem))


def check(mod: Mod, under: Overlay = Overlay(), data_dir: Path = DATA) -> Mod:
    """The mod with its first problem when the game refuses it over `data_dir` and the overlay of the mods
    kept before it: its data as load_content reads it, then each map as the game loads it."""
    if mod.problem is not None:
        return mod
    overlay = under + mod.overlay
    try:
        load_content(data_dir, overlay)
        ids = data_ids(data_dir, overlay)
    except ContentError as exc:
        return _skipped(mod, str(exc))
    for path in mod.maps:
        try:
            load_map(path, data=ids)
        except MapError as exc:
            more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
            return _skipped(mod, exc.problems[0] + more)
    return mod


def find(folder: Path, data_dir: Path = DATA) -> Mods:
    """Every mod folder under `folder`, checked in name order; the overlay of those kept."""
    try:
        folders = sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
    except OSError as exc:
        return Mods((Mod(printable(folder.name), folder, problem=f"cannot be read ({exc.strerror})"),))
    mods, overlay = [], Overlay()
    for index, path in enumerate(folders):
        mod = read_mod(path)
        mod = check(mod, overlay, data_dir) if index < MAX_MODS else _skipped(
            mod, f"only the first {MAX_MODS} mods are read")
        if mod.problem is None:
            overlay = overlay + mod.overlay
        mods.append(mod)
    return Mods(tuple(mods), overlay)


@lru_cache(maxsize=1)
def in_play() -> Mods:
    """The player's mods (userdirs.mods_dir()), read once per process."""
    return find(userdirs.mods_dir())


def switch_on() -> Mods:
    """Read the player's mods over the data from now on: the content and the maps' ids (main.py, at start)."""
    found = in_play()
    content.use_overlay(found.overlay)
    store.use_overlay(found.overlay.creatures, found.overlay.items)
    return found


def switch_off() -> None:
    """The shipped data alone again, and the mods folder read afresh by the next in_play (tests)."""
    content.use_overlay(Overlay())
    store.use_overlay((), ())
    in_play.cache_clear()


@lru_cache(maxsize=4)
def data_ids(data_dir: Path, overlay: Overlay) -> DataIds:
    """The ids a map may name: the data folder's and the overlay's."""
    return read_data_ids(data_dir, overlay.creatures, overlay.items)
