"""Widgets shared by the screens: panels, text, bars, buttons, menus and the scrolling message log."""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Hashable, Iterator

import pygame

from game.ui import labels, sound, theme

PAD = 10


@lru_cache(maxsize=64)
def tint(size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
    """A see-through rectangle of one colour, made once per size and colour (shared: only blit it)."""
    cover = pygame.Surface(size, pygame.SRCALPHA)
    cover.fill(rgba)
    return cover


def forget_looks() -> None:
    """Drop the bars and tints drawn so far (the text size changed)."""
    tint.cache_clear()
    _bar.cache_clear()


def veil(surface: pygame.Surface, rgba: tuple[int, int, int, int]) -> None:
    """Darken (or tint) the whole screen under an overlay scene."""
    surface.blit(tint(surface.get_size(), rgba), (0, 0))


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str | None = None, alpha: int = 255) -> pygame.Rect:
    """A framed panel; returns the inner rect below the title, inside the padding. Text drawn before under it is
    hidden (the layout test forgets it)."""
    if _Record.boxes is not None:
        _Record.boxes[:] = [box for box in _Record.boxes if not box.rect.colliderect(rect)]
    if alpha == 255:
        surface.fill(theme.PANEL, rect)
    else:
        surface.blit(tint(rect.size, (*theme.PANEL, alpha)), rect.topleft)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=4)
    inner = rect.inflate(-2 * PAD, -2 * PAD)
    if title:
        label = labels.text(title, 16, theme.ACCENT, bold=True)
        surface.blit(label, inner.topleft)
        record(surface, label.get_rect(topleft=inner.topleft), title, rect)
        inner.y += label.get_height() + 4
        inner.h -= label.get_height() + 4
    return inner


@dataclass(frozen=True)
class TextBox:
    """A text blit as the layout test sees it: where it went, the words, and the box it must stay in."""

    rect: pygame.Rect
    words: str
    bounds: pygame.Rect


class _Record:
    boxes: list[TextBox] | None = None  # while `recording`: every text blit through `text`
    bounds: list[pygame.Rect] = []  # the panels being drawn, innermost last


@contextmanager
def recording() -> Iterator[list[TextBox]]:
    """Record every `text` blit meanwhile (tests/test_ui_layout.py measures overlaps and clipping)."""
    _Record.boxes, _Record.bounds = [], []
    try:
        yield _Record.boxes
    finally:
        _Record.boxes = None


def recording_now() -> bool:
    """Whether text blits are being recorded (`recording`): cached drawings are then painted in full."""
    return _Record.boxes is not None


@contextmanager
def within(rect: pygame.Rect) -> Iterator[None]:
    """Text drawn meanwhile belongs inside `rect` (a panel or a column): the layout test checks it is."""
    _Record.bounds.append(rect)
    try:
        yield
    finally:
        _Record.bounds.pop()


def text(surface: pygame.Surface, words: str, pos: tuple[int, int], size: int = 15,
         colour: tuple[int, int, int] = theme.TEXT, bold: bool = False, centre: bool = False,
         width: int = 0) -> pygame.Rect:
    """Draw text (wrapped to `width` when given); returns the rect it covers."""
    image = labels.text(words, size, colour, bold, width)
    rect = image.get_rect(midtop=pos) if centre else image.get_rect(topleft=pos)
    surface.blit(image, rect)
    record(surface, rect, words)
    return rect


def record(surface: pygame.Surface, rect: pygame.Rect, words: str, bounds: pygame.Rect | None = None) -> None:
    """Note a text blit for the layout test (while `recording`); `bounds`: the box it must stay in, else the
    panel being drawn, else the surface."""
    if _Record.boxes is not None and words.strip():
        inside = bounds or (_Record.bounds[-1] if _Record.bounds else surface.get_rect())
        _Record.boxes.append(TextBox(rect.copy(), words, inside))


def fit(words: str, size: int, width: int, bold: bool = False) -> str:
    """`words`, cut short with "…" so they are at most `width` pixels wide at `size`."""
    f = theme.font(size, bold)
    if f.size(words)[0] <= width:
        return words
    while words and f.size(words + "…")[0] > width:
        words = words[:-1]
    return words.rstrip() + "…"


