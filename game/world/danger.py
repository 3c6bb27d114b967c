"""A site's stated danger (issue 24), shown on the region map before the hero commits: a tier from the
creature rules' Division (C5: Tier + rank offset) of the dungeon creatures that live there.

What lives there: every placement of kind "dungeon" (N2: a dungeon's natives, not a settlement's people,
merchants or travellers) and one of each spawner's dungeon creature (N26: what its clock room brings).
The tier is the mean of their Divisions rounded up (a place of Division-3 wolves and one Division-9 warlord
among 47 others is tier 3, a dragon and its hawk tier 8); 0 when nothing of the kind lives there.
docs/rules.md, "A site's danger", and tests/test_danger.py pin it on the shipped sites.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.content.codex import Codex
from game.maps.model import DungeonMap

DUNGEON = "dungeon"  # the kind of placement and spawner whose creatures count


@dataclass(frozen=True)
class Danger:
    tier: int  # 0: nothing dangerous lives there
    mean: float  # the mean Division of what lives there
    strongest: str  # the name of the creature of the highest Division ("" for none)
    division: int  # its Division
    count: int  # how many creatures were counted

    def line(self) -> str:
        """The player's line: "Danger 4 (the strongest here: Lich, Division 9)"."""
        if not self.tier:
            return "Danger: none (no dungeon creatures live here)"
        return f"Danger {self.tier} (the strongest here: {self.strongest}, Division {self.division})"


def site_danger(dungeon: DungeonMap, codex: Codex) -> Danger:
    """The danger of the site on `dungeon` (the formula above)."""
    kinds = [p.creature for p in dungeon.placements if p.kind == DUNGEON]
    kinds += [s.creature for s in dungeon.spawners if s.kind == DUNGEON]
    if not kinds:
        return Danger(0, 0.0, "", 0, 0)
    divisions = {kind: codex.stat_block(kind).division for kind in set(kinds)}
    mean = sum(divisions[kind] for kind in kinds) / len(kinds)
    strongest = max(sorted(divisions), key=lambda kind: divisions[kind])
    return Danger(max(1, math.ceil(round(mean, 6))), round(mean, 2), codex.stat_block(strongest).name,
                  divisions[strongest], len(kinds))
