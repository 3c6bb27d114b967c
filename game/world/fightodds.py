"""The odds of a fight before it starts: the chance one strike lands and the damage it deals, from the
exact dice (N20-N23, C9, C13) of the two cards as they stand, the same sums as `tools/creature.py odds`
(game/rules/odds.py). The creature card shows them; the balance bots read them to pick their fights.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.odds import damage_distribution, hit_chance, mean
from game.world.components import Body
from game.world.verbs.combat import guard_of, strike_of

if TYPE_CHECKING:
    from game.world.world import World


@dataclass(frozen=True)
class Odds:
    """One side's strikes against the other: hit chance (0-1), the mean damage of a strike that lands,
    the damage one strike deals on average (hit × mean), and strikes a turn."""

    hit: float
    damage: float
    expected: float
    strikes: int

    @property
    def per_turn(self) -> float:
        return self.expected * self.strikes


def strikes_a_turn(world: World, eid: int) -> int:
    """The hero strikes once per AP (N25 binds enemy cards); a creature spends its attack budget."""
    card = world.get(eid, Body).card
    return card.ap if eid == world.hero else min(card.attack_budget, card.ap)


def one_way(world: World, attacker: int, defender: int) -> Odds:
    """The odds of `attacker`'s strikes against `defender`, now."""
    strike = strike_of(world.get(attacker, Body))
    guard = guard_of(world, world.get(defender, Body))
    chance = hit_chance(strike, guard)
    damage = mean(damage_distribution(strike, guard))
    return Odds(chance, damage, chance * damage, strikes_a_turn(world, attacker))


def both_ways(world: World, hero: int, other: int) -> tuple[Odds, Odds]:
    """(the hero's strikes against `other`, `other`'s against the hero)."""
    return one_way(world, hero, other), one_way(world, other, hero)
