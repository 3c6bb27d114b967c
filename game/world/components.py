"""Components of the esper world: the card (N1, N32) split into the parts systems read and write.

Each saved component says here, by its `saved.creature` or `saved.item` decorator, how a save holds it
(game/world/saved.py): its key, its saved fields with their type specs, the fields made again on load.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from game.content.codex import HERO_ID
from game.rules.card import Card
from game.rules.social import TIES
from game.world import saved
from game.world.saved import COUNTS, INT, NAMES, SQUARE, SQUARES, STR, optional

if TYPE_CHECKING:
    from game.world.world import World

Square = tuple[int, int]


@functools.cache
def tag_set(tags: tuple[str, ...]) -> frozenset[str]:
    """One shared set per kind's tags: systems read them every turn, so creatures of a kind share one."""
    return frozenset(tags)


TAGS = replace(NAMES, from_plain=lambda tags: tag_set(tuple(tags)))  # loaded creatures share them too


def known_creature(world: World, ident: Identity) -> str | None:
    """A loaded creature's kind must still be in the game's data (the hero's is not in the codex)."""
    if ident.codex_id == HERO_ID or ident.codex_id in world.content.codex.creatures:
        return None
    return f"the creature kind {ident.codex_id!r} ({ident.uid}) is not in the game's data"


def known_persona(world: World, persona: Persona) -> str | None:
    """A loaded persona names only peoples, faiths, backgrounds, outlooks and traits the game knows."""
    social = world.content.social
    for what, value, known in (("people", persona.people, social.attitudes), ("faith", persona.faith, social.faiths),
                               ("outlook", persona.outlook, social.outlooks)):
        if value not in known:
            return f"persona.{what} {value!r} is not in the game's data"
    if persona.background and persona.background not in social.backgrounds:
        return f"persona.background {persona.background!r} is not in the game's data"
    unknown = sorted(persona.traits - social.traits.keys())
    return f"persona.traits {unknown} are not in the game's data" if unknown else None


def known_item(world: World, item: Item) -> str | None:
    return None if item.item_id in world.content.items else f"the item {item.item_id!r} is not in the game's data"


def bridged(world: World, made: dict[type, Any], values: dict[str, Any]) -> dict[str, Card]:
    """A loaded body's cards, bridged again from the codex by kind and heads; the loader then grows and
    gears them (loadout.refresh)."""
    natural = world.natural_card(made[Identity].codex_id, values["heads"])
    return {"natural": natural, "base": natural, "card": natural}


def hero_sheet(world: World, made: dict[type, Any], values: dict[str, Any]) -> dict[str, object]:
    return {"sheet": world.content.codex.hero().sheet}


@saved.creature("identity", {"uid": STR, "codex_id": STR, "name": STR, "kind": STR, "faction": STR, "tags": TAGS},
                check=known_creature)
@dataclass(slots=True)
class Identity:
    """Who a creature is. `uid` is stable across saves and runs: "<codex id>#<n>"."""

    uid: str
    codex_id: str
    name: str
    kind: str  # hero / dungeon / world / merchant / notable (N2-N5)
    faction: str  # see assets/data/factions.toml
    tags: frozenset[str] = frozenset()


@saved.creature("position", {"room": INT, "square": SQUARE, "cells": SQUARES})
@dataclass(slots=True)
class Position:
    room: int
    square: Square  # a creature's top-left square; a group's first head
    cells: tuple[Square, ...] = ()  # C31: the squares a minion group's heads stand on (empty for one creature)


@saved.creature("footprint", {"w": INT, "h": INT})
@dataclass(slots=True)
class Footprint:
    """Squares a creature covers (C10, Reconciliation 5)."""

    w: int = 1
    h: int = 1


@saved.creature("body", {"health": INT, "ap": INT, "strikes": INT, "stunned": INT, "stunned_on": INT,
                          "conditions": COUNTS, "heads": INT, "killer": STR},
                 derived=("natural", "base", "card"), derive=bridged)
