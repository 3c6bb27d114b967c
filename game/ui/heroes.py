"""The hall of heroes (issue 24), from the title and the victory screen: every hero, newest first, of every
world or of one (Tab), each marked victorious (gold, how it won) or fallen; Enter reads the hero's morgue file
(Up/Down, Page Up/Down, Home/End scroll it), W watches its run replayed (game/ui/watch.py) when it was
recorded, Esc goes back. A damaged hall shows what it could read."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game import hall
from game.ui import theme, widgets
from game.ui.scene import Scene, SceneRefused

ALL_WORLDS = "All worlds"
TOP, ROW, MORGUE_LINE = 128, 50, 20  # designed sizes, scaled with the text size (theme.Look)
LIST_RECT = pygame.Rect(90, TOP, 1100, 510)
GOLD = (240, 200, 90)  # a victorious hero, as on the victory screen


def scaled(size: int) -> int:
    return round(size * theme.Look.text_size)


class HallScene(Scene):
    def __init__(self, folder: Path | None = None, reading: str = "") -> None:
        """`reading`: the morgue file of an entry to open at once (the victory screen's hero)."""
        super().__init__()
        self.folder = folder or hall.hall_dir()
        self.heroes, problem = hall.entries(self.folder)
        self.problems = [problem] if problem else []
        self.worlds = [ALL_WORLDS, *dict.fromkeys(e["world"] for e in self.heroes)]
        self.world = 0
        self.selected = 0
        self.first = 0  # the first row shown of the list
        self.reading: list[str] | None = None  # the morgue file's lines while one is read
        self.top_line = 0
        self.words = None  # goal.toml [hall]'s words, read on first drawing (the content loads once)
        chosen = next((i for i, e in enumerate(self.heroes) if reading and e["morgue"] == reading), None)
        if chosen is not None:
            self.selected = chosen
            self.reading = hall.read_morgue(self.heroes[chosen], self.folder)

    @property
    def shown(self) -> list[dict[str, Any]]:
        world = self.worlds[self.world]
        return [e for e in self.heroes if world == ALL_WORLDS or e["world"] == world]

    def rows_fit(self) -> int:
        return max(1, LIST_RECT.h // scaled(ROW))

    def lines_fit(self) -> int:
        return max(1, (LIST_RECT.h - 10) // scaled(MORGUE_LINE))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 3)
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            if self.reading is not None:
                self.reading = None
            else:
                self.stack.pop()
        elif key == pygame.K_w:
            self.watch()
        elif self.reading is not None:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.lines_fit(),
                     pygame.K_PAGEDOWN: self.lines_fit(), pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if key in steps:
                self.scroll(steps[key])
        elif key == pygame.K_TAB and len(self.worlds) > 1:
            self.world, self.selected, self.first = (self.world + 1) % len(self.worlds), 0, 0
        elif key in (pygame.K_UP, pygame.K_DOWN) and self.shown:
            self.selected = (self.selected + (1 if key == pygame.K_DOWN else -1)) % len(self.shown)
            fit = self.rows_fit()
            self.first = min(max(self.first, self.selected - fit + 1), self.selected)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.shown:
            self.reading, self.top_line = hall.read_morgue(self.shown[self.selected], self.folder), 0

    def scroll(self, by: int) -> None:
        if self.reading is not None:
            self.top_line = max(0, min(self.top_line + by, len(self.reading) - self.lines_fit()))

    def watch(self) -> None:
        if not self.shown:
            return
        entry = self.shown[self.selected]
        if not entry["recording"]:
            self.problems = [f"{entry['name']}'s run was not recorded (a world of sites, or a run from a save)."]
            return
        try:
            self.stack.push("watch", path=self.folder / entry["recording"])
        except SceneRefused as exc:
            self.problems = exc.problems

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        surface.fill(theme.BACKGROUND)
        title = widgets.text(surface, "Hall of heroes", (w // 2, 30), 40, theme.ACCENT, bold=True, centre=True)
        widgets.panel(surface, LIST_RECT.inflate(20, 20))
        if self.reading is not None:
            self.draw_morgue(surface)
            keys = "Up/Down and Page Up/Down scroll  ·  W watch the run  ·  Esc back to the list"
        else:
            self.draw_list(surface)
            keys = "Up/Down choose  ·  Enter read  ·  W watch the run  ·  Tab another world  ·  Esc back"
        widgets.text(surface, self.subtitle(), (w // 2, title.bottom), 18, theme.TEXT_DIM, centre=True)
        for line in self.problems[:1]:
            widgets.text(surface, line, (w // 2, h - 62), 14, theme.PROBLEM, centre=True, width=1150)
        widgets.text(surface, keys, (w // 2, h - 34), 15, theme.TEXT_DIM, centre=True)

    def subtitle(self) -> str:
        if self.reading is None:
            count, won = len(self.shown), sum(bool(e["victory"]) for e in self.shown)
            return (f"{self.worlds[self.world]}  ·  {count} {'hero' if count == 1 else 'heroes'}"
                    + (f", {won} {self.marks()[0].lower()}" if won else ""))
        where = ""
        if len(self.reading) > self.lines_fit():
            last = min(len(self.reading), self.top_line + self.lines_fit())
            where = f"  ·  lines {self.top_line + 1}–{last} of {len(self.reading)}"
        return f"{self.shown[self.selected]['name']}'s morgue file{where}"

    def draw_list(self, surface: pygame.Surface) -> None:
        shown = self.shown
        if not shown:
            widgets.text(surface, "No hero has fallen or won yet. Their stories will be kept here.",
                         (LIST_RECT.centerx, LIST_RECT.y + 40), 18, theme.TEXT, centre=True)
            return
        row = scaled(ROW)
        surface.set_clip(LIST_RECT)
        for i, entry in enumerate(shown[self.first:self.first + self.rows_fit()]):
            index = self.first + i
            rect = pygame.Rect(LIST_RECT.x, LIST_RECT.y + i * row, LIST_RECT.w, row - 4)
            if index == self.selected:
                surface.fill(theme.PANEL_EDGE, rect)
            watch = "  ·  recorded" if entry["recording"] else ""
            won, fell = self.marks()
            mark = widgets.text(surface, won if entry["victory"] else fell, (rect.x + 12, rect.y + 3), 17,
                                GOLD if entry["victory"] else theme.TEXT_DIM, bold=True)
            widgets.text(surface, f"{entry['name']}, level {entry['level']}  ·  {entry['world']}, {entry['place']}"
                         f"{watch}", (mark.right + 14, rect.y + 3), 17, theme.TEXT, bold=index == self.selected)
            ends = entry["cause"] if entry["cause"] == entry["victory"] or not entry["victory"] \
                else f"{entry['victory']} {entry['cause']}"
            widgets.text(surface, f"{ends}  ·  {entry['written']}", (rect.x + 12, rect.y + 3 + scaled(22)), 14,
                         GOLD if entry["victory"] else theme.TEXT_DIM)
        surface.set_clip(None)

    def marks(self) -> tuple[str, str]:
        """The words marking a victorious hero and a fallen one (goal.toml [hall])."""
        if self.words is None:
            from game.content.content import load_content

            self.words = load_content().goal.hall
        return self.words["victorious"], self.words["fallen"]

    def draw_morgue(self, surface: pygame.Surface) -> None:
        line_h = scaled(MORGUE_LINE)
        surface.set_clip(LIST_RECT)
        for i, line in enumerate(self.reading[self.top_line:self.top_line + self.lines_fit()]):
            widgets.text(surface, line, (LIST_RECT.x + 12, LIST_RECT.y + 5 + i * line_h), 15, theme.TEXT)
        surface.set_clip(None)
