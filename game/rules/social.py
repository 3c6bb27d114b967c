"""The social rules as plain functions (N64-N83): opinion bands, first impressions, drift, the dice an
approach earns or costs, loyalty moved by a moment, and what a moment leaves in memory.

The seed's own numbers live here beside their rule; the scale and the other choices the seed leaves
open come from assets/data/social.toml (docs/rules.md, "The social web").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

DRIFT_EVERY = 10  # N68: one step back toward the first impression per ten turns without an exchange
PAIR_WAIT = 5  # N66: a pair waits five turns before another exchange
MOMENT_WAIT = 15  # N76: after any moment, none for fifteen turns
SAME_PERSON_WAIT = 40  # N76: the same person shares no other moment for forty turns
MAX_APPROACH_DICE = 2  # N77: the right approach adds up to two dice, the wrong one removes up to two
DICE_PER_APPROACH_DIE = 3  # N79: three loyalty per die the approach earned or cost
REMEMBERED_AT = 5  # N81: a moment moving loyalty by five or more is remembered (help or slight)
SLIGHT_HEARD = -3  # N81: hearing of a slight lowers the listener's opinion of the hero by three
APPROACHES = ("kind", "honest", "humorous", "flattering", "blunt", "deceitful", "threatening", "pious",
              "practical")  # N77
# The bands the seed's rules name (N69, N70, N72, N73); the scale must have them (social.toml [scale]).
HOSTILE = "hostile"  # N69: a hostile creature avoids the one it dislikes; a feud ends once both are above it
NEMESIS = "nemesis"  # N69: a relationship that reaches nemesis becomes a feud
FRIENDLY = "friendly"  # N73: friendly creatures pass a memory when they meet
TRUSTED = "trusted"  # N70, N72: trusted creatures give aid and recommend
SEED_BANDS = (NEMESIS, HOSTILE, FRIENDLY, TRUSTED)
WORDS = ("chat", "praise", "insult")  # N66: what a pair may say to one another
CIVIL = ("chat", "praise")  # N68: the civil words, which count a little more from a disliker
# N69, N74: what may hold a creature (a Ties component; contracts, companions, claims and binding spells are
# later issues): who cannot walk away, who never feuds, who takes no part in the social web at all.
TIES = ("contract", "companion", "claim", "spellbound")
STAY_PUT = frozenset({"contract", "companion", "claim"})  # N69: a contract holder stays; companions, claim
NEVER_FEUD = frozenset({"companion", "claim"})  # residents cannot walk away, and never feud
NO_PART = frozenset({"spellbound"})  # N74: spell-bound creatures hold no conversation


@dataclass(frozen=True)
class Band:
    """A named stretch of the opinion scale: `name` from `low` up (the next band's low is its end)."""

    name: str
    low: int


def band_of(opinion: int, bands: tuple[Band, ...]) -> str:
    """The band an opinion falls in; `bands` are listed from the lowest up, the first starting at the
    scale's floor."""
    name = bands[0].name
    for band in bands:
        if opinion >= band.low:
            name = band.name
    return name


def band_floor(name: str, bands: tuple[Band, ...]) -> int:
    """The lowest opinion in the band `name`."""
    return next(band.low for band in bands if band.name == name)


def band_ceiling(name: str, bands: tuple[Band, ...]) -> int:
    """The lowest opinion above the band `name` (the next band's floor; `name` is not the top band)."""
    return bands[[band.name for band in bands].index(name) + 1].low


def heard_words(words: str, change: int, disliker: bool, civil_bonus: int) -> int:
    """N66, N68: how much `words` move the listener's opinion of the speaker (`change`, their usual effect);
    a disliker's civil words count `civil_bonus` more."""
    return change + civil_bonus if disliker and words in CIVIL else change


def summary(first: str, second: str) -> str:
    """The one word for a talk from the words of both sides: an insult from either makes it an insult, else a
    praise from either a praise, else a chat."""
    for words in ("insult", "praise"):
        if words in (first, second):
            return words
    return "chat"


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def drift(opinion: int, first: int, quiet_turns: int) -> int:
    """N68: after `quiet_turns` without an exchange an opinion has come back toward the first impression
    one step per ten turns, and stops there."""
    steps = quiet_turns // DRIFT_EVERY
    if opinion > first:
        return max(first, opinion - steps)
    return min(first, opinion + steps)


def approach_dice(approach: str, likes: Mapping[str, int]) -> int:
    """N77, N83: the dice an approach earns (+) or costs (-) with this person. `likes` sums what its
    background, outlook and personality each add (+1) or remove (-1) for that approach; the total is
    held within two either way."""
    return clamp(likes.get(approach, 0), -MAX_APPROACH_DICE, MAX_APPROACH_DICE)


def measure_points(base: int, earned: int) -> int:
    """N77: the Measure's dice after the approach, never fewer than one."""
    return max(1, base + earned)


def loyalty_change(success: bool, successes: int, earned: int, per_success: int, failure: int,
                   charisma_scale: float) -> int:
    """N79: success raises loyalty (`per_success` per net success), failure lowers it (`failure`), and the
    approach adds three per die it earned or takes three per die it cost, even on a success. A gain is
    scaled by the hero's Charisma (`charisma_scale`, as for quest rewards, N39); a loss is not."""
    result = (per_success * successes if success else -failure) + DICE_PER_APPROACH_DIE * earned
    return round(result * charisma_scale) if result > 0 else result


def new_loyalty(loyalty: int, change: int) -> int:
    """N79: loyalty never falls below zero."""
    return max(0, loyalty + change)


def remembered(change: int) -> str | None:
    """N81: a moment that raised loyalty by five or more is remembered as help, one that lowered it by
    five or more as a slight; smaller moments leave nothing."""
    if change >= REMEMBERED_AT:
        return "help"
    if change <= -REMEMBERED_AT:
        return "slight"
    return None


def first_impression(parts: tuple[int, ...], low: int, high: int) -> int:
    """N65: a first impression sums what colours it (the people's attitude, faith, the hero's Charisma…),
    held within the scale."""
    return clamp(sum(parts), low, high)


def weighted(weights: Mapping[str, int], roll: float) -> str:
    """The entry of `weights` that `roll` (uniform in [0, 1)) falls on, in the table's order."""
    total = sum(weights.values())
    at = roll * total
    for name, weight in weights.items():
        at -= weight
        if at < 0:
            return name
    return next(reversed(list(weights)))
