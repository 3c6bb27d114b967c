"""Input bindings: which keys do what. The help screen (F1) and docs/controls.md list this table; the Settings
screen rebinds it (`rebind`, `use`) and the settings file keeps the changes as key names (`names`,
`from_names`)."""
from __future__ import annotations

import pygame

# action: (keys, what it does) -- order is the order the help and settings screens show; the defaults
DEFAULTS: dict[str, tuple[tuple[int, ...], str]] = {
    "north": ((pygame.K_UP, pygame.K_w), "Move through the nearest door in the north wall"),
    "south": ((pygame.K_DOWN, pygame.K_s), "Move through the nearest door in the south wall"),
    "west": ((pygame.K_LEFT, pygame.K_a), "Move through the nearest door in the west wall"),
    "east": ((pygame.K_RIGHT, pygame.K_d), "Move through the nearest door in the east wall"),
    "end_turn": ((pygame.K_SPACE,), "End your turn: the dungeon acts"),
    "eat": ((pygame.K_e,), "Eat or drink a provision (whichever need is higher)"),
    "heal": ((pygame.K_q,), "Drink a healing potion"),
    "second_wind": ((pygame.K_r,), "Second Wind: once a fight, 1 AP for a Division die of health"),
    "pick_up": ((pygame.K_g,), "Pick up the nearest item in your room"),
    "talk": ((pygame.K_t,), "Talk to the creature under the mouse, else the next one in your room"),
    "cast": ((pygame.K_m,), "Cast the binding spell that fits the creature under the mouse, else the next one "
                            "in your room"),
    "explore": ((pygame.K_o,), "Explore: walk to the nearest room you have not been in, a room a turn"),
    "rest": ((pygame.K_z,), "Rest: wait until healed, or until something needs you"),
    "places": ((pygame.K_p,), "Places: the rooms you know, by name; choose one to travel there"),
    "surface": ((pygame.K_u,), "Climb the way up to the region map (in the room with the way up)"),
    "use_slot": ((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
                  pygame.K_8, pygame.K_9), "Use, equip or eat pack line 1-9 of the side panel's page"),
    "pack_page": ((pygame.K_TAB,), "Show the next page of the pack in the side panel (for the 1-9 keys)"),
    "inventory": ((pygame.K_i,), "Open the inventory: every item, its weight and card; use, equip, drop"),
    "character": ((pygame.K_h,), "Open the character sheet: attributes, defences, experience, party"),
    "look": ((pygame.K_x,), "Look around: step through creatures, items and exits with their cards"),
    "scent": ((pygame.K_c,), "Toggle the scent overlay"),
    "journal": ((pygame.K_j,), "Open the journal: your work and the people you have met"),
    "log_older": ((pygame.K_PAGEUP,), "Scroll the message log back"),
    "log_newer": ((pygame.K_PAGEDOWN,), "Scroll the message log forward"),
    "dismiss_hint": ((pygame.K_BACKSPACE,), "Hide the hint at the top of the map (Settings switch hints off)"),
    "help": ((pygame.K_F1,), "Show or hide the controls and How to play"),
    "reload": ((pygame.K_F5,), "Reload the map from disk (keeps the hero and its party)"),
    "screenshot": ((pygame.K_F12,), "Save a screenshot"),
    "pause": ((pygame.K_ESCAPE,), "Pause menu"),
    "fullscreen": ((pygame.K_F11,), "Fullscreen on or off (Alt+Enter too)"),
}
KEYS = dict(DEFAULTS)  # the keys in use: the defaults with the player's changes
DESIGNER = ("reload",)  # keys for map designers: the F1 screen and docs/controls.md list them apart


class Explore:
    """What auto-explore (O) picks up, as the Settings say (Preferences.apply sets it; issue 23)."""

    pick_up = "provisions"
