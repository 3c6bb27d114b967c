"""The day clock (N75 "the dead of night"): minutes to hours and days, the night window, the world's clock
moving a turn's minutes at the start of every world turn."""
from __future__ import annotations

import pytest

from game.rules import clock


@pytest.mark.rule("N75")
def test_N75_minutes_read_as_hours_and_days():
    assert (clock.hour(0), clock.day(0), clock.time_of_day(0)) == (0, 1, "00:00")
    assert (clock.hour(8 * 60 + 15), clock.time_of_day(8 * 60 + 15)) == (8, "08:15")
    assert (clock.hour(24 * 60 + 125), clock.day(24 * 60 + 125), clock.time_of_day(24 * 60 + 125)) == (2, 2, "02:05")


@pytest.mark.rule("N75")
def test_N75_the_night_window_may_cross_midnight():
    assert [h for h in range(24) if clock.within(h, 0, 4)] == [0, 1, 2, 3]
    assert [h for h in range(24) if clock.within(h, 22, 2)] == [0, 1, 22, 23]
    assert [h for h in range(24) if clock.within(h, 5, 5)] == []  # from 5 up to 5: no hour at all


@pytest.mark.rule("N75")
def test_N75_a_world_turn_is_a_quarter_of_an_hour_from_eight_in_the_morning(world, game):
    tuning = world.content.tuning["clock"]
    assert (tuning["minutes_per_turn"], tuning["start_hour"], tuning["night_from"], tuning["night_to"]) == (15, 8, 0, 4)
    assert world.minutes == 8 * 60
    for _ in range(4):
        game.end_turn()
    assert clock.time_of_day(world.minutes) == "09:00" and world.turn == 4
