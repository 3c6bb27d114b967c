"""F1: the controls, listed from the binding table (game/ui/bindings.py), over the dungeon; the keys for map
designers (bindings.DESIGNER) apart at the foot."""
from __future__ import annotations

import pygame

from game.ui import bindings, theme, widgets
from game.ui.scene import Scene


LEADING = 2  # pixels between two lines
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
        rect = pygame.Rect(0, 0, 1000, 704)
        rect.center = (w // 2, h // 2)
        inner = widgets.panel(surface, rect, "Controls")
        rows = [(bindings.key_names(action), what) for action, (_, what) in bindings.KEYS.items()
                if action not in bindings.DESIGNER]
        designer = [(bindings.key_names(action), f"For map designers: {bindings.KEYS[action][1][0].lower()}"
                     f"{bindings.KEYS[action][1][1:]}") for action in bindings.DESIGNER]
        size = fitting_size(len(rows) + len(bindings.MOUSE) + len(designer) + len(LEGEND) + 1, inner.h - 50)
        step = theme.font(size).get_linesize() + LEADING
        second = inner.x + 16 + max(theme.font(size, bold=True).size(name)[0]
                                    for name, _ in rows + bindings.MOUSE + designer)
        y = inner.y + 4
        for group in (rows, bindings.MOUSE):
            for name, what in group:
                widgets.text(surface, name, (inner.x + 8, y), size, theme.ACCENT, bold=True)
                widgets.text(surface, what, (second, y), size)
                y += step
            y += step // 2
        for line in LEGEND:
            widgets.text(surface, line, (inner.x + 8, y), size - 1, theme.TEXT_DIM)
            y += step
        y += step // 2
        for name, what in designer:  # apart, at the foot, dim: not a player's key
            widgets.text(surface, name, (inner.x + 8, y), size - 1, theme.TEXT_DIM, bold=True)
            widgets.text(surface, what, (second, y), size - 1, theme.TEXT_DIM)
            y += step
        widgets.text(surface, "F1, Esc or a click closes this.", (rect.centerx, rect.bottom - 26), 14,
                     theme.TEXT_DIM, centre=True)


def fitting_size(lines: int, height: int) -> int:
    """The biggest text size, up to the usual 15, at which `lines` lines (and two half-line gaps) fit in
    `height` pixels at the player's text size."""
    size = 15
    while size > 9 and (theme.font(size).get_linesize() + LEADING) * (lines + 1) > height:
        size -= 1
    return size
