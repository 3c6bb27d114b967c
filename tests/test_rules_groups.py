"""Minion groups in play: enveloping, killing heads, firing in, areas, single targets (C34-C39)."""
import random

import pytest

from game.rules import groups
from game.rules.combat import Guard, Outcome, Strike, heads_killed, resolve


@pytest.mark.rule("C34")
def test_C34_enveloping_needs_opposite_sides():
    target = (5, 5)
    assert groups.enveloping_bonus([(4, 5), (6, 5)], target) == 2
    assert groups.enveloping_bonus([(5, 4), (5, 6)], target) == 2
    assert groups.enveloping_bonus([(4, 4), (6, 6)], target) == 2
    assert groups.enveloping_bonus([(4, 6), (6, 4)], target) == 2  # the other diagonal
    assert groups.enveloping_bonus([(4, 4), (6, 4)], target) == 0  # two corners of one side
    assert groups.enveloping_bonus([(4, 5), (4, 6), (5, 6)], target) == 0  # one side only
    assert groups.enveloping_bonus([(3, 5), (6, 5)], target) == 0  # not adjacent


@pytest.mark.rule("C35")
def test_C35_melee_kills_one_head_per_kept_die_capped_by_net_damage():
    three_dice = Outcome(hit=True, faces=(4, 4, 1), physical=9)
    assert heads_killed(three_dice, "melee") == 3
    capped = Outcome(hit=True, faces=(4, 1, 1), physical=2)
    assert heads_killed(capped, "melee") == 2
    assert heads_killed(Outcome(hit=True, faces=(6, 6, 2), physical=14), "melee") == 3  # explosion kept
    assert heads_killed(Outcome(hit=True, faces=(4, 4), physical=8), "ranged") == 1
    assert heads_killed(Outcome(hit=False), "melee") == 0


@pytest.mark.rule("C35")
def test_C35_explosion_dice_count_as_kept_dice():
    """With a d6 that always explodes on 6, resolve keeps every face for head counting."""
    rng = random.Random(4)
    strike = Strike(chance=100, strength=0, dice="d6", damage_type="cutting", elements={})
    guard = Guard(dodge=0, defense={}, resist={})
    outcomes = [resolve(strike, guard, rng) for _ in range(400)]
    exploded = [o for o in outcomes if len(o.faces) > 1]
    assert exploded and all(heads_killed(o, "melee") == len(o.faces) for o in exploded)


@pytest.mark.rule("C36")
@pytest.mark.rule("C39")
def test_C36_C39_firing_into_a_group():
    assert groups.aiming_difficulty(10, heads=6) == 8
    assert groups.aiming_difficulty(10, heads=1) == 10  # a group of one: no reduction
    assert groups.aim_hits(8, 10, heads=6)
    assert not groups.aim_hits(8, 10, heads=1)
    assert not groups.aim_hits(1, 2, heads=6)  # a 1 still misses (difficulty 0)


@pytest.mark.rule("C37")
def test_C37_area_conditions_need_half_the_footprint():
    assert groups.area_applies_condition(3, 6)
    assert not groups.area_applies_condition(2, 6)
    assert groups.area_applies_condition(4, 7)
    assert not groups.area_applies_condition(3, 7)


@pytest.mark.rule("C38")
@pytest.mark.rule("C39")
def test_C38_C39_single_target_effects_on_groups():
    assert not groups.single_target_applies_conditions(heads=5)
    assert groups.single_target_applies_conditions(heads=1)
    assert not groups.single_target_applies_conditions(heads=2)  # two heads are a group
    assert groups.is_group(2) and not groups.is_group(1)
