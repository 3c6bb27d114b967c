"""Where the game's files are (a checkout, an installed package, a PyInstaller bundle); which paths are
regular files, and which name the same file."""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path


def find_root(package: Path, bundle: str | None) -> Path:
    """The folder holding assets/ and maps/ (and main.py, except in a bundle), in the game's three layouts
    (docs/packaging.md): a PyInstaller bundle's folder (`bundle`, sys._MEIPASS: the spec puts the data
    beside the executable), an installed package's share/ folder (package data, setup.py), or the top of
    the checkout holding the `package` folder."""
    if bundle is not None:
        return Path(bundle)
    installed = package / "share"
    return installed if (installed / "assets").is_dir() else package.parent


ROOT = find_root(Path(__file__).resolve().parent, getattr(sys, "_MEIPASS", None))
ASSETS = ROOT / "assets"
DATA = ASSETS / "data"
MAPS = ROOT / "maps"
DEFAULT_MAP = MAPS / "default.tmx"


def regular_file(path: Path) -> os.stat_result | None:
    """The file's status when `path` is a regular file (not a folder, FIFO or device), else None."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return status if stat.S_ISREG(status.st_mode) else None


def same_file(a: Path, b: Path) -> bool:
    """Both paths name one existing file (through links too), or are the same path."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.abspath(a) == os.path.abspath(b)
REGION_MAP = MAPS / "region.tmx"
