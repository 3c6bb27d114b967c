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
AP = (90, 150, 230)
HUNGER = (214, 150, 70)
THIRST = (90, 190, 220)
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
    "afflicted": (240, 170, 120), "suffers": (240, 120, 110),
}
# event kind -> (label, colour, whose head it floats over): the dungeon shows at a glance who eats,
# fights, flees, levels up and dies, in every room on screen (the log keeps only what the hero hears)
FLOATERS = {
    "hit": ("-{damage}", (255, 96, 86), "target"),
    "dodge": ("dodges", (170, 210, 255), "target"),
    "heads_lost": ("-{heads} heads", (255, 96, 86), "target"),
    "killed": ("slain", (255, 70, 60), "target"),
    "eat": ("eats", (214, 150, 70), "actor"),
    "drink": ("drinks", (90, 190, 220), "actor"),
    "heal": ("+{amount}", (120, 230, 120), "actor"),
    "equip": ("equips {item}", (190, 210, 160), "actor"),
    "level_up": ("level {level}!", (255, 215, 110), "actor"),
    "mood": ("{mood}", (240, 220, 120), "actor"),
    "stun": ("stunned", (240, 220, 120), "target"),
    "afflicted": ("{condition}", (240, 170, 120), "target"),
    "suffers": ("-{damage}", (240, 120, 110), "actor"),
    "spawn": ("appears", (220, 140, 240), "actor"),
    "trap": ("trap! -{damage}", (240, 150, 90), "actor"),
    "complain_hunger": ("hungry!", (214, 150, 70), "actor"),
    "complain_thirst": ("thirsty!", (90, 190, 220), "actor"),
    "converse": ("{label}", (200, 170, 250), "actor"),  # the social web: chats, insults, gifts, feuds (N66-N70)
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
