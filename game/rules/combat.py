"""Combat maths every creature and the hero share (N19-N25, Reconciliation 2-4, C33, C35).

Pure functions over numbers; the world supplies cards, weapons and the room's rune.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Mapping

from game.rules import dice as dicelib
from game.rules.card import SCHOOLS

PERCENTILE = 100  # N20: the to-hit roll is 0-99


@dataclass(frozen=True)
class Strike:
    """What one attack brings: the attacker's side of N20-N23."""

    chance: int  # melee or ranged value by the weapon's kind (N20)
    strength: int
    dice: str  # C28 attack dice (a minion group: "<heads>d2")
    damage_type: str
    elements: Mapping[str, int]  # N23 base + weapon elemental damage, per school
    kind: str = "melee"  # melee or ranged (C35 killing heads differs)


@dataclass(frozen=True)
class Guard:
    """The defender's side: dodge (N21), resistance (Reconciliation 2), classification package (C13)."""

    dodge: int
    defense: Mapping[str, int]
    resist: Mapping[str, int]
    immune: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Outcome:
    hit: bool
    dodged: bool = False
    roll: int = 0  # the 0-99 to-hit roll
    faces: tuple[int, ...] = ()  # attack dice faces kept, explosions included (C35)
    physical: int = 0  # N22 strength - defense + dice, at least 0
    elemental: dict[str, int] = field(default_factory=dict)  # per school, after resistance

    @property
    def total(self) -> int:
        return self.physical + sum(self.elemental.values())


def to_hit(chance: int, dodge: int, rng: random.Random) -> tuple[bool, bool, int]:
    """N20-N21: (hit, dodged, roll). The roll 0-99 must fall below `chance`, then clear `dodge`."""
    roll = rng.randrange(PERCENTILE)
    if roll >= chance:
        return False, False, roll
    if dodge > 0 and rng.randrange(PERCENTILE) < dodge:
        return False, True, roll
    return True, False, roll


def group_dice(heads: int) -> str:
    """C33: a minion group attacks with 1d2 per current head."""
    return f"{max(heads, 1)}d2"


def elemental_damage(elements: Mapping[str, int], guard: Guard, amplify: Mapping[str, int]) -> dict[str, int]:
    """N22-N23, N37: each non-zero school, plus the room's amplification, less that resistance; immune is 0."""
    out: dict[str, int] = {}
    for school in SCHOOLS:
        amount = elements.get(school, 0)
        if amount <= 0:
            continue
        if school in guard.immune:
            out[school] = 0
            continue
        out[school] = max(0, amount + amplify.get(school, 0) - guard.resist.get(school, 0))
    return out


def resolve(strike: Strike, guard: Guard, rng: random.Random,
            amplify: Mapping[str, int] | None = None) -> Outcome:
    """One attack: to hit (N20), dodge (N21), then damage (N22) in a single hit."""
    hit, dodged, roll = to_hit(strike.chance, guard.dodge, rng)
    if not hit:
        return Outcome(False, dodged, roll)
    parsed = dicelib.parse(strike.dice)
    faces = dicelib.roll_faces(parsed, rng, explode=True)
    physical = max(0, strike.strength - guard.defense.get(strike.damage_type, 0) + sum(faces) + parsed.bonus)
    return Outcome(True, False, roll, tuple(faces), physical,
                   elemental_damage(strike.elements, guard, amplify or {}))


def heads_killed(outcome: Outcome, kind: str) -> int:
    """C35: melee (and spells) kill one head per kept damage die, at most the net damage;
    a ranged weapon kills one head per hit."""
    if not outcome.hit or outcome.total <= 0:
        return 0
    if kind == "ranged":
        return 1
    return min(len(outcome.faces), outcome.total)


def soak(damage: int, durability: int) -> tuple[int, int]:
    """C29, Reconciliation 4: weapon damage wears armour durability first. Returns (to health, soaked)."""
    soaked = min(damage, max(durability, 0))
    return damage - soaked, soaked
