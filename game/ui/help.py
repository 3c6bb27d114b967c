"""F1, over the dungeon: the controls, listed from the binding table (game/ui/bindings.py), the keys for map
designers (bindings.DESIGNER) apart at the foot; and, a Tab away, How to play (assets/data/guide.toml)."""
from __future__ import annotations

import pygame

from game.ui import bindings, labels, theme, widgets
from game.ui.guide import guide
from game.ui.scene import Scene


LEADING = 2  # pixels between two lines
LEGEND = (
    "Rings under creatures: blue you, red hostile (pointed, with bars), green the rest.  Gold number: level.",
    "Over a creature: ! angered, » fleeing, zz stunned; rising labels tell what it just did.",
    "Purple clock: a spawner and the turns before it produces a creature.  C tints rooms by your scent.",
)


PAGES = ("Controls", "How to play")


class HelpScene(Scene):
    opaque = False

    def __init__(self, page: int = 0) -> None:
        super().__init__()
        self.page = page  # PAGES: Tab and Left / Right turn it

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            self.page = (self.page + 1) % len(PAGES)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        widgets.veil(surface, (6, 4, 10, 170))
        rect = pygame.Rect(0, 0, 1240, 704)
        rect.center = (w // 2, h // 2)
        inner = widgets.panel(surface, rect, PAGES[self.page])
        other = PAGES[(self.page + 1) % len(PAGES)]
        widgets.text(surface, f"Tab: {other}   ·   F1, Esc or a click closes this.", (rect.centerx, rect.bottom - 26),
                     14, theme.TEXT_DIM, centre=True)
        if self.page == 1:
            self._how_to_play(surface, inner)
            return
        columns = self.columns()
        col_w = (inner.w - 24) // 2
        size = fitting_size(columns, col_w, inner.h - 40)
        with widgets.within(inner):
            for i, rows in enumerate(columns):
                x = inner.x + i * (col_w + 24)
                second = x + 12 + max(theme.font(size, bold=True).size(name)[0] for name, _ in rows if name)
                y = inner.y + 4
                for name, what in rows:
                    if name:
                        widgets.text(surface, name, (x, y), size, theme.ACCENT, bold=True)
                        y = widgets.text(surface, what, (second, y), size, width=x + col_w - second).bottom + LEADING
                    else:
                        y = widgets.text(surface, what, (x, y + LEADING), size - 1, theme.TEXT_DIM,
                                         width=col_w).bottom + LEADING

    @staticmethod
    def _how_to_play(surface: pygame.Surface, inner: pygame.Rect) -> None:
        """The game, its loop, what loyalty opens and how the world works: a heading and a paragraph each."""
        with widgets.within(inner):
            y = inner.y + 8
            for title, text in guide().how_to_play:
                y = widgets.text(surface, title, (inner.x + 12, y), 17, theme.ACCENT, bold=True).bottom + 2
                y = widgets.text(surface, text, (inner.x + 12, y), 15, width=inner.w - 24).bottom + 12

    @staticmethod
    def columns() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The player's keys on the left; the mouse, the legend (rows without a key name) and, dim at the foot,
        the keys for map designers on the right (not a player's keys: bindings.DESIGNER)."""
        keys = [(bindings.key_names(action), what) for action, (_, what) in bindings.KEYS.items()
                if action not in bindings.DESIGNER]
        designer = [("", f"For map designers: {bindings.key_names(action)}, {what[0].lower()}{what[1:]}")
                    for action, (_, what) in bindings.KEYS.items() if action in bindings.DESIGNER]
        return keys, list(bindings.MOUSE) + [("", line) for line in LEGEND] + designer


def column_height(rows: list[tuple[str, str]], size: int, width: int) -> int:
    """The height of one column of the controls at `size`, its descriptions wrapped to `width`."""
    second = 12 + max(theme.font(size, bold=True).size(name)[0] for name, _ in rows if name)
    height = 0
    for name, what in rows:
        wrap = width - second if name else width
        image = labels.text(what, size if name else size - 1, theme.TEXT, False, wrap)
        height += image.get_height() + LEADING * (1 if name else 2)
    return height


def fitting_size(columns: tuple[list[tuple[str, str]], ...], width: int, height: int) -> int:
    """The biggest text size, up to the usual 15, at which every column fits in `height` pixels at the
    player's text size."""
    size = 15
    while size > 9 and max(column_height(rows, size, width) for rows in columns) > height:
        size -= 1
    return size
