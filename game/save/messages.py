"""The message log saved with a run, one map's or a world of sites' (issue 28): its last LIMIT lines, each
[words, [r, g, b]], under the save's optional "log" key, so Continue shows what happened before. A save without one (older, or
a world whose log was empty) loads with an empty log; a damaged one is a damaged save like any other part."""
from __future__ import annotations

from typing import Any

from game.world.saved import Kind

LIMIT = 300  # lines kept
LONGEST = 2000  # characters of one line
Line = tuple[str, tuple[int, int, int]]


def _line(value: Any, world: object = None) -> bool:
    return (type(value) is list and len(value) == 2 and type(value[0]) is str and len(value[0]) <= LONGEST
            and value[0].isprintable() and type(value[1]) is list and len(value[1]) == 3
            and all(type(c) is int and 0 <= c <= 255 for c in value[1]))


def _log(value: Any, world: object = None) -> bool:
    return type(value) is list and len(value) <= LIMIT and all(_line(line) for line in value)


def _culprit(value: Any, world: object = None) -> Any:
    """The first line that does not fit, else the whole log (too long, or no list)."""
    return next((line for line in value if not _line(line)), value) if type(value) is list else value


LOG = Kind(f"a list of at most {LIMIT} message-log lines, each [words, [r, g, b]]", _log, culprit=_culprit)


def record(lines: list[Line]) -> list[list[Any]]:
    """The last LIMIT lines as the save holds them (a line the log could not show is left out)."""
    kept = [[words, list(colour)] for words, colour in lines[-LIMIT:]]
    return [line for line in kept if _line(line)]


def lines(saved: Any, where: str = "log") -> list[Line]:
    """The lines of a saved log (raises Unfit naming the first line that does not fit)."""
    LOG.load(saved, where)
    return [(words, (colour[0], colour[1], colour[2])) for words, colour in saved]
