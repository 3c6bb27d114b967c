"""Colours and fonts of every screen: one coherent scheme, crisp text (DejaVu Sans when present)."""
from __future__ import annotations

from functools import lru_cache

import pygame

LOGICAL_SIZE = (1280, 720)

BACKGROUND = (14, 12, 20)
PANEL = (28, 25, 38)
PANEL_EDGE = (78, 68, 100)
PANEL_DARK = (20, 18, 28)
TEXT = (226, 220, 206)
TEXT_DIM = (150, 144, 160)
TITLE = (240, 196, 110)
ACCENT = (240, 196, 110)
HEALTH = (196, 52, 60)
HEALTH_BACK = (64, 22, 28)
AP = (90, 150, 230)
HUNGER = (214, 150, 70)
THIRST = (90, 190, 220)
XP = (170, 120, 220)
HOSTILE = (230, 70, 70)
FRIEND = (110, 200, 120)
HERO = (110, 170, 255)
SCENT = (255, 170, 60)

LOG_COLOURS = {  # event kind -> colour in the message log
    "hit": (240, 120, 110), "killed": (255, 90, 80), "death": (255, 90, 80), "trap": (240, 150, 90),
    "level_up": (255, 215, 110), "spawn": (220, 140, 240), "stun": (240, 200, 120),
    "eat": (200, 190, 140), "drink": (150, 200, 220), "heal": (140, 220, 140),
    "pickup": (190, 210, 160), "equip": (190, 210, 160), "enter": (170, 170, 190), "leave": (140, 140, 160),
    "door_locked": (220, 180, 120), "door_forced": (220, 180, 120), "door_unlocked": (220, 180, 120),
    "complain_hunger": (214, 150, 70), "complain_thirst": (90, 190, 220), "turn": (110, 104, 130),
}
PROBLEM = (255, 120, 120)
NOTE = (200, 200, 220)

FONT_NAMES = "dejavusans,liberationsans,notosans,arial"


@lru_cache(maxsize=None)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A system sans font, or pygame's default font when none is installed."""
    path = pygame.font.match_font(FONT_NAMES, bold=bold)
    if path is None:
        f = pygame.font.Font(None, int(size * 1.35))
        f.set_bold(bold)
        return f
    return pygame.font.Font(path, size)
