"""The inventory screen (`I`, or the side panel's Pack heading), over the dungeon: every line of the pack with
its icon, count and weight, the load against the hero's capacity (N33), the card of the chosen item
(game/ui/itemcard.py), and use, equip, remove (take off), drop and sort (O) by key or by the buttons at the foot.

It sends the commands a scripted hero sends (Consume, Equip, Repair, Unequip, Drop); a command that ends the hero's
turn runs the world turn a slice per frame, as the dungeon does.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import bindings, theme, widgets
from game.ui.itemcard import draw_facts
from game.ui.scene import Scene
from game.ui.sidepanel import use_command
from game.ui.stacks import Stack, stacked
from game.world import views
from game.world.commands import Command, Drop, Unequip
from game.world.itemfacts import ItemFacts, item_facts, pack_load

if TYPE_CHECKING:
    from game.ui.session import Session

PANEL = pygame.Rect(90, 24, 1100, 672)
TURN_SLICE = 0.006
SORTS = ("pack order", "kind", "name", "weight", "value")
BUTTONS = (("use", "Use / equip  Enter"), ("remove", "Remove  R"), ("drop", "Drop  D"), ("sort", "Sort  O"),
           ("close", "Close  Esc"))


class InventoryScene(Scene):
    opaque = False

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.driver, self.world, self.sprites = session.driver, session.world, session.sprites
        self.hero = self.world.hero
        self.selected, self.top, self.sort = 0, 0, 0
        self.note = ""
        self.rows: list[tuple[pygame.Rect, int]] = []
        self.buttons: list[tuple[pygame.Rect, str]] = []
        self.read()

    # -- the world -------------------------------------------------------------------------------
    def read(self) -> None:
        """The pack's lines, sorted as chosen, each with its card, and the load (read after each change)."""
        worn = views.worn_by(self.world, self.hero)
        lines = stacked(views.carried_by(self.world, self.hero), worn)
        facts = {line.first.eid: item_facts(self.world, line.first.eid, self.hero) for line in lines}
        order = SORTS[self.sort]
        if order != "pack order":
            key = {"kind": lambda l: (l.first.kind, l.name), "name": lambda l: l.name.lower(),
                   "weight": lambda l: -facts[l.first.eid].weight * l.count,
                   "value": lambda l: -facts[l.first.eid].value * l.count}[order]
            lines.sort(key=key)
        self.lines: list[Stack] = lines
        self.facts: dict[int, ItemFacts] = facts
        self.load = pack_load(self.world, self.hero)
        self.selected = max(0, min(self.selected, len(lines) - 1))

    def act(self, what: str) -> None:
        """Use (or equip), take off or drop the chosen line's first item, sort the list, or close the screen."""
        if what == "close":
            self.stack.pop()
            return
        if what == "sort":
            self.sort = (self.sort + 1) % len(SORTS)
            self.read()
            return
        if not self.lines or self.driver.busy:
            self.note = "The dungeon is still moving." if self.driver.busy else ""
            return
        item = self.lines[self.selected].first
        command: Command | None = Drop(self.hero, item.eid) if what == "drop" else \
            Unequip(self.hero, item.eid) if what == "remove" else use_command(self.hero, item)
        if command is None:
            self.note = f"You cannot use the {item.name}."
            return
        result = self.driver.do(command)
        self.note = "" if result.ok else result.reason
        self.read()

    # -- scene -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.selected = index
            for rect, what in self.buttons:
                if rect.collidepoint(event.pos):
                    self.act(what)
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(max(0, len(self.lines) - self.visible()), self.top - event.y))

    def _key(self, key: int) -> None:
        count = len(self.lines)
        if key == pygame.K_ESCAPE or bindings.action_for(key) == "inventory":
            self.act("close")
            return
        if key in (pygame.K_UP, pygame.K_w) and count:
            self.selected = (self.selected - 1) % count
        elif key in (pygame.K_DOWN, pygame.K_s) and count:
            self.selected = (self.selected + 1) % count
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_u):
            self.act("use")
        elif key == pygame.K_d:
            self.act("drop")
        elif key == pygame.K_r:
            self.act("remove")
        elif key == pygame.K_o:
            self.act("sort")
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 + self.top < count:
            self.selected = key - pygame.K_1 + self.top
        visible = self.visible()
        self.top = min(max(self.top, self.selected - visible + 1), self.selected)

    def update(self, dt: float) -> None:
        if self.driver.busy:
            self.driver.advance(TURN_SLICE)
            if not self.driver.busy:
                self.read()
        if self.world.over:
            self.stack.pop()

    # -- drawing ---------------------------------------------------------------------------------
    def row_height(self) -> int:
        return max(30, widgets.line_height(15) + 10)

    def visible(self) -> int:
        return max(1, (PANEL.h - 150) // self.row_height())

    def draw(self, surface: pygame.Surface) -> None:
        widgets.veil(surface, (6, 4, 10, 150))
        inner = widgets.panel(surface, PANEL, alpha=250)
        with widgets.within(inner):
            title = widgets.text(surface, "Inventory", inner.topleft, 24, theme.TITLE, bold=True)
            weight, capacity = self.load
            load = f"Load {weight} of {capacity}   ·   sorted by {SORTS[self.sort]}"
            widgets.text(surface, load, (title.right + 24, title.y + 8), 15,
                         theme.PROBLEM if weight > capacity else theme.TEXT_DIM)
            top = title.bottom + 12
            list_w = inner.w * 11 // 20
            self._draw_list(surface, pygame.Rect(inner.x, top, list_w, inner.bottom - top - 60))
            card = pygame.Rect(inner.x + list_w + 24, top, inner.w - list_w - 24, inner.bottom - top - 60)
            pygame.draw.rect(surface, theme.PANEL_DARK, card, border_radius=6)
            if self.lines:
                draw_facts(surface, self.facts[self.lines[self.selected].first.eid], card.inflate(-24, -20))
            self._draw_buttons(surface, pygame.Rect(inner.x, inner.bottom - 48, inner.w, 40))

    def _draw_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        self.rows = []
        row_h = self.row_height()
        if not self.lines:
            widgets.text(surface, "Your pack is empty.", (area.x + 12, area.y + 8), 15, theme.TEXT_DIM)
            return
        shown = self.lines[self.top:self.top + self.visible()]
        weight_w = theme.font(14).size("weight 999")[0]
        for i, line in enumerate(shown):
            index = self.top + i
            row = pygame.Rect(area.x, area.y + i * row_h, area.w, row_h - 3)
            self.rows.append((row, index))
            chosen = index == self.selected
            pygame.draw.rect(surface, (58, 48, 78) if chosen else theme.PANEL_DARK, row, border_radius=4)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, row, 2 if chosen else 1,
                             border_radius=4)
            icon = row.h - 6
            surface.blit(self.sprites.scaled(self.sprites.item(line.first.item_id), icon / 32), (row.x + 6, row.y + 3))
            facts = self.facts[line.first.eid]
            number = f"{i + 1}. " if i < 9 else ""
            mark = "  (worn)" if line.worn else ""
            words = widgets.fit(f"{number}{line.name}{mark}", 15, row.w - icon - weight_w - 30)
            widgets.text(surface, words, (row.x + icon + 12, row.y + (row.h - widgets.line_height(15)) // 2), 15,
                         theme.ACCENT if line.worn else theme.TEXT)
            heft = f"weight {facts.weight * line.count}"
            widgets.text(surface, heft, (row.right - 10 - theme.font(14).size(heft)[0],
                                         row.y + (row.h - widgets.line_height(14)) // 2), 14, theme.TEXT_DIM)
        if len(self.lines) > len(shown):
            more = f"{self.top + 1}–{self.top + len(shown)} of {len(self.lines)}: the wheel or Up/Down scroll"
            widgets.text(surface, more, (area.x + 8, area.y + len(shown) * row_h + 2), 12, theme.TEXT_DIM)

    def _draw_buttons(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        self.buttons = []
        width = (area.w - (len(BUTTONS) - 1) * 12) // len(BUTTONS)
        for i, (what, label) in enumerate(BUTTONS):
            rect = pygame.Rect(area.x + i * (width + 12), area.y, width, area.h)
            pygame.draw.rect(surface, theme.PANEL_DARK, rect, border_radius=6)
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=6)
            widgets.text(surface, label, (rect.centerx, rect.y + (rect.h - widgets.line_height(15)) // 2), 15,
                         theme.TEXT, centre=True)
            self.buttons.append((rect, what))
        if self.note:
            widgets.text(surface, self.note, (area.x, area.y - widgets.line_height(14) - 4), 14, theme.PROBLEM)

