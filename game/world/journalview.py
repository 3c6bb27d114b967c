"""A read-only view of a hero's journal (N40, N44) for the journal screen and scripted heroes: its
contracts and mini-quests with who gave them, where, and their state (active, ready, done, abandoned), the
XP contracts earned, the people the hero has met (what they think of it, their loyalty, their friends and
enemies as the hero has seen them, N71, and the hero's deeds they know of, N73), and the places: its claims
(N47), where its work points, the sites loyal creatures told it of (N61) and every room of this map it knows
(issue 23), each room with how far it is by the known way."""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.world import knowledge
from game.world.components import Chronicle, Identity, Journal, Talks
from game.world.talkview import acquaintance, loyalty_to
from game.world.victoryview import GoalView, goal_view
from game.world.verbs import contracts, social
from game.world.verbs.speech import deeds_known, living_names
from game.world.world import World

ORDER = {"ready": 0, "active": 1, "done": 2, "abandoned": 3}


@dataclass(frozen=True)
class Entry:
    id: int
    giver: str
    place: str
    kind: str  # slay, bring, deliver, clear, marked, escort, mini, siege (contracts.toml kind_* names them)
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
    friends: tuple[str, ...]  # N71: whom it likes, as the hero has seen (acquaintance)
    enemies: tuple[str, ...]
    knows: tuple[str, ...]  # N73: the hero's deeds it knows of, newest first ("good work, told by Mara")


@dataclass(frozen=True)
class Place:
    name: str
    why: str  # "your claim", "work: <objective>", "somewhere in the region, told by <name>" (N61), "you have been here"
    room: int = -1  # the room of this map it is, for Go there; -1 for a site of the region (N61)
    away: int = -1  # rooms away by the known way, -1 when no known way leads there (or not a room of this map)


@dataclass(frozen=True)
class Told:
    """One entry of the hero's chronicle (N87): the day, what happened, and where the hero had it from."""

    day: int
    words: str
    source: str  # "you saw it", "told by Mara"


@dataclass(frozen=True)
class JournalView:
    entries: tuple[Entry, ...]  # ready first, then active, done, abandoned; newest first within each
    people: tuple[Person, ...]
    places: tuple[Place, ...]  # the hero's claims, where its active work points, the secrets told it, the known rooms
    xp: int
    chronicle: tuple[Told, ...] = ()  # N87: what reached this hero, newest first (game/world/chronicle.py)
    goal: GoalView | None = None  # issue 24: the world's goal, first in the Work tab from the first turn


def journal_view(world: World, hero: int) -> JournalView:
    journal = world.try_get(hero, Journal) or Journal()
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
    met = {eid for eid, talks in world.query(Talks) if uid in talks.greeted}
    met |= {a.eid for a in (world.actors.by_uid(c.giver) for c in journal.contracts if c.state != "offered") if a}
    for eid in sorted(met):
        if world.alive(eid):
            ties = acquaintance(world, hero, eid)
            people.append(Person(world.uid(eid), world.get(eid, Identity).name,
                                 world.room_name(world.room_of(eid)), social.band(world, eid, uid),
                                 loyalty_to(world, eid, hero), ties.friends if ties else (),
                                 ties.enemies if ties else (), deeds(world, eid, hero)))
    people.sort(key=lambda p: (-p.loyalty, p.name))
    places = [Place(world.room_name(room), "your claim", room) for room in sorted(journal.claims)]
    places += [Place(world.room_name(c.room), f"work: {c.objective}", c.room) for c in journal.contracts
               if c.state == "active" and c.room >= 0]
    places += [Place(site, f"somewhere in the region, told by {teller}") for teller, site in journal.secrets]  # N61
    places = [replace(p, away=rooms_away(world, p.room)) for p in places] + known_places(world)
    kept = world.try_get(hero, Chronicle)
    told = tuple(Told(*entry) for entry in reversed(kept.entries)) if kept is not None else ()
    return JournalView(tuple(entries), tuple(people), tuple(places), journal.xp, told, goal_view(world, hero))


def rooms_away(world: World, room: int) -> int:
    """Rooms away from the hero by the known way (0: here), -1 when none leads there or it is not of this map."""
    if room not in world.map.rooms:
        return -1
    if room == world.room_of(world.hero):
        return 0
    path = knowledge.route(world, room)
    return len(path) if path else -1


def known_places(world: World) -> list[Place]:
    """Every room of this map the hero knows (issue 23, "Go there" from Places), nearest first by the known way,
    those with no known way last; the hero's own room first of all."""
    if not world.hero or not world.alive(world.hero):
        return []
    stood = knowledge.visited(world)
    rooms = [(rooms_away(world, room), world.room_name(room), room) for room in knowledge.seen(world)]
    rooms.sort(key=lambda r: (r[0] < 0, r[0], r[1]))
    return [Place(name, "you are here" if away == 0 else "you have been here" if room in stood
                  else "known, not yet entered", room, away) for away, name, room in rooms]


def deeds(world: World, eid: int, hero: int) -> tuple[str, ...]:
    """N73: what a person knows of the hero's deeds, in the social web's words, and who told it."""
    names, me = living_names(world), world.uid(eid)
    words = []
    for memory in deeds_known(world, eid, hero):
        deed = world.content.social.deeds.get(memory.deed)
        told = "saw it" if memory.source == me else f"told by {names[memory.source][1]}" \
            if memory.source in names else "heard"
        words.append(f"{deed.news if deed else memory.deed}, {told}")
    return tuple(words)
