"""The victory screen (issue 24): when the siege of Varr's Watch falls the dungeon screen shows it once, with
the hero's deeds and no developer words; Keep playing goes back to the world, which goes on."""
from __future__ import annotations

import re

import pygame
import pytest

from game.paths import MAPS
from game.ui.app import scene_stack
from game.ui.dungeon import DungeonScene
from game.ui.session import Session
from game.ui.victory import VictoryScene
from game.world.systems import siege
from tests.helpers.screens import key

pytestmark = pytest.mark.usefixtures("display")  # a dummy window for the module (conftest.py)


@pytest.fixture
def tower():
    session = Session(MAPS / "tower.tmx", 7)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    yield session, stack, dungeon
    session.close()


def test_the_fall_of_the_siege_shows_the_victory_screen_once_and_the_world_goes_on(tower):
    session, stack, dungeon = tower
    world = session.world
    dungeon.update(0.0)
    assert stack.top is dungeon  # nothing to show while the siege stands
    siege.fall(world, siege.camp_of(world))
    dungeon.update(0.0)
    victory = stack.top
    assert isinstance(victory, VictoryScene)
    assert victory.view.title == "The Siege Is Lifted"
    assert "Siege Captain" in victory.view.told and "Varr's Watch" in victory.view.told
    assert any(line.startswith("People of Varr's Watch who tell of it: ") for line in victory.view.deeds)
    words = " ".join((victory.view.told, *victory.view.deeds))
    assert not re.search(r"[a-z_]+#\d+|\bN\d+\b|siege_captain", words)  # no uid, rule code or codex id
    key(victory, pygame.K_RETURN)  # Keep playing, the first way out
    assert isinstance(stack.top, DungeonScene)
    turn = world.turn
    session.driver.end_turn()
    dungeon.update(0.0)
    assert world.turn == turn + 1 and stack.top is dungeon and not world.over
