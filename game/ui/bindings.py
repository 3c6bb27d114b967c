"""Input bindings: which keys do what. The help screen (F1) and docs/controls.md list this table."""
from __future__ import annotations

import pygame

# action: (keys, what it does) -- order is the order the help screen shows
KEYS: dict[str, tuple[tuple[int, ...], str]] = {
    "north": ((pygame.K_UP, pygame.K_w), "Move through the exit to the north"),
    "south": ((pygame.K_DOWN, pygame.K_s), "Move through the exit to the south"),
    "west": ((pygame.K_LEFT, pygame.K_a), "Move through the exit to the west"),
    "east": ((pygame.K_RIGHT, pygame.K_d), "Move through the exit to the east"),
    "end_turn": ((pygame.K_SPACE,), "End your turn: the dungeon acts"),
    "eat": ((pygame.K_e,), "Eat or drink a provision (whichever need is higher)"),
    "heal": ((pygame.K_q,), "Drink a healing potion"),
    "pick_up": ((pygame.K_g,), "Pick up the nearest item in your room"),
    "talk": ((pygame.K_t,), "Talk to the creature under the mouse, else the next one in your room"),
    "use_slot": ((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
                  pygame.K_8, pygame.K_9), "Use, equip or eat inventory item 1-9"),
    "scent": ((pygame.K_c,), "Toggle the scent overlay"),
    "log_older": ((pygame.K_PAGEUP,), "Scroll the message log back"),
    "log_newer": ((pygame.K_PAGEDOWN,), "Scroll the message log forward"),
    "help": ((pygame.K_F1,), "Show or hide the controls"),
    "reload": ((pygame.K_F5,), "Reload the map from disk (keeps the hero)"),
    "screenshot": ((pygame.K_F12,), "Save a screenshot"),
    "pause": ((pygame.K_ESCAPE,), "Pause menu"),
}

MOUSE: list[tuple[str, str]] = [
    ("Left click a creature", "Talk to it, or attack it if it is hostile (it must share your room)"),
    ("Left click an item", "Pick it up (in your room)"),
    ("Left click a room or door", "Move to that adjacent room"),
    ("Hover a creature", "Show its card"),
    ("Click an inventory line", "Use, equip or eat it"),
    ("Click a line under In this room", "Talk to that creature, or attack it if it is hostile"),
    ("Click an exit under the room name", "Move through it"),
    ("Mouse wheel on the log", "Scroll the message log"),
]

# In a conversation (the dialogue screen): keys, what they do (docs/controls.md), and the screen's hint.
DIALOGUE: list[tuple[str, str, str]] = [
    ("1-9", "Say that choice", "1-9 or click: say it"),
    ("Up / Down, Enter", "Pick a choice and say it", "Up/Down and Enter"),
    ("Click a choice", "Say it", ""),
    ("Esc", "Leave the conversation (costs nothing, even in a moment)", "Esc leaves"),
    ("Mouse wheel, Page Up / Page Down", "Scroll what was said", "wheel scrolls"),
    ("Draw weapon", "Asks once more; then the person becomes your enemy where it stands", ""),
]

DIRECTIONS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}

_BY_KEY = {key: action for action, (keys, _) in KEYS.items() for key in keys}


def action_for(key: int) -> str | None:
    """The action a key press means, or None."""
    return _BY_KEY.get(key)


def key_names(action: str) -> str:
    """'Up / W' style label of an action's keys."""
    keys = KEYS[action][0]
    if action == "use_slot":
        return "1-9"
    return " / ".join(pygame.key.name(k).title() if len(pygame.key.name(k)) > 1 else pygame.key.name(k).upper()
                      for k in keys)
