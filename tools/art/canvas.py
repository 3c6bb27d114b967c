"""A tiny pixel canvas: the art is drawn at 16 px per square, then scaled x2 to the game's 32 px.

Colours are (r, g, b, a) tuples; text art uses one character per pixel, '.' is transparent.
"""
from __future__ import annotations

import random

Colour = tuple[int, int, int, int]
CLEAR: Colour = (0, 0, 0, 0)


def rgb(hex_code: str) -> Colour:
    """'#rrggbb' -> (r, g, b, 255)."""
    h = hex_code.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 255)


def shade(colour: Colour, factor: float) -> Colour:
    """Darker (factor < 1) or lighter (factor > 1) version of a colour."""
    r, g, b, a = colour
    if factor <= 1:
        return (int(r * factor), int(g * factor), int(b * factor), a)
    f = factor - 1
    return (int(r + (255 - r) * f), int(g + (255 - g) * f), int(b + (255 - b) * f), a)


class Canvas:
    """A w x h grid of colours with the few drawing operations the art needs."""

    def __init__(self, w: int, h: int, fill: Colour = CLEAR) -> None:
        self.w, self.h = w, h
        self.px = [[fill] * w for _ in range(h)]

    def put(self, x: int, y: int, colour: Colour) -> None:
        if 0 <= x < self.w and 0 <= y < self.h and colour[3]:
            self.px[y][x] = colour

    def get(self, x: int, y: int) -> Colour:
        return self.px[y][x]

    def rect(self, x: int, y: int, w: int, h: int, colour: Colour) -> None:
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.put(i, j, colour)

    def hline(self, x0: int, x1: int, y: int, colour: Colour) -> None:
        for x in range(x0, x1 + 1):
            self.put(x, y, colour)

    def vline(self, x: int, y0: int, y1: int, colour: Colour) -> None:
        for y in range(y0, y1 + 1):
            self.put(x, y, colour)

    def speckle(self, rng: random.Random, colours: list[Colour], chance: float) -> None:
        """Scatter single pixels of the given colours over opaque pixels (texture)."""
        for y in range(self.h):
            for x in range(self.w):
                if self.px[y][x][3] and rng.random() < chance:
                    self.px[y][x] = rng.choice(colours)

    def stamp(self, rows: list[str], palette: dict[str, Colour], x: int = 0, y: int = 0) -> None:
        """Draw text art at (x, y); '.' and spaces are transparent."""
        for j, row in enumerate(rows):
            for i, ch in enumerate(row):
                if ch in ". ":
                    continue
                if ch not in palette:
                    raise KeyError(f"colour {ch!r} is not in the palette (row {j}: {row!r})")
                self.put(x + i, y + j, palette[ch])

    def paste(self, other: "Canvas", x: int, y: int) -> None:
        for j in range(other.h):
            for i in range(other.w):
                self.put(x + i, y + j, other.px[j][i])

    def flipped(self) -> "Canvas":
        out = Canvas(self.w, self.h)
        out.px = [list(reversed(row)) for row in self.px]
        return out

    def outlined(self, colour: Colour) -> "Canvas":
        """Every clear pixel touching an opaque one (4-neighbour) becomes `colour`: sprites pop on floors."""
        out = Canvas(self.w, self.h)
        out.px = [row[:] for row in self.px]
        for y in range(self.h):
            for x in range(self.w):
                if self.px[y][x][3]:
                    continue
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < self.w and 0 <= ny < self.h and self.px[ny][nx][3] and self.px[ny][nx] != colour:
                        out.px[y][x] = colour
                        break
        return out


def scaled(canvas: Canvas, n: int) -> Canvas:
    """Each pixel becomes an n x n block (big creatures are drawn at half resolution)."""
    out = Canvas(canvas.w * n, canvas.h * n)
    for y in range(out.h):
        for x in range(out.w):
            out.px[y][x] = canvas.px[y // n][x // n]
    return out
