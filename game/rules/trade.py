"""Prices and merchant levels (N5), as plain numbers: a price is built in parts the trade screen explains
(base, quality, trait, level), and a merchant's level follows from its trade XP."""
from __future__ import annotations

from bisect import bisect_right
from math import ceil
from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True)
class Price:
    """A price in gold and its parts, which add up to it: the base (value x the side's rate), what quality
    and material add, what the merchant's traits add and what its level adds (negative parts take away)."""

    total: int
    base: int
    quality: int
    trait: int
    level: int


def price(value: int, quality: float, material: float, rate: float, trait_shares: Iterable[float],
          level: int, level_share: float, selling: bool, least: int) -> Price:
    """N5: what a merchant asks (`selling`) or offers for an item of `value` gold.

    base = value x rate; quality = value x quality x material x rate, less the base; the traits' shares and
    the level's share (level x level_share, off the price when selling, on it when buying) apply to that;
    each part is rounded as it is added, and the total is at least `least`.
    """
    base = round(value * rate)
    made = value * quality * material * rate
    with_quality = round(made)
    traits = sum(trait_shares)
    with_trait = round(made * (1 + traits))
    level_part = -level * level_share if selling else level * level_share
    with_level = round(made * (1 + traits + level_part))
    total = max(least, with_level)
    return Price(total, base, with_quality - base, with_trait - with_quality, total - with_trait)


def repair_price(missing: int, per_point: float, quality: float, least: int) -> int:
    """C26: a smith's fee to mend armour missing `missing` durability: missing x per_point x the quality's
    value, rounded up, at least `least` (trade.toml [repair])."""
    return max(least, ceil(missing * per_point * quality - 1e-9))


def level_for(xp: int, thresholds: tuple[int, ...]) -> int:
    """N5: a merchant's level is the number of trade XP thresholds it has reached."""
    return bisect_right(thresholds, xp)
