"""The one error type for bad maps (docs/maps.md, "The checker")."""
from __future__ import annotations

from game.content.errors import printable


class MapError(Exception):
    """A map cannot be played. Each entry of `problems` reads `file: object id (name): message`, one
    printable line (file content is escaped)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = [printable(p) for p in problems]
        super().__init__("\n".join(self.problems))
