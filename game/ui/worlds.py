"""The load screen of the worlds of sites: every world save with each of its heroes (slot, hero, place, turn,
date), and a line to make a new hero in each (issue 12). Enter or a click plays on as that hero, or opens the
creation screen for the new one.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.save.worldsave import ready
from game.ui import theme, widgets
from game.ui.scene import Scene, SceneRefused

if TYPE_CHECKING:
    from game.ui.session import Session

ROWS = 9  # lines shown at once
TOP = 150


class WorldsScene(Scene):
    """Lines of (label, slot, hero uid or "" for a new hero); unreadable saves are listed with their problem."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.lines: list[tuple[str, Path, str | None]] = []
        self.broken: list[str] = []
        for slot, found in session.world_saves():
            if isinstance(found, str):
                self.broken.append(found)
                continue
            when = time.strftime("%d %b %Y %H:%M", time.localtime(slot.stat().st_mtime))
            for uid, name, place in found["heroes"]:
                turn = f"turn {found['turn']}"
                self.lines.append((f"{slot.stem}  ·  {name} at {place}  ·  {turn}  ·  {when}", slot, uid))
            self.lines.append((f"{slot.stem}  ·  New hero (a stranger to everyone there)", slot, None))
        self.chosen = 0
        self.problems: list[str] = []
        self.frames = 0

    def update(self, dt: float) -> None:
        """Once the list is on the screen, ready what loading a world needs while the player reads it
        (worldsave.ready)."""
        self.frames += 1
        if self.frames == 2 and self.lines:
            ready()

    def rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(190, TOP + i * 44, 900, 38)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.stack.pop()
            elif event.key in (pygame.K_UP, pygame.K_w) and self.lines:
                self.chosen = (self.chosen - 1) % len(self.lines)
            elif event.key in (pygame.K_DOWN, pygame.K_s) and self.lines:
                self.chosen = (self.chosen + 1) % len(self.lines)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.lines:
                self.play(self.chosen)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            first = self.first_shown()
            for row in range(min(ROWS, len(self.lines))):
                if self.rect(row).collidepoint(event.pos):
                    self.chosen = first + row
                    self.play(self.chosen)
        elif event.type == pygame.MOUSEWHEEL and self.lines:
            self.chosen = max(0, min(len(self.lines) - 1, self.chosen - event.y))

    def first_shown(self) -> int:
        """The line at the top of the list: the list scrolls to keep the chosen line in its ROWS."""
        return max(0, min(self.chosen - ROWS + 1, len(self.lines) - ROWS))

    def play(self, i: int) -> None:
        """Continue as the line's hero (to its site's screen, else the region map), or make a new one."""
        _, slot, uid = self.lines[i]
        if uid is None:
            busy = self.session.open_elsewhere(slot)
            self.problems = [busy] if busy else []
            if not busy:
                self.push_creation(slot)
            return
        self.problems = self.session.continue_world(slot, uid)
        if self.problems:
            return
        try:
            self.stack.reset("dungeon", site=True) if self.session.realm.here is not None else self.stack.reset("region")
        except SceneRefused as exc:
            self.problems = exc.problems

    def push_creation(self, slot: Path) -> None:
        try:
            self.stack.push("creation", slot=slot)
        except SceneRefused as exc:
            self.problems = exc.problems

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        surface.fill(theme.BACKGROUND)
        widgets.text(surface, "Worlds", (w // 2, 50), 40, theme.TITLE, bold=True, centre=True)
        widgets.text(surface, "Continue as one of a world's heroes, or add a new hero to it.", (w // 2, 104), 16,
                     theme.TEXT_DIM, centre=True)
        if not self.lines:
            widgets.text(surface, "No world is saved yet: choose New world on the title screen.", (w // 2, TOP),
                         17, theme.TEXT, centre=True)
        first = self.first_shown()
        if first:
            widgets.text(surface, f"↑ {first} more", (self.rect(0).right - 80, TOP - 20), 13, theme.TEXT_DIM)
        below = len(self.lines) - first - ROWS
        if below > 0:
            widgets.text(surface, f"↓ {below} more", (self.rect(0).right - 80, TOP + ROWS * 44 - 4), 13,
                         theme.TEXT_DIM)
        for row, (label, _, uid) in enumerate(self.lines[first:first + ROWS]):
            rect = self.rect(row)
            chosen = first + row == self.chosen
            pygame.draw.rect(surface, theme.PANEL if not chosen else (58, 50, 78), rect, border_radius=4)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, rect, 2, border_radius=4)
            colour = theme.TEXT if uid is not None else theme.FRIEND
            widgets.text(surface, label, (rect.x + 16, rect.y + 9), 16, colour)
        y = TOP + min(ROWS, len(self.lines)) * 44 + 16  # the problems just under the list
        for line in (self.problems + self.broken)[:4]:
            y = widgets.text(surface, line, (w // 2, y), 14, theme.PROBLEM, centre=True, width=1100).bottom + 4
        widgets.text(surface, "Up / Down: choose  ·  Enter or click: play  ·  Esc: back", (w // 2, h - 40), 14,
                     theme.TEXT_DIM, centre=True)
