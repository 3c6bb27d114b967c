"""A private esper context per world (NOTES.md: esper 3 keeps module-level state)."""
from __future__ import annotations

import itertools
from typing import Iterable, TypeVar

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


def create_entities(entities: Iterable[Iterable[object]]) -> list[int]:
    """New entities, each with its components, in order: what `esper.create_entity` does for each, but with
    esper's query cache cleared once for them all (a world rebuilt from a save makes thousands at once).
    It writes the current esper world's own tables, as esper 3's `create_entity` does (tests/test_save.py
    compares the two)."""
    tables, made = esper._components, []
    for components in entities:
        entity = next(esper._entity_count)
        held = {}
        for component in components:
            kind = type(component)
            table = tables.get(kind)
            if table is None:
                table = tables[kind] = set()
            table.add(entity)
            held[kind] = component
        esper._entities[entity] = held
        made.append(entity)
    esper.clear_cache()
    return made
