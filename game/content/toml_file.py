"""Reading TOML data files with errors that name the file."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from game.content.errors import ContentError


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot read: {exc.strerror}") from None
