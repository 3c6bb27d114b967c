"""The one error type for bad maps (docs/maps.md, "The checker")."""
from __future__ import annotations


class MapError(Exception):
    """A map cannot be played. Each entry of `problems` reads `file: object id (name): message`."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)