NAMES = {  # what the settings screen calls each action (and each of use_slot's keys, "Use item 3")
    "north": "Move north", "south": "Move south", "west": "Move west", "east": "Move east",
    "end_turn": "End turn", "eat": "Eat or drink", "heal": "Drink a healing potion", "pick_up": "Pick up",
    "talk": "Talk", "cast": "Cast a binding spell", "surface": "Climb to the region", "use_slot": "Use item", "scent": "Scent overlay",
    "pack_page": "Next pack page", "inventory": "Inventory", "character": "Character sheet", "look": "Look",
    "journal": "Journal", "log_older": "Log back",
    "log_newer": "Log forward", "help": "Controls",
    "dismiss_hint": "Hide the hint", "reload": "Reload the map", "screenshot": "Screenshot",
    "pause": "Pause menu", "fullscreen": "Fullscreen", "second_wind": "Second Wind", "explore": "Explore",
    "rest": "Rest", "places": "Travel to a place",
}
CANCEL = pygame.K_ESCAPE  # while the settings screen waits for a key, Esc cancels: it cannot be given anew

MOUSE: list[tuple[str, str]] = [
    ("Left click a creature", "Talk to it, or attack it if it is hostile (it must share your room)"),
    ("Left click an item", "Pick it up (in your room); a spring or patch: eat or drink there"),
    ("Left click a room or door", "Move to that adjacent room, or travel to a farther room you know"),
    ("Left click a room on the minimap", "Travel there by the shortest way you know (any key stops)"),
    ("Hover a creature, an item or a pack line", "Show its card"),
    ("Click a pack line", "Use, equip or eat it (the Pack heading opens the inventory)"),
    ("Click a line under In this room", "Talk to that creature, or attack it if it is hostile"),
    ("Click an exit under the room name", "Move through it"),
    ("Mouse wheel on the log", "Scroll the message log"),
    ("Click Journal at the foot of the panel", "Open the journal"),
]

# In a conversation (the dialogue screen): keys, what they do (docs/controls.md), and the screen's hint.
DIALOGUE: list[tuple[str, str, str]] = [
    ("1-9, then letters", "Say that choice: each keeps its key for the whole conversation", "the key beside it, or click"),
    ("Up / Down, Enter", "Pick a choice and say it", "Up/Down and Enter"),
    ("Click a choice", "Say it", ""),
    ("Esc or G", "Goodbye: leave the conversation (costs nothing, even in a moment)", "Esc or G leaves"),
    ("Mouse wheel, Page Up / Page Down", "Scroll what was said", "wheel scrolls"),
    ("D", "Draw weapon: asks once more (Y draws, N or Esc does not); then the person becomes your enemy where it "
          "stands", ""),
]

# On the trade screen (N5): keys, what they do (docs/controls.md), and the screen's hint.
TRADE: list[tuple[str, str, str]] = [
    ("Up / Down", "Choose a line", "Up/Down choose"),
    ("Left / Right, Tab", "Change side: the merchant's wares or your goods", "Left/Right or Tab: side"),
    ("Enter, Space, click a line", "Buy it (the merchant's side) or sell it (yours)", "Enter or click: buy / sell"),
    ("Hover a line", "Show the item's card and how its price is made", "hover explains the price"),
    ("Mouse wheel", "Scroll a long side", ""),
    ("Esc", "Back to the conversation", "Esc back"),
]

# On the journal screen (N40, N44): keys, what they do (docs/controls.md), and the screen's hint.
JOURNAL: list[tuple[str, str, str]] = [
    ("Left / Right, Tab, click a tab", "Change tab: Work, People, Places or Chronicle", "Left/Right or Tab: tab"),
    ("Up / Down, click a line", "Choose an entry and read it", "Up/Down choose"),
    ("Mouse wheel", "Scroll the list", ""),
    ("G, Enter", "Go there: travel to where the chosen work, person or place is", "G: go there"),
    ("Esc, J", "Close the journal", "Esc or J closes"),
]

DIRECTIONS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}

# On the inventory screen: keys, what they do (docs/controls.md), and the screen's hint.
INVENTORY: list[tuple[str, str, str]] = [
    ("Up / Down, 1-9, click a line", "Choose an item (its card shows on the right)", "Up/Down choose"),
    ("Enter, U", "Use, eat or equip it", "Enter use/equip"),
    ("R", "Take it off (what you wear or wield; it stays in the pack)", "R remove"),
    ("D", "Drop it on the floor", "D drop"),
    ("O", "Sort by kind, name, weight or value", "O sort"),
    ("Mouse wheel", "Scroll a long pack", ""),
    ("Esc, I", "Close the inventory", "Esc closes"),
]

# On the character sheet: keys (docs/controls.md) and the screen's hint.
CHARACTER: list[tuple[str, str, str]] = [
    ("Esc, H", "Close the character sheet", "Esc or H closes"),
]

