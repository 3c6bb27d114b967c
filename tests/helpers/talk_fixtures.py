"""Helpers for the conversation tests: worlds where every moment trigger always fires, persons of a chosen
persona, and the events a conversation posted."""
from __future__ import annotations

from dataclasses import replace

from game.world.components import Body, Hero, Persona
from game.world.driver import Driver
from game.world.verbs import contracts
from game.world.verbs.moving import relocate
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


# -- a villager of a shipped map, the hero beside it (the claim and the thief, the reasons) --------------------
def resident(world, n: int = 0) -> int:
    return [a.eid for a in world.actors.all() if world.has(a.eid, Persona)
            and a.ident.kind not in ("notable", "merchant")][n]


def beside(world, eid: int) -> None:
    room = world.room_of(eid)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])


def set_sheet(world, **changes) -> None:
    hero = world.get(world.hero, Hero)
    hero.sheet = replace(hero.sheet, **changes)


def villain(world) -> None:
    """An Evil hero holding a claim (a room cleared for a contract)."""
    set_sheet(world, moral="evil")
    contracts.journal_of(world, world.hero).claims.add(world.hero_room())


def beaten(world, eid: int) -> None:
    """Below a third of the hero's maximum health."""
    world.get(eid, Body).health = (world.get(world.hero, Body).card.health - 1) // 3


def done_work_for(world, giver: int) -> None:
    """The hero has just completed a contract for `giver`: N40's cooldown runs (no new work for 30 turns)."""
    from game.world.components import Contract, Journal  # noqa: PLC0415

    journal = world.ensure(world.hero, Journal)
    journal.contracts.append(Contract(journal.next_id, world.uid(giver), "", "", "slay", "", "", "", -1, "", "", 10,
                                      10, "", "done", world.turn))
    journal.next_id += 1
