"""Quiet and quick (issue 28): the loop sleeps when nothing changes and wakes on input or movement."""
from __future__ import annotations

import pygame
import pytest

from game.ui import pacing
from game.ui.app import frame
from game.ui.preferences import Preferences
from tests.helpers.dungeon_game import start

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture
def dungeon_stack():
    stack, _, session = start()  # the default map's dungeon, as tests/test_ui_dungeon.py's tests start
    yield stack
    session.close()


def run_frames(stack, pace: pacing.Pace, seconds: float) -> int:
    """Frames of the game's loop at 60 a second of game time; how many were drawn."""
    drawn = 0
    for _ in range(round(seconds * 60)):
        drawn += frame(stack, Preferences(), None, pace, 1 / 60)
    return drawn


def test_the_loop_sleeps_once_the_dungeon_is_still_and_wakes_on_a_key(dungeon_stack, monkeypatch):
    monkeypatch.setattr(pacing, "WAIT_MS", 1)  # the sleep's wait, short for the test
    pygame.event.clear()
    pace = pacing.Pace()
    assert run_frames(dungeon_stack, pace, pacing.AWAKE_SECONDS + 0.5) >= 55  # awake a moment, settling
    assert pace.asleep and run_frames(dungeon_stack, pace, 1.0) == 0  # nothing moves: nothing drawn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    assert frame(dungeon_stack, Preferences(), None, pace, 1 / 60) and not pace.asleep
    dungeon = dungeon_stack.top
    assert dungeon.animating  # the turn runs (or its labels rise): drawn every frame until it is done
    drawn = 0
    while dungeon.animating:
        drawn += frame(dungeon_stack, Preferences(), None, pace, 1 / 60)
    assert drawn > 1 and not pace.asleep


def test_a_loop_that_never_sleeps_draws_every_frame(dungeon_stack):
    pygame.event.clear()
    assert run_frames(dungeon_stack, pacing.Pace(sleeps=False), pacing.AWAKE_SECONDS + 1.0) == 120