_BY_KEY = {key: action for action, (keys, _) in KEYS.items() for key in keys}


def action_for(key: int) -> str | None:
    """The action a key press means, or None."""
    return _BY_KEY.get(key)


def label(key: int) -> str:
    """A key as the screens print it: 'Up', 'W', 'Page Up', 'F11', 'Esc' (as every screen's own words say it)."""
    if key == pygame.K_ESCAPE:
        return "Esc"
    name = pygame.key.name(key)
    return name.title() if len(name) > 1 else name.upper()


def key_names(action: str) -> str:
    """'Up / W' style label of an action's keys ('1-9' for the nine default item keys)."""
    keys = KEYS[action][0]
    if action == "use_slot" and keys == DEFAULTS["use_slot"][0]:
        return "1-9"
    return " / ".join(label(k) for k in keys)


def slots() -> list[tuple[str, int]]:
    """Every (action, index) a key can be set for, in the help screen's order: the settings screen's rows."""
    return [(action, i) for action, (keys, _) in KEYS.items() for i in range(len(keys))]


def slot_name(action: str, index: int) -> str:
    """'Move north', 'Move north (2nd key)', 'Use item 3'."""
    if action == "use_slot":
        return f"Use item {index + 1}"
    return NAMES[action] + (f" ({index + 1}{'nd' if index == 1 else 'th'} key)" if index else "")


def rebind(action: str, index: int, key: int) -> str | None:
    """Give `action`'s key number `index` the key `key`; None when done, else why it was refused (the key
    is taken by another action or slot, or is Esc)."""
    keys = KEYS[action][0]
    if keys[index] == key:
        return None
    if key == CANCEL:
        return f"{label(key)} cancels; it cannot be given to {slot_name(action, index)}."
    owner = _BY_KEY.get(key)
    if owner is not None:
        taken = slot_name(owner, KEYS[owner][0].index(key))
        return f"{label(key)} is already {taken}; give that another key first."
    use({**table(), action: keys[:index] + (key,) + keys[index + 1:]})
    return None


def table() -> dict[str, tuple[int, ...]]:
    """The keys in use, action by action."""
    return {action: keys for action, (keys, _) in KEYS.items()}


def use(keys: dict[str, tuple[int, ...]]) -> None:
    """Put a whole table of keys in use (actions not in it keep their defaults)."""
    for action, (default, what) in DEFAULTS.items():
        KEYS[action] = (keys.get(action, default), what)
    _BY_KEY.clear()
    _BY_KEY.update({key: action for action, (keys_, _) in KEYS.items() for key in keys_})


def names() -> dict[str, tuple[str, ...]]:
    """The actions whose keys differ from the defaults, as pygame key names (the settings file's [keys])."""
    return {action: tuple(pygame.key.name(k) for k in keys) for action, (keys, _) in KEYS.items()
            if keys != DEFAULTS[action][0]}


def from_names(names_: dict[str, tuple[str, ...]], where: str) -> tuple[dict[str, tuple[int, ...]], list[str]]:
    """The key table the settings file's [keys] names, and its problems (unknown action or key name, a key
    count unlike the action's, a key given twice). With any problem, the default keys (empty table)."""
    keys: dict[str, tuple[int, ...]] = {}
    problems = []
    for action, given in names_.items():
        if action not in DEFAULTS:
            problems.append(f"{where}: keys.{action}: no such action (known: {', '.join(DEFAULTS)})")
            continue
        if len(given) != len(DEFAULTS[action][0]):
            problems.append(f"{where}: keys.{action} needs {len(DEFAULTS[action][0])} keys, not {len(given)}")
            continue
        try:
            keys[action] = tuple(pygame.key.key_code(name) for name in given)
        except ValueError:
            problems.append(f"{where}: keys.{action}: unknown key name in {list(given)}")
    if not problems:
        used: dict[int, str] = {}
        for action, (default, _) in DEFAULTS.items():
            for key in keys.get(action, default):
                if key in used or key == pygame.K_UNKNOWN:
                    problems.append(f"{where}: keys.{action}: {label(key)} is also {NAMES[used[key]]}"
                                    if key in used else f"{where}: keys.{action}: a key with no name")
                used[key] = action
    if problems:
        return {}, [p + "; using the default keys" for p in problems]
    return keys, []
