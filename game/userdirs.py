"""The player's own folders (platformdirs): settings in the config folder, the log in the log folder,
screenshots in the pictures folder, the checked maps in the cache folder, mods and the save slots in the data
folder (game/save). Tests point these at temporary folders through the XDG_* variables (tests/conftest.py)."""
from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "ethernalis"


def config_dir() -> Path:
    """~/.config/ethernalis on Linux, %APPDATA%\\ethernalis on Windows, ~/Library/Application Support/… on macOS."""
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def log_dir() -> Path:
    """~/.local/state/ethernalis/log on Linux, %LOCALAPPDATA%\\ethernalis\\Logs on Windows, ~/Library/Logs/… on macOS."""
    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """~/.cache/ethernalis on Linux, %LOCALAPPDATA%\\ethernalis\\Cache on Windows, ~/Library/Caches/… on macOS:
    what may be deleted at any time (game/maps/diskcache.py)."""
    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


def mods_dir() -> Path:
    """~/.local/share/ethernalis/mods on Linux, %LOCALAPPDATA%\\ethernalis\\mods on Windows, ~/Library/Application
    Support/ethernalis/mods on macOS: one folder per mod (game/mods.py, docs/modding.md)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / "mods"


def pictures_dir() -> Path:
    """<the user's pictures folder>/Ethernalis (~/Pictures/Ethernalis on most systems), where players look."""
    return Path(platformdirs.user_pictures_dir()) / "Ethernalis"


def save_slot() -> Path:
    """The save slot the game window uses: <user data dir>/ethernalis/saves/slot1.sav (world saves beside it);
    game.save.default_save_path names the same one (the save layer does not import this one), read here so
    the title's first frame needs no save code (tests/test_ui_app.py checks they agree)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / "saves" / "slot1.sav"


def data_dir() -> Path:
    """~/.local/share/ethernalis on Linux, %LOCALAPPDATA%\\ethernalis on Windows, ~/Library/Application Support/…
    on macOS: what the player keeps (the hall of heroes, game/hall.py)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


HALL_INDEX = "hall.json"  # the hall's list of heroes, in hall_dir()


def hall_dir() -> Path:
    """<data folder>/hall: the hall of heroes (game/hall.py), its list, morgue files and recordings; named here
    so the title knows whether a hero has fallen without reading the hall."""
    return data_dir() / "hall"
