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
    "warn": (240, 200, 90), "defend": (255, 120, 90), "let_go": (170, 210, 150), "hoard_taken": (255, 120, 90),
    "shy": (170, 190, 210), "notice": (240, 200, 90), "bargain": (140, 220, 140), "bargain_refused": (220, 180, 120),  # C4
    "repair": (190, 210, 160), "mend": (190, 210, 160),  # C26
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
    "converse": ("{label}", (200, 170, 250), "actor"),
    "bind": ("{state}!", (190, 150, 255), "target"),  # N50-N52 binding spells
    "binding_waits": ("no room to turn", (190, 150, 255), "actor"),  # N59
    "binding_turns": ("turns hostile!", (255, 80, 70), "actor"),  # N57
    "binding_crumbles": ("crumbles to bones", (210, 200, 180), "actor"),  # the social web: chats, insults, gifts, feuds (N66-N70)
}
EXCHANGE_COLOURS = {  # a converse label's colour by its exchange (the default above: chats and praise)
    "insult": (240, 150, 110), "denounce": (255, 110, 90), "feud": (255, 80, 70), "avoid": (190, 190, 200),
    "gift": (130, 230, 140), "gossip": (250, 220, 120),
}
BOUND = (190, 150, 255)  # N50-N56: a binding spell's countdown over a creature and its card line
PROBLEM = (255, 120, 120)
NOTE = (200, 200, 220)

FONT_NAMES = "dejavusans,liberationsans,notosans,arial"


class Look:
    """What the Settings screen changes in every screen's look: the text size (times the designed size) and
    whether hostile and friendly markers differ by shape too. `version` counts the changes, so parts of the
    screen kept between frames are painted again (game/ui/preferences.py)."""

    text_size = 1.0
    shape_markers = True
    hints = True  # the first-time hints (game/ui/guide.py)
    version = 0


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font for text designed at `size` points, at the player's text size."""
    return _font(max(8, round(size * Look.text_size)), bold)


def forget_fonts() -> None:
    """Drop the fonts opened so far: they die with pygame.font.quit (the tests start the app more than once)."""
    _font.cache_clear()


@lru_cache(maxsize=None)
def _font(size: int, bold: bool) -> pygame.font.Font:
    """A system sans font, or pygame's default font when none is installed."""
    path = pygame.font.match_font(FONT_NAMES, bold=bold)
    if path is None:
        f = pygame.font.Font(None, int(size * 1.35))
        f.set_bold(bold)
        return f
    return pygame.font.Font(path, size)
