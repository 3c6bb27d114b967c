"""Reading typed fields out of a TOML table, collecting one Problem per bad field."""
from __future__ import annotations

from typing import Any

from game.rules.checks import Problem

MISSING = object()


class Fields:
    """Typed access to one TOML table; every mistake becomes a `file: entry: field: problem`."""

    def __init__(self, table: dict[str, Any], file: str, entry: str, prefix: str = "") -> None:
        self.table = table
        self.file = file
        self.entry = entry
        self.prefix = prefix
        self.problems: list[Problem] = []

    def problem(self, field: str, message: str) -> None:
        self.problems.append(Problem(self.file, self.entry, self.prefix + field, message))

    def unknown(self, allowed: set[str]) -> None:
        for key in sorted(set(self.table) - allowed):
            self.problem(key, f"unknown field (expected some of {', '.join(sorted(allowed))})")

    def _get(self, field: str, kind: type | tuple[type, ...], label: str, default: Any) -> Any:
        value = self.table.get(field, MISSING)
        if value is MISSING:
            if default is MISSING:
                self.problem(field, "missing")
            return None if default is MISSING else default
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.problem(field, f"must be {label}, not {value!r}")
            return None if default is MISSING else default
        return value

    def text(self, field: str, default: Any = MISSING) -> Any:
        return self._get(field, str, "text", default)

    def integer(self, field: str, default: Any = MISSING) -> Any:
        return self._get(field, int, "a whole number", default)

    def number(self, field: str, default: Any = MISSING) -> Any:
        value = self._get(field, (int, float), "a number", default)
        return None if value is None else float(value)

    def boolean(self, field: str, default: Any = MISSING) -> Any:
        return self._get(field, bool, "true or false", default)

    def texts(self, field: str, default: Any = ()) -> tuple[str, ...]:
        values = self._get(field, list, "a list of text",
                           default if default is MISSING else list(default))
        if values is None:
            return ()
        if not all(isinstance(v, str) for v in values):
            self.problem(field, f"must be a list of text, not {values!r}")
            return ()
        return tuple(values)

    def table_of(self, field: str, default: Any = MISSING) -> Any:
        return self._get(field, dict, "a table", default)

    def tables(self, field: str) -> list[dict[str, Any]]:
        values = self._get(field, list, "a list of tables", [])
        if not all(isinstance(v, dict) for v in values or []):
            self.problem(field, "must be a list of tables ([[" + field + "]])")
            return []
        return values or []

    def integers(self, field: str) -> dict[str, int]:
        """A table of name -> whole number (attributes, resistance points)."""
        values = self.table_of(field, {}) or {}
        good = {}
        for key, value in values.items():
            if isinstance(value, int) and not isinstance(value, bool):
                good[key] = value
            else:
                self.problem(f"{field}.{key}", f"must be a whole number, not {value!r}")
        return good

    def sub(self, table: dict[str, Any], prefix: str) -> Fields:
        """Fields of a nested table, reporting into the same list."""
        child = Fields(table, self.file, self.entry, self.prefix + prefix)
        child.problems = self.problems
        return child
