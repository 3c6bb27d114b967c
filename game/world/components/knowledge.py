"""What a hero knows of the maps it has been in (game/world/knowledge.py, issue 23): saved with the hero."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from game.world import saved
from game.world.saved import COUNT, STR, numbers, one_of, text

MAP_KEY = text(120)  # a map's file name: a hero's knowledge is kept per map it has been in
SEEN_ROW = saved.row("[room, what, id, x, y]: a creature ('foe' or 'creature') or an 'item' as last seen",
                     (COUNT, one_of(STR, "foe, creature or item", ("foe", "creature", "item")), text(80),
                      COUNT, COUNT))
ROOMS_BY_MAP = saved.name_map(numbers(COUNT), key=MAP_KEY)


@saved.creature("knowledge", {"seen": ROOMS_BY_MAP, "visited": ROOMS_BY_MAP,
                              "memory": saved.name_map(saved.list_of("a list of things last seen", SEEN_ROW,
                                                                     from_plain=list), key=MAP_KEY)},
                optional=True)
@dataclass(slots=True)
class Knowledge:
    """The map as a hero knows it, per map file: the rooms it has seen, the rooms it has stood in, and what it
    saw last in each seen room out of sight (memories)."""

    seen: dict[str, set[int]] = field(default_factory=dict)
    visited: dict[str, set[int]] = field(default_factory=dict)
    memory: dict[str, list[Sequence[Any]]] = field(default_factory=dict)  # [room, what, id, x, y] rows
