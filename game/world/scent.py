"""The scent field (N15): the hero and prey lay scent in their rooms; it fades and spreads to neighbours."""
from __future__ import annotations

from game.maps.model import DungeonMap


class ScentField:
    """Two fields of room -> strength, holding only the rooms where some scent lingers (absent reads 0)."""

    def __init__(self, dungeon: DungeonMap, tuning: dict[str, float]) -> None:
        self.fade = tuning["fade"]
        self.spread = tuning["spread"]
        self.neighbours = {r: [other for _, other in dungeon.exits_of(r)] for r in dungeon.rooms}
        self.hero: dict[int, float] = {}
        self.prey: dict[int, float] = {}

    def lay(self, field: dict[int, float], room: int, amount: float) -> None:
        field[room] = max(field.get(room, 0.0), amount)

    def step(self) -> None:
        """One turn: every room keeps `fade` of its scent and passes `spread` of it to each neighbour;
        scent at or below 0.001 is gone."""
        for field in (self.hero, self.prey):
            faded = {r: v * self.fade for r, v in field.items()}
            spread = dict(faded)
            for room, value in faded.items():
                if value <= 0.001:
                    continue
                passed = value * self.spread
                for other in self.neighbours[room]:
                    if passed > spread.get(other, 0.0):
                        spread[other] = passed
            field.clear()
            field.update((r, v) for r, v in spread.items() if v > 0.001)

    def strength(self, room: int, hunts_prey: bool) -> float:
        hero = self.hero.get(room, 0.0)
        return max(hero, self.prey.get(room, 0.0)) if hunts_prey else hero
