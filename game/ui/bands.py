"""Panel sections painted again only when what they show changes (issue 28: drawing only what changed).

A panel painted on a kept canvas (a `widgets.Layer`'s) is cut into bands, one under another: each band is a
key (what it shows), its top and the painter that draws it from there and returns the y below it. A band
whose key and top are those of its last painting is left as it is on the canvas, its clickable rows kept; one
that changed is cleared from its top to the bottom of its last painting and painted again (cleared to its
new bottom and painted once more when it grew), and the bands below it follow when its height changed (their tops moved). While the layout test records text boxes
(`widgets.recording`) every band is painted, so each is seen.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

import pygame

from game.ui import theme, widgets


@dataclass
class Painted:
    key: Hashable
    top: int
    bottom: int
    clickable: list[tuple[pygame.Rect, object]]


class Bands:
    """The bands of one panel between `left` and `right` (its inside, the frame aside), on one canvas."""

    def __init__(self, left: int, right: int) -> None:
        self.left, self.right = left, right
        self.canvas: pygame.Surface | None = None
        self.look: Hashable = None
        self.painted: dict[str, Painted] = {}
        self.changed: list[pygame.Rect] | None = None  # what this painting changed (None: all of it)

    def begin(self, canvas: pygame.Surface, look: Hashable) -> bool:
        """A new painting on `canvas` with `look` (text size, keys...): whether everything must be painted
        (a new canvas, a new look, or text boxes being recorded); then every band is forgotten."""
        if canvas is not self.canvas or look != self.look or widgets.recording_now():
            self.canvas, self.look, self.painted, self.changed = canvas, look, {}, None
            return True
        self.changed = []
        return False

    def band(self, name: str, key: Hashable, top: int, clickable: list[tuple[pygame.Rect, object]],
             paint: Callable[[], int], mouse: tuple[int, int]) -> int:
        """Paint band `name` at `top` unless it shows `key` there already; its rows go on `clickable` (the
        hovered row is part of what it shows); returns the y below it."""
        last = self.painted.get(name)
        if last is not None:
            hovered = next((i for i, (row, _) in enumerate(last.clickable) if row.collidepoint(mouse)), None)
            if last.key == (key, hovered) and last.top == top:
                clickable.extend(last.clickable)
                return last.bottom
        cleared = self._clear(top, last.bottom) if last is not None else None  # None: the panel was just filled
        first = len(clickable)
        bottom = paint()
        if cleared is not None and bottom > cleared:  # it grew over what lay below it: cleared there too, and painted again
            del clickable[first:]
            self._clear(top, bottom)
            bottom = paint()
        if self.changed is not None:
            low = max(bottom, last.bottom) if last is not None else bottom
            self.changed.append(pygame.Rect(self.left, top, self.right - self.left, max(0, low - top)))
        rows = clickable[first:]
        hovered = next((i for i, (row, _) in enumerate(rows) if row.collidepoint(mouse)), None)
        self.painted[name] = Painted((key, hovered), top, bottom, rows)
        return bottom

    def _clear(self, top: int, bottom: int) -> int:
        """The panel's own colour from `top` to `bottom` (nothing when it is not below); returns the lowest y
        cleared."""
        assert self.canvas is not None
        if bottom > top:
            self.canvas.fill(theme.PANEL, pygame.Rect(self.left, top, self.right - self.left, bottom - top))
        return max(top, bottom)
