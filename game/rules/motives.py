"""Motivation in play (C4): what a creature wants decides when it fights, lets go, is bought off or flees.

Pure tables and tests; the world applies them in the behaviour stage, world.is_enemy and
game/world/verbs/motives.py. The sentences (what it seems to want, what would make it stop) are data
(assets/data/motives.toml); the table of wants and behaviours is in docs/rules.md.
"""
from __future__ import annotations

WANTS = ("hunt", "food", "pack", "revenge", "duty", "territory", "hoard", "left_alone")
# At peace with the hero until provoked: the territorial fight in their lair, the collectors for what
# they hold, the shy when cornered or struck. The other wants fight as their faction does (N13).
PROVOKED_ONLY = frozenset({"territory", "hoard", "left_alone"})
# What a creature may take in a bargain (a file's `takes`): a kind of item (assets/data/items.toml), or gold.
GIFTS = ("food", "drink", "healing", "weapon", "armour", "rune", "gold")
GOLD = "gold"  # the item id of coin


def provoked_only(wants: str) -> bool:
    """C4: violence follows from motivation; these wants do not start a fight with the hero."""
    return wants in PROVOKED_ONLY


def accepts(takes: tuple[str, ...], item_id: str, item_kind: str) -> bool:
    """Whether an offered item is one it takes: gold by its id, anything else by its kind."""
    return (GOLD if item_id == GOLD else item_kind) in takes


def gold_price(tier: int, gold_per_tier: int) -> int:
    """The coins that buy off a creature that takes gold: its Creature Tier times the data's rate."""
    return tier * gold_per_tier
