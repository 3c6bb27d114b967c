"""The victory screen (issue 24): the siege has fallen; how, and the hero's deeds, over the map where it
happened. "Keep playing" goes back to the world, which goes on; the title screen leaves the run (the world
is saved as always)."""
from __future__ import annotations

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene
from game.world.victoryview import VictoryView

GOLD = (240, 200, 90)


class VictoryScene(Scene):
    opaque = False

    def __init__(self, view: VictoryView) -> None:
        super().__init__()
        self.view = view
        self.ways_out = {view.on: "", view.leave: "title"}
        self.menu = widgets.Menu(list(self.ways_out), (theme.LOGICAL_SIZE[0] // 2, 560))
        self.fade = 0.0
        self.problems: list[str] = []

    def handle(self, event: pygame.event.Event) -> None:
        choice = self.menu.handle(event)
        if choice == self.view.on or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.stack.pop()
        elif choice in self.ways_out:
            self.problems = self.stack.leave_run(self.ways_out[choice])

    def update(self, dt: float) -> None:
        self.fade = min(1.0, self.fade + dt * 1.5)

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = theme.LOGICAL_SIZE
        widgets.veil(surface, (20, 14, 2, int(225 * self.fade)))
        widgets.text(surface, self.view.title, (w // 2, 120), 60, GOLD, bold=True, centre=True)
        told = widgets.text(surface, self.view.told, (w // 2, 220), 22, theme.TEXT, centre=True, width=1200)
        top = told.bottom + 30
        heading = widgets.text(surface, self.view.heading, (w // 2, top), 20, GOLD, bold=True, centre=True)
        y = heading.bottom + 10
        for line in self.view.deeds:
            y = widgets.text(surface, line, (w // 2, y), 18, theme.TEXT, centre=True, width=900).bottom + 6
        self.menu.draw(surface)
        for i, line in enumerate(self.problems[:4]):
            widgets.text(surface, line, (w // 2, 700 + i * 20), 14, theme.PROBLEM, centre=True, width=1100)
