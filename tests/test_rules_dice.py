"""Dice: notation, the die progression (C8), explosions (C9), exact laws, trials (C3, C22), Measure (N78)."""
import random
from fractions import Fraction

import pytest

from game.rules import dice


@pytest.mark.parametrize("text, sizes, bonus, canonical", [
    ("d3", (3,), 0, "d3"), ("2d6", (6, 6), 0, "2d6"), ("d4+d6", (4, 6), 0, "d4+d6"),
    ("d4+d6+2", (4, 6), 2, "d4+d6+2"), ("4d8", (8, 8, 8, 8), 0, "4d8"), ("1", (), 1, "1"),
    ("0", (), 0, "0"), ("1d2", (2,), 0, "d2"), ("2d6 + d8", (6, 6, 8), 0, "2d6+d8"),
])
def test_parse_and_notation(text, sizes, bonus, canonical):
    parsed = dice.parse(text)
    assert parsed.sizes == sizes and parsed.bonus == bonus
    assert dice.notation(parsed) == canonical


@pytest.mark.parametrize("bad", ["", "d", "d1", "x6", "2d", "d6-1", "0d6"])
def test_parse_rejects_bad_notation(bad):
    with pytest.raises(ValueError):
        dice.parse(bad)


@pytest.mark.parametrize("text, reason", [
    ("999999999d999999999", "rolls more than 100 dice"), ("60d6+41d4", "rolls more than 100 dice"),
    ("d1001", "has a die of more than 1000 faces"), ("d6+" + "9" * 5000, "adds more than 1000"),
    ("d6+600+401", "adds more than 1000"),
])
def test_parse_refuses_notation_past_the_limits_at_once(text, reason):
    with pytest.raises(dice.TooManyDice, match=reason):
        dice.parse(text)


def test_the_limits_themselves_parse():
    assert dice.parse("100d1000+1000").count == dice.MAX_DICE
    assert dice.parse("64d2+8").count == 64  # the largest minion group's attack


def test_add_dtd_and_attribute_die():
    assert str(dice.add("2d6", "d8")) == "2d6+d8"
    assert str(dice.add("d4", "d4", 2)) == "2d4+2"
    assert str(dice.parse("d3") + "d6") == "d3+d6"


@pytest.mark.rule("C8")
def test_C8_die_progression_in_order():
    assert dice.PROGRESSION[:13] == ("0", "1", "d2", "d3", "d4", "d6", "d8", "d10", "d12",
                                     "2d6", "2d8", "2d10", "2d12")
    assert dice.step("d12", 1) == "2d6"
    assert dice.step("d2", -2) == "0"
    assert dice.step("2d12", 1) == "4d6"
    assert dice.step("4d6", 1) == "4d8"  # the top of the ladder...
    assert dice.step("4d6", 5) == "4d8"  # ...and no further
    assert dice.step("d3", -9) == "0"


@pytest.mark.rule("C9")
def test_C9_d2_never_explodes_exactly():
    assert dice.distribution("d2") == {1: 0.5, 2: 0.5}
    assert dice.distribution("12d2") == dice.distribution("12d2", explode=False)
    rng = random.Random(3)
    assert max(dice.roll("d2", rng) for _ in range(5000)) == 2


@pytest.mark.rule("C9")
def test_C9_only_non_d2_dice_explode_in_a_mixed_roll():
    law = dice.distribution("d2+d3")
    # without explosions the maximum is 5; only the d3 can roll on, so a 6 is d2 1 + d3 (3+2)
    # or d2 2 + d3 (3+1): 1/2 x 1/9 twice.
    assert max(dice.distribution("d2+d3", explode=False)) == 5
    assert law[6] == pytest.approx(1 / 2 * 1 / 3 * 1 / 3 + 1 / 2 * 1 / 3 * 1 / 3)  # 2+3+1 or 1+3+2
    assert dice.expected("d2+d3") == pytest.approx(1.5 + 3.0)


