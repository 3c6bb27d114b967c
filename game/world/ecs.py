"""A private esper context per world (NOTES.md: esper 3 keeps module-level state)."""
from __future__ import annotations

import itertools
from typing import TypeVar

import esper

C = TypeVar("C")

_names = itertools.count(1)


class EcsContext:
    """Owns one esper world; `activate()` makes it the current one before any esper call."""

    def __init__(self) -> None:
        self.name = f"ethernalis-{next(_names)}"
        esper.switch_world(self.name)

    def activate(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def close(self) -> None:
        """Delete the esper world; safe to call more than once."""
        if self.name not in esper.list_worlds():
            return
        if esper.current_world == self.name:
            esper.switch_world("default")
        esper.delete_world(self.name)


def component(eid: int, kind: type[C]) -> C:
    """The entity's component of `kind`, made with its defaults on first need (records such as a journal or
    a loyalty that an older save or a new creature may not have yet)."""
    found = esper.try_component(eid, kind)
    if found is None:
        found = kind()
        esper.add_component(eid, found)
    return found
