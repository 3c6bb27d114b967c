"""Places (P in the dungeon): the rooms the hero knows, by name, nearest first; choosing one travels there
(issue 23, game/world/wayfinding.py). Up/Down or the wheel scroll, Enter or a click chooses, Esc leaves."""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui import theme, widgets
from game.ui.scene import Scene

ROWS = 12  # lines shown at once


class PlacesScene(Scene):
    """`places`: (room id, line) in the order shown; `choose` is called with the chosen room. Over the map."""

    opaque = False

    def __init__(self, places: list[tuple[int, str]], choose: Callable[[int], None]) -> None:
        super().__init__()
        self.places, self.choose = places, choose
        self.selected, self.first = 0, 0
        self.rects: list[tuple[pygame.Rect, int]] = []

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stack.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.places:
                self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % len(self.places)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.places:
                self._chosen(self.selected)
        elif event.type == pygame.MOUSEWHEEL and self.places:
            self.selected = max(0, min(len(self.places) - 1, self.selected - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self.rects:
                if rect.collidepoint(event.pos):
                    self._chosen(index)
                    return

    def _chosen(self, index: int) -> None:
        room = self.places[index][0]
        self.stack.pop()
        self.choose(room)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        surface.blit(widgets.tint((w, h), (0, 0, 0, 170)), (0, 0))
        line = widgets.line_height(18, True) + 10
        box = pygame.Rect(0, 0, 560, 130 + ROWS * line)
        box.center = (w // 2, h // 2)
        widgets.panel(surface, box, alpha=245)
        widgets.text(surface, "Travel to a place you know", (box.centerx, box.y + 16), 24, theme.TITLE, bold=True,
                     centre=True)
        if not self.places:
            widgets.text(surface, "You know no other place here yet.", (box.centerx, box.y + 80), 18, theme.TEXT_DIM,
                         centre=True)
        self.first = min(max(0, self.selected - ROWS + 1), self.first) if self.selected >= self.first \
            else self.selected
        self.first = max(self.first, self.selected - ROWS + 1)
        self.rects = []
        for row, index in enumerate(range(self.first, min(len(self.places), self.first + ROWS))):
            rect = pygame.Rect(box.x + 20, box.y + 64 + row * line, box.w - 40, line - 4)
            chosen = index == self.selected
            if chosen:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, border_radius=4)
            words = widgets.fit(self.places[index][1], 18, rect.w - 16, bold=chosen)
            widgets.text(surface, words, (rect.x + 8, rect.y + 3), 18, theme.ACCENT if chosen else theme.TEXT,
                         bold=chosen)
            self.rects.append((rect, index))
        more = f"  ·  {self.first + 1}-{min(len(self.places), self.first + ROWS)} of {len(self.places)}" \
            if len(self.places) > ROWS else ""
        widgets.text(surface, f"Up/Down and Enter, or click  ·  Esc goes back{more}",
                     (box.centerx, box.bottom - 34), 14, theme.TEXT_DIM, centre=True)
