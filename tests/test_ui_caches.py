"""What the dungeon screen keeps from frame to frame (issue 9): sprites by id, scaled sprites, rendered text."""
from __future__ import annotations

import pygame
import pytest

from game.ui import labels, theme
from game.ui.camera import Camera
from game.ui.floaters import Floaters
from game.ui.sprites import SpriteCache
from game.world.events import Event


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(theme.LOGICAL_SIZE)
    yield
    pygame.display.quit()


def test_sprites_are_looked_up_by_id_without_building_paths_again(monkeypatch):
    sprites = SpriteCache()
    wolf, ration, hero = sprites.creature("wolf", (1, 1)), sprites.item("ration"), sprites.hero()
    missing = sprites.creature("no_such_beast", (2, 2))
    monkeypatch.setattr(SpriteCache, "_load", lambda self, path: pytest.fail(f"looked up {path} again"))
    assert sprites.creature("wolf", (1, 1)) is wolf and sprites.item("ration") is ration and sprites.hero() is hero
    assert sprites.creature("no_such_beast", (2, 2)) is missing  # the placeholder, made once
    assert missing.get_size() == (64, 64)


def test_scaled_sprites_are_made_once_per_sprite_and_factor():
    sprites = SpriteCache()
    wolf = sprites.creature("wolf", (1, 1))
    small = sprites.scaled(wolf, 0.75)
    assert small.get_size() == (24, 24) and sprites.scaled(wolf, 0.75) is small
    icon = sprites.scaled(wolf, 22 / 32, smooth=True)
    assert icon.get_size() == (22, 22) and icon is not small and sprites.scaled(wolf, 22 / 32, smooth=True) is icon


def test_text_is_rendered_once_per_words_size_colour_weight_and_width():
    first = labels.text("Hero waits.", 14, theme.TEXT)
    assert labels.text("Hero waits.", 14, theme.TEXT) is first
    others = [labels.text("Hero waits.", 15, theme.TEXT), labels.text("Hero waits.", 14, theme.NOTE),
              labels.text("Hero waits.", 14, theme.TEXT, bold=True),
              labels.text("Hero waits.", 14, theme.TEXT, width=40)]
    assert all(other is not first for other in others) and len({id(o) for o in others}) == 4
    assert others[3].get_height() > first.get_height()  # wrapped onto two lines


def test_the_label_cache_is_bounded_and_drops_the_least_recently_used():
    labels.text.cache_clear()
    kept = labels.text("kept", 14, theme.TEXT)
    for n in range(labels.LIMIT - 1):
        labels.text(f"label {n}", 14, theme.TEXT)
        labels.text("kept", 14, theme.TEXT)  # used again and again: stays
    labels.text("one more", 14, theme.TEXT)
    info = labels.text.cache_info()
    assert info.maxsize == labels.LIMIT and info.currsize == labels.LIMIT
    assert labels.text("kept", 14, theme.TEXT) is kept


def test_fading_floaters_leave_the_shared_labels_opaque():
    floaters = Floaters()
    floaters.add(Event(1, "eat", actor="rat#3", data={}), 100, 100)
    floaters.update(1.0)  # well into its fade
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    floaters.draw(surface, Camera(960, 548, 960, 548), (0, 0))
    floaters.draw(surface, Camera(960, 548, 960, 548), (0, 0))
    image, shadow = floaters.items[0].images
    assert image.get_alpha() < 255 and floaters.items[0].drawn()[0] is image  # rendered once
    assert labels.text("eats", 13, theme.FLOATERS["eat"][1], bold=True).get_alpha() in (None, 255)
