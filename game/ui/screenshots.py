"""F12: screenshots go to the player's pictures folder; a failed write is a line in the log, never a crash."""
from __future__ import annotations

from pathlib import Path

import platformdirs
import pygame


def folder() -> Path:
    """<the user's pictures folder>/Ethernalis (~/Pictures/Ethernalis on most systems), where players look."""
    return Path(platformdirs.user_pictures_dir()) / "Ethernalis"


def save(surface: pygame.Surface, stem: str) -> tuple[bool, str]:
    """Write `surface` as <folder>/<stem>.png; returns whether it was written and the line for the log."""
    path = folder() / f"{stem}.png"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
    except OSError as exc:
        return False, f"Screenshot not saved: cannot write to {path.parent} ({exc.strerror or exc})."
    except pygame.error as exc:
        return False, f"Screenshot not saved: {exc}."
    return True, f"Screenshot saved: {path}"
