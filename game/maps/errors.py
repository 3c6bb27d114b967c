"""The one error type for bad maps, and how a problem names what it is about (docs/maps.md, "The checker")."""
from __future__ import annotations

from dataclasses import dataclass

from game.content.errors import clipped, printable


def object_label(oid: object, name: object) -> str:
    """How a message names a Tiled object: `object 6 (Rat)`, `object 6 (unnamed)`."""
    return f"object {clipped(oid)} ({clipped(name) if name else 'unnamed'})"


@dataclass(frozen=True)
class Problem:
    """One problem of a map: its line (`file: object 6 (Rat): message`), the Tiled object it is about (None
    for the map, a layer or a tileset) and the lines of the problems that follow from it, folded under it."""

    line: str
    object_id: int | None = None
    follows: tuple[Problem, ...] = ()

    @property
    def summary(self) -> str:
        """The line, with the number of problems that follow from it."""
        n = len(self.follows)
        if not n:
            return self.line
        return f"{self.line} (and {n} problems that follow from it)" if n > 1 else f"{self.line} (and 1 that follows from it)"


class MapError(Exception):
    """A map cannot be played. Each entry of `problems` reads `file: object id (name): message`, one
    printable line (file content is escaped); a problem that explains later ones comes first and counts them
    (`… (and 3 problems that follow from it)`). `details` holds the same problems as `Problem`s, with the
    object ids and the folded lines (tools/check_map.py --json)."""

    def __init__(self, problems: list[str | Problem]) -> None:
        self.details = [_printable(Problem(p) if isinstance(p, str) else p) for p in problems]
        self.problems = [p.summary for p in self.details]
        super().__init__("\n".join(self.problems))


def _printable(problem: Problem) -> Problem:
    return Problem(printable(problem.line), problem.object_id, tuple(map(_printable, problem.follows)))
