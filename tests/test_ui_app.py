"""The whole app (issue 14): the log file in the user's log folder, the settings file's problems on the title,
and a crash in the game loop — injected here — ending on the crash screen with the log's path and an emergency
save beside the slot, never over it. Each test runs the real loop (app.run) as the smoke test does."""
from __future__ import annotations

import logging
import os
import subprocess
import sys

import pygame
import pytest

from game import logs, userdirs
from game.launch import new_game
from game.paths import DEFAULT_MAP
from game.save import default_save_path, load_world, save_world
from game.ui import app
from game.ui.dungeon import DungeonScene
from game.ui.title import TitleScene


@pytest.fixture
def user(tmp_path, monkeypatch):
    """Fresh user folders for one run of the app."""
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(variable, str(tmp_path / variable.lower()))
    yield tmp_path
    logging.getLogger("ethernalis").handlers.clear()


def fail_after(monkeypatch, scene_class, frames: int) -> None:
    """Make `scene_class` raise in its drawing after `frames` frames: a bug the game did not foresee."""
    real = scene_class.draw
    drawn = {"frames": 0}

    def draw(self, surface):
        drawn["frames"] += 1
        if drawn["frames"] > frames:
            raise ZeroDivisionError("injected by the test")
        real(self, surface)

    monkeypatch.setattr(scene_class, "draw", draw)


def test_the_log_goes_to_the_users_log_folder(user):
    assert app.run(DEFAULT_MAP, 3, smoke_test=True, screenshot=None) == 0
    log = userdirs.log_dir() / "ethernalis.log"
    assert log.is_relative_to(user)
    text = log.read_text()
    assert "Ethernalis started; log: " in text and "Ethernalis ended (exit code 0)" in text
    assert "ethernalis.sound" in text  # sound on, or why not
    assert f"INFO ethernalis.session: new run on {DEFAULT_MAP}, seed 3" in text


def test_a_log_folder_that_cannot_be_written_leaves_the_log_on_the_terminal(tmp_path):
    (tmp_path / "log").write_text("a file where the folder should be")
    path, words = logs.start(tmp_path / "log")
    assert path is None and words.startswith(f"cannot write the log to {tmp_path / 'log' / 'ethernalis.log'}")
    logging.getLogger("ethernalis").handlers.clear()


def test_a_failed_screenshot_is_written_in_the_log(user, monkeypatch):
    from game.ui import screenshots

    path, _ = logs.start()
    (user / "Pictures").write_text("a file, not a folder")
    monkeypatch.setattr(screenshots, "folder", lambda: user / "Pictures" / "Ethernalis")
    pygame.display.init()
    try:
        saved, words = screenshots.save(pygame.Surface((4, 4)), "x")
    finally:
        pygame.display.quit()
    assert not saved
    assert f"WARNING ethernalis.screenshots: {words}" in path.read_text()


@pytest.mark.slow
def test_a_bad_settings_file_is_named_on_the_title_screen_and_the_game_plays_on(user, monkeypatch):
    settings = userdirs.config_dir() / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_text("scale = 'huge'\n")
    shown = []
    real = TitleScene.draw

    def draw(self, surface):
        shown.append(list(self.problems))
        real(self, surface)

    monkeypatch.setattr(TitleScene, "draw", draw)
    assert app.run(DEFAULT_MAP, 1, smoke_test=True, screenshot=None) == 0  # the smoke test still plays
    assert shown[0] == [f"settings file {settings}: scale must be a number from 1 to 3, not 'huge'; using 1"]
    assert settings.read_text() == "scale = 'huge'\n"  # read, not replaced until the player changes a setting


def test_a_crash_in_the_dungeon_shows_the_crash_screen_and_saves_beside_the_slot(user, monkeypatch, content):
    slot = default_save_path()
    driver = new_game(DEFAULT_MAP, 11, content)
    save_world(driver.world, slot)  # a save the player has: Continue is the title's first entry
    driver.close()
    before = slot.read_bytes()
    fail_after(monkeypatch, DungeonScene, 30)
    shown = user / "crash.png"
    assert app.run(DEFAULT_MAP, 3, smoke_test=True, screenshot=shown) == 1
    assert slot.read_bytes() == before  # never over the slot
    emergency = slot.with_name("slot1.emergency.sav")
    world = load_world(emergency)
    assert world.seed == 11  # the run that was under way: the slot's, carried on
    world.close()
    log = (userdirs.log_dir() / "ethernalis.log").read_text()
    assert "the game stopped on an unforeseen error" in log and "ZeroDivisionError: injected by the test" in log
    assert f"emergency save: {emergency}" in log
    assert pygame.image.load(str(shown)).get_size() == (1280, 720)