def packed(parts: list[str], size: int, width: int, sep: str = "  ") -> list[str]:
    """Hints (or any short parts) joined by `sep` into lines at most `width` pixels wide at `size`, each part
    whole on one line (one wider than `width` alone is cut with "…"): the first line holds the first few."""
    f, lines = theme.font(size), []
    for part in parts:
        if lines and f.size(lines[-1] + sep + part)[0] <= width:
            lines[-1] += sep + part
        else:
            lines.append(fit(part, size, width))
    return lines


def line_height(size: int, bold: bool = False) -> int:
    """The height of one line of text at `size` at the player's text size."""
    return theme.font(size, bold).get_linesize()


def bar(surface: pygame.Surface, rect: pygame.Rect, value: float, maximum: float,
        colour: tuple[int, int, int], label: str = "") -> None:
    """A filled bar with an optional centred label ("12 / 20"), recorded as any text is (`recording`)."""
    surface.blit(_bar(rect.size, value, maximum, colour, label), rect.topleft)
    if label and _Record.boxes is not None:
        words = pygame.Rect((0, 0), theme.font(12, bold=True).size(label))
        words.center = rect.center
        record(surface, words, label, pygame.Rect(rect.x, words.y, rect.w, words.h))  # kept to the bar's width


@lru_cache(maxsize=256)
def _bar(size: tuple[int, int], value: float, maximum: float, colour: tuple[int, int, int],
         label: str) -> pygame.Surface:
    """A bar drawn once per size, value, colour and label (its rounded corners stay see-through)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    pygame.draw.rect(image, theme.PANEL_DARK, rect, border_radius=3)
    if maximum > 0 and value > 0:
        fill = rect.copy()
        fill.w = max(2, int(rect.w * min(1.0, value / maximum)))
        pygame.draw.rect(image, colour, fill, border_radius=3)
    pygame.draw.rect(image, theme.PANEL_EDGE, rect, 1, border_radius=3)
    if label:
        text = labels.text(label, 12, theme.TEXT, bold=True)
        image.blit(text, text.get_rect(center=rect.center))
    return image


@dataclass
class Menu:
    """A vertical list of buttons chosen with the mouse or Up/Down + Enter."""

    labels: list[str]
    centre: tuple[int, int]
    width: int = 280
    height: int = 46
    gap: int = 12
    selected: int = 0
    rects: list[pygame.Rect] = field(default_factory=list)

    def __post_init__(self) -> None:
        cx, top = self.centre
        self.rects = [pygame.Rect(cx - self.width // 2, top + i * (self.height + self.gap), self.width, self.height)
                      for i in range(len(self.labels))]

    def handle(self, event: pygame.event.Event) -> str | None:
        """The label chosen by this event, if any (it clicks, game/ui/sound.py)."""
        choice = self._choice(event)
        if choice is not None:
            sound.player.play("click")
        return choice

    def _choice(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self.selected = (self.selected - 1) % len(self.labels)
            elif event.key in (pygame.K_DOWN, pygame.K_s):
                self.selected = (self.selected + 1) % len(self.labels)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.labels[self.selected]
        elif event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    return self.labels[i]
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for i, (label, rect) in enumerate(zip(self.labels, self.rects)):
            chosen = i == self.selected
            pygame.draw.rect(surface, (58, 48, 78) if chosen else theme.PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, rect, 2, border_radius=6)
            image = labels.text(label, 20, theme.TITLE if chosen else theme.TEXT, bold=True)
            surface.blit(image, image.get_rect(center=rect.center))
            record(surface, image.get_rect(center=rect.center), label, rect)


class Layer:
    """A rectangle of the screen painted again only when what it shows (its key) changes, else copied from
    the last painting. The painter draws on an offscreen screen, inside `rect` only, and returns the rectangles
    it changed (None: any of it)."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.key: Hashable = None
        self.canvas: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, key: Hashable,
             paint: Callable[[pygame.Surface], list[pygame.Rect] | None], shown: bool = False) -> None:
        """`shown`: `surface` still shows this layer as last drawn (nothing drew over it since): an unchanged
        layer is then not copied again, a changed one only where its painter changed it."""
        if self.canvas is None:
            self.canvas = pygame.Surface(surface.get_size())
        if self.key is None or key != self.key:
            changed = paint(self.canvas)
            self.key = key
            if shown and changed is not None:
                for rect in changed:
                    surface.blit(self.canvas, rect, rect)
                return
        elif shown:
            return
        surface.blit(self.canvas, self.rect, self.rect)


