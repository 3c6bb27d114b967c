"""Growth of creatures that survive (N27-N28)."""
from __future__ import annotations

from dataclasses import replace

from game.rules.card import Card

FIRST_LEVEL_XP = 100  # N27
PERCENT_CAP = 99  # N20-N21: percentages stay below 100
GROWN_STATS = ("health", "stamina", "mana", "strength", "speed", "dodge", "sneak", "melee", "ranged")
PERCENT_STATS = ("dodge", "melee", "ranged")


def xp_for_level(level: int) -> int:
    """Total XP needed to reach `level` (N27): 100 for level 1, each further level needs double the last."""
    return FIRST_LEVEL_XP * (2 ** level - 1)


def level_for_xp(xp: int) -> int:
    level = 0
    while xp >= xp_for_level(level + 1):
        level += 1
    return level


def _step(natural: int) -> int:
    """N28: ten percent of the natural value, never less than one; zero stays zero."""
    return max(1, round(natural * 0.10)) if natural > 0 else 0


def grown(natural: Card, level: int) -> Card:
    """The natural card after `level` level-ups (N28); gear and quality never enter it."""
    if level <= 0:
        return natural
    changes = {}
    for stat in GROWN_STATS:
        value = getattr(natural, stat) + level * _step(getattr(natural, stat))
        changes[stat] = min(value, PERCENT_CAP) if stat in PERCENT_STATS else value
    for table in ("defense", "element_damage", "element_resist"):
        values = getattr(natural, table)
        changes[table] = {k: v + level * _step(v) for k, v in values.items()}
    return replace(natural, **changes)
