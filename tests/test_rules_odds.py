"""Exact strike odds and seeded duels for the builder tool (game/rules/odds.py, game/rules/duel.py):
the same N20-N22 maths as the world, C29 armour soak and C33/C35 minion groups, with numbers."""
from __future__ import annotations

import random

import pytest

from game.rules import duel as dueling
from game.rules.combat import Guard, Strike
from game.rules.duel import DuelResult, Fighter, duel
from game.rules.odds import damage_distribution, hit_chance, mean

NONE = {s: 0 for s in ("fire", "ice", "acid", "holy", "dark")}


def strike(chance=100, strength=0, dice="d2", elements=None, kind="melee"):
    return Strike(chance, strength, dice, "piercing", dict(NONE, **(elements or {})), kind)


def guard(dodge=0, defense=0, resist=None, immune=frozenset()):
    return Guard(dodge, {"piercing": defense} if defense is not None else {}, dict(NONE, **(resist or {})), immune)


@pytest.mark.rule("N21")
def test_N20_N21_hit_chance_is_melee_then_clearing_dodge():
    assert hit_chance(strike(60), guard(dodge=50)) == pytest.approx(0.30)
    assert hit_chance(strike(66), guard(dodge=7)) == pytest.approx(0.66 * 0.93)
    assert hit_chance(strike(20), guard()) == pytest.approx(0.20)


@pytest.mark.rule("N22")
def test_N22_exact_damage_law_strength_less_defense_plus_dice_plus_elemental():
    # strength 6 - defense 3 + d2 (never explodes) -> 4 or 5; fire 5 less resistance 2 adds 3
    law = damage_distribution(strike(strength=6, dice="d2", elements={"fire": 5}), guard(defense=3, resist={"fire": 2}))
    assert law == pytest.approx({7: 0.5, 8: 0.5})
    assert mean(law) == pytest.approx(7.5)
    # the physical part stops at 0, the elemental part still lands: 0 - 5 + d2 < 0
    assert damage_distribution(strike(dice="d2", elements={"fire": 5}), guard(defense=5, resist={"fire": 2})) == \
        pytest.approx({3: 1.0})
    # no defense against the type: the whole strength counts
    assert damage_distribution(strike(strength=2, dice="d2"), guard(defense=None)) == pytest.approx({3: 0.5, 4: 0.5})
    # an immune school deals nothing (C13)
    assert damage_distribution(strike(strength=2, dice="d2", elements={"fire": 5}),
                               guard(immune=frozenset({"fire"}))) == pytest.approx({3: 0.5, 4: 0.5})


@pytest.mark.rule("N22")
def test_N22_exact_damage_law_with_an_exploding_d4():
    """2 + d4 exploding (C9): 3, 4, 5 each 1/4; a 4 rolls again: 6+1 ... each 1/16, and so on."""
    law = damage_distribution(strike(strength=2, dice="d4"), guard())
    assert law[3] == law[4] == law[5] == pytest.approx(1 / 4)
    assert law[7] == law[8] == law[9] == pytest.approx(1 / 16)
    assert 6 not in law and sum(law.values()) == pytest.approx(1.0)
    assert mean(law) == pytest.approx(2 + 2.5 * 4 / 3)


def fighter(name="a", health=1000, dice="d2", strength=0, chance=100, strikes=1, durability=0, heads=0,
            defense=0, elements=None, kind="melee"):
    return Fighter(name, health, strike(chance, strength, dice, elements, kind), guard(defense=defense), strikes,
                   durability, heads)


@pytest.mark.rule("C33")
def test_C33_a_group_in_a_duel_strikes_with_a_d2_per_current_head():
    """A group of 3 whose authored dice say d12 rolls 3d2 (3-6, never exploding) on every hit."""
    group, target = fighter(dice="d12", heads=3), fighter(health=10**6)
    rng = random.Random(33)
    for _ in range(40):
        before = target.health
        dueling._hit(group, target, rng)
        assert 3 <= before - target.health <= 6


@pytest.mark.rule("C35")
def test_C35_a_group_in_a_duel_loses_a_head_per_kept_die_or_one_per_ranged_hit():
    target = fighter(heads=10, health=10)
    dueling._hit(fighter(dice="3d2"), target, random.Random(1))  # 3 dice, 3-6 damage: 3 heads
    assert (target.heads, target.health) == (7, 10)
    dueling._hit(fighter(dice="3d2", kind="ranged"), target, random.Random(1))
    assert target.heads == 6
    last = fighter(heads=2, health=2)  # never below 0
    dueling._hit(fighter(dice="3d2"), last, random.Random(1))
    assert (last.heads, last.health) == (0, 2)


@pytest.mark.rule("C35")
def test_C35_a_group_with_no_heads_left_is_beaten():
    rats = fighter("rats", heads=2, health=2)  # tools/creature.py gives a group its heads as health
    dueling._hit(fighter(dice="3d2"), rats, random.Random(1))
    assert rats.heads == 0
    assert not rats.standing


@pytest.mark.rule("C35")
@pytest.mark.rule("C33")
def test_C35_a_group_down_to_one_head_strikes_with_1d2_and_falls_with_that_head():
    """One head left: it rolls 1d2 (1 or 2), not its authored 3d6, and its last head falling beats it
    however much health the builder gave the group."""
    last_one, target = fighter(dice="3d6", heads=1, health=5), fighter(health=10**6)
    for seed in range(8):
        before = target.health
        dueling._hit(last_one, target, random.Random(seed))
        assert before - target.health in (1, 2)
    dueling._hit(fighter(dice="d2"), last_one, random.Random(1))
    assert (last_one.heads, last_one.health, last_one.standing) == (0, 5, False)


@pytest.mark.rule("C29")
def test_C29_duel_damage_wears_durability_first_and_elements_go_to_health():
    """Strength 10 + d2 = 11 or 12 physical against 5 durability, plus 4 fire straight to health."""
    for seed in range(6):
        target = fighter(health=100, durability=5)
        dueling._hit(fighter(strength=10, elements={"fire": 4}), target, random.Random(seed))
        assert target.durability == 0
        assert 100 - target.health in (11 - 5 + 4, 12 - 5 + 4)
    target = fighter(health=100, durability=50)
    dueling._hit(fighter(strength=10), target, random.Random(0))
    assert target.health == 100 and target.durability in (38, 39)


def test_duel_the_first_fighter_strikes_first_each_round_and_the_originals_stay_untouched():
    first = fighter("first", health=1, strength=5)
    second = fighter("second", health=1, strength=5)
    assert duel(first, second, random.Random(1), 10) == DuelResult(0, 1)
    assert (first.health, second.health) == (1, 1)
    # the first cannot hurt (chance 0); the second deals 2 + d2 (3-4) a hit: 9 health take three hits
    weak = fighter("weak", health=9, chance=0)
    strong = fighter("strong", health=9, strength=2)
    assert duel(weak, strong, random.Random(2), 10) == DuelResult(1, 3)
    # two strikes a round (N25) finish the same work in two rounds
    twice = fighter("twice", health=9, strength=2, strikes=2)
    assert duel(weak, twice, random.Random(2), 10) == DuelResult(1, 2)
    assert duel(fighter(chance=0), fighter(chance=0), random.Random(3), 7) == DuelResult(None, 7)
    # the last round is fought, and no round after it
    assert duel(weak, strong, random.Random(2), 3) == DuelResult(1, 3)
    assert duel(weak, strong, random.Random(2), 2) == DuelResult(None, 2)