@pytest.mark.rule("C9")
@pytest.mark.parametrize("size", [3, 4, 6, 8, 10, 12])
def test_C9_exploding_die_expected_value_is_exact(size):
    exact = (size + 1) / 2 * size / (size - 1)  # E = mean / (1 - 1/N)
    assert dice.expected(f"d{size}") == pytest.approx(exact, abs=1e-9)
    assert sum(dice.distribution(f"d{size}").values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.rule("C9")
def test_C9_exploding_d6_point_probabilities():
    law = dice.distribution("d6")
    assert law[5] == pytest.approx(1 / 6)
    assert 6 not in law  # a 6 always rolls on
    assert law[7] == pytest.approx(1 / 36)
    assert law[12 + 4] == pytest.approx(1 / 216)


@pytest.mark.rule("C9")
def test_C9_rolls_match_the_exact_distribution():
    """10,000 seeded rolls of d4+d6 against the exact law; tolerance 4 standard errors."""
    rng = random.Random(20261129)
    n = 10_000
    rolls = [dice.roll("d4+d6", rng) for _ in range(n)]
    law = dice.distribution("d4+d6")
    for value in (2, 5, 9, 11, 15):
        p = law[value]
        observed = rolls.count(value) / n
        assert abs(observed - p) < 4 * (p * (1 - p) / n) ** 0.5, value
    mean, expected = sum(rolls) / n, dice.expected("d4+d6")
    sd = sum(p * (value - expected) ** 2 for value, p in law.items()) ** 0.5
    assert abs(mean - expected) < 4 * sd / n ** 0.5


def test_a_flat_bonus_is_added_to_the_roll():
    rng = random.Random(7)
    assert {dice.roll("d2+3", rng, explode=False) for _ in range(200)} == {4, 5}
    assert {dice.trial("d2+3", rng) for _ in range(200)} == {4, 5}


def test_non_exploding_average_and_explosion_cap():
    assert dice.average("3d3+2") == 8.0
    assert dice.expected("2d6", explode=False) == pytest.approx(7.0)
    assert max(dice.distribution("d3")) == 3 * (dice.MAX_EXPLOSIONS + 1)
    assert max(dice.distribution("d3")) == 93  # docs/rules.md: 30 explosions in a row, the 31st roll stands


def test_percentile_reads_the_cumulative_law():
    law = dice.distribution("d4", explode=False)
    assert dice.percentile(law, 0.25) == 1
    assert dice.percentile(law, 0.5) == 2
    assert dice.percentile(law, 1.0) == 4
    assert dice.percentile(law, 1.5) == 4  # past the whole law: its largest value


@pytest.mark.rule("C3")
def test_C3_trials_do_not_explode():
    rng = random.Random(5)
    assert max(dice.trial("d3+d4", rng) for _ in range(3000)) == 7


@pytest.mark.rule("C22")
def test_C22_impotence_rolls_twice_keeps_lower():
    """min of two d6: E = 91/36 = 2.528; plain d6 3.5. 20,000 seeded trials each."""
    rng = random.Random(11)
    n = 20_000
    impotent = sum(dice.trial("d6", rng, impotent=True) for _ in range(n)) / n
    plain = sum(dice.trial("d6", rng) for _ in range(n)) / n
    assert impotent == pytest.approx(91 / 36, abs=0.05)
    assert plain == pytest.approx(3.5, abs=0.05)


def _measure_success_probability(points: int) -> Fraction:
    """Exact P(at least one net success) for `points` d6 (N78), by enumeration of counts."""
    from itertools import product
    total = Fraction(0)
    for faces in product(range(1, 7), repeat=points):
        if sum(f >= 4 for f in faces) - faces.count(1) >= 1:
            total += Fraction(1, 6 ** points)
    return total


@pytest.mark.rule("N78")
def test_N78_measure_counts_successes_and_cancels_ones():
    rng = random.Random(2)
    for _ in range(200):
        result = dice.measure(4, rng)
        assert len(result.dice) == 4
        expected = max(0, sum(f >= 4 for f in result.dice) - result.dice.count(1))
        assert result.successes == expected
        assert result.success == (expected >= 1)
    assert len(dice.measure(0, rng).dice) == 1  # N77: at least one die


@pytest.mark.rule("N78")
@pytest.mark.parametrize("points", [1, 2, 3])
def test_N78_measure_success_rate_matches_exact(points):
    exact = float(_measure_success_probability(points))  # 1 die: 1/2; 2 dice: 15/36 + ...
    rng = random.Random(7 + points)
    n = 20_000
    rate = sum(dice.measure(points, rng).success for _ in range(n)) / n
    assert abs(rate - exact) < 4 * (exact * (1 - exact) / n) ** 0.5


class Highest(random.Random):
    """Every die shows its maximum."""

    def randint(self, a, b):
        return b


@pytest.mark.rule("C9")
def test_C9_a_die_explodes_30_times_in_a_row_at_most_and_attack_rolls_explode_by_default():
    faces = dice.roll_faces("d3", Highest())
    assert faces == [3] * 31  # the first roll, 30 explosions, and the 31st roll stands
    assert dice.roll_faces("d2", Highest()) == [2]  # d2s never explode
    assert dice.roll_faces("d6", Highest(), explode=False) == [6]


@pytest.mark.parametrize("text, message", [
    ("", "empty dice notation"),
    ("2d", "bad dice notation '2d': cannot read '2d'"),
    ("d1", "bad dice notation 'd1': 'd1' is not a die"),
    ("0d6", "bad dice notation '0d6': '0d6' is not a die"),
])
def test_bad_notation_names_what_it_cannot_read(text, message):
    with pytest.raises(ValueError) as raised:
        dice.parse(text)
    assert str(raised.value) == message


def test_bonuses_add_up_wherever_they_are_written():
    assert dice.parse("2+d4+1") == dice.Dice((4,), 3)
    assert dice.add("d4+1", "2", 3) == dice.Dice((4,), 6)
    assert dice.times("d3", 1) == dice.Dice((3,)) and dice.times("d3", 0) == dice.Dice()
    assert dice.times("d3+1", 2) == dice.Dice((3, 3), 2)
