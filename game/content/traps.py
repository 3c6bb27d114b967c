"""Trap kinds (assets/data/traps.toml), validated on load (N14, C3)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.rules.card import MUNDANE, SCHOOLS
from game.rules.tables import ATTRIBUTES


FIELDS = {"name", "attribute", "damage_type", "area"}
MAX_AREA = 20


@dataclass(frozen=True)
class TrapKind:
    id: str
    name: str
    attribute: str  # the trial's attribute (C3)
    damage_type: str  # a mundane type or a school
    area: int = 0  # squares it reaches round its own in every direction; 0 aims at one creature (C37, C38)


@dataclass(frozen=True)
class Traps:
    kinds: dict[str, TrapKind]
    rearm: int  # world turns a trap that went off stays spent


def load_traps(path: Path) -> Traps:
    data = read_toml(path)
    rearm = data.get("rearm")
    if not isinstance(rearm, int) or isinstance(rearm, bool) or rearm < 0:
        raise ContentError(f"{path}: rearm: must be a whole number of turns >= 0, not {rearm!r}")
    kinds = {}
    for kind, table in data.items():
        if kind == "rearm":
            continue
        if not isinstance(table, dict):
            raise ContentError(f"{path}: {kind}: must be a table")
        for key in ("name", "attribute", "damage_type"):
            if not isinstance(table.get(key), str):
                raise ContentError(f"{path}: {kind}: {key}: missing")
        if set(table) - FIELDS:
            raise ContentError(f"{path}: {kind}: {sorted(set(table) - FIELDS)[0]}: unknown field")
        area = table.get("area", 0)
        if not isinstance(area, int) or isinstance(area, bool) or not 0 <= area <= MAX_AREA:
            raise ContentError(f"{path}: {kind}: area: must be a whole number of squares from 0 to {MAX_AREA}, "
                               f"not {area!r}")
        if table["attribute"] not in ATTRIBUTES:
            raise ContentError(f"{path}: {kind}: attribute: must be one of {', '.join(ATTRIBUTES)}")
        if table["damage_type"] not in MUNDANE + SCHOOLS:
            raise ContentError(f"{path}: {kind}: damage_type: must be a mundane type or a school, "
                               f"not {table['damage_type']!r}")
        kinds[kind] = TrapKind(kind, table["name"], table["attribute"], table["damage_type"], area)
    return Traps(kinds, rearm)
