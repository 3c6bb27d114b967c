"""Rendered text, kept: the same words in the same size, colour and weight are rendered once.

A bounded LRU (`LIMIT` labels) holds them; the screens draw the same few hundred labels frame after
frame. A label is shared: blit it, never draw on it or change its alpha (copy it for that).
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme

LIMIT = 512


@lru_cache(maxsize=LIMIT)
def text(words: str, size: int, colour: tuple[int, int, int], bold: bool = False, width: int = 0) -> pygame.Surface:
    """`words` rendered in the theme's font, wrapped to `width` pixels when given."""
    f = theme.font(size, bold)
    return f.render(words, True, colour, wraplength=width) if width else f.render(words, True, colour)
