"""What the dungeon screen keeps from frame to frame (issue 9): sprites by id, scaled sprites, rendered text."""
from __future__ import annotations

import pygame
import pytest

from game.ui import labels, theme
from game.ui.camera import Camera
from game.ui.floaters import Floaters
from game.ui.sprites import SpriteCache
from game.world.events import Event


pytestmark = pytest.mark.usefixtures("display")  # a dummy window for the module (conftest.py)


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


def test_a_layer_is_painted_again_only_when_its_key_changes():
    from game.ui.widgets import Layer

    layer, painted = Layer(pygame.Rect(10, 10, 50, 20)), []

    def paint(canvas: pygame.Surface) -> None:
        painted.append(1)
        canvas.fill((200, 0, 0), layer.rect)

    screen = pygame.Surface(theme.LOGICAL_SIZE)
    for key in (1, 1, 1, 2, 2):
        screen.fill((0, 0, 0))
        layer.draw(screen, key, paint)
        assert screen.get_at((10, 10))[:3] == (200, 0, 0) and screen.get_at((60, 10))[:3] == (0, 0, 0)
    assert len(painted) == 2


def test_bars_and_rings_are_drawn_once_per_look():
    from game.ui import widgets

    screen = pygame.Surface(theme.LOGICAL_SIZE)
    widgets.bar(screen, pygame.Rect(0, 0, 100, 16), 3, 5, theme.HEALTH, "3 / 5")
    before = widgets._bar.cache_info().hits
    widgets.bar(screen, pygame.Rect(200, 40, 100, 16), 3, 5, theme.HEALTH, "3 / 5")
    assert widgets._bar.cache_info().hits == before + 1
    assert screen.get_at((210, 48))[:3] == theme.HEALTH and screen.get_at((200, 40))[:3] == (0, 0, 0)  # round corner
    assert widgets.oval((26, 8), theme.HERO, (0, 0, 0)) is widgets.oval((26, 8), theme.HERO, (0, 0, 0))


def test_torch_glows_are_blitted_without_their_black_border_and_lose_no_light():
    from game.ui.effects import GLOW_LEVELS, GLOW_RADIUS, TorchLight, _glow

    torches = TorchLight([(3, 3)], 32)
    assert torches.lit.w < 2 * GLOW_RADIUS
    for level in range(GLOW_LEVELS):
        full = _glow(0.55 + 0.45 * level / (GLOW_LEVELS - 1))
        outside = [full.get_at((x, y))[:3] for x in range(2 * GLOW_RADIUS) for y in range(2 * GLOW_RADIUS)
                   if not torches.lit.collidepoint(x, y)]
        assert set(outside) == {(0, 0, 0)}
        cropped = torches.glows[level]
        assert pygame.image.tobytes(cropped, "RGB") == pygame.image.tobytes(full.subsurface(torches.lit), "RGB")


def test_floating_labels_outside_the_view_are_not_drawn():
    floaters = Floaters()
    floaters.add(Event(1, "eat", actor="rat#3", data={}), 100, 100)  # on screen
    floaters.add(Event(1, "drink", actor="rat#4", data={}), 3000, 100)  # far to the right of the view
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    surface.set_clip(pygame.Rect(0, 0, 960, 548))
    floaters.draw(surface, Camera(960, 548, 4000, 548), (0, 0))
    near, far = floaters.items
    assert near.images is not None and far.images is None
