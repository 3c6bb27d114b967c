"""Esc: the pause menu over the frozen dungeon; Save writes the run to the session's save slot, Settings opens
the settings screen over it. Its buttons sit in the same places in a one-map run and in a world; New run, a
one-map run's only, comes last. A way out that discards a one-map run (New run, Quit to title, Quit game)
asks once: its button says so, and a second press goes (a world is saved on the way out and does not ask)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.session import Session

RESUME, SAVE, CONTROLS, SETTINGS = "Resume", "Save", "Controls", "Settings"
NEW_RUN, TITLE, QUIT = "New run", "Quit to title", "Quit game"
WAYS_OUT = {NEW_RUN: "dungeon", TITLE: "title", QUIT: "quit"}
ASK = {NEW_RUN: "New run? Press again", TITLE: "To title? Press again", QUIT: "Quit? Press again"}
ASKED = "This run's play since its last save will be lost."  # under the menu while a button asks


class PauseScene(Scene):
    opaque = False

    def __init__(self, session: Session, log: widgets.MessageLog) -> None:
        super().__init__()
        self.session = session
        self.log = log  # the dungeon's message log, where Save reports
        self.in_world = session.realm is not None
        self.labels = [RESUME, SAVE, CONTROLS, SETTINGS, TITLE, QUIT] + ([] if self.in_world else [NEW_RUN])
        self.menu = widgets.Menu(list(self.labels), (theme.LOGICAL_SIZE[0] // 2, 214), height=40, gap=10, width=320)
        self.problems: list[str] = []
        self.asking = ""  # the way out whose button asks "Again?"

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()
            return
        choice = self.menu.handle(event)
        if choice is not None:
            choice = self.labels[self.menu.labels.index(choice)]  # an asking button means its way out
            if choice in WAYS_OUT and not self.in_world and choice != self.asking:
                self._ask(choice)
                return
            self._ask("")
        if choice == RESUME:
            self.stack.pop()
        elif choice == SAVE:
            self.stack.pop()
            saved, words = self.session.save()  # the log says where, or why it could not
            self.log.add(words, theme.NOTE if saved else theme.PROBLEM)
        elif choice == CONTROLS:
            self.stack.push("help")
        elif choice == SETTINGS:
            self.stack.push("settings")
        elif choice in WAYS_OUT:
            self.problems = self.stack.leave_run(WAYS_OUT[choice])

    def _ask(self, way_out: str) -> None:
        """Let `way_out`'s button ask before it goes ("": none asks)."""
        self.asking = way_out
        self.menu.labels = [ASK[label] if label == way_out else label for label in self.labels]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        widgets.veil(surface, (6, 4, 10, 160))
        rect = pygame.Rect(0, 0, 380, 120 + 50 * len(self.labels))
        rect.center = (w // 2, h // 2)
        widgets.panel(surface, rect)
        widgets.text(surface, "Paused", (w // 2, rect.y + 16), 34, theme.TITLE, bold=True, centre=True)
        self.menu.draw(surface)
        if self.asking:
            widgets.text(surface, ASKED, (w // 2, rect.bottom - 34), 14, theme.PROBLEM, centre=True)
        for i, line in enumerate(self.problems[:4]):
            widgets.text(surface, line, (w // 2, rect.bottom + 12 + i * 20), 14, theme.PROBLEM, centre=True, width=1100)