def test_the_crash_screen_names_the_error_the_log_and_the_save(user, monkeypatch):
    from game.ui.crash import CrashScene

    seen = {}
    real = CrashScene.draw

    def draw(self, surface):
        seen["lines"] = self.lines
        real(self, surface)

    monkeypatch.setattr(CrashScene, "draw", draw)
    fail_after(monkeypatch, TitleScene, 1)
    assert app.run(DEFAULT_MAP, 3, smoke_test=True, screenshot=None) == 1
    error, log_line, save_line = seen["lines"]
    assert error == "ZeroDivisionError: injected by the test"
    assert log_line == f"The details are in {userdirs.log_dir() / 'ethernalis.log'}"
    assert save_line == f"No run was under way; your save slot is untouched: {default_save_path()}"
    assert not os.path.exists(default_save_path().with_name("slot1.emergency.sav"))


def test_a_crash_screen_waits_for_a_key_then_ends_with_code_1(user, monkeypatch):
    from game.ui.crash import CrashScene
    from game.ui.scene import SceneStack

    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((1280, 720))
        stack = SceneStack()
        stack.push(CrashScene("ZeroDivisionError: x", "The details are in /log", "No run was under way"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        app.show_crash(stack, once=False, screenshot=None)
    finally:
        pygame.quit()
    assert stack.quit_code == 1


def test_no_emergency_save_in_the_middle_of_a_world_turn_and_the_slot_stays(tmp_path):
    from game.ui.session import Session

    slot = tmp_path / "slot1.sav"
    slot.write_bytes(b"the player's save")
    session = Session(DEFAULT_MAP, 5, save_path=slot)
    assert session.start_run() == []
    session.world.mid_turn = True  # the crash came while the dungeon took its turn
    words = session.emergency_save()
    assert words.startswith("No emergency save (") and "world turn is still running" in words
    assert words.endswith(f"your save slot is untouched: {slot}")
    assert slot.read_bytes() == b"the player's save" and not (tmp_path / "slot1.emergency.sav").exists()
    session.world.mid_turn = False
    (tmp_path / "slot1.emergency.sav").mkdir()  # something in its place
    assert session.emergency_save().startswith("No emergency save (")
    session.close()


def test_the_title_and_the_saves_name_the_same_save_slot():
    """The session reads its slot from game/userdirs.py, so the title's first frame imports no save code."""
    from game import userdirs

    assert userdirs.save_slot() == default_save_path()


FIRST_FRAME_ALONE = """
import sys
from game.paths import DEFAULT_MAP
from game.ui import app, pacing
app.warm_up = lambda: None  # nothing behind the title: what its first frame imports is its own
stack, preferences, session = app.open_game(DEFAULT_MAP, 5)
app.frame(stack, preferences, None, pacing.Pace(), 0.0)
print(" ".join(name for name in ("game.mods", "game.content.content", "game.world.world", "game.maps.store")
               if name in sys.modules))
"""


def test_the_title_s_first_frame_imports_neither_the_mods_the_data_nor_the_world(tmp_path):
    """Cold start (docs/performance.md): the title's parade draws the shipped sprites until the mods are read
    behind it; asking the mods for them imported the game's data in the first frame (228 ms, not 110)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           **{name: str(tmp_path / name.lower()) for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")}}
    run = subprocess.run([sys.executable, "-c", FIRST_FRAME_ALONE], capture_output=True, text=True, env=env,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))), timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1:] in ([], [""]), run.stdout


def test_the_title_draws_while_the_warm_up_is_half_way_through_importing_the_mods(user, monkeypatch):
    """Seen in a real window: the warm-up thread had put game.mods in sys.modules but not yet defined its
    functions, and the title's first frame stopped the game on an AttributeError; it draws the shipped sprites."""
    import types

    from game.ui import title

    monkeypatch.setitem(sys.modules, "game.mods", types.ModuleType("game.mods"))  # imported half way
    assert title.mods_read() is None
    stack, preferences, session = app.open_game(DEFAULT_MAP, 5)
    try:
        stack.top.draw(pygame.Surface((1280, 720)))
    finally:
        session.close(autosave=False)
