"""The crash screen: an unhandled error in the game loop ends the game here, saying what happened, where the
log with the details is, and where the emergency save went (beside the slot, never over it)."""
from __future__ import annotations

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene


class CrashScene(Scene):
    """Any key, a click or closing the window ends the game (exit code 1)."""

    def __init__(self, error: str, log_line: str, save_line: str) -> None:
        super().__init__()
        self.lines = [error, log_line, save_line]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stack.quit(1)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        surface.fill(theme.BACKGROUND)
        rect = pygame.Rect(0, 0, 1040, 360)
        rect.center = (w // 2, h // 2)
        widgets.panel(surface, rect)
        y = widgets.text(surface, "Ethernalis has stopped", (w // 2, rect.y + 30), 40, theme.PROBLEM, bold=True,
                         centre=True).bottom + 10
        y = widgets.text(surface, "Something went wrong that the game did not foresee. Sorry.", (w // 2, y), 18,
                         theme.TEXT, centre=True).bottom + 26
        for heading, line in zip(("What happened", "The log", "Your game"), self.lines):
            widgets.text(surface, heading, (rect.x + 40, y), 16, theme.ACCENT, bold=True)
            y = widgets.text(surface, line, (rect.x + 200, y), 16, theme.TEXT, width=rect.w - 240).bottom + 18
        widgets.text(surface, "Press any key or click to close.", (w // 2, rect.bottom - 40), 15, theme.TEXT_DIM,
                     centre=True)
