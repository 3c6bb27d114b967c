"""F1: the controls, listed from the binding table (game/ui/bindings.py), over the dungeon."""
from __future__ import annotations

import pygame

from game.ui import bindings, theme, widgets
from game.ui.scene import Scene


ROW = 20  # pixels a line of keys or mouse gestures takes
LEGEND = (
    "Rings under creatures: blue you, red hostile (pointed, with bars), green the rest.  Gold number: level.",
    "Over a creature: ! angered, » fleeing, zz stunned; rising labels tell what it just did.",
    "Purple clock: a spawner and the turns before it produces a creature.  C tints rooms by your scent.",
)


class HelpScene(Scene):
    opaque = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        widgets.veil(surface, (6, 4, 10, 170))
        rect = pygame.Rect(0, 0, 860, 700)
        rect.center = (w // 2, h // 2)
        inner = widgets.panel(surface, rect, "Controls")
        y = inner.y + 6
        for action, (_, what) in bindings.KEYS.items():
            widgets.text(surface, bindings.key_names(action), (inner.x + 8, y), 15, theme.ACCENT, bold=True)
            widgets.text(surface, what, (inner.x + 300, y), 15)
            y += ROW
        y += 10
        for gesture, what in bindings.MOUSE:
            widgets.text(surface, gesture, (inner.x + 8, y), 15, theme.ACCENT, bold=True)
            widgets.text(surface, what, (inner.x + 300, y), 15)
            y += ROW
        y += 14
        for line in LEGEND:
            widgets.text(surface, line, (inner.x + 8, y), 14, theme.TEXT_DIM)
            y += 20
        widgets.text(surface, "F1, Esc or a click closes this.", (rect.centerx, rect.bottom - 26), 14,
                     theme.TEXT_DIM, centre=True)
