"""The dialogue screen's transcript: what was said, built from the world's events, revealed in order; the
Measure dice of a reply appear one by one (N78) before the person's answer, which opens with the result."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.talkart import DIE_CANCEL, DIE_SUCCESS, draw_die
from game.world.events import Event

DIE_DELAY = 0.35  # seconds between two dice appearing
DIE_SIZE = 38
GAP = 10  # pixels between entries
FADE = 28  # pixels over which the oldest lines fade at the top
HERO_TEXT = (150, 196, 255)
NOTE_TEXT = (196, 186, 150)
TALK_KINDS = frozenset({"says", "narrates", "asks", "reply", "moment", "measure", "loyalty", "remembers_help", "remembers_slight",
                        "secret"})


@dataclass
class Entry:
    """One thing in the transcript: a person's line, the hero's reply, a moment's title, the dice, a note."""

    kind: str  # line, hero, title, dice, note
    text: str
    who: str = ""
    dice: list[int] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    at: float = 0.0  # when it appears (the transcript's clock)

    @property
    def span(self) -> float:
        """How long it takes to appear in full (the dice, one by one)."""
        return len(self.dice) * DIE_DELAY + 0.25 if self.kind == "dice" else 0.0


class Transcript:
    def __init__(self, width: int, success_word: str) -> None:
        self.width = width
        self.success_word = success_word  # dialogue.toml [results] success
        self.entries: list[Entry] = []
        self.clock = 0.0
        self.scroll = 0  # pixels scrolled back from the newest

    @property
    def busy(self) -> bool:
        """Dice are still being rolled on screen."""
        return bool(self.entries) and self.clock < self.entries[-1].at + self.entries[-1].span

    def skip(self) -> None:
        if self.entries:
            self.clock = self.entries[-1].at + self.entries[-1].span

    def update(self, dt: float) -> None:
        self.clock += dt

    def add(self, entry: Entry) -> None:
        last = self.entries[-1] if self.entries else None
        if last is not None and entry.kind == last.kind == "line" and entry.who == last.who \
                and entry.data.get("part") != "outcome":
            entry.data["more"] = True  # the same person goes on: no name again
        entry.at = max(self.clock, last.at + last.span) if last else self.clock
        self.entries.append(entry)
        self.scroll = 0

    def hear(self, event: Event, target_uid: str) -> None:
        """Take in an event of the conversation with `target_uid` (others are the message log's)."""
        if event.kind not in TALK_KINDS or target_uid not in (event.actor, event.target):
            return
        data = dict(event.data)
        if event.kind == "says":
            self.add(Entry("line", data["line"], event.actor_name or "", data=data))
        elif event.kind in ("reply", "asks"):
            self.add(Entry("hero", data["line"], event.actor_name or "", data=data))
        elif event.kind == "narrates":
            self.add(Entry("note", data["line"], data=data))
        elif event.kind == "moment":
            self.add(Entry("title", data["title"]))
        elif event.kind == "measure":
            self.add(Entry("dice", data["result"], dice=list(data["dice"]), data=data))
        else:
            self.add(Entry("note", event.text, data=data))

    # -- drawing ----------------------------------------------------------------------------------
    def _render(self, entry: Entry, shown: float) -> pygame.Surface:
        """The entry as a picture `width` wide; dice show as many as have been rolled by `shown` seconds."""
        if entry.kind == "dice":
            return self._dice(entry, shown)
        if entry.kind == "title":
            return theme.font(17, bold=True).render(f"— {entry.text} —", True, theme.ACCENT)
        if entry.kind == "note":
            return theme.font(14).render(entry.text, True, NOTE_TEXT, wraplength=self.width)
        colour = HERO_TEXT if entry.kind == "hero" else theme.TEXT
        words = theme.font(16).render(entry.text, True, colour, wraplength=self.width - 16)
        if entry.data.get("more"):
            out = pygame.Surface((self.width, words.get_height()), pygame.SRCALPHA)
            out.blit(words, (16, 0))
            return out
        approach = entry.data.get("approach")
        head = f"{entry.who} ({approach})" if approach else entry.who
        name = theme.font(14, bold=True).render(head, True, HERO_TEXT if entry.kind == "hero" else theme.ACCENT)
        result = None
        if entry.kind == "line" and entry.data.get("part") == "outcome":  # N78: the answer opens with the result
            tint = DIE_SUCCESS if entry.data.get("result") == self.success_word else DIE_CANCEL
            result = theme.font(14, bold=True).render(f"{entry.data['result']}  ·", True, tint)
        out = pygame.Surface((self.width, name.get_height() + words.get_height() + 2), pygame.SRCALPHA)
        x = 0
        if result is not None:
            out.blit(result, (0, 0))
            x = result.get_width() + 6
        out.blit(name, (x, 0))
        out.blit(words, (16, name.get_height() + 2))
        return out

    def rolled(self, entry: Entry) -> int:
        """N78: how many of a reply's dice are on screen now: one more every DIE_DELAY seconds."""
        if self.clock < entry.at:
            return 0
        return min(len(entry.dice), int((self.clock - entry.at) / DIE_DELAY) + 1)

    def _dice(self, entry: Entry, shown: float) -> pygame.Surface:
        data = entry.data
        rolled = self.rolled(entry)
        earned = data.get("earned", 0)
        how = f"Measure: {data.get('base', 0)} dice"
        if earned:
            how += f" {'+' if earned > 0 else '−'} {abs(earned)} for the approach"
        label = theme.font(13).render(how, True, theme.TEXT_DIM)
        out = pygame.Surface((self.width, label.get_height() + DIE_SIZE + 8), pygame.SRCALPHA)
        out.blit(label, (0, 0))
        x, y = 16, label.get_height() + 4
        for value in entry.dice[:rolled]:
            draw_die(out, pygame.Rect(x, y, DIE_SIZE, DIE_SIZE), value)
            x += DIE_SIZE + 8
        if shown >= entry.span - 0.25:
            success = data.get("success", False)
            result = f"{entry.text}   {data.get('successes', 0)} net"
            words = theme.font(20, bold=True).render(result, True, DIE_SUCCESS if success else DIE_CANCEL)
            out.blit(words, (x + 12, y + (DIE_SIZE - words.get_height()) // 2))
        return out

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The entries that have appeared, newest at the bottom of `rect`, scrolled back by `scroll`."""
        clip = surface.get_clip()
        surface.set_clip(rect)
        y = rect.bottom + self.scroll
        for entry in reversed(self.entries):
            if entry.at > self.clock:
                continue
            image = self._render(entry, self.clock - entry.at)
            y -= image.get_height()
            if y < rect.bottom:
                surface.blit(image, (rect.x, y))
            y -= GAP
            if y < rect.y:
                break
        fade = pygame.Surface((rect.w, FADE), pygame.SRCALPHA)  # older lines fade out at the top edge
        for row in range(FADE):
            pygame.draw.line(fade, (*theme.PANEL, 255 - row * 255 // FADE), (0, row), (rect.w, row))
        surface.blit(fade, rect.topleft)
        surface.set_clip(clip)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, self.scroll + pixels)
