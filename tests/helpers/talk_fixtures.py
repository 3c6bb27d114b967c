"""Helpers for the conversation tests: worlds where every moment trigger always fires, persons of a chosen
persona, and the events a conversation posted."""
from __future__ import annotations

from dataclasses import replace

from game.world.components import Persona
from game.world.driver import Driver
from tests.helpers.world_fixtures import make_world, row_map, spawn


def sure(content, **chances: float):
    """The game's content with every moment trigger's chance at 1 (or as given)."""
    triggers = tuple(replace(t, chance=chances.get(t.name, 1.0)) for t in content.moments.triggers)
    return replace(content, moments=replace(content.moments, triggers=triggers))


def only(content, *moment_ids: str):
    """The game's content with only these moments."""
    kept = {m: content.moments.moments[m] for m in moment_ids}
    return replace(content, moments=replace(content.moments, moments=kept))


def persona(background="survivor", outlook="neutral", traits=(), people="human", faith="none") -> Persona:
    return Persona(people, faith, background, outlook, frozenset(traits))


def person(world, room: int = 0, kind: str = "world", codex_id: str = "villager", **who) -> int:
    """A thinking creature in room `room` with the persona `who` describes."""
    eid = spawn(world, codex_id, room, kind=kind)
    world.add(eid, persona(**who))
    return eid


def new(content, rooms: int = 3, seed: int = 1):
    world = make_world(content, row_map(rooms), seed=seed)
    return world, Driver(world)


def said(events, part: str | None = None) -> list[str]:
    return [e.data["line"] for e in events if e.kind == "says" and (part is None or e.data["part"] == part)]
