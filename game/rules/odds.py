"""Exact odds of one strike under the game's combat (N20-N22, Reconciliation 2, C9, C13).

Uses the world's combat types (game/rules/combat.py): a `Strike` against a `Guard`.
"""
from __future__ import annotations

from game.rules import dice
from game.rules.combat import PERCENTILE, Guard, Strike, elemental_damage


def hit_chance(strike: Strike, guard: Guard) -> float:
    """N20-N21: the roll must fall below the attacker's chance, then clear the defender's dodge."""
    return strike.chance / PERCENTILE * (1 - guard.dodge / PERCENTILE)


def damage_distribution(strike: Strike, guard: Guard) -> dict[int, float]:
    """Exact damage of a strike that lands: strength - defense + exploding dice (at least 0),
    plus each school's elemental damage less its resistance (0 if immune)."""
    base = strike.strength - guard.defense.get(strike.damage_type, 0)
    elemental = sum(elemental_damage(strike.elements, guard, {}).values())
    law: dict[int, float] = {}
    for total, p in dice.distribution(strike.dice).items():
        damage = max(0, base + total) + elemental
        law[damage] = law.get(damage, 0.0) + p
    return law


def mean(law: dict[int, float]) -> float:
    return sum(value * p for value, p in law.items())
