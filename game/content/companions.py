"""assets/data/companions.toml: the loyalty a creature needs to join the hero (N39), the party's size, and
the companion lines of the dialogue (N4, N38, N48), checked on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.errors import ContentError
from game.content.lines import entries, line, table
from game.content.toml_file import read_toml

LINES = {"recruit": (), "follow": (), "wait": (), "explore": ("room",), "hand": ("item",), "take": ("item",),
         "part": (), "joins": (), "refuses": (), "full": (), "follows": (), "waits": (), "goes": (),
         "seen": ("room", "seen"), "nothing": (), "thanks": (), "hands": (), "parts": ()}


@dataclass(frozen=True)
class Companions:
    loyalty: int  # N39: to join
    party: int  # most companions at once
    lines: Mapping[str, str]


def _whole(data: dict[str, Any], key: str, path: Path, lo: int, hi: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ContentError(f"{path}: recruit.{key}: must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def load_companions(path: Path) -> Companions:
    data = read_toml(path)
    entries(data, ("recruit", "lines"), path, "companions.toml")
    recruit, lines = table(data, "recruit", path), table(data, "lines", path)
    entries(recruit, ("loyalty", "party"), path, "recruit")
    entries(lines, LINES, path, "lines")
    return Companions(_whole(recruit, "loyalty", path, 0, 1000), _whole(recruit, "party", path, 1, 8),
                      {k: line(lines[k], allowed, f"lines.{k}", path) for k, allowed in LINES.items()})
