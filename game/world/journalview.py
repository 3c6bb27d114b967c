"""A read-only view of a hero's journal (N40, N44) for the journal screen and scripted heroes: its
contracts and mini-quests with who gave them, where, and their state (active, ready, done, abandoned), the
XP contracts earned, and the people the hero has met with what they think of it and their loyalty."""
from __future__ import annotations

from dataclasses import dataclass

import esper

from game.world.components import Identity, Journal, Talks
from game.world.talkview import loyalty_to
from game.world.verbs import contracts, social
from game.world.world import World

ORDER = {"ready": 0, "active": 1, "done": 2, "abandoned": 3}


@dataclass(frozen=True)
class Entry:
    id: int
    giver: str
    place: str
    kind: str  # slay, bring, deliver, clear, marked, mini
    objective: str
    flavour: str
    state: str  # active, ready (active with its objective met), done, abandoned
    gold: int
    xp: int
    bonus: str


@dataclass(frozen=True)
class Person:
    uid: str
    name: str
    place: str  # the room it stands in now
    regard: str | None  # N71: what it thinks of the hero in a word
    loyalty: int


@dataclass(frozen=True)
class JournalView:
    entries: tuple[Entry, ...]  # ready first, then active, done, abandoned; newest first within each
    people: tuple[Person, ...]
    xp: int


def journal_view(world: World, hero: int) -> JournalView:
    world.ecs.activate()
    journal = esper.try_component(hero, Journal) or Journal()
    entries = []
    for c in journal.contracts:
        if c.state == "offered":
            continue  # an offer is in the journal only once accepted (N40, N44)
        state = "ready" if contracts.ready(world, hero, c) else c.state
        entries.append(Entry(c.id, c.giver_name, c.place, c.kind, c.objective, c.flavour, state, c.gold, c.xp,
                             world.content.items[c.bonus].name if c.bonus else ""))
    entries.sort(key=lambda e: (ORDER[e.state], -e.id))
    uid = world.uid(hero)
    people = []
    for eid, talks in esper.get_component(Talks):
        if uid in talks.greeted and world.alive(eid):
            people.append(Person(world.uid(eid), esper.component_for_entity(eid, Identity).name,
                                 world.room_name(world.room_of(eid)), social.band(world, eid, uid),
                                 loyalty_to(world, eid, hero)))
    people.sort(key=lambda p: (-p.loyalty, p.name))
    return JournalView(tuple(entries), tuple(people), journal.xp)
