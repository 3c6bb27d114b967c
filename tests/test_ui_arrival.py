"""Arriving never freezes the screen (issue 28): the settlement's catching up runs a slice per frame behind the
arrival screen, living the same turns in the same order as in one go."""
from __future__ import annotations

import pygame
import pytest

from game.paths import DEFAULT_MAP
from game.ui import region as region_screen, theme
from game.ui.app import scene_stack
from game.ui.dungeon import DungeonScene
from game.ui.session import Session
from game.world import views

pytestmark = pytest.mark.usefixtures("display")
AWAY = 400  # turns the hero was away


def home_after(spread: bool) -> tuple[list[tuple], int]:
    """The home settlement's creatures (uid, square, health) and turn once the hero has arrived after AWAY."""
    session = Session(DEFAULT_MAP, 3)
    try:
        stack = scene_stack(session)
        region = stack.reset("region", new=True)
        realm = session.realm
        realm.clock += AWAY
        region.chosen = realm.home
        frames = 0
        if spread:
            region.go()
            surface = pygame.Surface(theme.LOGICAL_SIZE)
            while not isinstance(stack.top, DungeonScene):
                assert region.animating and stack.top is region
                region.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
                region.update(1 / 60)  # Esc meanwhile does nothing: the arrival goes on
                stack.top.draw(surface)
                frames += 1
        else:
            assert session.travel(realm.home) == ""
        world = session.world
        return sorted((v.uid, v.square, v.health) for v in map(lambda e: views.creature(world, e),
                                                               world.creatures())), frames
    finally:
        session.close(autosave=False)


def test_an_arrival_spread_over_frames_lives_what_one_go_does(monkeypatch):
    monkeypatch.setattr(region_screen, "ARRIVAL_SLICE", 0.002)
    spread, frames = home_after(spread=True)
    at_once, _ = home_after(spread=False)
    assert frames > 3 and spread == at_once
