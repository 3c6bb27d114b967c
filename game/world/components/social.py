"""The social web's components (N45, N64-N83): persona, opinions, loyalty, secrets, memories, a
conversation's bookkeeping, what the hero witnessed, its journey, the ties that hold a creature, a
traveller's errand."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, TYPE_CHECKING

from game.content.codex import HERO_ID
from game.rules.social import TIES
from game.world import saved
from game.world.components.kinds import NAME, ROOM, UID
from game.world.saved import BOOL, COUNT, INT, STR, names, numbers, one_of, text


if TYPE_CHECKING:
    from game.world.world import World


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
