"""Dice in the seed's notation: the die progression (C8), exploding rolls (C9), exact
distributions, trials with Impotence (C3, C22) and the Measure dice of N78.

A `Dice` is a multiset of dice plus a flat bonus: "d3", "2d6", "d4+d6+2", "4d8", "1", "0".
Explosions (C9): a die showing its maximum is rolled again and added; d2s never explode. A single
die explodes at most `MAX_EXPLOSIONS` times in a row; the last roll of a chain that long simply
stands. `roll` and `distribution` apply the same cap, so the exact distribution is the exact law of
`roll`; the mass the cap moves is below 3^-30 (about 5e-15) for every die bigger than a d2.

Notation read from text (a trap's damage in a map) rolls at most `MAX_DICE` dice of at most `MAX_FACES`
faces plus at most `MAX_BONUS`; anything larger raises `TooManyDice` (docs/maps.md, "Limits").
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache

MAX_EXPLOSIONS = 30
NEVER_EXPLODES = 2  # C9: d2s never explode
NEGLIGIBLE = 1e-18  # totals rarer than this are dropped from multi-die distributions
MAX_DICE = 100  # dice one notation may name ("100d6"; a group of 64 heads rolls 64d2)
MAX_FACES = 1000  # faces of one die
MAX_BONUS = 1000  # the flat bonus of one notation

# C8 die progression, extended past 2d12 the way the DTD and attribute tables go (C6, C7).
PROGRESSION = ("0", "1", "d2", "d3", "d4", "d6", "d8", "d10", "d12",
               "2d6", "2d8", "2d10", "2d12", "4d6", "4d8")

_TERM = re.compile(r"^(\d*)d(\d+)$|^(\d+)$")


class TooManyDice(ValueError):
    """Notation beyond MAX_DICE, MAX_FACES or MAX_BONUS: its message says which, e.g. "rolls more than 100 dice"."""


@dataclass(frozen=True)
class Dice:
    """Dice sizes in notation order (one entry per die) and a flat bonus."""

    sizes: tuple[int, ...] = ()
    bonus: int = 0

    def __str__(self) -> str:
        return notation(self)

    def __add__(self, other: Dice | str | int) -> Dice:
        return add(self, other)

    @property
    def count(self) -> int:
        return len(self.sizes)


def parse(text: str | int | Dice) -> Dice:
    """Parse "d3", "2d6", "d4+d6+2", "4d8", "1", "0" into Dice; raise ValueError on anything else
    (TooManyDice past the limits)."""
    if isinstance(text, Dice):
        return text
    if isinstance(text, int):
        return Dice((), text)
    sizes: list[int] = []
    bonus = 0
    cleaned = text.replace(" ", "").lower()
    if not cleaned:
        raise ValueError("empty dice notation")
    for term in cleaned.split("+"):
        match = _TERM.match(term)
        if not match:
            raise ValueError(f"bad dice notation {text!r}: cannot read {term!r}")
        if match.group(3) is not None:
            bonus += _bounded(match.group(3), MAX_BONUS - bonus, f"adds more than {MAX_BONUS}")
            continue
        count = _bounded(match.group(1) or "1", MAX_DICE - len(sizes), f"rolls more than {MAX_DICE} dice")
        size = _bounded(match.group(2), MAX_FACES, f"has a die of more than {MAX_FACES} faces")
        if size < 2 or count < 1:
            raise ValueError(f"bad dice notation {text!r}: {term!r} is not a die")
        sizes.extend([size] * count)
    return Dice(tuple(sizes), bonus)


def _bounded(digits: str, most: int, beyond: str) -> int:
    """A whole number of the notation, refused (TooManyDice with `beyond`) when above `most`."""
    if len(digits.lstrip("0")) > len(str(max(most, 0))) or int(digits) > most:
        raise TooManyDice(beyond)
    return int(digits)


def notation(dice: Dice) -> str:
    """The seed's notation: same-size dice grouped in order of first appearance, bonus last."""
    groups: dict[int, int] = {}
    for size in dice.sizes:
        groups[size] = groups.get(size, 0) + 1
    parts = [f"{n if n > 1 else ''}d{size}" for size, n in groups.items()]
    if dice.bonus or not parts:
        parts.append(str(dice.bonus))
    return "+".join(parts)


def add(*terms: Dice | str | int) -> Dice:
    """Sum of dice, e.g. add("2d6", "d8") -> 2d6+d8 (DTD + attribute die, C28)."""
    sizes: list[int] = []
    bonus = 0
    for term in terms:
        dice = parse(term)
        sizes.extend(dice.sizes)
        bonus += dice.bonus
    return Dice(tuple(sizes), bonus)


def times(dice: Dice | str, n: int) -> Dice:
    """`n` copies of `dice` (Division x Endurance die, C24)."""
    return add(*([parse(dice)] * n)) if n > 0 else Dice()


