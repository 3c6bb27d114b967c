"""What the dungeon screen keeps from frame to frame (issue 9): sprites by id, scaled sprites."""
from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.sprites import SpriteCache


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
