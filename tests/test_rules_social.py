"""The social rules' numbers (N66, N68, N76, N77, N79, N81, N83), each pinned."""
from __future__ import annotations

import pytest

from game.rules import social
from game.rules.social import Band

BANDS = (Band("nemesis", -30), Band("hostile", -24), Band("wary", -14), Band("indifferent", -4),
         Band("cordial", 5), Band("friendly", 15), Band("trusted", 25))


@pytest.mark.rule("N64")
@pytest.mark.parametrize("opinion, name", [(-30, "nemesis"), (-25, "nemesis"), (-24, "hostile"), (-5, "wary"),
                                           (-4, "indifferent"), (4, "indifferent"), (5, "cordial"),
                                           (24, "friendly"), (25, "trusted"), (30, "trusted")])
def test_N64_bands_name_the_opinion(opinion, name):
    assert social.band_of(opinion, BANDS) == name


@pytest.mark.rule("N68")
def test_N68_drift_is_one_step_per_ten_quiet_turns_and_stops_at_the_first_impression():
    assert social.drift(10, 0, 9) == 10
    assert social.drift(10, 0, 10) == 9
    assert social.drift(10, 0, 39) == 7
    assert social.drift(-6, 2, 50) == -1
    assert social.drift(3, 0, 1000) == 0 and social.drift(-3, 0, 1000) == 0
    assert social.DRIFT_EVERY == 10


@pytest.mark.rule("N66")
@pytest.mark.rule("N76")
def test_N66_N76_waits_are_the_seeds():
    assert (social.PAIR_WAIT, social.MOMENT_WAIT, social.SAME_PERSON_WAIT) == (5, 15, 40)


@pytest.mark.rule("N77")
@pytest.mark.rule("N83")
def test_N77_N83_an_approach_earns_or_costs_at_most_two_dice_and_at_least_one_die_is_rolled():
    likes = {"kind": 3, "threatening": -3, "honest": 1, "blunt": -1, "pious": 2}
    assert [social.approach_dice(a, likes) for a in ("kind", "threatening", "honest", "blunt", "pious", "humorous")] \
        == [2, -2, 1, -1, 2, 0]
    assert social.measure_points(3, -2) == 1
    assert social.measure_points(1, -2) == 1  # N77: a test always rolls at least one die
    assert social.measure_points(2, 2) == 4
    assert len(social.APPROACHES) == 9


@pytest.mark.rule("N79")
def test_N79_loyalty_moves_by_the_result_and_three_per_approach_die_even_on_a_success():
    assert social.loyalty_change(True, 2, 0, per_success=2, failure=3, charisma_scale=1.0) == 4
    assert social.loyalty_change(True, 1, 2, per_success=2, failure=3, charisma_scale=1.0) == 8
    assert social.loyalty_change(True, 1, -2, per_success=2, failure=3, charisma_scale=1.0) == -4  # even so
    assert social.loyalty_change(False, 0, -1, per_success=2, failure=3, charisma_scale=1.0) == -6
    assert social.loyalty_change(False, 0, 1, per_success=2, failure=3, charisma_scale=1.0) == 0
    assert social.loyalty_change(True, 2, 1, per_success=2, failure=3, charisma_scale=1.5) == 10  # gains scale
    assert social.loyalty_change(False, 0, -1, per_success=2, failure=3, charisma_scale=1.5) == -6  # losses do not
    assert social.loyalty_change(True, 1, 0, per_success=1, failure=3, charisma_scale=2.0) == 2  # a gain of 1 too
    assert social.new_loyalty(4, -6) == 0 and social.new_loyalty(4, 3) == 7  # never below 0


@pytest.mark.rule("N81")
def test_N81_five_or_more_is_remembered_as_help_or_slight():
    assert [social.remembered(c) for c in (5, 4, -4, -5, 12, -9)] == ["help", None, None, "slight", "help", "slight"]
    assert social.SLIGHT_HEARD == -3
