"""Components of the esper world: the card (N1, N32) split into the parts systems read and write."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.rules.card import Card

Square = tuple[int, int]


@dataclass(slots=True)
class Identity:
    """Who a creature is. `uid` is stable across saves and runs: "<codex id>#<n>"."""

    uid: str
    codex_id: str
    name: str
    kind: str  # hero / dungeon / world / merchant / notable (N2-N5)
    faction: str  # see assets/data/factions.toml
    tags: frozenset[str] = frozenset()


@dataclass(slots=True)
class Position:
    room: int
    square: Square  # a creature's top-left square; a group's first head
    cells: tuple[Square, ...] = ()  # C31: the squares a minion group's heads stand on (empty for one creature)


@dataclass(slots=True)
class Footprint:
    """Squares a creature covers (C10, Reconciliation 5)."""

    w: int = 1
    h: int = 1


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


@dataclass(slots=True)
class Mood:
    """N12-N18. `last_seen` is the room where this creature last saw the hero."""

    state: MoodState = MoodState.RESTING
    last_seen: int | None = None
    since: int = 0  # turn the state began (hysteresis)
    aware: int = 0  # turns of threat awareness left while angered (N18)


@dataclass(slots=True)
class Growth:
    """N27-N29."""

    xp: int = 0
    level: int = 0


@dataclass(slots=True)
class Inventory:
    items: list[int] = field(default_factory=list)  # carried item entities (equipped ones included)
    equipped: dict[str, int] = field(default_factory=dict)  # slot -> item entity
    kinds: dict[str, int] = field(default_factory=dict)  # item kind -> items carried (kept by world/items.py)


@dataclass(slots=True)
class Hero:
    """The hero's sheet (Reconciliation 8)."""

    sheet: object  # game.content.codex.HeroSheet


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
