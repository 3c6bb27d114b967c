"""Where the game's files are, in a checkout and in a frozen executable; which paths are regular files, and
which name the same file."""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

ROOT = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
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
