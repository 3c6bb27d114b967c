"""A creature's components and an item's: the card (N1, N32) split into the parts systems read and write
(identity, position, footprint, hero, body, needs, mood, growth, inventory, item), with the checks a
loaded one must pass."""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TYPE_CHECKING

from game.content.codex import HERO_ID, HeroSheet
from game.content.heroes import NAME_MOST
from game.rules.card import Card
from game.rules.definitions import footprint, frozen
from game.rules.growth import grown, level_for_xp
from game.world import saved
from game.world.components.kinds import CONDITION, FACTION, KILLER, KINDS, MATERIAL, NAME, NEEDS, QUALITY, ROOM, RUNE, Square, TAGS, UID
from game.world.saved import COUNT, INT, LIMIT, SQUARE, SQUARES, STR, counts, names, one_of, optional, text


if TYPE_CHECKING:
    from game.world.world import World


_MOST_HEADS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # world -> id(map) -> (map, kind -> most)
_LAST_HEADS: list[Any] = [lambda: None, None, {}]  # the world (weakly) and map last asked of, and their entry


def most_heads(world: World, codex_id: str | None = None) -> int:
    """The most heads a minion group of this map starts with (the codex default, or a placement's or a
    spawner's), of one kind or of any: groups only lose heads, so a saved one never has more. Kept per
    world and map (a save's every group is checked against it; the map is held so its id stays its own)."""
    if _LAST_HEADS[0]() is world and _LAST_HEADS[1] is world.map:  # the world a save's load asks 2,000 times
        known = _LAST_HEADS[2]
    else:
        _, known = _MOST_HEADS.setdefault(world, {}).setdefault(id(world.map), (world.map, {}))
        _LAST_HEADS[:] = [weakref.ref(world), world.map, known]
    if codex_id not in known:
        known[codex_id] = heads_at_most(world, codex_id)
    return known[codex_id]


def heads_at_most(world: World, codex_id: str | None) -> int:
    minions = [defn for defn in world.content.codex.creatures.values()
               if defn.is_minion and codex_id in (None, defn.id)]
    starts = [defn.heads for defn in minions]
    starts += [p.heads for p in (*world.map.placements, *world.map.spawners) if codex_id in (None, p.creature)]
    return max(starts, default=0) if minions else 0


def known_creature(world: World, ident: Identity, made: dict[type, Any]) -> str | None:
    """A loaded creature's kind must still be in the game's data (the hero's is not in the codex), and its
    uid must be of its kind."""
    if ident.codex_id != HERO_ID and ident.codex_id not in world.content.codex.creatures:
        return f"the creature kind {ident.codex_id!r} ({ident.uid}) is not in the game's data"
    if ident.uid != HERO_ID and ident.uid.rpartition("#")[0] != ident.codex_id or \
            ident.uid == HERO_ID and ident.codex_id != HERO_ID:  # heroes: "hero", then "hero#2"... (one world, N3)
        return f"the uid {ident.uid!r} is not one of a {ident.codex_id!r}"
    return None


def known_item(world: World, item: Item, made: dict[type, Any]) -> str | None:
    return None if item.item_id in world.content.items else f"the item {item.item_id!r} is not in the game's data"


def bridged(world: World, made: dict[type, Any], values: dict[str, Any]) -> dict[str, Card]:
    """A loaded body's cards, bridged again from the codex by kind and heads; the loader then grows and
    gears them (loadout.refresh)."""
    hero = made.get(Hero)  # a hero's card is its own sheet's (each hero of a world has one, issue 12)
    natural = world.hero_card(hero.sheet) if hero is not None else world.natural_card(made[Identity].codex_id,
                                                                                       values["heads"])
    return {"natural": natural, "base": natural, "card": natural}


