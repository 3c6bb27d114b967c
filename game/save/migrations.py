"""MIGRATIONS[v] turns the body of a version-v save into a version v+1 body (docs/saves.md).

Each migration is frozen with the format it reads: it names that format's keys, never the registry's
(game/world/saved.py), which describes only the newest. It may meet a body that is not a save's, and
then raises KeyError, TypeError, ValueError, IndexError or AttributeError, which fileformat.read refuses
in one line; what it returns is checked like any body of the newest format.
"""
from __future__ import annotations

from typing import Any, Callable

V1_LINKS = ("equipped", "placed", "dead")  # a version-1 creature's keys that are not its components
V1_WORLD = ("scent", "spawn_clock", "opened_doors", "trap_spent", "room_runes", "pair_cooldown")


def components_by_key(body: dict[str, Any]) -> dict[str, Any]:
    """1 → 2. A creature's components go under "components" (an absent mood or needs left out, not None;
    an empty "inventory"; an empty "hero" on the hero), an item's fields but its owner under
    "components" → "item", and the world's own state under "world"."""
    creatures = []
    for record in body["creatures"]:
        parts = {key: value for key, value in record.items() if key not in V1_LINKS and value is not None}
        parts["inventory"] = {}
        if parts["identity"]["uid"] == body["hero"]:
            parts["hero"] = {}
        creatures.append({"components": parts, **{key: record[key] for key in V1_LINKS}})
    body["creatures"] = creatures
    body["items"] = [{"components": {"item": {key: value for key, value in record.items() if key != "owner"}},
                      "owner": record["owner"]} for record in body["items"]]
    body["world"] = {key: body.pop(key) for key in V1_WORLD}
    return body


def one_map_run(body: dict[str, Any]) -> dict[str, Any]:
    """2 → 3. Format 3 adds the save of a world of sites (a body with a `region`, docs/saves.md); a format-2
    body is one map's run, which format 3 holds as it was (a site's `hero` may now be nothing, which format 2
    never wrote)."""
    return body


def compressed(body: dict[str, Any]) -> dict[str, Any]:
    """3 → 4. Format 4 stores the body compressed (game/save/fileformat.py); the body itself is the same."""
    return body


def fields_in_order(body: dict[str, Any]) -> dict[str, Any]:
    """4 → 5. Format 5 saves a component as the list of its fields' values, their names said once in the
    body's `fields`; a format-4 body, with no `fields`, keeps each component a map of its fields by name,
    which format 5 reads as well (docs/saves.md)."""
    return body


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: components_by_key, 2: one_map_run,
                                                                     3: compressed, 4: fields_in_order}
