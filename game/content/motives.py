"""What each want looks like in play (assets/data/motives.toml, C4), checked on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.rules.motives import WANTS

MAX_LINE = 120  # characters of a `seems` or `stops` line (the card is 300 pixels wide)
NUMBERS = {"appeased_turns": (1, 1000), "gold_per_tier": (1, 10_000)}


@dataclass(frozen=True)
class Want:
    seems: str  # the creature card's line
    stops: str  # what would make it stop
    seems_fed: str = ""  # the card's line instead while the creature is not hungry ("" : `seems` always)


@dataclass(frozen=True)
class Motives:
    wants: dict[str, Want]
    appeased_turns: int
    gold_per_tier: int


def load_motives(path: Path) -> Motives:
    """motives.toml; raise ContentError naming the file, the entry and the problem."""
    data = read_toml(path)
    for key in data:
        if key not in WANTS and key not in NUMBERS:
            raise ContentError(f"{path}: {key}: unknown (expected {', '.join((*NUMBERS, *WANTS))})")
    numbers = {}
    for key, (least, most) in NUMBERS.items():
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
            raise ContentError(f"{path}: {key}: must be a whole number from {least} to {most}, not {value!r}")
        numbers[key] = value
    wants = {}
    for want in WANTS:
        table = data.get(want)
        if not isinstance(table, dict):
            raise ContentError(f"{path}: {want}: missing [{want}] table")
        for key in table:
            if key not in ("seems", "stops", "seems_fed"):
                raise ContentError(f"{path}: {want}.{key}: unknown field (expected seems, stops, seems_fed)")
        for key in ("seems", "stops", "seems_fed"):
            line = table.get(key, "" if key == "seems_fed" else None)  # seems_fed may be left out
            if key == "seems_fed" and line == "":
                continue
            if not isinstance(line, str) or not line.strip() or len(line) > MAX_LINE:
                raise ContentError(f"{path}: {want}.{key}: must be a line of 1 to {MAX_LINE} characters")
        wants[want] = Want(table["seems"], table["stops"], table.get("seems_fed", ""))
    return Motives(wants, numbers["appeased_turns"], numbers["gold_per_tier"])
