"""The journal screen (N40, N44), over the dungeon: four tabs, Work (the hero's contracts and mini-quests and,
after the work under way, the world's goal, issue 24: lift the siege, who asks it and where; ready and active first, then done and abandoned, with who gave them, where, the objective, the giver's
words and the reward), People (who the hero has met, where they are, what they think of it, their
loyalty, friends and enemies, and the hero's deeds they know of) and Places (claims, where work points,
the secret sites loyal people told of, N61, and every room of this map the hero knows) and Chronicle (what the hero witnessed or was told of the places it
lives through, each with its day and source, N87). Keys: Left/Right or Tab change tab, Up/Down choose, Esc or J
close; the mouse clicks tabs and lines, the
wheel scrolls. It only shows a journal view."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.ui import bindings, theme, widgets
from game.ui.scene import Scene
from game.world.journalview import JournalView, Place, journal_view
from game.world.victoryview import GoalView
from game.world.targets import journal_targets

if TYPE_CHECKING:
    from game.ui.session import Session

PANEL = pygame.Rect(110, 28, 1060, 664)
TABS = ("Work", "People", "Places", "Chronicle")
LIST_W = 430
ROW_H = 44
ROWS = 11
STATE_COLOURS = {"ready": (120, 210, 130), "active": theme.ACCENT, "done": theme.TEXT_DIM,
                 "abandoned": (200, 110, 100)}
GOLD = (240, 204, 90)


def far(place: Place) -> str:
    """How far a room of this map is by the known way (" · 3 rooms away"), else ""."""
    if place.away <= 0:
        return ""
    return f" · {place.away} room{'s' if place.away != 1 else ''} away"


class JournalScene(Scene):
    opaque = False

    def __init__(self, session: Session, go: Callable[[int], None] | None = None) -> None:
        super().__init__()
        self.world = session.world
        self.go = go  # issue 23: "Go there" travels to a room (the dungeon screen's travel)
        self.targets = journal_targets(self.world, self.world.hero)
        self.tab, self.selected, self.top = 0, [0] * len(TABS), [0] * len(TABS)
        self.view: JournalView = journal_view(self.world, self.world.hero)
        self.tab_rects: list[pygame.Rect] = []
        self.rows: list[tuple[pygame.Rect, int]] = []

    def count(self) -> int:
        return len((self.work(), self.view.people, self.view.places, self.view.chronicle)[self.tab])

    def work(self) -> list:
        """The Work tab's lines: the work under way (ready, active), the world's goal (issue 24; first while
        there is none, as on a world's first turn), then the work done and abandoned."""
        entries = list(self.view.entries)
        at = sum(e.state in ("ready", "active") for e in entries)
        return entries[:at] + ([self.view.goal] if self.view.goal else []) + entries[at:]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.tab_rects):
                if rect.collidepoint(event.pos):
                    self.tab = i
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.selected[self.tab] = index
        elif event.type == pygame.MOUSEWHEEL:
            self.top[self.tab] = max(0, min(max(0, self.count() - ROWS), self.top[self.tab] - event.y))

    def _key(self, key: int) -> None:
        count = self.count()
        if key in (pygame.K_ESCAPE, pygame.K_j):
            self.stack.pop()
        elif key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_d):
            self.tab = (self.tab + 1) % len(TABS)
        elif key in (pygame.K_LEFT, pygame.K_a):
            self.tab = (self.tab - 1) % len(TABS)
        elif key in (pygame.K_UP, pygame.K_w) and count:
            self.selected[self.tab] = (self.selected[self.tab] - 1) % count
        elif key in (pygame.K_DOWN, pygame.K_s) and count:
            self.selected[self.tab] = (self.selected[self.tab] + 1) % count
        elif key in (pygame.K_g, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._go_there()
        chosen = self.selected[self.tab]
        self.top[self.tab] = min(max(self.top[self.tab], chosen - ROWS + 1), chosen)

    def destination(self) -> tuple[int, str] | None:
        """Where "Go there" leads from the chosen line: its work's target (the first the journal marks), the
        person where they stand now, or the place (a room of this map); None with nothing to go to."""
        chosen = self.selected[self.tab]
        if self.tab == 0 and self.work():
            entry = self.work()[min(chosen, len(self.work()) - 1)]
            if isinstance(entry, GoalView):
                return (entry.room, self.world.room_name(entry.room)) if entry.room >= 0 else None
            found = next((t for t in self.targets if t.contract == entry.id), None)
            return (found.room, found.name) if found else None
        if self.tab == 1 and self.view.people:
            person = self.view.people[min(chosen, len(self.view.people) - 1)]
            actor = self.world.actors.by_uid(person.uid)
            return (actor.pos.room, person.name) if actor is not None else None
        if self.tab == 2 and self.view.places:
            place = self.view.places[min(chosen, len(self.view.places) - 1)]
            return (place.room, place.name) if place.away > 0 else None
        return None

    def _go_there(self) -> None:
        where = self.destination()
        if where is not None and self.go is not None and where[0] != self.world.room_of(self.world.hero):
            self.stack.pop()
            self.go(where[0])

    def _go_line(self, surface: pygame.Surface, x: int, y: int) -> None:
        where = self.destination()
        if where is not None and self.go is not None and where[0] != self.world.room_of(self.world.hero):
            widgets.text(surface, f"G: Go there ({self.world.room_name(where[0])})", (x, y + 8), 15, theme.FRIEND,
                         bold=True)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        widgets.veil(surface, (6, 4, 10, 170))
        inner = widgets.panel(surface, PANEL, alpha=250)
        title = widgets.text(surface, self.world.content.contracts.lines["journal"], (inner.x + 4, inner.y), 26,
                             theme.TITLE, bold=True)
        x = title.right + 40
        self.tab_rects = []
        for i, name in enumerate(TABS):
            rect = pygame.Rect(x, inner.y + 4, 120, 30)
            active = i == self.tab
            pygame.draw.rect(surface, (58, 48, 78) if active else theme.PANEL_DARK, rect, border_radius=5)
            pygame.draw.rect(surface, theme.ACCENT if active else theme.PANEL_EDGE, rect, 2 if active else 1,
                             border_radius=5)
            widgets.text(surface, name, (rect.centerx, rect.y + 5), 16, theme.TEXT if active else theme.TEXT_DIM,
                         bold=active, centre=True)
            self.tab_rects.append(rect)
            x += 132
        earned = f"XP from work: {self.view.xp}"
        widgets.text(surface, earned, (inner.right - 4 - theme.font(15).size(earned)[0], inner.y + 10), 15, GOLD)
        body = pygame.Rect(inner.x, inner.y + 52, inner.w, inner.h - 52 - 30)
        self.rows = []
        (self._work, self._people, self._places, self._chronicle)[self.tab](surface, body)
        hint = "   ·   ".join(h for _, _, h in bindings.JOURNAL if h)
        widgets.text(surface, hint, (inner.centerx, inner.bottom - 18), 13, theme.TEXT_DIM, centre=True)

    def _list(self, surface: pygame.Surface, area: pygame.Rect, lines: list[tuple[str, str, tuple[int, int, int]]],
              empty: str) -> None:
        """A scrolling list of (title, tag, tag colour) with the chosen line framed."""
        if not lines:
            widgets.text(surface, empty, (area.x + 8, area.y + 8), 15, theme.TEXT_DIM, width=area.w - 16)
        y, row_h = area.y, max(ROW_H, widgets.line_height(15) + widgets.line_height(12) + 8)  # at every text size
        for i in range(self.top[self.tab], min(len(lines), self.top[self.tab] + min(ROWS, area.h // row_h))):
            title, tag, colour = lines[i]
            row = pygame.Rect(area.x, y, area.w, row_h - 4)
            chosen = i == self.selected[self.tab]
            pygame.draw.rect(surface, (58, 48, 78) if chosen else theme.PANEL_DARK, row, border_radius=5)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, row, 2 if chosen else 1,
                             border_radius=5)
            widgets.text(surface, widgets.fit(title, 15, row.w - 20), (row.x + 10, row.y + 2), 15, theme.TEXT)
            widgets.text(surface, tag, (row.x + 10, row.y + 2 + widgets.line_height(15)), 12, colour)
            self.rows.append((row, i))
            y += row_h

    def _work(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        entries = self.work()
        kinds = self.world.content.contracts.lines
        lines = [(e.title, e.state, GOLD) if isinstance(e, GoalView) else
                 (f"{e.giver} · {kinds[f'kind_{e.kind}']}", f"{e.state} · {e.place}", STATE_COLOURS[e.state])
                 for e in entries]
        self._list(surface, pygame.Rect(body.x, body.y, LIST_W, body.h), lines,
                   "No work yet. Ask people \"Any work?\" when you talk to them.")
        if not entries:
            return
        e = entries[min(self.selected[0], len(entries) - 1)]
        x, w = body.x + LIST_W + 24, body.w - LIST_W - 24
        if isinstance(e, GoalView):
            self._goal(surface, e, x, body.y, w)
            return
        y = widgets.text(surface, e.giver, (x, body.y), 22, theme.TITLE, bold=True).bottom + 2
        y = widgets.text(surface, f"given in {e.place}", (x, y), 14, theme.TEXT_DIM).bottom + 6
        y = widgets.text(surface, e.state.capitalize(), (x, y), 17, STATE_COLOURS[e.state], bold=True).bottom + 12
        if e.flavour:
            y = widgets.text(surface, f"“{e.flavour}”", (x, y), 15, theme.TEXT_DIM, width=w).bottom + 10
        y = widgets.text(surface, e.objective, (x, y), 16, theme.TEXT, width=w).bottom + 16
        reward = f"Reward: {e.gold} gold, {e.xp} XP" if e.kind != "mini" else "Reward: gold by the item's value"
        if e.bonus:
            reward += f", and {e.bonus}"
        y = widgets.text(surface, reward, (x, y), 15, GOLD).bottom + 8
        if e.state == "ready":
            y = widgets.text(surface, f"Return to {e.giver} to claim it.", (x, y), 15, STATE_COLOURS["ready"]).bottom
        self._go_line(surface, x, y)

    def _goal(self, surface: pygame.Surface, goal: GoalView, x: int, y: int, w: int) -> None:
        """The world's goal (issue 24): what to do, who asks it, where, and whether the siege stands."""
        y = widgets.text(surface, goal.title, (x, y), 22, GOLD, bold=True, width=w).bottom + 6
        y = widgets.text(surface, goal.state.capitalize(), (x, y), 17,
                         STATE_COLOURS["done" if goal.lifted else "active"], bold=True).bottom + 12
        y = widgets.text(surface, goal.objective, (x, y), 16, theme.TEXT, width=w).bottom + 12
        y = widgets.text(surface, goal.told, (x, y), 15, theme.TEXT_DIM, width=w).bottom + 12
        y = widgets.text(surface, goal.where, (x, y), 15, theme.ACCENT, width=w).bottom + 8
        self._go_line(surface, x, y)

    def _people(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        people = self.view.people
        lines = [(p.name, f"{p.regard or 'indifferent'} · loyalty {p.loyalty}", theme.TEXT_DIM) for p in people]
        self._list(surface, pygame.Rect(body.x, body.y, LIST_W, body.h), lines, "You have met no one yet.")
        if not people:
            return
        p = people[min(self.selected[1], len(people) - 1)]
        x, w = body.x + LIST_W + 24, body.w - LIST_W - 24
        y = widgets.text(surface, p.name, (x, body.y), 22, theme.TITLE, bold=True).bottom + 6
        for label, value in (("Now in", p.place), ("Thinks of you", p.regard or "indifferent"),
                             ("Loyalty", str(p.loyalty)), ("Friends", ", ".join(p.friends) or "none you know of"),
                             ("Enemies", ", ".join(p.enemies) or "none you know of")):
            widgets.text(surface, label, (x, y), 15, theme.TEXT_DIM)
            y = max(y + 24, widgets.text(surface, value, (x + 150, y), 15, theme.TEXT, width=w - 150).bottom + 6)
        y += 10
        widgets.text(surface, "Knows of you", (x, y), 15, theme.ACCENT, bold=True)
        y += 24
        for deed in p.knows[:6] or ("nothing yet",):
            y = widgets.text(surface, deed, (x + 12, y), 14, theme.TEXT, width=w - 12).bottom + 4
        self._go_line(surface, x, y)

    def _places(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Claims (N47), where the hero's work points, and the sites loyal creatures told it of (N61)."""
        places = self.view.places
        lines = [(p.name, widgets.fit(f"{p.why}{far(p)}", 12, LIST_W - 20), theme.TEXT_DIM) for p in places]
        self._list(surface, pygame.Rect(body.x, body.y, LIST_W, body.h), lines,
                   "No claims and no places your work points at. Secrets of the region: none known yet.")
        if not places:
            return
        p = places[min(self.selected[2], len(places) - 1)]
        x, w = body.x + LIST_W + 24, body.w - LIST_W - 24
        y = widgets.text(surface, p.name, (x, body.y), 22, theme.TITLE, bold=True).bottom + 8
        y = widgets.text(surface, p.why, (x, y), 15, theme.TEXT, width=w).bottom + 6
        if p.room >= 0 and p.away != 0:
            y = widgets.text(surface, far(p).strip(" ·") or "You know no way there.", (x, y), 15,
                             theme.TEXT_DIM).bottom
        self._go_line(surface, x, y)

    def _chronicle(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """N87: what the hero has witnessed or been told of the places it lives through, newest first."""
        told = self.view.chronicle
        lines = [(widgets.fit(t.words, 15, LIST_W - 20), f"Day {t.day} · {t.source}", theme.TEXT_DIM) for t in told]
        self._list(surface, pygame.Rect(body.x, body.y, LIST_W, body.h), lines,
                   "Nothing yet. What you see people do to one another, and what they tell you when you ask "
                   "for news, is kept here.")
        if not told:
            return
        t = told[min(self.selected[3], len(told) - 1)]
        x, w = body.x + LIST_W + 24, body.w - LIST_W - 24
        y = widgets.text(surface, f"Day {t.day}", (x, body.y), 22, theme.TITLE, bold=True).bottom + 2
        y = widgets.text(surface, t.source[:1].upper() + t.source[1:], (x, y), 15, theme.ACCENT).bottom + 10
        widgets.text(surface, t.words, (x, y), 16, theme.TEXT, width=w)
