"""The victory screen (issue 24): the siege has fallen; how, and the hero's deeds, over the map where it
happened, and that the hero is in the hall of heroes (game/hall.py). "Keep playing" goes back to the world, which
goes on; "See it in the hall of heroes" opens the hero's entry there, its morgue file read; the title screen
leaves the run (the world is saved as always)."""
from __future__ import annotations

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene
from game.world.victoryview import VictoryView

GOLD = (240, 200, 90)


class VictoryScene(Scene):
    opaque = False

    def __init__(self, view: VictoryView, hall: str = "", entry: str = "") -> None:
        super().__init__()
        self.view = view
        self.hall = hall  # the line saying the hero is in the hall of heroes, or why not
        self.entry = entry  # its morgue file's name in the hall ("" when it could not be written)
        self.ways_out = {view.on: "", **({view.hall: "hall"} if entry else {}), view.leave: "title"}
        self.menu = widgets.Menu(list(self.ways_out), (theme.LOGICAL_SIZE[0] // 2, 546), width=400, height=42,
                                 gap=10)
        self.fade = 0.0
        self.problems: list[str] = []

    def handle(self, event: pygame.event.Event) -> None:
        choice = self.menu.handle(event)
        if choice == self.view.on or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.stack.pop()
        elif choice == self.view.hall:
            self.stack.push("hall", reading=self.entry)
        elif choice in self.ways_out:
            self.problems = self.stack.leave_run(self.ways_out[choice])

    def update(self, dt: float) -> None:
        self.fade = min(1.0, self.fade + dt * 1.5)

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = theme.LOGICAL_SIZE
        widgets.veil(surface, (20, 14, 2, int(225 * self.fade)))
        widgets.text(surface, self.view.title, (w // 2, 30), 60, GOLD, bold=True, centre=True)
        widgets.panel(surface, pygame.Rect(w // 2 - 590, 126, 1180, self.menu.rects[0].top - 140), alpha=235)
        told = widgets.text(surface, self.view.told, (w // 2, 140), 22, theme.TEXT, centre=True, width=1120)
        top = told.bottom + 30
        heading = widgets.text(surface, self.view.heading, (w // 2, top), 20, GOLD, bold=True, centre=True)
        y = heading.bottom + 10
        for line in self.view.deeds:
            y = widgets.text(surface, line, (w // 2, y), 18, theme.TEXT, centre=True, width=900).bottom + 6
        if self.hall:
            widgets.text(surface, self.hall, (w // 2, y + 10), 16, theme.TEXT_DIM, centre=True, width=1100)
        self.menu.draw(surface)
        for i, line in enumerate(self.problems[:4]):
            widgets.text(surface, line, (w // 2, 700 + i * 20), 14, theme.PROBLEM, centre=True, width=1100)