class MessageLog:
    """The scrolling message log: newest at the bottom; the wheel or PageUp/PageDown scroll back."""

    def __init__(self, limit: int = 400) -> None:
        self.lines: list[tuple[str, tuple[int, int, int]]] = []
        self.limit = limit
        self.scroll = 0  # lines scrolled back from the newest
        self.version = 0  # counts the changes: the screen paints the log again when it moves
        self.painted: tuple | None = None  # the last drawing: surface, rect, look, scroll, lines (words, colour, y, h)

    def add(self, words: str, colour: tuple[int, int, int] = theme.TEXT) -> None:
        self.version += 1
        self.lines.append((words, colour))
        del self.lines[: -self.limit]
        if self.scroll:
            self.scroll += 1  # keep the reader's place while new lines arrive

    def separator(self, words: str, colour: tuple[int, int, int]) -> None:
        """A dim divider line; consecutive dividers collapse into the newest (quiet turns)."""
        if self.lines and self.lines[-1][1] == colour:
            self.version += 1
            self.lines[-1] = (words, colour)
        else:
            self.add(words, colour)

    def scroll_by(self, lines: int) -> None:
        self.version += 1
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + lines))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[pygame.Rect] | None:
        """The newest lines that fit whole, bottom up. On the surface of its last drawing (a `Layer`'s canvas),
        the lines still shown are moved there and only the new ones rendered (issue 28); returns what changed
        then (the inside), else None (all of it)."""
        inner = rect.inflate(-2 * PAD, -2 * PAD)  # what `panel` leaves inside
        lines = self._layout(inner)
        changed = [inner] if self._moved(surface, rect, inner, lines) else None
        if changed is None:
            panel(surface, rect)
            clip = surface.get_clip()
            surface.set_clip(inner)
            for words, _, image, y in reversed(lines):
                surface.blit(image, (inner.x, y))
                record(surface, image.get_rect(topleft=(inner.x, y)), words, inner)
            surface.set_clip(clip)
        self.painted = (surface, rect.copy(), theme.Look.version, self.scroll,
                        [(words, colour, y, image.get_height()) for words, colour, image, y in lines])
        if self.scroll:
            text(surface, f"scrolled back {self.scroll} - wheel down for newest", (rect.right - 300, rect.y + 4),
                 12, theme.TEXT_DIM)
        return changed

    def _layout(self, inner: pygame.Rect) -> list[tuple[str, tuple[int, int, int], pygame.Surface, int]]:
        """The lines shown, top down: (words, colour, image, y); only whole lines (one that does not fit waits
        for a scroll)."""
        step = theme.font(14).get_linesize()
        shown, y, end = [], inner.bottom, len(self.lines) - self.scroll
        for words, colour in reversed(self.lines[max(0, end - 60):end]):
            image = labels.text(words, 14, colour, width=inner.w)
            y -= image.get_height()
            if y < inner.y:
                break
            shown.append((words, colour, image, y))
            y -= step // 6
        shown.reverse()
        return shown

    def _moved(self, surface: pygame.Surface, rect: pygame.Rect, inner: pygame.Rect, lines: list) -> bool:
        """Draws `lines` by moving the run of them `surface` shows already (from its last drawing, same place,
        look and nothing scrolled back) and rendering the rest; whether it could (else all is painted)."""
        if self.painted is None or self.scroll or recording_now():
            return False
        canvas, was, look, scroll, old = self.painted
        if canvas is not surface or was != rect or look != theme.Look.version or scroll:
            return False
        start, run = 0, 0  # old[start:start + run] are lines[:run], the same words in the same colours
        for j in range(len(old)):
            m = 0
            while m < len(lines) and j + m < len(old) and old[j + m][:2] == lines[m][:2]:
                m += 1
            if m > run:
                start, run = j, m
        if not run:
            return False
        top, bottom = old[start][2], old[start + run - 1][2] + old[start + run - 1][3]
        dy = lines[0][3] - top
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(inner.x, min(top, top + dy), inner.w, bottom - top + abs(dy)))
        surface.scroll(0, dy)  # the run moved within its old and new place
        surface.set_clip(inner)
        surface.fill(theme.PANEL, pygame.Rect(inner.x, inner.y, inner.w, top + dy - inner.y))
        surface.fill(theme.PANEL, pygame.Rect(inner.x, bottom + dy, inner.w, inner.bottom - bottom - dy))
        for _, _, image, y in lines[run:]:
            surface.blit(image, (inner.x, y))
        surface.set_clip(clip)
        return True
