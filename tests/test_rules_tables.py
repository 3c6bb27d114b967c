"""Every cell of the seed's creature tables (C1, C2, C5, C6, C7, C19, C23, C28, C32)."""
import pytest

from game.rules.creature import (RANKS, attribute_die, attribute_tier, band, division,
                                 division_die, resistance_budget, size_bonus, tier_budget,
                                 tier_die, trial_die)

# The seed's tables, copied cell by cell (001_1b2d80ef1e8599c9.txt).
SEED_TD = {1: "d2", 2: "d3", 3: "d4", 4: "d6", 5: "d8", 6: "d10", 7: "d12"}
SEED_TRIAL = {"minion": "d2", "adept": "d3", "leader": "d4", "champion": "d6", "master": "d8",
              "epic": "d10", "legendary": "d12"}
SEED_OFFSET = {"minion": 0, "adept": 1, "leader": 2, "champion": 3, "master": 4, "epic": 5,
               "legendary": 6}
SEED_DTD = {
    1: ["d2", "d3", "d4", "d6", "d8", "d10", "d12"],
    2: ["d2", "d4", "d6", "d8", "d10", "d12", "2d6"],
    3: ["d2", "d6", "d8", "d10", "d12", "2d6", "2d8"],
    4: ["d2", "d8", "d10", "d12", "2d6", "2d8", "2d10"],
    5: ["d2", "d10", "d12", "2d6", "2d8", "2d10", "2d12"],
    6: ["d2", "d12", "2d6", "2d8", "2d10", "2d12", "4d6"],
    7: ["d2", "2d6", "2d8", "2d10", "2d12", "4d6", "4d8"],
}
SEED_ATTRIBUTE = [  # (tier, lowest score, highest score, die)
    (1, 1, 4, "d2"), (2, 5, 9, "d3"), (3, 10, 14, "d4"), (4, 15, 19, "d6"), (5, 20, 24, "d8"),
    (6, 25, 29, "d10"), (7, 30, 34, "d12"), (8, 35, 39, "2d6"), (9, 40, 44, "2d8"),
    (10, 45, 49, "2d10"), (11, 50, 54, "2d12"), (12, 55, 59, "4d6"), (13, 60, 99, "4d8"),
]
SEED_RESISTANCE = {
    1: [5, 10, 15, 20, 25, 30, 35], 2: [10, 20, 30, 40, 50, 60, 70],
    3: [15, 30, 45, 60, 75, 90, 105], 4: [20, 40, 60, 80, 100, 120, 140],
    5: [25, 50, 75, 100, 125, 150, 175], 6: [30, 60, 90, 120, 150, 180, 210],
    7: [35, 70, 105, 140, 175, 210, 245],
}
SEED_TIER_BUDGET = {
    1: [8, 12, 14, 16, 18, 20, 24], 2: [8, 18, 20, 22, 24, 28, 32], 3: [8, 24, 26, 28, 30, 36, 40],
    4: [8, 30, 32, 34, 36, 44, 48], 5: [8, 36, 38, 40, 42, 52, 56], 6: [8, 42, 44, 46, 48, 60, 64],
    7: [8, 48, 50, 52, 54, 68, 72],
}
CELLS = [(tier, rank) for tier in range(1, 8) for rank in RANKS]


@pytest.mark.rule("C1")
@pytest.mark.parametrize("tier", range(1, 8))
def test_C1_tier_die(tier):
    assert tier_die(tier) == SEED_TD[tier]


@pytest.mark.rule("C1")
@pytest.mark.parametrize("tier", [0, 8, -1])
def test_C1_tier_out_of_range(tier):
    with pytest.raises(ValueError, match="tier must be 1-7"):
        tier_die(tier)


@pytest.mark.rule("C2")
@pytest.mark.parametrize("rank", RANKS)
def test_C2_trial_base_die(rank):
    assert trial_die(rank) == SEED_TRIAL[rank]


def test_C2_unknown_rank():
    with pytest.raises(ValueError, match="rank must be one of"):
        trial_die("boss")


@pytest.mark.rule("C5")
@pytest.mark.parametrize("tier, rank", CELLS)
def test_C5_division_is_tier_plus_offset(tier, rank):
    assert division(tier, rank) == tier + SEED_OFFSET[rank]


@pytest.mark.rule("C6")
@pytest.mark.parametrize("tier, rank", CELLS)
def test_C6_division_tier_die_table(tier, rank):
    assert division_die(tier, rank) == SEED_DTD[tier][RANKS.index(rank)]


@pytest.mark.rule("C7")
@pytest.mark.parametrize("tier, low, high, die", SEED_ATTRIBUTE)
def test_C7_attribute_tier_and_die(tier, low, high, die):
    for score in (low, high, (low + high) // 2):
        assert attribute_tier(score) == tier
        assert attribute_die(score) == die


@pytest.mark.rule("C7")
@pytest.mark.parametrize("score", [0, -3, 2.5, True])
def test_C7_bad_scores(score):
    with pytest.raises(ValueError):
        attribute_tier(score)


@pytest.mark.rule("C19")
@pytest.mark.parametrize("tier, rank", CELLS)
def test_C19_resistance_budget_table(tier, rank):
    assert resistance_budget(tier, rank) == SEED_RESISTANCE[tier][RANKS.index(rank)]


@pytest.mark.rule("C23")
@pytest.mark.parametrize("tier, rank", CELLS)
def test_C23_tier_budget_table(tier, rank):
    assert tier_budget(tier, rank) == SEED_TIER_BUDGET[tier][RANKS.index(rank)]


@pytest.mark.rule("C28")
@pytest.mark.parametrize("squares, bonus", [(0.5, 0), (1, 0), (2, 2), (3, 2), (4, 4), (5, 4),
                                            (6, 6), (8, 6), (9, 8), (12, 8), (16, 8)])
def test_C28_size_bonus(squares, bonus):
    assert size_bonus(squares) == bonus


@pytest.mark.rule("C32")
@pytest.mark.parametrize("heads, expected", [
    (0, (None, 0)), (1, (None, 0)), (3, (None, 0)), (4, ("Cluster", 2)), (7, ("Cluster", 2)),
    (8, ("Brood", 4)), (15, ("Brood", 4)), (16, ("Swarm", 6)), (40, ("Swarm", 6)),
])
def test_C32_band_read_at_current_heads(heads, expected):
    assert band(heads) == expected


@pytest.mark.parametrize("call, message", [
    (lambda: band(-1), "heads cannot be negative, not -1"),
    (lambda: size_bonus(0), "a creature occupies at least half a square, not 0"),
    (lambda: attribute_tier(0), "attribute score must be a whole number of at least 1, not 0"),
    (lambda: division(0, "adept"), "tier must be 1-7, not 0"),
    (lambda: division(1, "boss"), "rank must be one of minion, adept, leader, champion, master, epic, legendary, "
                                  "not 'boss'"),
])
def test_bad_arguments_raise_a_sentence_naming_what_is_wrong(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value) == message
