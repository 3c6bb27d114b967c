"""What the game teaches a new player (issue 23): the first-time hints and F1's "How to play" page, their words
in assets/data/guide.toml.

A hint is one short line at the top of the map the first time each thing happens (entering a settlement, the
first hostile in view, the first moment, low health, a nearly full pack, the first job; then the world's goal,
issue 24, once the settlement's hint is dismissed), naming its key. The
dismiss_hint key or a click hides it; the Settings screen switches hints off (theme.Look.hints). The hints a
player has seen are remembered in <config folder>/hints.txt, one name a line, so each shows once per player.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

from game import userdirs
from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.paths import DATA, regular_file
from game.ui import bindings, labels, theme, widgets

GUIDE = DATA / "guide.toml"
PEOPLE = ("choice", "title", "intro", "empty", "nothing", "keys")
HINTS = ("settlement", "hostile", "moment", "low_health", "full_pack", "first_job", "goal")
SEEN_FILE = "hints.txt"
MAX_SEEN_BYTES = 4096  # a few names; a bigger file is not ours and is read as "none seen"
log = logging.getLogger("ethernalis.guide")


@dataclass(frozen=True)
class Guide:
    hints: dict[str, str]  # hint name -> its line, {action} placeholders still in it
    how_to_play: tuple[tuple[str, str], ...]  # (heading, paragraph), in order
    people: dict[str, str]  # the people view's words (PEOPLE)


@cache
def guide(path: Path = GUIDE) -> Guide:
    """guide.toml, checked: every hint has a line naming only actions that exist, every page a title and text."""
    data = read_toml(path)
    table = data.get("hints")
    if not isinstance(table, dict):
        raise ContentError(f"{path}: [hints]: missing (one line per hint: {', '.join(HINTS)})")
    hints = {}
    for name in HINTS:
        words = table.get(name)
        if not isinstance(words, str) or not words.strip():
            raise ContentError(f"{path}: hints.{name}: missing or not text")
        try:
            words.format_map(KeyNames())
        except (KeyError, ValueError, IndexError) as exc:
            raise ContentError(f"{path}: hints.{name}: {{{exc.args[0] if exc.args else ''}}} is not a key action "
                               f"(game/ui/bindings.py)") from None
        hints[name] = words
    pages = data.get("how_to_play")
    if not isinstance(pages, list) or not pages:
        raise ContentError(f"{path}: [[how_to_play]]: missing (a title and a text each)")
    for i, page in enumerate(pages):
        if not isinstance(page, dict) or not all(isinstance(page.get(k), str) for k in ("title", "text")):
            raise ContentError(f"{path}: how_to_play {i + 1}: needs a title and a text")
    people = data.get("people")
    if not isinstance(people, dict) or not all(isinstance(people.get(k), str) for k in PEOPLE):
        raise ContentError(f"{path}: [people]: needs {', '.join(PEOPLE)} as text")
    return Guide(hints, tuple((p["title"], p["text"]) for p in pages), {k: people[k] for k in PEOPLE})


class KeyNames(dict):
    """{action} -> the names of the keys bound to it now; an unknown action is a KeyError."""

    def __missing__(self, action: str) -> str:
        if action not in bindings.KEYS:
            raise KeyError(action)
        return bindings.key_names(action)


class Hints:
    """The hints of one player: which were seen (kept in `path`), and the one showing now."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else userdirs.config_dir() / SEEN_FILE
        self.seen = read_seen(self.path)
        self.showing = ""  # the name of the hint on screen, or ""
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last (a click there hides it)

    def notice(self, name: str) -> None:
        """`name` has just happened: its hint shows if hints are on and this player has not seen it."""
        if not theme.Look.hints or name in self.seen or self.showing:
            return  # one at a time: another waits, unseen, for the next time it happens
        self.showing = name
        self.seen.add(name)
        write_seen(self.path, self.seen)

    def dismiss(self) -> bool:
        """Hide the hint on screen; whether there was one."""
        shown, self.showing = bool(self.showing), ""
        return shown

    def line(self) -> str:
        return guide().hints[self.showing].format_map(KeyNames()) if self.showing else ""

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The hint on screen, as a strip across the top of `area`, with how to hide it."""
        if not self.showing or not theme.Look.hints:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        close = f"{bindings.key_names('dismiss_hint')} or click: hide"
        room = area.w - 32 - theme.font(13).size(close)[0] - 24
        image = labels.text(self.line(), 15, theme.ACCENT, False, room)
        self.rect = pygame.Rect(area.x + 8, area.y + 8, area.w - 16, image.get_height() + 12)
        surface.blit(widgets.tint(self.rect.size, (*theme.PANEL_DARK, 235)), self.rect)
        pygame.draw.rect(surface, theme.ACCENT, self.rect, 1, border_radius=4)
        surface.blit(image, (self.rect.x + 10, self.rect.y + 6))
        widgets.text(surface, close, (self.rect.right - 10 - theme.font(13).size(close)[0], self.rect.y + 7), 13,
                     theme.TEXT_DIM)


def read_seen(path: Path) -> set[str]:
    """The hint names in the player's file; a missing, odd or oversized file is none seen (never an error)."""
    try:
        status = regular_file(path) if os.path.lexists(path) else None
        if status is None or status.st_size > MAX_SEEN_BYTES:
            return set()
        return {line.strip() for line in path.read_text(encoding="utf-8").splitlines()} & set(HINTS)
    except (OSError, UnicodeDecodeError):
        return set()


def write_seen(path: Path, seen: set[str]) -> None:
    """Keep the seen hints (a new file swapped in whole); a failure is a log line, never a crash."""
    partial = path.with_name(path.name + ".partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text("".join(f"{name}\n" for name in sorted(seen)), encoding="utf-8")
        os.replace(partial, path)
    except OSError as exc:
        log.warning("hints not remembered: cannot write %s (%s)", path, exc.strerror or exc)
