"""Drawn pieces of the dialogue screen: the face a person shows (N80) and Measure dice with their pips (N78)."""
from __future__ import annotations

import math

import pygame

from game.ui import theme

FACE_COLOURS = {"pleased": (112, 200, 120), "neutral": (206, 192, 150), "annoyed": (232, 96, 84)}
DIE_SUCCESS, DIE_CANCEL, DIE_BLANK = (92, 170, 104), (200, 70, 64), (96, 90, 110)  # 4-6, 1, 2-3 (N78)
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def draw_face(surface: pygame.Surface, centre: tuple[int, int], radius: int, face: str) -> None:
    """N80: a round face, pleased (a smile), neutral (a level mouth) or annoyed (a frown under knit brows)."""
    x, y = centre
    colour = FACE_COLOURS.get(face, FACE_COLOURS["neutral"])
    pygame.draw.circle(surface, (20, 16, 26), centre, radius + 3)
    pygame.draw.circle(surface, colour, centre, radius)
    ink = (30, 22, 30)
    eye = max(2, radius // 8)
    for side in (-1, 1):
        pygame.draw.circle(surface, ink, (x + side * radius // 3, y - radius // 5), eye)
        if face == "annoyed":  # brows slanting down to the nose
            pygame.draw.line(surface, ink, (x + side * radius // 2, y - radius // 2),
                             (x + side * radius // 7, y - radius // 3), max(2, radius // 10))
    mouth = pygame.Rect(0, 0, radius, radius // 2)
    width = max(2, radius // 10)
    if face == "pleased":
        mouth.midtop = (x, y)
        pygame.draw.arc(surface, ink, mouth, math.pi, 2 * math.pi, width)
    elif face == "annoyed":
        mouth.midtop = (x, y + radius // 3)
        pygame.draw.arc(surface, ink, mouth, 0, math.pi, width)
    else:
        pygame.draw.line(surface, ink, (x - radius // 3, y + radius // 3), (x + radius // 3, y + radius // 3), width)


def die_colour(value: int) -> tuple[int, int, int]:
    """N78: a 4, 5 or 6 is a success, a 1 cancels one, a 2 or 3 does nothing."""
    return DIE_SUCCESS if value >= 4 else DIE_CANCEL if value == 1 else DIE_BLANK


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    """A d6 showing `value` in pips, coloured by what it counts for."""
    pygame.draw.rect(surface, die_colour(value), rect, border_radius=rect.w // 6)
    pygame.draw.rect(surface, theme.TEXT, rect, 2, border_radius=rect.w // 6)
    step, pip = rect.w // 4, max(2, rect.w // 11)
    for dx, dy in PIPS.get(value, []):
        pygame.draw.circle(surface, (250, 246, 236), (rect.centerx + dx * step, rect.centery + dy * step), pip)