def of_its_kind(world: World, fp: Footprint, made: dict[type, Any]) -> str | None:
    """C10: a creature covers the footprint of its kind's size, and the hero one square."""
    ident = made[Identity]
    size = (1, 1) if ident.codex_id == HERO_ID else footprint(world.content.codex.creature(ident.codex_id).size)
    if (fp.w, fp.h) != size:
        return f"{ident.uid} covers {fp.w}x{fp.h} squares, not the {size[0]}x{size[1]} of its kind"
    return None


def sound_body(world: World, body: Body, made: dict[type, Any]) -> str | None:
    """Heads only for a minion group, at least one while it lives and at most as many as its kind starts
    with on this map; Action Points and strikes within what its card gives each turn; a stun that began by
    the saved turn."""
    ident = made[Identity]
    most = most_heads(world, ident.codex_id) if ident.codex_id != HERO_ID else 0
    if body.heads > most:
        return f"{ident.uid} has {body.heads} heads, more than its kind starts with ({most})"
    if most and body.health > 0 and not body.heads:
        return f"{ident.uid} is a living minion group with no heads"
    if body.ap > body.natural.ap or body.strikes > body.natural.attack_budget:
        return (f"{ident.uid} has {body.ap} Action Points and {body.strikes} strikes left, more than its card's "
                f"{body.natural.ap} and {body.natural.attack_budget}")
    if body.stunned_on > world.turn:
        return f"{ident.uid} was stunned on turn {body.stunned_on}, after the saved turn {world.turn}"
    return None


def recent_mood(world: World, mood: Mood, made: dict[type, Any]) -> str | None:
    if mood.since > world.turn:
        return f"{made[Identity].uid} became {mood.state} on turn {mood.since}, after the saved turn {world.turn}"
    return None


def grown_as_saved(world: World, growth: Growth, made: dict[type, Any]) -> str | None:
    """N27-N28: the level its XP gives, and no more health than its grown card holds."""
    ident, body = made[Identity], made[Body]
    if growth.level != level_for_xp(growth.xp):
        return f"{ident.uid} is level {growth.level}, but {growth.xp} XP make level {level_for_xp(growth.xp)}"
    most = grown(body.natural, growth.level).health
    if body.health > most:
        return f"{ident.uid} has {body.health} health, more than its card's {most}"
    return None


