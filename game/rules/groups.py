"""Minion-group rules the world applies in play (C31, C34, C36-C39); pure functions over squares.

A group's footprint is its heads' squares (C31). The band, group attack and killing heads live
in tables.band, statblock.group_attack and combat.heads_killed.
"""
from __future__ import annotations

import math
from typing import Iterable

Square = tuple[int, int]

FLANK_BONUS = 2  # C34
GROUP_AIM_EASIER = 2  # C36
OPPOSITE_SIDES = (((-1, 0), (1, 0)), ((0, -1), (0, 1)), ((-1, -1), (1, 1)), ((-1, 1), (1, -1)))


def flanks(head_squares: Iterable[Square], target: Square) -> bool:
    """C34: heads occupy squares on opposite sides of the target."""
    heads = set(head_squares)
    x, y = target
    return any((x + a[0], y + a[1]) in heads and (x + b[0], y + b[1]) in heads
               for a, b in OPPOSITE_SIDES)


def enveloping_bonus(head_squares: Iterable[Square], target: Square) -> int:
    """C34: +2 on the group's attacks against a target it flanks."""
    return FLANK_BONUS if flanks(head_squares, target) else 0


def footprint(heads: int, head_squares: float) -> int:
    """C31: the squares a group covers, its heads' footprints combined (two half-square rats share one)."""
    return math.ceil(heads * head_squares)


def is_group(heads: int) -> bool:
    """C39: a group of one is a creature like any other."""
    return heads > 1


def aiming_difficulty(difficulty: int, heads: int) -> int:
    """C36: Aiming Trials against a group are 2 easier; not against a group of one (C39)."""
    return difficulty - GROUP_AIM_EASIER if is_group(heads) else difficulty


def aim_hits(roll: int, difficulty: int, heads: int) -> bool:
    """C36: the aiming roll meets the (reduced) difficulty; a roll of 1 still misses."""
    return roll != 1 and roll >= aiming_difficulty(difficulty, heads)


def area_applies_condition(covered_squares: int, footprint: int) -> bool:
    """C37: an area's condition lands only if it covers at least half the current footprint;
    its damage always lands."""
    return 2 * covered_squares >= footprint


def single_target_applies_conditions(heads: int) -> bool:
    """C38-C39: an effect aimed at one creature deals only damage to a group (no conditions or
    forced movement), but applies in full to a group of one."""
    return not is_group(heads)