@dataclass(slots=True)
class Body:
    """Health and the three layers of the card: as bridged, grown by levels (N28), with gear (N32)."""

    natural: Card
    base: Card
    card: Card
    health: int
    ap: int = 0
    strikes: int = 0  # N25 attack budget left this turn
    stunned: int = 0  # N24 turns of stun left
    stunned_on: int = -1  # the turn the stun came: it starts counting down the turn after
    conditions: dict[str, int] = field(default_factory=dict)  # C40 condition -> world turns it still holds
    heads: int = 0  # C31 current heads of a minion group
    killer: str = ""  # uid of whoever dealt the last blow


@saved.creature("needs", {"hunger": INT, "thirst": INT, "complained": NAMES}, optional=True)
@dataclass(slots=True)
class Needs:
    """N8-N11. `complained` holds the needs complained about since they last crossed 80 (immutable, so
    the many creatures that have nothing to complain about share the one empty set)."""

    hunger: int = 0
    thirst: int = 0
    complained: frozenset[str] = frozenset()


class MoodState(StrEnum):
    """N12-N18: what a creature is doing with itself. A str, so events and saves carry the plain word."""

    RESTING = "resting"  # N12: provisioned and healthy
    EXPLORING = "exploring"  # N12: short of food or drink
    WANDERING = "wandering"  # N15: the needless roam
    COWARDLY = "cowardly"  # N16
    FLEEING = "fleeing"  # N17
    ANGERED = "angered"  # N18


MOOD = saved.Kind(f"a mood ({', '.join(MoodState)})", lambda v: isinstance(v, str) and v in set(MoodState),
                  from_plain=MoodState)


@saved.creature("mood", {"state": MOOD, "last_seen": optional(INT), "since": INT, "aware": INT}, optional=True)
@dataclass(slots=True)
class Mood:
    """N12-N18. `last_seen` is the room where this creature last saw the hero."""

    state: MoodState = MoodState.RESTING
    last_seen: int | None = None
    since: int = 0  # turn the state began (hysteresis)
    aware: int = 0  # turns of threat awareness left while angered (N18)


@saved.creature("growth", {"xp": INT, "level": INT})
@dataclass(slots=True)
class Growth:
    """N27-N29."""

    xp: int = 0
    level: int = 0


@saved.creature("inventory", {}, derived=("items", "equipped", "kinds"))  # links to items: the loader remakes them
@dataclass(slots=True)
class Inventory:
    items: list[int] = field(default_factory=list)  # carried item entities (equipped ones included)
    equipped: dict[str, int] = field(default_factory=dict)  # slot -> item entity
    kinds: dict[str, int] = field(default_factory=dict)  # item kind -> items carried (kept by world/items.py)


@saved.creature("hero", {}, derived=("sheet",), derive=hero_sheet, optional=True)
@dataclass(slots=True)
class Hero:
    """The hero's sheet (Reconciliation 8)."""

    sheet: object  # game.content.codex.HeroSheet


@saved.item("item", {"item_id": STR, "count": INT, "quality": STR, "material": STR, "rune": optional(STR),
                    "durability": INT, "room": optional(INT), "square": optional(SQUARE)},
            derived=("owner",), check=known_item)  # the loader lays or gives it (game/world/items.py)
@dataclass(slots=True)
class Item:
    """An item entity (N34): base id plus quality, material, rune and armour wear, and where it is.

    An item lies on a room's floor (`room`, `square`) or is carried by `owner`; game/world/items.py moves it.
    """

    item_id: str
    count: int = 1
    quality: str = "common"
    material: str = "iron"
    rune: str | None = None
    durability: int = 0  # armour's current durability (C26); 0 for other items
    room: int | None = None
    square: Square | None = None
    owner: int | None = None


# -- the social web (N64-N83) ------------------------------------------------------------------------------
@saved.creature("persona", {"people": STR, "faith": STR, "background": STR, "outlook": STR, "traits": NAMES},
                optional=True, check=known_persona)