@saved.creature("identity", {"uid": UID, "codex_id": STR, "name": NAME,
                             "kind": one_of(STR, f"a creature's kind ({', '.join(KINDS)})", KINDS),
                             "faction": FACTION, "tags": TAGS},
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


@saved.creature("position", {"room": ROOM, "square": SQUARE, "cells": SQUARES})
@dataclass(slots=True)
class Position:
    room: int
    square: Square  # a creature's top-left square; a group's first head
    cells: tuple[Square, ...] = ()  # C31: the squares a minion group's heads stand on (empty for one creature)


@saved.creature("footprint", {"w": INT, "h": INT}, check=of_its_kind)
@dataclass(slots=True)
class Footprint:
    """Squares a creature covers (C10, Reconciliation 5)."""

    w: int = 1
    h: int = 1


def sheet_of(value: dict[str, Any]) -> HeroSheet:
    """A saved hero sheet (checked by HERO_SHEET) as the codex holds it."""
    return HeroSheet(value["charisma"], value["dexterity"], value["patience"], frozen(value["proficiencies"]),
                     tuple(sorted(value["perks"])), value["ethic"], value["moral"], value["name"], value["portrait"],
                     frozen(value["raises"]))


def sheet_plain(sheet: HeroSheet) -> dict[str, Any]:
    return {"name": sheet.name, "portrait": sheet.portrait, "charisma": sheet.charisma, "dexterity": sheet.dexterity,
            "patience": sheet.patience, "proficiencies": dict(sheet.proficiencies), "perks": sorted(sheet.perks),
            "ethic": sheet.ethic, "moral": sheet.moral, "raises": dict(sheet.raises)}


HERO_SHEET = replace(saved.record({  # a hero made on the creation screen; its limits are heroes.toml's (HeroOptions)
    "name": text(NAME_MOST), "portrait": text(80), "charisma": COUNT, "dexterity": COUNT, "patience": COUNT,
    "proficiencies": counts(text(40)), "perks": names(text(40)), "ethic": text(40), "moral": text(40),
    "raises": counts(text(40)),
}), to_plain=sheet_plain, from_plain=sheet_of)


def world_sheet(world: World, made: dict[type, Any], values: dict[str, Any]) -> dict[str, object]:
    """A hero saved before each hero kept its own sheet has the world's: its save's `hero_sheet`, else hero.toml's."""
    return {"sheet": values["sheet"] or world.content.codex.hero().sheet}


def within_limits(world: World, hero: Hero, made: dict[type, Any]) -> str | None:
    problems = world.content.heroes.problems(hero.sheet, world.content.codex.shipped_sheet())
    return f"{made[Identity].uid}'s hero sheet: {problems[0]}" if problems else None


@saved.creature("hero", {"sheet": optional(HERO_SHEET)}, derive=world_sheet, check=within_limits, optional=True)
@dataclass(slots=True)
class Hero:
    """The hero's own sheet (Reconciliation 8): what the creation screen made, read by the social, contract and
    spell rules (N39, N47, N48, N50-N52) and, by its points, its card (World.hero_codex). Saved with the hero, so
    every hero of a world keeps its own (issue 12)."""

    sheet: HeroSheet | None = None  # None only while loading a save from before sheets were saved per hero


@saved.creature("body", {"health": INT.between(-LIMIT), "ap": COUNT, "strikes": COUNT, "stunned": COUNT,
                          "stunned_on": INT.between(-1),
                          "conditions": counts(CONDITION),
                          "heads": INT.between(0, most_heads, "a whole number from 0 to the most heads a group "
                                                              "of this map starts with"),
                          "killer": KILLER},
                 derived=("natural", "base", "card"), derive=bridged, check=sound_body)
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


@saved.creature("needs", {"hunger": COUNT, "thirst": COUNT,
                          "complained": names(one_of(STR, " or ".join(NEEDS), NEEDS))}, optional=True)
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
    LURKING = "lurking"  # N12, N15: a needless creature in its lair that has not noticed the hero (verbs/noticing)
    EXPLORING = "exploring"  # N12: short of food or drink
    WANDERING = "wandering"  # N15: the needless roam
    COWARDLY = "cowardly"  # N16
    FLEEING = "fleeing"  # N17
    ANGERED = "angered"  # N18
    WARY = "wary"  # C4: a territorial creature has warned an intruder in its lair
    APPEASED = "appeased"  # C4: bought off by a bargain, it leaves the hero be


MOOD = replace(one_of(STR, f"a mood ({', '.join(MoodState)})", tuple(MoodState)),
               from_plain={state.value: state for state in MoodState}.__getitem__)  # faster than MoodState(v)
AWARE = INT.between(-1, lambda world: world.aware_full, "a whole number from -1 to the anger memory of "
                                                         "assets/data/world.toml")


@saved.creature("mood", {"state": MOOD, "last_seen": optional(ROOM), "since": COUNT, "aware": AWARE},
                optional=True, check=recent_mood)
@dataclass(slots=True)
class Mood:
    """N12-N18. `last_seen` is the room where this creature last saw the hero."""

    state: MoodState = MoodState.RESTING
    last_seen: int | None = None
    since: int = 0  # turn the state began (hysteresis)
    aware: int = 0  # turns of threat awareness left while angered (N18)


@saved.creature("growth", {"xp": COUNT, "level": COUNT}, check=grown_as_saved)
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


@saved.item("item", {"item_id": STR, "count": INT.between(1), "quality": QUALITY, "material": MATERIAL,
                    "rune": optional(RUNE), "durability": COUNT, "room": optional(ROOM), "square": optional(SQUARE)},
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
