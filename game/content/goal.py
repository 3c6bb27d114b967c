"""assets/data/goal.toml: the world's goal (issue 24), lifting the siege of a settlement: its map, the
resident who asks for it, the besiegers' leader, the spawner of the war camp, the opinion it earns and the
victory screen's, the hall's and the journal's words, checked on load (the leader against the codex)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Collection, Mapping

from game.content.errors import ContentError
from game.content.lines import entries, line, lines, table
from game.content.toml_file import read_toml

NAMES = ("map", "place", "giver", "leader", "camp")
VICTORY = {"title": (), "told": ("hero", "leader", "place", "turn"), "deeds": (), "on": (), "hall": (), "leave": ()}
HALL = {"victory": ("place", "day", "turn"), "kept": (), "victorious": (), "fallen": ()}
JOURNAL = {"title": ("place",), "objective": ("place", "giver", "leader"), "told": ("place", "giver", "leader"),
           "where": ("place",), "standing": (), "lifted": (), "mark": ()}
DEEDS = ("level", "xp", "rooms", "work", "party", "known", "place")


@dataclass(frozen=True)
class Goal:
    map: str  # the besieged settlement's map file name
    place: str  # its name on the region map
    giver: str  # who asks for it
    leader: str  # the besiegers' leader: a codex id
    camp: str  # the spawner that feeds the siege
    opinion: int  # the rise in every resident's opinion of the hero when it falls
    victory: Mapping[str, str]  # the victory screen's words
    deeds: tuple[str, ...]  # its lines of the hero's deeds
    hall: Mapping[str, str]  # the hall of heroes' words for a victory
    journal: Mapping[str, str]  # the goal's entry in the journal and its mark on the region map


def load_goal(path: Path, creatures: Collection[str]) -> Goal:
    data = read_toml(path)
    entries(data, ("siege", "victory", "hall", "journal"), path, "goal.toml")
    siege, victory = table(data, "siege", path), table(data, "victory", path)
    words = {}
    for name, allowed in (("hall", HALL), ("journal", JOURNAL)):
        part = table(data, name, path)
        entries(part, allowed, path, name)
        words[name] = {key: line(part[key], keys, f"{name}.{key}", path) for key, keys in allowed.items()}
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
                deeds=lines(victory["lines"], DEEDS, "victory.lines", path), **words)
