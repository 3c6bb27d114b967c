"""Components of a world's store (ecs.Store): the card (N1, N32) split into the parts systems read and write.

Each saved component says here, by its `saved.creature` or `saved.item` decorator, how a save holds it
(game/world/saved.py): its key, its saved fields with their type specs and ranges, the fields made again on
load, and the check a loaded one must pass (docs/saves.md lists them).
"""
from __future__ import annotations

import functools
import re
import weakref
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Callable, Collection

from game.content.codex import HERO_ID, HeroSheet
from game.content.heroes import NAME_MOST
from game.rules.card import SCHOOLS, Card
from game.rules.definitions import footprint, frozen
from game.rules.growth import grown, level_for_xp
from game.rules.social import TIES
from game.world import saved
from game.world.saved import (BOOL, COUNT, INT, LIMIT, SQUARE, SQUARES, STR, counts, names, numbers, one_of, optional,
                              text)

if TYPE_CHECKING:
    from game.world.world import World

Square = tuple[int, int]


@functools.cache
def tag_set(tags: tuple[str, ...]) -> frozenset[str]:
    """One shared set per kind's tags: systems read them every turn, so creatures of a kind share one."""
    return frozenset(tags)


# -- what a save may hold in these components (game/world/saved.py; the ranges are listed in docs/saves.md) --
UID_SHAPE = re.compile(r"[^#\s]{1,64}#[1-9][0-9]{0,9}")  # "<codex id>#<n>", n at most the uid counter
UIDS_SEEN: set[str] = set()  # uids of that shape met before: a save names each many times (its opinions, memories...)
MOST_SEEN = 100_000


def uid_shaped(value: str) -> bool:
    """Whether a string is "hero" or "<codex id>#<n>", printable; one found so is kept in UIDS_SEEN."""
    if value != HERO_ID and (UID_SHAPE.fullmatch(value) is None or not value.isprintable()):
        return False
    if len(UIDS_SEEN) >= MOST_SEEN:
        UIDS_SEEN.clear()
    UIDS_SEEN.add(value)
    return True


UID = saved.Kind("a creature's uid (hero, or <kind>#<number>)", **saved.coded(
    f"type({{v}}) is str and ({{v}} in {saved.unique('uids_seen', UIDS_SEEN, scope := {})} "
    f"or {saved.unique('uid_shaped', uid_shaped, scope)}({{v}}))", scope))
KILLER = saved.Kind(f"{UID.name} or nothing", **saved.coded(f"{{v}} == '' or ({UID.source})", UID.scope))
KINDS = ("hero", "dungeon", "world", "merchant", "notable")  # N2-N5
NAME = text(80)  # shown on the screen and in the log
TAGS = replace(names(text(40)), from_plain=lambda tags: tag_set(tuple(tags)))  # loaded creatures share them too
ROOM = one_of(INT, "a room of the map", lambda world: world.map.rooms)
RUNE = one_of(STR, f"a rune's school ({', '.join(SCHOOLS)})", SCHOOLS)
NEEDS = ("hunger", "thirst")
CONDITION = one_of(STR, "a condition of assets/data/conditions.toml", lambda world: world.content.conditions)
QUALITY = one_of(STR, "a quality of assets/data/gear.toml", lambda world: world.content.gear.qualities)
MATERIAL = one_of(STR, "a material of assets/data/gear.toml", lambda world: world.content.gear.materials)


_FACTIONS: dict[int, tuple[Any, frozenset[str]]] = {}  # id of a tuning's enemies -> them, their factions


def factions(world: World) -> frozenset[str]:
    """The factions of assets/data/world.toml: those with enemies and those named as enemies (worked out
    once per game data: a save's load asks it of every creature)."""
    enemies = world.content.tuning.enemies
    known = _FACTIONS.get(id(enemies))
    if known is None or known[0] is not enemies:
        known = _FACTIONS[id(enemies)] = (enemies, frozenset(set(enemies).union(*enemies.values())))
    return known[1]


FACTION = one_of(STR, "a faction of assets/data/world.toml", factions)


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


# -- the social web (N64-N83) ------------------------------------------------------------------------------
def social_names(table: str) -> Callable[[World], Collection[str]]:
    """The names of one table of assets/data/social.toml, for a kind's `one_of`."""
    return lambda world: getattr(world.content.social, table)


PEOPLE = one_of(STR, "a people of assets/data/social.toml", social_names("attitudes"))
FAITH = one_of(STR, "a faith of assets/data/social.toml", social_names("faiths"))
OUTLOOK = one_of(STR, "an outlook of assets/data/social.toml", social_names("outlooks"))
BACKGROUND = one_of(STR, "a background of assets/data/social.toml, or none",
                    lambda world: {"", *world.content.social.backgrounds})
