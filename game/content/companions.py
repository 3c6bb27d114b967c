"""assets/data/companions.toml: the loyalty a creature needs to join the hero (N39), the party's size, the
companion lines of the dialogue (N4, N38, N48), forced labour (N47) and lifting items (N48), checked on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.errors import ContentError
from game.content.lines import entries, line, table
from game.content.toml_file import read_toml

LINES = {"recruit": (), "follow": (), "behind": (), "wait": (), "explore": ("room",), "hand": ("item",),
         "take": ("item",), "part": (), "joins": (), "refuses": (), "full": (), "follows": (), "keeps_behind": (),
         "waits": (), "goes": (), "seen": ("room", "seen"), "nothing": (), "thanks": (), "hands": (), "parts": (),
         "heals": (), "recruit_needs": ("name", "need", "now"), "recruit_ready": ("name", "need", "now"),
         "gate_favour": (), "gate_follow": (), "gate_secret": (), "fallen": ("name",)}


FORCED = {"chance": 100, "per_charisma": 100, "loyalty": 1000}
FORCED_LINES = {"ask": (), "yields": (), "defies": (), "odds": ("chance", "name")}
THEFT = {"base": 100, "per_dexterity": 100, "per_patience": 100, "per_stealing": 100, "worn": 100, "least": 100,
         "most": 100}
THEFT_LINES = {"lift": ("item",), "caught": (), "odds": ("chance", "name"), "took": ("item", "name"),
               "failed": ("name",)}


@dataclass(frozen=True)
class Companions:
    loyalty: int  # N39: to join
    party: int  # most companions at once
    heal_below: int  # percent of the hero's health under which a companion gives it healing
    lines: Mapping[str, str]
    forced: Mapping[str, int]  # N47, percent and loyalty
    forced_lines: Mapping[str, str]
    theft: Mapping[str, int]  # N48, percent
    theft_lines: Mapping[str, str]


def _whole(data: dict[str, Any], key: str, path: Path, lo: int, hi: int, where: str = "recruit") -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ContentError(f"{path}: {where}.{key}: must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def load_companions(path: Path) -> Companions:
    data = read_toml(path)
    entries(data, ("recruit", "lines", "forced", "theft"), path, "companions.toml")
    recruit, lines = table(data, "recruit", path), table(data, "lines", path)
    forced, theft = table(data, "forced", path), table(data, "theft", path)
    entries(recruit, ("loyalty", "party", "heal_below"), path, "recruit")
    entries(lines, LINES, path, "lines")
    entries(forced, (*FORCED, *FORCED_LINES), path, "forced")
    entries(theft, (*THEFT, *THEFT_LINES), path, "theft")
    return Companions(_whole(recruit, "loyalty", path, 0, 1000), _whole(recruit, "party", path, 1, 8),
                      _whole(recruit, "heal_below", path, 0, 100),
                      {k: line(lines[k], allowed, f"lines.{k}", path) for k, allowed in LINES.items()},
                      {k: _whole(forced, k, path, 0, hi, "forced") for k, hi in FORCED.items()},
                      {k: line(forced[k], allowed, f"forced.{k}", path) for k, allowed in FORCED_LINES.items()},
                      {k: _whole(theft, k, path, 0, hi, "theft") for k, hi in THEFT.items()},
                      {k: line(theft[k], allowed, f"theft.{k}", path) for k, allowed in THEFT_LINES.items()})
