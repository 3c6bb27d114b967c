"""assets/data/names.toml: the names thinking creatures draw (N85), checked on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from game.content.errors import ContentError
from game.content.toml_file import read_toml


@dataclass(frozen=True)
class Names:
    given: Mapping[str, tuple[str, ...]]  # people -> given names
    family: Mapping[str, tuple[str, ...]]  # people -> family names
    family_kinds: frozenset[str]  # codex ids that carry a family name anywhere (N85)
    family_maps: frozenset[str]  # map kinds whose thinking creatures all carry one (settlement residents)


def _names(value: object, where: str, path: Path) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(n, str) and n.strip() for n in value):
        raise ContentError(f"{path}: {where}: must be a list of names, not {value!r}")
    return tuple(value)


def load_names(path: Path, peoples: Iterable[str], codex_ids: set[str]) -> Names:
    """Read names.toml; every people in `peoples` (those with thinking members) needs given and family
    names. ContentError names the file, the entry and the problem."""
    data = read_toml(path)
    try:
        family = data["family"]
        kinds = _names(family["kinds"], "family.kinds", path)
        for cid in kinds:
            if cid not in codex_ids:
                raise ContentError(f"{path}: family.kinds: unknown codex id {cid!r}")
        maps = _names(family["maps"], "family.maps", path)
        tables: Mapping[str, dict] = data["people"]
        given: dict[str, tuple[str, ...]] = {}
        families: dict[str, tuple[str, ...]] = {}
        for people in sorted(peoples):
            if people not in tables:
                raise ContentError(f"{path}: people.{people}: missing (its members think, so they need names)")
            given[people] = _names(tables[people].get("given"), f"people.{people}.given", path)
            families[people] = _names(tables[people].get("family"), f"people.{people}.family", path)
        return Names(given, families, frozenset(kinds), frozenset(maps))
    except KeyError as exc:
        raise ContentError(f"{path}: missing {exc}") from None
    except (TypeError, AttributeError) as exc:
        raise ContentError(f"{path}: malformed value ({exc})") from None