def step(dice: str, steps: int) -> str:
    """Move `steps` along the die progression (C8), clamped to its ends."""
    index = PROGRESSION.index(notation(parse(dice)))
    return PROGRESSION[max(0, min(len(PROGRESSION) - 1, index + steps))]


def explodes(size: int, explode: bool) -> bool:
    return explode and size != NEVER_EXPLODES


def _roll_die(size: int, rng: random.Random, explode: bool) -> list[int]:
    """The faces one die shows, explosions included (each kept die counts for C35)."""
    faces = [rng.randint(1, size)]
    while explodes(size, explode) and faces[-1] == size and len(faces) <= MAX_EXPLOSIONS:
        faces.append(rng.randint(1, size))
    return faces


def roll_faces(dice: Dice | str, rng: random.Random, explode: bool = True) -> list[int]:
    """Every face rolled, explosions included; their sum plus the bonus is the roll."""
    return [face for size in parse(dice).sizes for face in _roll_die(size, rng, explode)]


def roll(dice: Dice | str, rng: random.Random, explode: bool = True) -> int:
    """Roll `dice` with `rng`; attack and defense rolls explode (C9), trials and health do not."""
    parsed = parse(dice)
    return sum(roll_faces(parsed, rng, explode)) + parsed.bonus


@lru_cache(maxsize=None)
def _die_distribution(size: int, explode: bool) -> tuple[tuple[int, float], ...]:
    if not explodes(size, explode):
        return tuple((face, 1 / size) for face in range(1, size + 1))
    law: dict[int, float] = {}
    carried, weight = 0, 1.0
    for depth in range(MAX_EXPLOSIONS + 1):
        last = depth == MAX_EXPLOSIONS
        for face in range(1, size + 1):
            if face == size and not last:
                continue
            law[carried + face] = law.get(carried + face, 0.0) + weight / size
        carried += size
        weight /= size
    return tuple(sorted(law.items()))


def _convolve(left: dict[int, float], right: tuple[tuple[int, float], ...]) -> dict[int, float]:
    out: dict[int, float] = {}
    for a, pa in left.items():
        for b, pb in right:
            out[a + b] = out.get(a + b, 0.0) + pa * pb
    return {value: p for value, p in out.items() if p > NEGLIGIBLE}


@lru_cache(maxsize=512)
def _distribution(dice: Dice, explode: bool) -> tuple[tuple[int, float], ...]:
    law = {dice.bonus: 1.0}
    for size in dice.sizes:
        law = _convolve(law, _die_distribution(size, explode))
    return tuple(sorted(law.items()))


def distribution(dice: Dice | str, explode: bool = True) -> dict[int, float]:
    """Exact probability of every total of `dice` (explosions per C9, capped as documented)."""
    return dict(_distribution(parse(dice), explode))


@lru_cache(maxsize=None)
def _die_expected(size: int, explode: bool) -> float:
    return sum(value * p for value, p in _die_distribution(size, explode))


def expected(dice: Dice | str, explode: bool = True) -> float:
    """Expected total: the bonus plus each die's mean (the mean of a sum is the sum of the means, so no
    distribution of the whole is needed); an exploding dN averages (N+1)/2 * N/(N-1), a d2 always 1.5."""
    parsed = parse(dice)
    return parsed.bonus + sum(_die_expected(size, explode) for size in parsed.sizes)


def average(dice: Dice | str) -> float:
    """Average of a non-exploding roll (health, C24-C25): each dN averages (N+1)/2."""
    parsed = parse(dice)
    return sum((size + 1) / 2 for size in parsed.sizes) + parsed.bonus


def percentile(law: dict[int, float], fraction: float) -> int:
    """Smallest value whose cumulative probability reaches `fraction`."""
    total = 0.0
    for value in sorted(law):
        total += law[value]
        if total >= fraction - 1e-12:
            return value
    return max(law)


def trial(dice: Dice | str, rng: random.Random, impotent: bool = False) -> int:
    """A trial roll (C3): no explosions; Impotence rolls twice and keeps the lower (C13, C22)."""
    first = roll(dice, rng, explode=False)
    return min(first, roll(dice, rng, explode=False)) if impotent else first


@dataclass(frozen=True)
class MeasureResult:
    """N78: the d6s shown, the net successes, and whether the Measure passed."""

    dice: list[int]
    successes: int
    success: bool


def measure(points: int, rng: random.Random) -> MeasureResult:
    """N78: one d6 per point (at least one, N77); each 4-6 a success, each 1 cancels one."""
    faces = [rng.randint(1, 6) for _ in range(max(1, points))]
    net = max(0, sum(face >= 4 for face in faces) - faces.count(1))
    return MeasureResult(faces, net, net >= 1)
