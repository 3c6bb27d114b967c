"""The day clock (N75 "the dead of night"): the world keeps the minutes gone since midnight of its first
day; a world turn moves them on by `minutes_per_turn` (assets/data/world.toml [clock])."""
from __future__ import annotations

MINUTES_PER_DAY = 24 * 60


def hour(minutes: int) -> int:
    """The hour of the day, 0-23."""
    return minutes % MINUTES_PER_DAY // 60


def day(minutes: int) -> int:
    """The day, counted from 1."""
    return minutes // MINUTES_PER_DAY + 1


def time_of_day(minutes: int) -> str:
    """'08:15'."""
    return f"{hour(minutes):02d}:{minutes % 60:02d}"


def within(hour_now: int, start: int, end: int) -> bool:
    """Whether `hour_now` lies in the hours from `start` up to (not including) `end`, across midnight
    when `start` > `end` (22 to 4 is 22:00-03:59)."""
    if start <= end:
        return start <= hour_now < end
    return hour_now >= start or hour_now < end
