"""Test-wide settings and fixtures: the game's user data (the save slot) goes to a temporary folder, never the
real one; the game's data, and small worlds built in code (tests/world_fixtures.py) with their drivers."""
from __future__ import annotations

import os

import pygame
import pytest

from game.content.content import load_content
from game.ui import theme
from game.world.driver import Driver
from tests.world_fixtures import make_world


@pytest.fixture(scope="session", autouse=True)
def private_user_data(tmp_path_factory):
    """platformdirs reads XDG_DATA_HOME on Linux; subprocesses of the tests inherit it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))
        yield


@pytest.fixture(scope="session")
def content():
    """The game's data, loaded once."""
    return load_content()


@pytest.fixture(autouse="MUTANT_UNDER_TEST" in os.environ)
def fresh_rule_caches(content):
    """Under `make mutate` only (mutmut sets MUTANT_UNDER_TEST): each test computes what the rules cache
    (dice laws, stat blocks of the shared content) afresh, so mutmut sees which tests reach a rule and a
    mutant is not hidden behind a value worked out before it was switched on (docs/testing.md)."""
    from game.rules import dice
    from game.world.verbs import factory

    dice._distribution.cache_clear()
    dice._die_distribution.cache_clear()
    factory.tag_set.cache_clear()
    content.codex._blocks.clear()
    yield


@pytest.fixture
def world(content):
    """Three rooms in a row with the hero at the entrance (tests/world_fixtures.py)."""
    made = make_world(content)
    yield made
    made.close()


@pytest.fixture
def game(world):
    """The driver of the `world` fixture: commands, and world turns run to their end."""
    return Driver(world)


@pytest.fixture(scope="module")
def display():
    """A dummy window of the game's size for a module of screen tests (SDL_VIDEODRIVER=dummy)."""
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(theme.LOGICAL_SIZE)
    pygame.display.quit()