TRAIT = one_of(STR, "a trait of assets/data/social.toml", social_names("traits"))
DEED = text(40)
TURN_OR_NEVER = INT.between(-1000)  # a turn, or a "never" before the first (-1, -1000)


@saved.creature("persona", {"people": PEOPLE, "faith": FAITH, "background": BACKGROUND, "outlook": OUTLOOK,
                            "traits": names(TRAIT)}, optional=True)
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


SCALE = INT.between(lambda world: world.content.social.low, lambda world: world.content.social.high,
                    name="an opinion on the scale of social.toml")
OPINION = saved.row("[now, first, since]: two opinions on the scale of social.toml and a turn",
                    (SCALE, SCALE, TURN_OR_NEVER),
                    to_plain=lambda o: [o.now, o.first, o.since], from_plain=lambda v: Opinion(*v))


def grudges_of(world: World, made: dict[type, Any], values: dict[str, Any]) -> dict[str, dict[str, None]]:
    """A loaded creature's grudges: those it held hostile when saved (verbs/social drops the calmed)."""
    below = world.content.social.hostile_below
    return {"grudges": {uid: None for uid, opinion in values["of"].items() if opinion.now < below}}


@saved.creature("opinions", {"of": saved.name_map(OPINION, key=UID)}, derived=("grudges",), derive=grudges_of,
                optional=True)
@dataclass(slots=True)
class Opinions:
    """N64-N68: what a thinking creature thinks of others, by uid: creatures it has met and each hero.
    An opinion drifts as it is read (verbs/social.opinion); `grudges` lists, in the order they arose, the
    uids it may be hostile to (N69), so the movement stage looks no further for the many who hold none."""

    of: dict[str, Opinion] = field(default_factory=dict)
    grudges: dict[str, None] = field(default_factory=dict, compare=False)  # an index: equal opinions are equal


@saved.creature("loyalty", {"to": saved.name_map(saved.COUNT, key=UID)}, optional=True)
@dataclass(slots=True)
class Loyalty:
    """N39, N79: a creature's loyalty to each hero by uid (never below 0)."""

    to: dict[str, int] = field(default_factory=dict)


@saved.creature("secret", {"hero": UID, "site": COUNT}, optional=True)
@dataclass(slots=True)
class Secret:
    """N60: the one secret place a creature has shared (a region site's id) and the hero it told; a creature
    with this component has nothing more to share."""

    hero: str = HERO_ID
    site: int = 0


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


MEMORY = saved.row("[hero, deed, source, place, turn, told]", (UID, DEED, UID, NAME, saved.COUNT, saved.BOOL),
                   to_plain=lambda m: [m.hero, m.deed, m.source, m.place, m.turn, m.told],
                   from_plain=lambda v: Memory(*v))


@saved.creature("memories", {"known": saved.list_of(f"a list of {MEMORY.name}", MEMORY,
                                                     to_plain=lambda known: [MEMORY.to_plain(m) for m in known],
                                                     from_plain=lambda known: [Memory(*m) for m in known])},
                optional=True)
@dataclass(slots=True)
class Memories:
    """N73: what a thinking creature knows of the heroes' deeds, oldest first."""

    known: list[Memory] = field(default_factory=list)


# -- conversations with heroes (N45, N75-N82) --------------------------------------------------------------
FACE = one_of(STR, "a face (pleased, neutral, annoyed)", ("pleased", "neutral", "annoyed"))


@saved.creature("talks", {"greeted": names(UID), "shared": saved.name_map(names(DEED), key=UID),
                          "last_moment": saved.name_map(TURN_OR_NEVER, key=UID),
                          "tried": saved.name_map(TURN_OR_NEVER, key=UID), "open": saved.name_map(DEED, key=UID),
                          "face": saved.name_map(FACE, key=UID), "fought": TURN_OR_NEVER}, optional=True)
@dataclass(slots=True)
class Talks:
    """A creature's conversations with each hero, by the hero's uid: who has heard its biography (N45), the
    moments shared (N76: each once), the turn of the last one (N76: 40 turns) and of the last try, the
    moment under way, the face its last reply left (N80), and the turn it last fought in a hero's room (N75)."""

    greeted: frozenset[str] = frozenset()
    shared: dict[str, frozenset[str]] = field(default_factory=dict)
    last_moment: dict[str, int] = field(default_factory=dict)
    tried: dict[str, int] = field(default_factory=dict)
    open: dict[str, str] = field(default_factory=dict)
    face: dict[str, str] = field(default_factory=dict)
    fought: int = -1


