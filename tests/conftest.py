"""Test-wide settings and fixtures: the game's user folders (the save slot, settings, the log, screenshots) are
temporary folders, never the real ones; the game's data, and small worlds built in code (tests/world_fixtures.py) with their drivers."""
from __future__ import annotations

import os
import shutil

import pygame
import pytest

from game.content import toml_file
from game.content.content import load_content
from game.userdirs import hall_dir
from game.launch import new_game
from game.paths import ROOT
from game.ui import theme
from game.world.driver import Driver
from tests.helpers.caches import remembering_parse
from tests.helpers.fast_set import only_in_slow
from tests.helpers.world_fixtures import make_world


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    """When the whole suite is collected (before `-m` leaves any out): every rule ID a test checks is checked
    by some test not marked slow, so `make test-fast` still tries every rule (docs/testing.md)."""
    modules = {item.path for item in items}
    if not set((ROOT / "tests").glob("test_*.py")) <= modules:
        return
    missing = only_in_slow(items)
    if missing:
        raise pytest.UsageError(f"rules tested only by tests marked slow, so never by make test-fast: "
                                f"{', '.join(sorted(missing))} (keep one test of each unmarked)")


@pytest.fixture(scope="session", autouse=True)
def private_user_data(tmp_path_factory):
    """platformdirs reads the XDG_* variables on Linux (the pictures folder from user-dirs.dirs in the config
    folder); subprocesses of the tests inherit them."""
    home = tmp_path_factory.mktemp("user")
    with pytest.MonkeyPatch.context() as patch:
        for variable, folder in (("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                                 ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
            (home / folder).mkdir()
            patch.setenv(variable, str(home / folder))
        (home / "config" / "user-dirs.dirs").write_text(f'XDG_PICTURES_DIR="{home / "Pictures"}"\n')
        yield


@pytest.fixture(scope="session", autouse="MUTANT_UNDER_TEST" not in os.environ)
def remembered_toml():
    """Each TOML text parsed once for the whole session (tests/helpers/caches.py): the game's data files are
    read by hundreds of tests. Not under `make mutate`, where the reader itself is mutated."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(toml_file, "parse", remembering_parse())
        yield


@pytest.fixture(autouse=True)
def empty_hall():
    """A test that lets a hero fall leaves the hall of heroes (game/hall.py) empty for the next one."""
    yield
    shutil.rmtree(hall_dir(), ignore_errors=True)


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


@pytest.fixture
def village():
    """A Driver on Ashby Vale (maps/village.tmx), seed 7: its people, merchants and work."""
    game = new_game(ROOT / "maps" / "village.tmx", 7)
    yield game
    game.close()


@pytest.fixture(scope="module")
def display():
    """A dummy window of the game's size for a module of screen tests (SDL_VIDEODRIVER=dummy); fonts kept
    from an earlier module died if it quit pygame (tests/test_ui_app.py runs the whole app)."""
    from game.ui import labels

    pygame.display.init()
    pygame.font.init()
    theme.forget_fonts()
    labels.text.cache_clear()
    yield pygame.display.set_mode(theme.LOGICAL_SIZE)
    pygame.display.quit()
