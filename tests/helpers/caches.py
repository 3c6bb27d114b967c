"""Session-wide caches of what the tests read again and again and never change: the game's TOML files parsed
(each data file is read by hundreds of tests: every content load, every map's data ids, every tool run in
process) and the sources' syntax trees (the architecture's checks). Both are installed by tests/conftest.py,
and neither under `make mutate`, where a cached answer would hide a mutant of the reader."""
from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import Any

from game.content import toml_file


def copied(value: Any) -> Any:
    """A copy of a parsed TOML value whose tables and arrays are new (its texts, numbers and dates are
    immutable), so a caller that changes what it was given changes no other test's."""
    if type(value) is dict:
        return {key: copied(item) for key, item in value.items()}
    if type(value) is list:
        return [copied(item) for item in value]
    return value


def remembering_parse(parse=toml_file.parse):
    """toml_file.parse, answering a text it has parsed before (with the same key limit) from memory. Only
    texts that parsed are kept: a refused one is refused afresh, with its own path in the message."""
    kept: dict[tuple[str, int], dict[str, Any]] = {}

    def remembered(path: Path, text: str, max_keys: int = toml_file.MAX_KEYS) -> dict[str, Any]:
        key = (text, max_keys)
        if key not in kept:
            kept[key] = parse(path, text, max_keys)
        return copied(kept[key])

    return remembered


@functools.cache
def _tree(path: Path, stamp: tuple[int, int]) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def syntax_tree(path: Path) -> ast.Module:
    """The parsed Python file at `path`, parsed once for the session while the file is unchanged. Read it, do
    not change it."""
    status = path.stat()
    return _tree(path, (status.st_mtime_ns, status.st_size))