@dataclass(slots=True)
class Persona:
    """Who a thinking creature is (N65, N83): its people, faith, background ("" for notable people), moral
    outlook and personality traits (assets/data/social.toml). Only creatures with one take part in the
    social web (N64, N74)."""

    people: str
    faith: str
    background: str
    outlook: str
    traits: frozenset[str] = frozenset()


@dataclass(slots=True)
class Opinion:
    """One side of a relationship (N65): what it thinks now, its first impression (drift returns there,
    N68) and the turn of the pair's last exchange."""

    now: int
    first: int
    since: int


OPINION = saved.Kind("[now, first, since]", lambda v: saved.sized(v, 3) and saved.listing(v, saved.whole),
                     to_plain=lambda o: [o.now, o.first, o.since], from_plain=lambda v: Opinion(*v))


def grudges_of(world: World, made: dict[type, Any], values: dict[str, Any]) -> dict[str, dict[str, None]]:
    """A loaded creature's grudges: those it held hostile when saved (verbs/social drops the calmed)."""
    below = world.content.social.hostile_below
    return {"grudges": {uid: None for uid, opinion in values["of"].items() if opinion.now < below}}


@saved.creature("opinions", {"of": saved.name_map(OPINION)}, derived=("grudges",), derive=grudges_of, optional=True)
@dataclass(slots=True)
class Opinions:
    """N64-N68: what a thinking creature thinks of others, by uid: creatures it has met and each hero.
    An opinion drifts as it is read (verbs/social.opinion); `grudges` lists, in the order they arose, the
    uids it may be hostile to (N69), so the movement stage looks no further for the many who hold none."""

    of: dict[str, Opinion] = field(default_factory=dict)
    grudges: dict[str, None] = field(default_factory=dict, compare=False)  # an index: equal opinions are equal


@saved.creature("loyalty", {"to": saved.name_map(INT)}, optional=True)
@dataclass(slots=True)
class Loyalty:
    """N39, N79: a creature's loyalty to each hero by uid (never below 0)."""

    to: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Memory:
    """N73, N81: something a hero did that this creature knows: the hero's uid, the deed ("help",
    "slight", "contract_done", "abandoned"…; social.toml [deeds]), who told it (its own uid when it saw it
    itself), where and when it happened, and whether it has told the hero of it (verbs/social.news_of)."""

    hero: str
    deed: str
    source: str
    place: str
    turn: int
    told: bool = False


MEMORY = saved.Kind("[hero, deed, source, place, turn, told]",
                    lambda v: saved.sized(v, 6) and saved.listing(v[:4], STR.fits) and saved.whole(v[4])
                    and isinstance(v[5], bool),
                    to_plain=lambda m: [m.hero, m.deed, m.source, m.place, m.turn, m.told],
                    from_plain=lambda v: Memory(*v))


@saved.creature("memories", {"known": saved.listing_of(MEMORY)}, optional=True)
@dataclass(slots=True)
class Memories:
    """N73: what a thinking creature knows of the heroes' deeds, oldest first."""

    known: list[Memory] = field(default_factory=list)



def known_ties(world: World, ties: Ties) -> str | None:
    unknown = sorted(ties.holds - set(TIES))
    return f"ties {unknown} are not ties the game knows ({', '.join(TIES)})" if unknown else None


@saved.creature("ties", {"holds": NAMES}, optional=True, check=known_ties)
@dataclass(slots=True)
class Ties:
    """N69, N74: what holds a creature (rules.social.TIES): a contract it holds for a hero, a hero's company,
    a hero's claim it lives in, a binding spell. The issues that bring them set it with verbs/social.hold and
    release; today nothing does. A creature held by a contract, a hero's company or a claim cannot walk away
    (N69); company or a claim also keeps it from feuding; a spell-bound creature takes no part (N74)."""

    holds: frozenset[str] = frozenset()
