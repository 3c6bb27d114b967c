"""F12: screenshots go to the player's pictures folder; a failed write is a line in the log, never a crash."""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game import userdirs

log = logging.getLogger("ethernalis.screenshots")


def folder() -> Path:
    """<the user's pictures folder>/Ethernalis (~/Pictures/Ethernalis on most systems), where players look."""
    return userdirs.pictures_dir()


def save(surface: pygame.Surface, stem: str) -> tuple[bool, str]:
    """Write `surface` as <folder>/<stem>.png; returns whether it was written and the line for the log (the
    message log on screen, and the game's log file)."""
    path = folder() / f"{stem}.png"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(path))
    except OSError as exc:
        words = f"Screenshot not saved: cannot write to {path.parent} ({exc.strerror or exc})."
    except (pygame.error, ValueError) as exc:
        words = f"Screenshot not saved to {path}: {exc}."
    else:
        log.info("screenshot saved: %s", path)
        return True, f"Screenshot saved: {path}"
    log.warning("%s", words)
    return False, words
