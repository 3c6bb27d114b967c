"""Villagers look different from the people of the dungeon corridors (N84)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from game.world import views
from game.paths import ASSETS, MAPS  # noqa: E402
from game.launch import new_game  # noqa: E402

SPRITES = ASSETS / "sprites" / "creatures"


def pixels(codex_id: str) -> bytes:
    return pygame.image.tobytes(pygame.image.load(str(SPRITES / f"{codex_id}.png")), "RGBA")


@pytest.mark.rule("N84")
def test_villagers_have_their_own_portraits():
    for corridor in ("wanderer", "outlaw"):
        assert pixels("villager") != pixels(corridor)


@pytest.mark.rule("N84")
def test_the_village_is_peopled_by_villagers_drawn_as_such():
    game = new_game(MAPS / "village.tmx", 1)
    world = game.world
    try:
        kinds = {views.creature(world, eid).codex_id for eid in world.creatures() if eid != world.hero}
        assert "villager" in kinds
    finally:
        world.close()