@saved.creature("witness", {"seen": names(UID), "last_moment": TURN_OR_NEVER}, optional=True)
@dataclass(slots=True)
class Witness:
    """What a hero has seen (N71): the creatures it has shared a room with, by uid, and the turn of its last
    moment with anyone (N76: none for 15 turns after)."""

    seen: frozenset[str] = frozenset()
    last_moment: int = -1000


@saved.creature("journey", {"rooms": numbers(ROOM), "winded": BOOL}, optional=True)
@dataclass(slots=True)
class Journey:
    """The hero's own growth (N27's thresholds, docs/rules.md "The hero's growth"): the rooms it has
    entered (the first entry of each is a discovery worth XP) and whether Second Wind is spent in the
    fight under way."""

    rooms: set[int] = field(default_factory=set)
    winded: bool = False


TIE = one_of(STR, f"a tie ({', '.join(TIES)})", TIES)


@saved.creature("ties", {"holds": names(TIE)}, optional=True)
@dataclass(slots=True)
class Ties:
    """N69, N74: what holds a creature (rules.social.TIES): a contract it holds for a hero, a hero's company,
    a hero's claim it lives in, a binding spell. The issues that bring them set it with verbs/social.hold and
    release; today nothing does. A creature held by a contract, a hero's company or a claim cannot walk away
    (N69); company or a claim also keeps it from feuding; a spell-bound creature takes no part (N74)."""

    holds: frozenset[str] = frozenset()


PLACES = saved.Kind("a list of 1 to 16 names of the region's places",
                    lambda v, w: isinstance(v, list) and 0 < len(v) <= 16 and all(NAME.fits(x, w) for x in v),
                    to_plain=list, from_plain=tuple)


@saved.creature("errand", {"range": PLACES, "leaves": COUNT}, optional=True)
@dataclass(slots=True)
class Errand:
    """N3: a world NPC tied to a range of places: the region's settlements it travels between, in order, by
    name (the map's `travels`; the place it sets out from first once it has set out), and the world turn it
    next sets out (game/world/realm.py takes it onto the road)."""

    range: tuple[str, ...]
    leaves: int


# -- merchants (N5) ----------------------------------------------------------------------------------------
MERCHANT_TYPE = one_of(STR, "a merchant type of assets/data/trade.toml", lambda world: world.content.trade.types)
MERCHANT_TRAIT = one_of(STR, "a merchant trait of assets/data/trade.toml", lambda world: world.content.trade.traits)


@saved.creature("merchant", {"trade": MERCHANT_TYPE, "traits": names(MERCHANT_TRAIT), "xp": COUNT}, optional=True)
@dataclass(slots=True)
class Merchant:
    """A stationary trader (N5): its type (the stock table of trade.toml), its personality traits and the
    trade XP business has brought it (its level follows, verbs/trade.level). What it sells is what it
    carries unequipped; its gold is the gold it carries."""

    trade: str
    traits: frozenset[str] = frozenset()
    xp: int = 0


# -- contracts and the journal (N40-N44) -------------------------------------------------------------------
# The kinds of contract by name, each registered once by verbs/contract_kinds.py (its `register`).
CONTRACT_KINDS: dict[str, Any] = {}
CONTRACT_STATES = ("offered", "active", "done", "abandoned")  # "ready" is active with its objective met


@dataclass(slots=True)
class Contract:
    """One piece of work a giver offered a hero (N40-N44). `target` is the uid of the enemy to slay or carry
    the marked item, or of the person to deliver to; `item` the item id to bring, deliver or recover (a
    mini-quest: its want); `room` the room to clear, to escort the giver to, or where the target was; `met`
    is latched once the objective is done (slain, cleared, delivered, arrived); `turn` when it was offered,
    accepted or closed."""

    id: int
    giver: str
    giver_name: str
    place: str
    kind: str
    target: str
    target_name: str
    item: str
    room: int
    flavour: str
    objective: str
    gold: int
    xp: int
    bonus: str
    state: str
    turn: int
    met: bool = False


CONTRACT_FIELDS = {"id": COUNT, "giver": UID, "giver_name": NAME, "place": NAME,
                   "kind": one_of(STR, "a contract kind", lambda world: CONTRACT_KINDS), "target": KILLER, "target_name": NAME,
                   "item": text(40), "room": INT.between(-1), "flavour": text(500), "objective": text(500),
                   "gold": COUNT, "xp": COUNT, "bonus": text(40),
                   "state": one_of(STR, "a contract state", CONTRACT_STATES), "turn": COUNT, "met": BOOL}
