"""The window: the fixed logical screen (1280x720) shown at a window scale, non-integer ones included
(1.25 is a 1600x900 window), or fullscreen; pygame's SCALED mode scales it and maps the mouse back."""
from __future__ import annotations

import logging
import warnings

import pygame

from game.paths import ASSETS
from game.ui import theme

log = logging.getLogger("ethernalis.display")


def open_window(fullscreen: bool, scale: float) -> pygame.Surface:
    """The game's window with its title and icon, in the mode asked for; returns the logical surface."""
    pygame.display.set_caption("Ethernalis")
    icon = ASSETS / "icon" / "ethernalis.png"  # drawn by make art (tools/art/icon.py)
    if icon.is_file():
        pygame.display.set_icon(pygame.image.load(str(icon)))
    with warnings.catch_warnings():  # the dummy driver of the tests has no GPU renderer: harmless
        warnings.filterwarnings("ignore", message="no fast renderer available")
        pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.SCALED | pygame.RESIZABLE)
    set_mode(fullscreen, scale)
    return pygame.display.get_surface()


def window_size(scale: float) -> tuple[int, int]:
    """The window's size at `scale`, made smaller to fit the desktop but never below the logical size."""
    w, h = theme.LOGICAL_SIZE
    desktop = pygame.display.get_desktop_sizes()[0] if pygame.display.get_desktop_sizes() else (w, h)
    fit = max(1.0, min(scale, desktop[0] / w, desktop[1] / h))
    return round(w * fit), round(h * fit)


def set_mode(fullscreen: bool, scale: float) -> str | None:
    """Switch the open window to fullscreen (the desktop's size), or to a window at `scale`; None when done,
    else why not.

    Through pygame-ce's Window object: SCALED alone only picks whole-number window sizes, and calling
    set_mode again to leave fullscreen corrupts memory in pygame-ce 2.5.8. pygame-ce warns that drawing
    through a Window from the display module is deprecated; this only sets its size and mode.
    """
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", category=DeprecationWarning)
            window = pygame.Window.from_display_module()
            if fullscreen:
                window.set_fullscreen(desktop=True)
            else:
                window.set_windowed()
                window.size = window_size(scale)
    except pygame.error as exc:
        log.warning("display mode not changed (fullscreen=%s, scale=%s): %s", fullscreen, scale, exc)
        return f"The display cannot do that: {exc}."
    return None
