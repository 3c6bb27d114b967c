"""Esc: the pause menu over the frozen dungeon; Save writes the run to the session's save slot."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.session import Session

RESUME, SAVE, CONTROLS, NEW_RUN, TITLE, QUIT = "Resume", "Save", "Controls", "New run", "Quit to title", "Quit game"
WAYS_OUT = {NEW_RUN: "dungeon", TITLE: "title", QUIT: "quit"}


class PauseScene(Scene):
    opaque = False

    def __init__(self, session: Session, log: widgets.MessageLog) -> None:
        super().__init__()
        self.session = session
        self.log = log  # the dungeon's message log, where Save reports
        self.menu = widgets.Menu([RESUME, SAVE, CONTROLS, NEW_RUN, TITLE, QUIT], (theme.LOGICAL_SIZE[0] // 2, 206))
        self.problems: list[str] = []

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()
            return
        choice = self.menu.handle(event)
        if choice == RESUME:
            self.stack.pop()
        elif choice == SAVE:
            self.stack.pop()
            saved, words = self.session.save()  # the log says where, or why it could not
            self.log.add(words, theme.NOTE if saved else theme.PROBLEM)
        elif choice == CONTROLS:
            self.stack.push("help")
        elif choice in WAYS_OUT:
            self.problems = self.stack.leave_run(WAYS_OUT[choice])

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        widgets.veil(surface, (6, 4, 10, 160))
        rect = pygame.Rect(0, 0, 380, 446)
        rect.center = (w // 2, h // 2)
        widgets.panel(surface, rect)
        widgets.text(surface, "Paused", (w // 2, rect.y + 24), 34, theme.TITLE, bold=True, centre=True)
        self.menu.draw(surface)
        for i, line in enumerate(self.problems[:4]):
            widgets.text(surface, line, (w // 2, rect.bottom + 12 + i * 20), 14, theme.PROBLEM, centre=True, width=1100)
