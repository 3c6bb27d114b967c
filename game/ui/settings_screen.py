"""The settings screen (title and pause menu): window, text, sound, markers and keys, each applied and saved
the moment it changes (game/ui/preferences.py).

Keyboard: Up/Down choose a row, Left/Right change it, Enter toggles it or waits for a new key; mouse: click
a row's arrows or value, click a key to change it, the wheel scrolls the keys. Esc leaves (or cancels the
key being waited for).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import bindings, display, labels, theme, widgets
from game.ui.scene import Scene
from game.ui.settings import PICK_UPS, SCALES, TEXT_SIZES, VOLUME_STEP

if TYPE_CHECKING:
    from game.ui.preferences import Preferences
OPTIONS = ("fullscreen", "scale", "text_size", "master", "effects", "music", "shape_markers", "hints", "pick_up",
           "default_keys", "back")
LABELS = {
    "fullscreen": "Fullscreen", "scale": "Window scale", "text_size": "Text size", "master": "Master volume",
    "effects": "Effects volume", "music": "Music volume", "shape_markers": "Creature markers",
    "hints": "Hints",
    "pick_up": "Explore picks up",
    "default_keys": "Default keys", "back": "Back",
}
LEFT = pygame.Rect(50, 96, 560, 520)
RIGHT = pygame.Rect(640, 96, 590, 520)
OPTION_ROW = 42
KEY_ROW = 23
KEYS_SHOWN = 20  # key rows visible at once; the rest scroll


def stepped(values: tuple[float, ...], current: float, step: int) -> float:
    """The next value of a ladder up or down from `current` (which may lie between two steps)."""
    if step > 0:
        return next((v for v in values if v > current + 1e-9), values[-1])
    return next((v for v in reversed(values) if v < current - 1e-9), values[0])


class SettingsScene(Scene):
    def __init__(self, preferences: Preferences) -> None:
        super().__init__()
        self.preferences = preferences
        self.selected = 0  # a row: the options first, then the keys
        self.scroll = 0  # the first key row shown
        self.capturing: tuple[str, int] | None = None  # waiting for the key of this (action, index)
        self.message = ("Changes are saved as you make them.", theme.TEXT_DIM)

    @property
    def takes_every_key(self) -> bool:
        """While waiting for a new key, F11 and Alt+Enter are keys to bind, not fullscreen (game/ui/app.py)."""
        return self.capturing is not None

    @property
    def rows(self) -> list[str | tuple[str, int]]:
        return [*OPTIONS, *bindings.slots()]

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.capturing is not None:
            self._capture(event)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            row = self._row_at(event.pos)
            if row is not None:
                self.selected = row
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                self.selected = row
                self._activate(row, self._click_step(row, event.pos))
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_to(self.scroll - event.y * 3)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.stack.pop()
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.selected = (self.selected + (1 if key == pygame.K_DOWN else -1)) % len(self.rows)
            key_row = self.selected - len(OPTIONS)
            if key_row >= 0 and not self.scroll <= key_row < self.scroll + KEYS_SHOWN:
                self._scroll_to(key_row if key_row < self.scroll else key_row - KEYS_SHOWN + 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._activate(self.selected, 1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._activate(self.selected, 1)

    def _capture(self, event: pygame.event.Event) -> None:
        """The key pressed next is the new key; Esc or a click cancels."""
        if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key == bindings.CANCEL):
            self.capturing = None
            self.message = ("Key unchanged.", theme.TEXT_DIM)
        elif event.type == pygame.KEYDOWN:
            action, index = self.capturing
            self.capturing = None
            refused = bindings.rebind(action, index, event.key)
            if refused:
                self.message = (refused, theme.PROBLEM)
            else:
                self._said(self.preferences.keys_changed(),
                           f"{bindings.slot_name(action, index)}: {bindings.label(event.key)}.")

    def _activate(self, row: int, step: int) -> None:
        """Change the row's setting by `step` (a toggle flips whatever the step), or wait for a key."""
        name = self.rows[row]
        if isinstance(name, tuple):
            self.capturing = name
            self.message = (f"Press the new key for {bindings.slot_name(*name)} (Esc cancels).", theme.ACCENT)
            return
        current = self.preferences.current
        if name == "back":
            self.stack.pop()
        elif name == "default_keys":
            bindings.use({})
            self._said(self.preferences.keys_changed(), "Every key is back to its default.")
        elif name in ("fullscreen", "shape_markers", "hints"):
            self._change(name, not getattr(current, name))
        elif name == "pick_up":
            self._change(name, PICK_UPS[(PICK_UPS.index(current.pick_up) + step) % len(PICK_UPS)])
        elif name == "scale":
            self._change(name, stepped(SCALES, current.scale, step))
        elif name == "text_size":
            self._change(name, stepped(TEXT_SIZES, current.text_size, step))
        else:
            self._change(name, max(0, min(100, getattr(current, name) + step * VOLUME_STEP)))

    def _change(self, name: str, value: object) -> None:
        self._said(self.preferences.change(**{name: value}), f"{LABELS[name]}: {self._value(name)}.")

    def _said(self, problem: str | None, done: str) -> None:
        self.message = (problem, theme.PROBLEM) if problem else (f"{done} Saved.", theme.NOTE)

    def _scroll_to(self, first: int) -> None:
        self.scroll = max(0, min(len(bindings.slots()) - KEYS_SHOWN, first))

    # -- layout -----------------------------------------------------------------------------
    def _rect(self, row: int) -> pygame.Rect | None:
        """Where a row is on screen (None for a key row scrolled out of sight)."""
        if row < len(OPTIONS):
            return pygame.Rect(LEFT.x + 12, LEFT.y + 46 + row * OPTION_ROW, LEFT.w - 24, OPTION_ROW - 8)
        shown = row - len(OPTIONS) - self.scroll
        if not 0 <= shown < KEYS_SHOWN:
            return None
        return pygame.Rect(RIGHT.x + 12, RIGHT.y + 46 + shown * KEY_ROW, RIGHT.w - 24, KEY_ROW - 1)

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for row in range(len(self.rows)):
            rect = self._rect(row)
            if rect is not None and rect.collidepoint(pos):
                return row
        return None

    def _click_step(self, row: int, pos: tuple[int, int]) -> int:
        """A click on the left arrow of a row lowers its value; anywhere else raises it (or toggles it)."""
        rect = self._rect(row)
        return -1 if row < len(OPTIONS) and rect is not None and pos[0] < self._arrows(rect)[0].right else 1

    @staticmethod
    def _arrows(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        left = pygame.Rect(rect.right - 270, rect.y + 6, 30, rect.h - 12)
        return left, left.move(240, 0)

    def _value(self, name: str) -> str:
        current = self.preferences.current
        if name == "fullscreen":
            return "On" if current.fullscreen else "Off"
        if name == "scale":
            size = display.window_size(current.scale)
            return f"×{current.scale:g}  ({size[0]}×{size[1]})"
        if name == "text_size":
            return f"{round(current.text_size * 100)}%"
        if name == "shape_markers":
            return "Shape and colour" if current.shape_markers else "Colour only"
        if name == "hints":
            return "On" if current.hints else "Off"
        if name in ("master", "effects", "music"):
            return f"{getattr(current, name)}%"
        if name == "pick_up":
            return {"provisions": "Food, drink, healing", "everything": "Everything", "nothing": "Nothing"}[current.pick_up]
        return ""

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        surface.fill(theme.BACKGROUND)
        widgets.text(surface, "Settings", (w // 2, 28), 36, theme.TITLE, bold=True, centre=True)
        widgets.panel(surface, LEFT, "Window, text and sound")
        widgets.panel(surface, RIGHT, "Keys: choose one and press the new key")
        for row, name in enumerate(self.rows):
            rect = self._rect(row)
            if rect is None:
                continue
            chosen = row == self.selected
            if chosen:
                pygame.draw.rect(surface, (58, 48, 78), rect, border_radius=5)
                pygame.draw.rect(surface, theme.ACCENT, rect, 1, border_radius=5)
            if isinstance(name, tuple):
                self._draw_key(surface, rect, name, chosen)
            else:
                self._draw_option(surface, rect, name, chosen)
        self._draw_scrollbar(surface)
        words, colour = self.message
        widgets.text(surface, words, (w // 2, LEFT.bottom + 14), 16, colour, bold=True, centre=True, width=1180)
        hint = ("Up/Down choose  ·  Left/Right change  ·  Enter toggles or sets a key  ·  click, wheel  ·  Esc back"
                f"  ·  saved in {self.preferences.path}")
        lines = labels.text(hint, 13, theme.TEXT_DIM, False, 1220).get_height()
        widgets.text(surface, hint, (w // 2, min(h - 36, h - 6 - lines)), 13, theme.TEXT_DIM, centre=True, width=1220)

    def _draw_option(self, surface: pygame.Surface, rect: pygame.Rect, name: str, chosen: bool) -> None:
        label = labels.text(LABELS[name], 17, theme.TITLE if chosen else theme.TEXT, bold=True)
        surface.blit(label, label.get_rect(midleft=(rect.x + 12, rect.centery)))
        value = self._value(name)
        if not value:
            return
        left, right = self._arrows(rect)
        for arrow, mark in ((left, "<"), (right, ">")):
            pygame.draw.rect(surface, theme.PANEL_EDGE, arrow, 1, border_radius=4)
            image = labels.text(mark, 17, theme.ACCENT, bold=True)
            surface.blit(image, image.get_rect(center=arrow.center))
        image = labels.text(value, 16, theme.TEXT)
        surface.blit(image, image.get_rect(center=((left.right + right.x) // 2, rect.centery)))

    def _draw_key(self, surface: pygame.Surface, rect: pygame.Rect, slot: tuple[str, int], chosen: bool) -> None:
        name = labels.text(bindings.slot_name(*slot), 14, theme.TITLE if chosen else theme.TEXT)
        surface.blit(name, name.get_rect(midleft=(rect.x + 10, rect.centery)))
        waiting = self.capturing == slot
        key = labels.text("press a key…" if waiting else bindings.label(bindings.KEYS[slot[0]][0][slot[1]]), 14,
                          theme.ACCENT, bold=True)
        surface.blit(key, key.get_rect(midleft=(rect.right - 200, rect.centery)))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        rows = len(bindings.slots())
        track = pygame.Rect(RIGHT.right - 10, RIGHT.y + 46, 4, KEYS_SHOWN * KEY_ROW)
        pygame.draw.rect(surface, theme.PANEL_DARK, track)
        thumb = pygame.Rect(track.x, track.y + track.h * self.scroll // rows, 4, track.h * KEYS_SHOWN // rows)
        pygame.draw.rect(surface, theme.PANEL_EDGE, thumb)
