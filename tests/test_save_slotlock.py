"""One game at a time on a world slot (issue 26): the slot's OS lock (game/save/slotlock.py), a second copy of
the game refused on the worlds screen and headless in one line, and the lock gone with the process holding it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.paths import DEFAULT_MAP, ROOT
from game.save import SaveError, slotlock
from game.ui.app import scene_stack
from game.ui.session import Session
from game.ui.worlds import WorldsScene

HOLDER = """
import sys, time
from game.save import slotlock
lock = slotlock.hold(sys.argv[1])
print("held", flush=True)
time.sleep(120)
"""


def busy(slot: Path) -> str:
    return f"{slot}: this world is open in another copy of the game; close it there first"


def holder(slot: Path) -> subprocess.Popen:
    """Another process holding `slot`'s lock, once this returns."""
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(slot)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline() == "held\n"
    return process


@pytest.fixture
def saved_world(tmp_path: Path) -> Path:
    session = Session(DEFAULT_MAP, 3, tmp_path / "slot1.sav")
    assert session.start_world() == []
    slot = session.world_slot
    session.close()
    return slot


def test_a_slot_is_held_once_and_free_again_when_let_go(tmp_path: Path):
    slot = tmp_path / "world1.sav"
    with slotlock.hold(slot):
        with pytest.raises(slotlock.SlotBusy) as caught:
            slotlock.hold(slot)
        assert str(caught.value) == busy(slot)
    slotlock.hold(slot).release()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["world1.sav.lock"]  # the lock file only, no save made


def test_a_lock_file_that_cannot_be_made_or_is_no_file_is_one_line(tmp_path: Path):
    (tmp_path / "saves").write_text("a file where the folder should be")
    with pytest.raises(SaveError, match=r"world1.sav: cannot be opened for play: its lock file world1.sav.lock "
                                        r"cannot be made \(File exists\)$"):
        slotlock.hold(tmp_path / "saves" / "world1.sav")
    (tmp_path / "world1.sav.lock").mkdir()
    with pytest.raises(SaveError, match=r"world1.sav.lock cannot be made \(Is a directory\)$"):
        slotlock.hold(tmp_path / "world1.sav")
    os.mkfifo(tmp_path / "world2.sav.lock")  # opened without waiting for a writer
    with pytest.raises(SaveError, match=r"world2.sav.lock is not a regular file; remove it to play this world$"):
        slotlock.hold(tmp_path / "world2.sav")
    (tmp_path / "world3.sav.lock").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(SaveError, match=r"world3.sav.lock cannot be made"):
        slotlock.hold(tmp_path / "world3.sav")
    assert not (tmp_path / "elsewhere").exists()


def test_a_slot_in_a_folder_no_one_may_write_is_held_by_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A read-only save given to --load: no copy of the game can save beside it, so none can lose a save there."""
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(slotlock.os, "open", refused)
    with slotlock.hold(tmp_path / "world1.sav"), slotlock.hold(tmp_path / "world1.sav"):
        pass


def test_a_world_open_in_another_copy_is_refused_on_the_worlds_screen_and_left_as_it_was(display, saved_world: Path):
    before = saved_world.read_bytes()
    other = holder(saved_world)
    try:
        session = Session(DEFAULT_MAP, 3, saved_world.with_name("slot1.sav"))
        stack = scene_stack(session)
        worlds = stack.push("worlds")
        worlds.play(0)
        assert worlds.problems == [busy(saved_world)] and session.realm is None and session.slot_lock is None
        assert isinstance(stack.top, WorldsScene)
        worlds.play(1)  # a new hero for it: refused before the creation screen
        assert worlds.problems == [busy(saved_world)] and isinstance(stack.top, WorldsScene)
        worlds.draw(pygame.display.get_surface())
    finally:
        other.kill()
        other.wait()
    assert saved_world.read_bytes() == before
    assert session.continue_world(saved_world) == []  # its holder gone, the lock went with it
    session.close()


def test_a_game_killed_with_the_world_open_leaves_no_lock_behind(saved_world: Path):
    other = holder(saved_world)
    os.kill(other.pid, signal.SIGKILL)
    other.wait()
    slotlock.hold(saved_world).release()


def test_two_sessions_of_one_process_are_two_copies_too(saved_world: Path):
    first, second = (Session(DEFAULT_MAP, 3, saved_world.with_name("slot1.sav")) for _ in range(2))
    assert first.continue_world(saved_world) == []
    assert second.continue_world(saved_world) == [busy(saved_world)]
    first.close()
    assert second.continue_world(saved_world) == []
    second.close()


@pytest.mark.slow
def test_a_headless_run_on_a_world_open_elsewhere_stops_in_one_line(saved_world: Path):
    before = saved_world.read_bytes()
    other = holder(saved_world)
    try:
        run = subprocess.run([sys.executable, "main.py", "--headless", "--world", "5", "--load", str(saved_world),
                              "--save", str(saved_world)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    finally:
        other.kill()
        other.wait()
    assert (run.returncode, run.stdout, run.stderr) == (1, "", f"ethernalis: {busy(saved_world)}\n")
    assert saved_world.read_bytes() == before


@pytest.mark.slow
def test_a_headless_run_only_reading_a_world_takes_no_lock_and_leaves_no_lock_file(saved_world: Path, tmp_path: Path):
    copy = tmp_path / "read" / "world1.sav"
    copy.parent.mkdir()
    copy.write_bytes(saved_world.read_bytes())
    other = holder(saved_world)  # open in a game: reading it still works
    try:
        for path in (copy, saved_world):
            run = subprocess.run([sys.executable, "main.py", "--headless", "--world", "2", "--load", str(path)],
                                 cwd=ROOT, capture_output=True, text=True, timeout=120)
            assert (run.returncode, run.stderr) == (0, "")
    finally:
        other.kill()
        other.wait()
    assert [p.name for p in copy.parent.iterdir()] == ["world1.sav"]
