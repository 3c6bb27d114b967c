"""Each world's component store: the one door to its entities and components (docs/architecture.md).

A `Store` belongs to one `World` and holds only that world's entities, so no call can read another site's
state and nothing switches a global world. It keeps esper 3.9's semantics and its exact table operations
(entity ids from 1, sets of entities by component kind, deletion deferred until `clear_dead`, queries
cached until the next change), so every query sees the entities in the order esper gave them and the
event logs of the shipped maps did not change when it replaced esper (tools/event_logs.py; the figures
that decided it are in docs/performance.md). NOTES.md's esper pitfalls hold here too: a query's list is
shared until the next change, so never mutate it; a deleted entity stays queryable until `clear_dead`.
"""
from __future__ import annotations

import itertools
from typing import Any, Iterable, TypeVar

C = TypeVar("C")


class Store:
    """The entities of one world and their components, one of each kind per entity."""

    __slots__ = ("_count", "_kinds", "_entities", "_dead", "_one_cache", "_join_cache", "_dirty")

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        """No entities, and ids from 1 again."""
        self._count = itertools.count(1)
        self._kinds: dict[type, set[int]] = {}  # component kind -> the entities that have one
        self._entities: dict[int, dict[type, Any]] = {}  # entity -> its components by kind
        self._dead: set[int] = set()  # deleted, gone at the next clear_dead
        self._one_cache: dict[type, list[tuple[int, Any]]] = {}
        self._join_cache: dict[tuple[type, ...], list[tuple[int, tuple]]] = {}
        self._dirty = False

    # -- entities ---------------------------------------------------------------------------
    def create(self, *components: object) -> int:
        """A new entity with these components; its id is the next of this world's."""
        entity = next(self._count)
        held = {}
        kinds = self._kinds
        for component in components:
            kind = type(component)
            table = kinds.get(kind)
            if table is None:
                table = kinds[kind] = set()
            table.add(entity)
            held[kind] = component
        self._entities[entity] = held
        self._dirty = True
        return entity

    def create_many(self, entities: Iterable[Iterable[object]]) -> list[int]:
        """New entities, each with its components, in order: `create` for each (a world rebuilt from a save
        makes thousands at once)."""
        create = self.create
        return [create(*components) for components in entities]

    def delete(self, entity: int, immediate: bool = False) -> None:
        """Delete an entity: at the next `clear_dead` (queries still list it until then), or now."""
        if not immediate:
            self._dead.add(entity)
            return
        self._drop(entity)
        self._dirty = True

    def clear_dead(self) -> None:
        """Finish the deletions asked since the last time."""
        if not self._dead:
            return
        for entity in self._dead:
            self._drop(entity)
        self._dead.clear()
        self._dirty = True

    def _drop(self, entity: int) -> None:
        kinds = self._kinds
        for kind in self._entities[entity]:
            table = kinds[kind]
            table.discard(entity)
            if not table:
                del kinds[kind]
        del self._entities[entity]

    def exists(self, entity: int) -> bool:
        """The entity is here and not deleted."""
        return entity in self._entities and entity not in self._dead

    # -- one entity's components -------------------------------------------------------------
    def get(self, entity: int, kind: type[C]) -> C:
        """The entity's component of `kind`; KeyError if it has none."""
        return self._entities[entity][kind]

    def try_get(self, entity: int, kind: type[C]) -> C | None:
        """The entity's component of `kind`, or None (also for an entity not here)."""
        held = self._entities.get(entity)
        if held:
            return held.get(kind)
        return None

    def ensure(self, entity: int, kind: type[C]) -> C:
        """The entity's component of `kind`, made with its defaults on first need (records such as a journal
        or a loyalty that an older save or a new creature may not have yet)."""
        found = self.try_get(entity, kind)
        if found is None:
            found = kind()
            self.add(entity, found)
        return found

    def has(self, entity: int, kind: type) -> bool:
        """The entity has a component of `kind` (KeyError for an entity not here)."""
        return kind in self._entities[entity]

    def components_of(self, entity: int) -> tuple:
        """All the entity's components, in the order they were given."""
        return tuple(self._entities[entity].values())

    def add(self, entity: int, component: object) -> None:
        """Give the entity a component, replacing one of the same kind."""
        kind = type(component)
        table = self._kinds.get(kind)
        if table is None:
            table = self._kinds[kind] = set()
        table.add(entity)
        self._entities[entity][kind] = component
        self._dirty = True

    def remove(self, entity: int, kind: type[C]) -> C:
        """Take the entity's component of `kind` away and return it; KeyError if it has none."""
        table = self._kinds[kind]
        table.discard(entity)
        if not table:
            del self._kinds[kind]
        self._dirty = True
        return self._entities[entity].pop(kind)

    # -- queries ------------------------------------------------------------------------------
    def query(self, kind: type[C]) -> list[tuple[int, C]]:
        """Every (entity, component) of `kind`; a shared list until the next change: never mutate it."""
        if self._dirty:
            self._clean()
        cached = self._one_cache.get(kind)
        if cached is None:
            held, table = self._entities, self._kinds.get(kind, ())
            cached = self._one_cache[kind] = [(entity, held[entity][kind]) for entity in table]
        return cached

    def join(self, *kinds: type) -> list[tuple[int, tuple]]:
        """Every (entity, (components...)) of an entity that has all of `kinds`; shared like `query`'s."""
        if self._dirty:
            self._clean()
        cached = self._join_cache.get(kinds)
        if cached is None:
            cached = self._join_cache[kinds] = list(self._joined(kinds))
        return cached

    def _joined(self, kinds: tuple[type, ...]) -> Iterable[tuple[int, tuple]]:
        """esper 3.9's walk: over the smallest table, keeping the entities that have every other kind."""
        tables = self._kinds
        smallest, others = None, []
        for kind in kinds:
            table = tables.get(kind)
            if table is None:
                return
            if smallest is None or len(table) < len(tables[smallest]):
                if smallest is not None:
                    others.append(smallest)
                smallest = kind
            else:
                others.append(kind)
        if smallest is None:
            return
        held = self._entities
        if not others:
            for entity in tables[smallest]:
                parts = held[entity]
                yield entity, tuple(parts[kind] for kind in kinds)
            return
        for entity in tables[smallest]:
            parts = held[entity]
            for kind in others:
                if kind not in parts:
                    break
            else:
                yield entity, tuple(parts[kind] for kind in kinds)

    def forget_queries(self) -> None:
        """Build the next query afresh (as after any change; tools/bench.py's bare pass)."""
        self._dirty = True

    def _clean(self) -> None:
        self._one_cache.clear()
        self._join_cache.clear()
        self._dirty = False
