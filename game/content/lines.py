"""Checks shared by the files of spoken lines (dialogue.toml, moments.toml): a line is a non-empty string
whose placeholders are among those its entry allows."""
from __future__ import annotations

import string
import zlib
from pathlib import Path
from typing import Any, Iterable

from game.content.errors import ContentError


def line(value: Any, allowed: Iterable[str], where: str, path: Path) -> str:
    """`value` checked as a line that may use only the `allowed` placeholders."""
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{path}: {where}: must be a line of text")
    try:
        names = {name for _, name, _, _ in string.Formatter().parse(value) if name is not None}
    except ValueError as exc:
        raise ContentError(f"{path}: {where}: bad placeholder: {exc}") from None
    unknown = sorted(names - set(allowed))
    if unknown:
        known = ", ".join("{" + a + "}" for a in sorted(allowed)) or "none"
        raise ContentError(f"{path}: {where}: unknown placeholder {{{unknown[0]}}} (allowed: {known})")
    return value


def lines(value: Any, allowed: Iterable[str], where: str, path: Path) -> tuple[str, ...]:
    """A non-empty list of lines."""
    if not isinstance(value, list) or not value:
        raise ContentError(f"{path}: {where}: must be a list of one or more lines")
    return tuple(line(v, allowed, f"{where}[{i}]", path) for i, v in enumerate(value))


def table(data: dict[str, Any], key: str, path: Path, where: str = "") -> dict[str, Any]:
    """The sub-table `key` of `data`; a ContentError naming it when it is missing or not a table."""
    value = data.get(key)
    name = f"{where}.{key}" if where else key
    if not isinstance(value, dict):
        raise ContentError(f"{path}: {name}: missing table")
    return value


def entries(data: dict[str, Any], keys: Iterable[str], path: Path, where: str, optional: Iterable[str] = ()) -> None:
    """Every one of `keys` is in the table `where`, and nothing else but the `optional` ones."""
    keys = list(keys)
    for key in keys:
        if key not in data:
            raise ContentError(f"{path}: {where}.{key}: missing")
    known = [*keys, *optional]
    for key in data:
        if key not in known:
            raise ContentError(f"{path}: {where}.{key}: unknown entry (known: {', '.join(known)})")


def pick(choices: tuple[str, ...], *key: str) -> str:
    """One of `choices`, the same every time for the same `key` (a person's uid and what is asked)."""
    return choices[zlib.crc32("/".join(key).encode()) % len(choices)]
