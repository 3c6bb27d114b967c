"""The death screen: how and by whom the hero died, over the dungeon where it happened, and the recap (issue 23):
the turns, level, gold, rooms seen and kills, the blow that killed with the chance it had, what went unused in
the pack, the log's last lines (game/ui/recap.py); says the hero is in the hall of heroes (game/hall.py); offers
to watch the run replayed (game/ui/watch.py) when it was recorded, and a new run (in a world of sites, where the
world goes on without this hero, the title's worlds screen offers a new hero)."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import theme, widgets
from game.ui.recap import Summary
from game.ui.scene import Scene

NEW_RUN, TITLE, QUIT, WATCH = "New run", "Title screen", "Quit", "Watch the run"
WAYS_OUT = {NEW_RUN: "dungeon", TITLE: "title", QUIT: "quit"}


class DeathScene(Scene):
    opaque = False

    def __init__(self, cause: str, turn: int, in_world: bool = False, recap: Summary | None = None,
                 last: list[str] | tuple[str, ...] = (), hall: str = "", recording: Path | None = None) -> None:
        super().__init__()
        self.cause = cause
        self.turn = turn
        self.recap = recap
        self.last = list(last)
        self.in_world = in_world
        self.hall = hall  # the line saying the hero is in the hall of heroes (game/hall.py), or why not
        self.recording = recording  # the run's recording in the hall, to watch it replayed
        ways_out = [TITLE, QUIT] + ([WATCH] if recording else []) + ([] if in_world else [NEW_RUN])
        self.menu = widgets.Menu(ways_out, (theme.LOGICAL_SIZE[0] // 2, 480), height=36, gap=6)  # the same places...
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
        widgets.text(surface, "You have died", (w // 2, 40), 60, (230, 60, 60), bold=True, centre=True)
        widgets.panel(surface, pygame.Rect(w // 2 - 590, 120, 1180, self.menu.rects[0].top - 134), alpha=235)
        y = widgets.text(surface, self.cause, (w // 2, 130), 24, theme.TEXT, centre=True, width=1000).bottom + 8
        recap = self.recap
        if recap is not None:
            for words, size, colour in ((recap.facts, 18, theme.TEXT), (recap.blow, 17, theme.HOSTILE),
                                        (f"Unused in your pack: {recap.unused}." if recap.unused else "", 16,
                                         theme.ACCENT)):
                if words:
                    y = widgets.text(surface, words, (w // 2, y), size, colour, centre=True, width=1100).bottom + 6
        elif f"turn {self.turn}" not in self.cause:
            y = widgets.text(surface, f"on turn {self.turn}", (w // 2, y), 18, theme.TEXT_DIM, centre=True).bottom + 6
        if self.in_world:
            y = widgets.text(surface, "Your world goes on without you: the title's worlds screen starts a new hero "
                             "in it.", (w // 2, y), 15, theme.TEXT_DIM, centre=True, width=1100).bottom + 6
        if self.hall:
            y = widgets.text(surface, self.hall, (w // 2, y), 15, theme.TEXT_DIM, centre=True, width=1100).bottom + 6
        if self.last:
            y = widgets.text(surface, "Last messages", (w // 2, y + 8), 15, theme.TEXT_DIM, bold=True,
                             centre=True).bottom + 2
            for line in self.last:
                if y > self.menu.rects[0].top - 24:
                    break
                y = widgets.text(surface, line, (w // 2, y), 14, theme.TEXT_DIM, centre=True, width=1100).bottom
        self.menu.draw(surface)
        for i, line in enumerate(self.problems[:4]):
            widgets.text(surface, line, (w // 2, 652 + i * 17), 14, theme.PROBLEM, centre=True, width=1100)
