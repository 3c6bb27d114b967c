"""A first hour that teaches (issue 23): the first-time hints shown once per player, remembered in the config
folder, hidden by a key or a click, switched off in the settings; F1's How to play from guide.toml; the data
checked in one line."""
from __future__ import annotations

import pygame
import pytest

from game.content.errors import ContentError
from game.paths import ROOT
from game.ui import bindings, theme
from game.ui.app import scene_stack
from game.ui.guide import HINTS, Hints, guide, read_seen
from game.ui.help import HelpScene
from game.ui.session import Session
from game.ui.settings import read

pytestmark = pytest.mark.usefixtures("display")
VILLAGE = ROOT / "maps" / "village.tmx"


def press(scene, key: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_every_hint_has_a_line_naming_the_keys_bound_now():
    lines = guide().hints
    assert set(lines) == set(HINTS)
    hints = Hints()
    hints.showing = "settlement"
    assert f"press {bindings.key_names('talk')} to talk" in hints.line()


def test_entering_a_settlement_shows_its_hint_once_per_player_and_the_key_hides_it(tmp_path):
    """On arrival, before any turn: in a real window the hint waited for the first turn (nothing had changed)."""
    session = Session(VILLAGE, 7)
    try:
        session.hints = Hints(tmp_path / "hints.txt")
        stack = scene_stack(session)
        dungeon = stack.reset("dungeon")
        assert session.hints.showing == "settlement"
        dungeon.update(1 / 60)
        dungeon.draw(pygame.display.get_surface())
        assert session.hints.rect.h > 0
        press(dungeon, bindings.KEYS["dismiss_hint"][0][0])
        assert session.hints.showing == ""
        assert read_seen(tmp_path / "hints.txt") == {"settlement"}
        again = Hints(tmp_path / "hints.txt")  # the next run of the same player
        again.notice("settlement")
        assert again.showing == ""
    finally:
        session.close(autosave=False)


def test_hints_switched_off_in_the_settings_show_nothing(tmp_path):
    settings, problems = read({"hints": False}, "settings")
    assert not problems and settings.hints is False
    theme.Look.hints = False
    try:
        hints = Hints(tmp_path / "hints.txt")
        hints.notice("hostile")
        assert hints.showing == "" and not hints.seen
    finally:
        theme.Look.hints = True


def test_a_damaged_seen_file_is_none_seen_and_a_big_one_is_not_read(tmp_path):
    path = tmp_path / "hints.txt"
    path.write_bytes(b"\xff\xfe not text")
    assert read_seen(path) == set()
    path.write_text("hostile\n" * 5000)
    assert read_seen(path) == set()
    path.write_text("hostile\nsomething else\n")
    assert read_seen(path) == {"hostile"}


def test_a_hint_naming_an_unknown_action_is_one_line_naming_the_file(tmp_path):
    bad = tmp_path / "guide.toml"
    lines = "\n".join(f'{name} = "Press {{{"nope" if name == "hostile" else "talk"}}}."' for name in HINTS)
    bad.write_text(f"[hints]\n{lines}\n[[how_to_play]]\ntitle = \"A\"\ntext = \"B\"\n")
    with pytest.raises(ContentError, match=r"guide.toml: hints.hostile: \{nope\} is not a key action"):
        guide(bad)


def test_F1_turns_to_how_to_play_with_tab():
    scene = HelpScene()
    press(scene, pygame.K_TAB)
    assert scene.page == 1
    scene.draw(pygame.display.get_surface())
    assert [title for title, _ in guide().how_to_play][:2] == ["What the game is about", "Each turn"]
