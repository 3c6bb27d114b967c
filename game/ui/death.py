"""The death screen: how and by whom the hero died, over the dungeon where it happened; offers a new run (in
a world of sites, where the world goes on without this hero, the title's worlds screen offers a new hero), and to
watch the run replayed (game/ui/watch.py) when it was recorded; says the hero is in the hall of heroes."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene

NEW_RUN, TITLE, QUIT, WATCH = "New run", "Title screen", "Quit", "Watch the run"
WAYS_OUT = {NEW_RUN: "dungeon", TITLE: "title", QUIT: "quit"}


class DeathScene(Scene):
    opaque = False

    def __init__(self, cause: str, turn: int, in_world: bool = False, hall: str = "",
                 recording: Path | None = None) -> None:
        super().__init__()
        self.cause = cause
        self.turn = turn
        self.hall = hall  # the line saying the hero is in the hall of heroes (game/hall.py), or why not
        self.recording = recording  # the run's recording in the hall, to watch it replayed
        ways_out = [TITLE, QUIT] + ([WATCH] if recording else []) + ([] if in_world else [NEW_RUN])
        self.menu = widgets.Menu(ways_out, (theme.LOGICAL_SIZE[0] // 2, 392))  # the same places in every mode...
        self.menu.selected = len(ways_out) - 1 if not in_world else 0  # ...and Enter starts a new one-map run
        self.fade = 0.0
        self.problems: list[str] = []

    def handle(self, event: pygame.event.Event) -> None:
        choice = self.menu.handle(event)
        if choice == WATCH:
            self.stack.push("watch", path=self.recording)
        elif choice in WAYS_OUT:
            self.problems = self.stack.leave_run(WAYS_OUT[choice])

    @property
    def animating(self) -> bool:
        return self.fade < 1.0

    def update(self, dt: float) -> None:
        self.fade = min(1.0, self.fade + dt * 1.5)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        widgets.veil(surface, (40, 0, 6, int(200 * self.fade)))
        widgets.text(surface, "You have died", (w // 2, 180), 72, (230, 60, 60), bold=True, centre=True)
        widgets.text(surface, self.cause, (w // 2, 290), 24, theme.TEXT, centre=True, width=1000)
        if f"turn {self.turn}" not in self.cause:
            widgets.text(surface, f"on turn {self.turn}", (w // 2, 330), 18, theme.TEXT_DIM, centre=True)
        if self.hall:
            widgets.text(surface, self.hall, (w // 2, 360), 16, theme.TEXT_DIM, centre=True, width=1000)
        self.menu.draw(surface)
        for i, line in enumerate(self.problems[:4]):
            widgets.text(surface, line, (w // 2, 640 + i * 18), 14, theme.PROBLEM, centre=True, width=1100)
