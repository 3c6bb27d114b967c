"""The scent field (N15): the hero and prey lay scent in their rooms; it fades and spreads to neighbours."""
from __future__ import annotations

from game.maps.model import DungeonMap


class ScentField:
    def __init__(self, dungeon: DungeonMap, tuning: dict[str, float]) -> None:
        self.fade = tuning["fade"]
        self.spread = tuning["spread"]
        self.neighbours = {r: [other for _, other in dungeon.exits_of(r)] for r in dungeon.rooms}
        self.hero = {r: 0.0 for r in dungeon.rooms}
        self.prey = {r: 0.0 for r in dungeon.rooms}

    def lay(self, field: dict[int, float], room: int, amount: float) -> None:
        field[room] = max(field[room], amount)

    def step(self) -> None:
        """One turn: every room keeps `fade` of its scent and passes `spread` of it to each neighbour."""
        for field in (self.hero, self.prey):
            faded = {r: v * self.fade for r, v in field.items()}
            spread = dict(faded)
            for room, value in faded.items():
                if value <= 0.001:
                    continue
                passed = value * self.spread
                for other in self.neighbours[room]:
                    if passed > spread[other]:
                        spread[other] = passed
            field.update({r: (v if v > 0.001 else 0.0) for r, v in spread.items()})

    def strength(self, room: int, hunts_prey: bool) -> float:
        return max(self.hero[room], self.prey[room]) if hunts_prey else self.hero[room]
