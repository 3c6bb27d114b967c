"""The public creature-rules API that tools and mods rely on (C1-C42).

Ranks are lower-case names ("minion" ... "legendary"); dice are strings in the seed's notation.
The implementations live in tables.py (the seed's tables), statblock.py (build) and checks.py
(check); this module is the stable surface.
"""
from game.rules.checks import Problem, check
from game.rules.classification import Package, package, tag_line
from game.rules.definitions import (Ability, Armour, CreatureDef, Equipment, MobTrait, Motivation,
                                    NaturalWeapon, Weapon)
from game.rules.statblock import AP, SLOTS, AttackLine, BandLine, StatBlock, build
from game.rules.tables import (ATTRIBUTES, RANKS, attribute_die, attribute_tier, band, division,
                               division_die, resistance_budget, size_bonus, tier_budget, tier_die,
                               trial_die)

__all__ = [
    "AP", "ATTRIBUTES", "Ability", "Armour", "AttackLine", "BandLine", "CreatureDef", "Equipment",
    "MobTrait", "Motivation", "NaturalWeapon", "Package", "Problem", "RANKS", "SLOTS", "StatBlock",
    "Weapon", "attribute_die", "attribute_tier", "band", "build", "check", "division",
    "division_die", "package", "resistance_budget", "size_bonus", "tag_line", "tier_budget",
    "tier_die", "trial_die",
]
