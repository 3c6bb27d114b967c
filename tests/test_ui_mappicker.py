"""Choose map on the title screen (issue 14): the shipped maps by their titles, chosen by keyboard or mouse,
played by Single map run; a map that cannot be read is listed by its name and its problems show when it starts."""
from __future__ import annotations

import pygame
import pytest

from game.paths import DEFAULT_MAP, MAPS
from game.ui.app import scene_stack
from game.ui.creation import HeroCreationScene
from game.ui.dungeon import DungeonScene
from game.ui.mappicker import MapPickerScene, playable_maps
from game.ui.session import Session
from game.ui.title import SINGLE_MAP, TitleScene

pytestmark = pytest.mark.usefixtures("display")


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


@pytest.fixture
def title(tmp_path):
    session = Session(DEFAULT_MAP, 4, save_path=tmp_path / "slot.sav")
    stack = scene_stack(session)
    yield stack.push("title")
    session.close()


def test_the_shipped_maps_are_listed_by_title_without_the_region_map():
    assert [(path.name, title) for path, title in playable_maps()] == [
        ("caves.tmx", "The Deepmoss Caves"), ("crypt.tmx", "The Sunken Crypt"), ("default.tmx", "The Ruined Keep"),
        ("tower.tmx", "Varr's Watch"), ("village.tmx", "Ashby Vale")]
    assert (MAPS / "region.tmx").is_file()


def test_choose_map_by_keyboard_then_new_game_plays_it(title):
    stack = title.stack
    title.menu.selected = title.menu.labels.index("Choose map")
    key(title, pygame.K_RETURN)
    picker = stack.top
    assert isinstance(picker, MapPickerScene)
    assert picker.menu.labels[picker.menu.selected] == "The Ruined Keep  ·  default.tmx"  # the current map
    key(picker, pygame.K_UP)
    key(picker, pygame.K_UP)
    key(picker, pygame.K_RETURN)
    assert stack.top is title and title.session.map_path == MAPS / "caves.tmx"
    title.menu.selected = title.menu.labels.index(SINGLE_MAP)
    key(title, pygame.K_RETURN)
    assert isinstance(stack.top, HeroCreationScene)  # the hero is made first, then the chosen map is played
    key(stack.top, pygame.K_RETURN)
    assert isinstance(stack.top, DungeonScene)
    assert stack.top.world.map.path.name == "caves.tmx" and stack.top.world.seed == 4


def test_choose_map_by_mouse_and_back_keeps_the_map(title):
    stack = title.stack
    stack.push("maps")
    picker = stack.top
    picker.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=picker.menu.rects[1].center, button=1))
    assert title.session.map_path == MAPS / "crypt.tmx" and stack.top is title
    stack.push("maps")
    key(stack.top, pygame.K_ESCAPE)
    assert title.session.map_path == MAPS / "crypt.tmx" and isinstance(stack.top, TitleScene)


@pytest.mark.parametrize("content", [b"<map><properties><property name='title'", b"\xff\xfe not xml"])
def test_a_map_that_cannot_be_read_is_listed_by_name_and_names_its_problems_when_played(tmp_path, content):
    (tmp_path / "broken.tmx").write_bytes(content)
    assert playable_maps(tmp_path) == [(tmp_path / "broken.tmx", "broken")]
    session = Session(DEFAULT_MAP, 4, save_path=tmp_path / "slot.sav")
    stack = scene_stack(session)
    title = stack.push("title")
    stack.push(MapPickerScene(session, tmp_path))
    key(stack.top, pygame.K_RETURN)
    title.menu.selected = title.menu.labels.index(SINGLE_MAP)
    key(title, pygame.K_RETURN)
    assert stack.top is title and title.problems and "broken.tmx" in title.problems[0]
