"""Who is who at a glance: the ring under each creature and its dot on the minimap. Blue is the hero, red a
creature hostile to the hero, green the rest; with the colour-blind-safe markers (Settings, on by default)
a hostile creature's marker also differs by shape: a pointed diamond ring with bars at its tips instead of
a round one, a cross instead of a dot."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme
from game.world.views import CreatureView

COLOURS = {"hero": theme.HERO, "hostile": theme.HOSTILE, "friend": theme.FRIEND}


def side_of(view: CreatureView) -> str:
    """'hero', 'hostile' (to the hero) or 'friend' (every other creature)."""
    return "hero" if view.is_hero else "hostile" if view.hostile else "friend"


def ring(side: str, size: tuple[int, int], fill: tuple[int, int, int] | None = None) -> pygame.Surface:
    """The marker under a creature of `side`, `size` wide and high (shared: only blit it)."""
    return _ring(side, size, fill, theme.Look.shape_markers)


@lru_cache(maxsize=64)
def _ring(side: str, size: tuple[int, int], fill: tuple[int, int, int] | None, shapes: bool) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    colour = COLOURS[side]
    w, h = size
    if shapes and side == "hostile":
        diamond = [(0, h // 2), (w // 2, 0), (w - 1, h // 2), (w // 2, h - 1)]
        if fill is not None:
            pygame.draw.polygon(image, fill, diamond)
        pygame.draw.polygon(image, colour, diamond, 2)
        for x in (0, 1, w - 2, w - 1):  # bars at the tips: pointed ends read even at 6 px high
            pygame.draw.line(image, colour, (x, 0), (x, h - 1))
        return image
    if fill is not None:
        pygame.draw.ellipse(image, fill, image.get_rect())
    pygame.draw.ellipse(image, colour, image.get_rect(), 1)
    return image


def dot(surface: pygame.Surface, side: str, centre: tuple[int, int], radius: int) -> None:
    """A creature on the minimap: a dot, or with the shape markers a cross for a hostile one."""
    colour = COLOURS[side]
    if theme.Look.shape_markers and side == "hostile":
        x, y = centre
        r = radius + 1
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), 2)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), 2)
    else:
        pygame.draw.circle(surface, colour, centre, radius)