CONTRACT = saved.record(CONTRACT_FIELDS)
CONTRACTS = saved.list_of(f"a list of contracts ({CONTRACT.name})", CONTRACT.fits,
                          to_plain=lambda found: [CONTRACT.to_plain({f: getattr(c, f) for f in CONTRACT_FIELDS})
                                                  for c in found],
                          from_plain=lambda found: [Contract(**CONTRACT.from_plain(c)) for c in found])


SECRETS = saved.list_of("a list of [teller, site] names", lambda v, w: saved.sized(v, 2)
                        and all(NAME.fits(x, w) for x in v), from_plain=lambda told: [tuple(t) for t in told])


@saved.creature("journal", {"contracts": CONTRACTS, "next_id": COUNT, "xp": COUNT, "claims": saved.numbers(ROOM),
                            "coerced": names(UID), "secrets": SECRETS}, optional=True)
@dataclass(slots=True)
class Journal:
    """A hero's journal (N40, N44): its contracts and mini-quests, offered, active, done or abandoned, the
    next contract's number, the XP contracts have earned it (shown in the journal; the hero's Growth counts it too),
    its claims (the rooms it cleared for a contract, N47), whom it has put the choice of forced labour to, and the
    secret places loyal creatures told it of (N61: the teller's name and the site's, in the order told)."""

    contracts: list[Contract] = field(default_factory=list)
    next_id: int = 1
    xp: int = 0
    claims: set[int] = field(default_factory=set)
    coerced: frozenset[str] = frozenset()
    secrets: list[tuple[str, str]] = field(default_factory=list)


@saved.item("mark", {"contract": COUNT, "hero": UID}, optional=True)
@dataclass(slots=True)
class Mark:
    """N42: the mark on the one item a contract asks for (a marked enchanted item, a parcel to deliver):
    the contract's number and the hero it belongs to. A plain copy has none."""

    contract: int = 0
    hero: str = HERO_ID


# -- companions (N4, N38, N39) -----------------------------------------------------------------------------
ORDERS = ("follow", "behind", "wait", "explore")
FOLLOWING = ("follow", "behind")  # the orders that keep a companion at the hero's side ("behind": N4, stay behind me)


@saved.creature("companion", {"hero": UID, "order": one_of(STR, f"an order ({', '.join(ORDERS)})", ORDERS),
                              "room": INT.between(-1), "back": BOOL, "seen": text(300), "faction": FACTION,
                              "forced": BOOL}, optional=True)
@dataclass(slots=True)
class Companion:
    """A creature in a hero's party (N4, N38): whose, its order (follow, behind, wait, explore), the room it was sent
    to look at (-1: none), whether it is on its way back, what it saw there, and the faction it had before
    it joined (it fights on the hero's side meanwhile and gets it back when it leaves); `forced` marks forced
    labour (N47) until its loyalty reaches the recruiting threshold."""

    hero: str = HERO_ID
    order: str = "follow"
    room: int = -1
    back: bool = False
    seen: str = ""
    faction: str = "folk"
    forced: bool = False


# -- binding spells (N50-N59) ------------------------------------------------------------------------------
BOUND_ORDERS = ("stay", "explore")
SPELL = one_of(STR, "a spell of assets/data/spells.toml", lambda world: world.content.spells.spells)


def most_turns(world: World) -> int:
    """The longest a binding may hold: turns_per_level x the highest proficiency a hero may have (heroes.toml's
    limit, or the shipped hero's own when higher)."""
    shipped = world.content.codex.shipped_sheet().proficiencies.values()
    return world.content.spells.turns_per_level * max(world.content.heroes.limits["proficiency"], *shipped)


@saved.creature("binding", {"spell": SPELL, "hero": UID,
                            "turns": INT.between(0, most_turns, "a whole number of turns from 0 to the longest "
                                                                 "binding heroes.toml allows"),
                            "faction": FACTION, "order": one_of(STR, f"an order ({', '.join(BOUND_ORDERS)})",
                                                                 BOUND_ORDERS),
                            "waiting": BOOL}, optional=True)
@dataclass(slots=True)
class Binding:
    """A binding spell on a creature (N50-N59): the spell, the hero who cast it, the turns it still holds
    (N56), the faction it had before (given back, or made hostile, when it ends), its order while it is
    not in the party (stay or explore, N54) and whether its end is waiting for space (N57-N59)."""

    spell: str = "animal_charm"  # every field has a default, as in every optional component the saves check
    hero: str = HERO_ID
    turns: int = 0
    faction: str = "monsters"
    order: str = "stay"
    waiting: bool = False


@saved.creature("mana", {"spent": COUNT}, optional=True)
@dataclass(slots=True)
class Mana:
    """The mana a hero has spent on spells and not yet got back (its card's mana is the most it holds)."""

    spent: int = 0
