"""The death screen: how and by whom the hero died, over the dungeon where it happened; offers a new run (in
a world of sites, where the world goes on without this hero, the title's worlds screen offers a new hero)."""
from __future__ import annotations

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene

NEW_RUN, TITLE, QUIT = "New run", "Title screen", "Quit"
WAYS_OUT = {NEW_RUN: "dungeon", TITLE: "title", QUIT: "quit"}


class DeathScene(Scene):
    opaque = False

    def __init__(self, cause: str, turn: int, in_world: bool = False) -> None:
        super().__init__()
        self.cause = cause
        self.turn = turn
        ways_out = [TITLE, QUIT] if in_world else [TITLE, QUIT, NEW_RUN]  # the same places in every mode...
        self.menu = widgets.Menu(ways_out, (theme.LOGICAL_SIZE[0] // 2, 400))
        self.menu.selected = len(ways_out) - 1 if not in_world else 0  # ...and Enter starts a new one-map run
        self.fade = 0.0
        self.problems: list[str] = []

    def handle(self, event: pygame.event.Event) -> None:
        choice = self.menu.handle(event)
        if choice in WAYS_OUT:
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
        self.menu.draw(surface)
        for i, line in enumerate(self.problems[:4]):
            widgets.text(surface, line, (w // 2, 600 + i * 20), 14, theme.PROBLEM, centre=True, width=1100)
