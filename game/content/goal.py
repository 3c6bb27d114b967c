"""assets/data/goal.toml: the world's goal (issue 24), lifting the siege of a settlement: its map, the
resident who asks for it, the besiegers' leader, the spawner of the war camp, the opinion it earns and the
victory screen's words, checked on load (the leader against the codex)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Collection, Mapping

from game.content.errors import ContentError
from game.content.lines import entries, line, lines, table
from game.content.toml_file import read_toml

NAMES = ("map", "giver", "leader", "camp")
VICTORY = {"title": (), "told": ("hero", "leader", "place", "turn"), "deeds": (), "on": (), "leave": ()}
DEEDS = ("level", "xp", "rooms", "work", "party", "known", "place")


@dataclass(frozen=True)
class Goal:
    map: str  # the besieged settlement's map file name
    giver: str  # who asks for it
    leader: str  # the besiegers' leader: a codex id
    camp: str  # the spawner that feeds the siege
    opinion: int  # the rise in every resident's opinion of the hero when it falls
    victory: Mapping[str, str]  # the victory screen's words
    deeds: tuple[str, ...]  # its lines of the hero's deeds


def load_goal(path: Path, creatures: Collection[str]) -> Goal:
    data = read_toml(path)
    entries(data, ("siege", "victory"), path, "goal.toml")
    siege, victory = table(data, "siege", path), table(data, "victory", path)
    entries(siege, (*NAMES, "opinion"), path, "siege")
    entries(victory, (*VICTORY, "lines"), path, "victory")
    names = {key: line(siege[key], (), f"siege.{key}", path) for key in NAMES}
    if names["leader"] not in creatures:
        raise ContentError(f"{path}: siege.leader: unknown creature {names['leader']!r} (not in creatures/)")
    opinion = siege["opinion"]
    if not isinstance(opinion, int) or isinstance(opinion, bool) or not 0 <= opinion <= 100:
        raise ContentError(f"{path}: siege.opinion: must be a whole number from 0 to 100, not {opinion!r}")
    return Goal(**names, opinion=opinion,
                victory={key: line(victory[key], allowed, f"victory.{key}", path) for key, allowed in VICTORY.items()},
                deeds=lines(victory["lines"], DEEDS, "victory.lines", path))
