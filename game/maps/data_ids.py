"""The ids maps may name, read from the data files (docs/maps.md, "Ids from data").

tools/check_map.py passes them to the loader and tools/make_tiled_types.py turns them into the Tiled
project's dropdowns. A missing data file gives None: the map is then checked on structure only.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.paths import DATA
from game.rules.definitions import footprint, squares
from game.rules.tables import MAX_HEADS


@dataclass(frozen=True)
class DataIds:
    codex: tuple[str, ...] | None = None  # assets/data/creatures/<id>.toml
    items: tuple[str, ...] | None = None  # assets/data/items.toml keys
    gear: tuple[str, ...] | None = None  # items of kind weapon or armour
    keys: tuple[str, ...] | None = None  # items of kind key
    provisions: tuple[str, ...] | None = None  # items of kind food or drink (what a supply restocks)
    quality: tuple[str, ...] | None = None  # assets/data/gear.toml [quality.*]
    material: tuple[str, ...] | None = None  # assets/data/gear.toml [material.*]
    traps: tuple[str, ...] | None = None  # assets/data/traps.toml keys
    sizes: dict[str, tuple[int, int]] | None = None  # codex id -> C10 footprint in squares
    groups: dict[str, tuple[int, float]] | None = None  # minion codex id -> (default heads, squares a head)


def read_data_ids(data_dir: Path = DATA, creatures: tuple[Path, ...] = (), item_files: tuple[Path, ...] = ()
                  ) -> DataIds:
    """The ids of `data_dir`'s files and of the mods' creature and item files read over them (game/content/
    mods.py). Raises game.content.errors.ContentError for an unreadable data file."""
    sizes: dict[str, tuple[int, int]] = {}
    groups: dict[str, tuple[int, float]] = {}
    for path in [*sorted((data_dir / "creatures").glob("*.toml")), *creatures]:
        table = read_toml(path)
        size, heads = table.get("size", "1x1"), table.get("heads", 1)
        try:
            sizes[path.stem] = footprint(size if isinstance(size, str) else repr(size))
        except ValueError as exc:
            raise ContentError(f"{path}: {path.stem}: size: {exc}") from None
        if table.get("rank") == "minion":
            if not isinstance(heads, int) or isinstance(heads, bool) or heads < 1:
                raise ContentError(f"{path}: {path.stem}: heads: a group has at least one head (C31, C39), not {heads!r}")
            if heads > MAX_HEADS:
                raise ContentError(f"{path}: {path.stem}: heads: a group has at most {MAX_HEADS} heads, not {heads} "
                                   f"(C31, C39)")
            groups[path.stem] = (heads, squares(size))
    items = _table(data_dir / "items.toml")
    for path in item_files:
        items = {**(items or {}), **read_toml(path)}
    gear = _table(data_dir / "gear.toml")
    traps = _table(data_dir / "traps.toml")
    return DataIds(
        codex=tuple(sizes) or None,
        items=None if items is None else tuple(items),
        gear=None if items is None else tuple(k for k, v in items.items() if v.get("kind") in ("weapon", "armour")),
        keys=None if items is None else tuple(k for k, v in items.items() if v.get("kind") == "key"),
        provisions=None if items is None else tuple(k for k, v in items.items() if v.get("kind") in ("food", "drink")),
        quality=None if gear is None else tuple(gear.get("quality", {})),
        material=None if gear is None else tuple(gear.get("material", {})),
        traps=None if traps is None else tuple(k for k, v in traps.items() if isinstance(v, dict)),
        sizes=sizes or None,
        groups=groups or None,
    )


def _table(path: Path) -> dict | None:
    return read_toml(path) if os.path.lexists(path) else None
