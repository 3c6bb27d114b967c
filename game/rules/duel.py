"""Seeded simulated fights between two fighters (N20-N25, C25, C29, C33, C35), for threat reports.

Each round the first fighter spends its strikes (N25), then the second, until one falls or
`max_rounds` pass. Weapon damage wears armour durability before health (C29, Reconciliation 4);
a minion group loses heads per C35 and attacks with 1d2 per current head (C33).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from game.rules.combat import Guard, Strike, group_dice, heads_killed, resolve, soak


@dataclass
class Fighter:
    """One side of a duel: its strike, its guard and what it can lose."""

    name: str
    health: int
    strike: Strike
    guard: Guard
    strikes: int  # N25 attack budget
    durability: int = 0  # C25 armour durability left
    heads: int = 0  # C30-C31: a minion group's heads, 0 for an individual
    group: bool = field(init=False)  # a group stays one when its last head falls

    def __post_init__(self) -> None:
        self.group = self.heads > 0

    @property
    def standing(self) -> bool:
        """A group stands while it has heads (C35), an individual while it has health."""
        return (self.heads if self.group else self.health) > 0


@dataclass(frozen=True)
class DuelResult:
    winner: int | None  # 0 first fighter, 1 second, None: nobody fell in time
    rounds: int


def _hit(attacker: Fighter, defender: Fighter, rng: random.Random) -> None:
    strike = attacker.strike
    if attacker.group:
        strike = replace(strike, dice=group_dice(attacker.heads))
    outcome = resolve(strike, defender.guard, rng)
    if not outcome.hit:
        return
    if defender.group:
        defender.heads -= min(defender.heads, heads_killed(outcome, strike.kind))
        return
    to_health, soaked = soak(outcome.physical, defender.durability)
    defender.durability -= soaked
    defender.health -= to_health + sum(outcome.elemental.values())


def duel(first: Fighter, second: Fighter, rng: random.Random, max_rounds: int) -> DuelResult:
    """Fight copies of the two fighters to the end; the originals are untouched."""
    sides = [replace(first), replace(second)]
    for round_number in range(1, max_rounds + 1):
        for me in (0, 1):
            attacker, defender = sides[me], sides[1 - me]
            for _ in range(attacker.strikes):
                _hit(attacker, defender, rng)
                if not defender.standing:
                    return DuelResult(me, round_number)
    return DuelResult(None, max_rounds)
