"""The message log of a world is saved with it and back after Continue (issue 28, game/save/messages.py)."""
from __future__ import annotations

import pygame
import pytest

from game.paths import DEFAULT_MAP
from game.save import fileformat, load_world, messages
from game.save.errors import SaveError
from game.save.worldsave import load_realm, summary
from game.ui import theme
from game.ui.app import scene_stack
from game.ui.dungeon import DungeonScene
from game.ui.session import Session

pytestmark = pytest.mark.usefixtures("display")


def enter_a_new_world() -> tuple[Session, DungeonScene]:
    session = Session(DEFAULT_MAP, 3)
    stack = scene_stack(session)
    stack.push("title")
    stack.reset("region", new=True)
    stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))  # into the home
    assert isinstance(stack.top, DungeonScene)
    return session, stack.top


def test_the_log_of_a_world_is_back_after_continue_with_its_colours():
    session, dungeon = enter_a_new_world()
    dungeon.log.add("Wren said something worth remembering.", theme.FRIEND)
    for n in range(messages.LIMIT + 50):  # more than a save keeps
        dungeon.log.add(f"Line {n}.", theme.NOTE)
    before = list(dungeon.log.lines)
    slot = session.world_slot
    session.close()  # saves the world on the way out
    assert "Wren said something" not in str(summary(slot))
    again = Session(DEFAULT_MAP, 3)
    try:
        stack = scene_stack(again)
        assert again.continue_world(slot) == []
        restored = stack.reset("dungeon", site=True)
        lines = restored.log.lines
        assert lines[:messages.LIMIT] == before[-messages.LIMIT:]  # the last lines, colours and all
        assert lines[messages.LIMIT:] and all(colour == theme.NOTE for _, colour in lines[messages.LIMIT:])
    finally:
        again.close(autosave=False)


@pytest.mark.parametrize("log, problem", [
    ("not a list", "log should be a list of at most 300 message-log lines"),
    ([["fine", [1, 2, 3]], ["bad colour", [1, 2, 300]]], "bad colour"),
    ([["tab\tin it", [1, 2, 3]]], "tab"),
    ([["x", [1, 2, 3]]] * (messages.LIMIT + 1), "at most 300"),
])
def test_a_damaged_log_is_a_damaged_save_refused_in_one_line(tmp_path, log, problem):
    session, dungeon = enter_a_new_world()
    slot = session.world_slot
    session.close()
    body = fileformat.read(slot)
    body["log"] = log
    fileformat.write(slot, fileformat.encode(body))
    kept = slot.read_bytes()
    with pytest.raises(SaveError) as refused:
        load_realm(slot)
    words = str(refused.value)
    assert words.startswith(f"{slot}: damaged save") and problem in words and "\n" not in words
    assert slot.read_bytes() == kept


def test_the_log_of_a_one_map_run_is_back_after_continue_with_its_colours(tmp_path):
    session = Session(DEFAULT_MAP, 3, save_path=tmp_path / "slot1.sav")
    dungeon = scene_stack(session).reset("dungeon")  # a new one-map run
    dungeon.log.add("The wolf falls.", theme.FRIEND)
    for n in range(messages.LIMIT + 50):  # more than a save keeps
        dungeon.log.add(f"Line {n}.", theme.NOTE)
    before = list(dungeon.log.lines)
    saved, words = session.save()
    assert saved, words
    session.close()
    again = Session(DEFAULT_MAP, 3, save_path=tmp_path / "slot1.sav")
    try:
        lines = scene_stack(again).reset("dungeon", from_save=True).log.lines  # Continue
        assert lines[:messages.LIMIT] == before[-messages.LIMIT:]  # the last lines, colours and all
        assert lines[-1][0].startswith("Game loaded")
    finally:
        again.close()


def test_a_damaged_log_of_a_one_map_run_is_refused_in_one_line(tmp_path):
    slot = tmp_path / "slot1.sav"
    session = Session(DEFAULT_MAP, 3, save_path=slot)
    assert session.start_run() == []
    session.world.log.append(("fine", (1, 2, 3)))
    assert session.save()[0]
    session.close()
    body = fileformat.read(slot)
    assert body["log"] == [["fine", [1, 2, 3]]]
    body["log"] = [["bad colour", [1, 2, 300]]]
    fileformat.write(slot, fileformat.encode(body))
    kept = slot.read_bytes()
    with pytest.raises(SaveError) as refused:
        load_world(slot)
    words = str(refused.value)
    assert words.startswith(f"{slot}: damaged save") and "bad colour" in words and "\n" not in words
    assert slot.read_bytes() == kept
