"""Where the game's files are, in a checkout and in a frozen executable."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
ASSETS = ROOT / "assets"
DATA = ASSETS / "data"
MAPS = ROOT / "maps"
DEFAULT_MAP = MAPS / "default.tmx"
