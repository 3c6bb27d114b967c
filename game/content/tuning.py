"""The simulation's tunable numbers (assets/data/world.toml), every value type- and range-checked on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.content.errors import ContentError
from game.content.toml_file import read_toml

MONSTERS = "monsters"  # the faction of the dungeon's creatures, whose wants decide their fights (C4)
FACTIONS = (MONSTERS, "folk", "hero", "hostile", "bound")  # N13; hostile: N46; bound: N50-N55
KITS = ("provisions", "hero")

# section -> key -> (whole number?, least, most)
NUMBERS: dict[str, dict[str, tuple[bool, float, float]]] = {
    "needs": {"starve_at": (True, 1, 1000), "starve_every": (True, 1, 1000), "regen_every": (True, 1, 1000)},
    "mood": {"flee_recover": (False, 0, 1), "anger_memory": (True, 0, 1000), "coward_snap": (False, 0, 1),
             "wander_chance": (False, 0, 1)},
    "lair": {"perception_per_tier": (True, 0, 100), "notice": (False, 0, 1), "per_point": (False, 0, 1),
             "least": (False, 0, 1), "most": (False, 0, 1), "next_door": (False, 0, 1), "scent": (False, 0, 100)},
    "scent": {"hero": (False, 0, 100), "prey": (False, 0, 100), "fade": (False, 0, 1), "spread": (False, 0, 1),
              "strong": (False, 0, 100), "follow_chance": (False, 0, 1)},
    "hero_xp": {"kill_per_division": (True, 0, 10000), "kill_per_level": (True, 0, 10000),
                "new_room": (True, 0, 10000)},
    "clock": {"minutes_per_turn": (True, 1, 1440), "start_hour": (True, 0, 23), "night_from": (True, 0, 23),
              "night_to": (True, 0, 24)},
    "region": {"turns_per_square": (True, 1, 1000), "stumble_chance": (False, 0, 1), "stumble_radius": (True, 0, 100),
               "catch_up": (True, 0, 100_000), "stay": (True, 1, 100_000)},
    "warning": {"health_share": (False, 0, 1), "deadly_turns": (True, 1, 100)},
    "travel": {"rest_most": (True, 1, 10_000)},
    "chronicle": {"feared_division": (True, 1, 100)},
}
SECTIONS = ("factions", "peaceful", "kits", *NUMBERS)


@dataclass(frozen=True)
class Tuning:
    enemies: dict[str, frozenset[str]]
    peaceful: frozenset[str]
    kits: dict[str, tuple[str, ...]]
    values: dict[str, dict[str, float]]

    def __getitem__(self, section: str) -> dict[str, float]:
        return self.values[section]


def load_tuning(path: Path) -> Tuning:
    """world.toml; raise ContentError naming the first bad value (`file: section.key: problem`)."""
    data = read_toml(path)
    unknown(path, "", data, SECTIONS)
    factions = table(path, data, "factions")
    unknown(path, "factions.", factions, FACTIONS)
    enemies = {name: frozenset(names(path, f"factions.{name}", factions, FACTIONS)) for name in FACTIONS}
    peaceful = table(path, data, "peaceful")
    unknown(path, "peaceful.", peaceful, ("ids",))
    kits = table(path, data, "kits")
    unknown(path, "kits.", kits, KITS)
    values = {}
    for section, keys in NUMBERS.items():
        found = table(path, data, section)
        unknown(path, f"{section}.", found, tuple(keys))
        values[section] = {key: number(path, f"{section}.{key}", found.get(key), *rule) for key, rule in keys.items()}
    return Tuning(enemies, frozenset(names(path, "peaceful.ids", peaceful)),
                  {kit: names(path, f"kits.{kit}", kits) for kit in KITS}, values)


def unknown(path: Path, prefix: str, found: dict, allowed: tuple[str, ...]) -> None:
    for key in found:
        if key not in allowed:
            raise ContentError(f"{path}: {prefix}{key}: unknown (expected {', '.join(allowed)})")


def table(path: Path, data: dict, section: str) -> dict:
    found = data.get(section)
    if not isinstance(found, dict):
        raise ContentError(f"{path}: {section}: missing [{section}] table")
    return found


def names(path: Path, where: str, found: dict, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """A list of names (of `allowed` when given)."""
    key = where.rsplit(".", 1)[-1]
    value = found.get(key)
    if value is None:
        raise ContentError(f"{path}: {where}: missing (a list of names)")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ContentError(f"{path}: {where}: must be a list of names, like [\"a\", \"b\"], not {value!r}")
    for name in value:
        if allowed is not None and name not in allowed:
            raise ContentError(f"{path}: {where}: unknown name {name!r} (expected {', '.join(allowed)})")
    return tuple(value)


def number(path: Path, where: str, value: object, whole: bool, least: float, most: float) -> float:
    kind = "a whole number" if whole else "a number"
    if value is None:
        raise ContentError(f"{path}: {where}: missing ({kind} from {least} to {most})")
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)) or not least <= value <= most:
        raise ContentError(f"{path}: {where}: must be {kind} from {least} to {most}, not {value!r}")
    return value
