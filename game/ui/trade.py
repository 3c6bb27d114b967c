"""The trade screen (N5), over the dialogue with a merchant: its wares with its prices on the left, the
hero's goods with its offers on the right, both purses, the item card and the price's parts (base, quality,
trait, level) for the line under the mouse or the selection, and what the merchant said last.

It only shows a trade view and sends the commands a scripted hero sends too (Trade, Buy, Sell).
Keys: Up/Down choose a line, Left/Right or Tab change side, Enter buys or sells, Esc goes back; a click
buys or sells, the wheel scrolls.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import bindings, theme, widgets
from game.ui.itemcard import draw_facts
from game.ui.scene import Scene, SceneRefused
from game.ui.stacks import stacked_wares
from game.world.itemfacts import item_facts
from game.world.commands import Buy, Command, Sell, Trade
from game.world.tradeview import TradeView, Ware, trade_view

if TYPE_CHECKING:
    from game.ui.session import Session

PANEL = pygame.Rect(110, 28, 1060, 664)
ROW_H = 28
ROWS = 11  # lines shown per side; the rest scroll
COLUMN_GAP = 24
GOLD = (240, 204, 90)
SIDES = ("wares", "goods")  # the merchant's, the hero's


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "±0"


def explain(view: TradeView, ware: Ware, selling: bool) -> list[tuple[str, str]]:
    """The parts of a price as label, amount (N5): base, quality and material, traits, level, total."""
    price = ware.price
    traits = ", ".join(view.traits) or "none"
    return [("Base (value × " + ("sale" if selling else "offer") + " rate)", f"{price.base}"),
            ("Quality and material", signed(price.quality)),
            (f"Traits ({traits})", signed(price.trait)),
            (f"Trade level {view.level}", signed(price.level)),
            ("Price" if selling else "Offer", f"{price.total} gold")]


class TradeScene(Scene):
    """Trading with `merchant`: it opens with a Trade command, refused with its reason (SceneRefused)."""

    opaque = False

    def __init__(self, session: Session, merchant: int, log: widgets.MessageLog) -> None:
        super().__init__()
        self.driver, self.world, self.log = session.driver, session.world, log
        self.hero, self.merchant = self.world.hero, merchant
        self.side, self.selected, self.top = 0, [0, 0], [0, 0]
        self.hovered: tuple[int, int] | None = None
        self.said, self.note = "", ""
        self.rows: list[tuple[pygame.Rect, int, int]] = []  # rect, side, index
        result = self.driver.do(Trade(self.hero, merchant))
        if not result.ok:
            raise SceneRefused([result.reason])
        self._hear()
        self.show(trade_view(self.world, self.hero, merchant))  # type: ignore[arg-type]

    # -- the world -------------------------------------------------------------------------------
    def _hear(self) -> None:
        """The merchant's words into the screen, the deals into the log."""
        for event in self.world.pop_events():
            if event.kind == "says" and event.actor == self.world.uid(self.merchant):
                self.said = event.data.get("line", "")
            if event.kind != "turn" and self.world.hears(event):
                self.log.add(event.text, theme.LOG_COLOURS.get(event.kind, theme.TEXT))

    def _do(self, command: Command) -> None:
        result = self.driver.do(command)
        self.note = "" if result.ok else result.reason
        self._hear()
        view = trade_view(self.world, self.hero, self.merchant)
        if view is not None:
            self.show(view)
        for side in (0, 1):
            self.selected[side] = max(0, min(self.selected[side], len(self.lines(side)) - 1))

    def show(self, view: TradeView) -> None:
        """Take a new trade view; identical goods stack on one line per side."""
        self.view = view
        self.stacks = (stacked_wares(view.wares), stacked_wares(view.goods))

    def lines(self, side: int) -> tuple[Ware, ...]:
        return self.stacks[side]

    def deal(self, side: int, index: int) -> None:
        """Buy the merchant's line `index` (side 0) or sell the hero's (side 1)."""
        lines = self.lines(side)
        if not 0 <= index < len(lines):
            return
        ware = lines[index]
        self._do(Buy(self.hero, self.merchant, ware.eid) if side == 0 else Sell(self.hero, self.merchant, ware.eid))

    # -- scene -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.hovered = next(((side, i) for rect, side, i in self.rows if rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, side, i in self.rows:
                if rect.collidepoint(event.pos):
                    self.side, self.selected[side] = side, i
                    self.deal(side, i)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            side = self.hovered[0] if self.hovered else self.side
            most = max(0, len(self.lines(side)) - ROWS)
            self.top[side] = max(0, min(most, self.top[side] - event.y))

    def _key(self, key: int) -> None:
        count = len(self.lines(self.side))
        if key == pygame.K_ESCAPE:
            self.stack.pop()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_a, pygame.K_d):
            self.side = 1 - self.side
        elif key in (pygame.K_UP, pygame.K_w) and count:
            self.selected[self.side] = (self.selected[self.side] - 1) % count
        elif key in (pygame.K_DOWN, pygame.K_s) and count:
            self.selected[self.side] = (self.selected[self.side] + 1) % count
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.deal(self.side, self.selected[self.side])
        self.hovered = None
        chosen = self.selected[self.side]
        self.top[self.side] = min(max(self.top[self.side], chosen - ROWS + 1), chosen)

    def update(self, dt: float) -> None:
        if trade_view(self.world, self.hero, self.merchant) is None or self.world.over:
            self.stack.pop()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        view = self.view
        widgets.veil(surface, (6, 4, 10, 150))
        inner = widgets.panel(surface, PANEL, alpha=250)
        title = self.world.content.trade.lines["trade_title"].format(name=view.name)
        heading = widgets.text(surface, title, (inner.x + 4, inner.y), 24, theme.TITLE, bold=True)
        about = f"{view.trade_name} · trade level {view.level} · {', '.join(view.traits) or 'no traits'}"
        widgets.text(surface, about, (inner.x + 4, max(inner.y + 34, heading.bottom)), 15, theme.TEXT_DIM)
        if self.said:
            left = inner.right - 4 - min(560, theme.font(16).size(self.said)[0] + 20)
            widgets.text(surface, f"“{self.said}”", (left, inner.y + 6), 16, theme.TEXT, width=560)
        col_w = (inner.w - COLUMN_GAP) // 2
        top = inner.y + 70
        self.rows = []
        for side, (label, gold) in enumerate((("For sale", view.merchant_gold), ("Your goods", view.hero_gold))):
            area = pygame.Rect(inner.x + side * (col_w + COLUMN_GAP), top, col_w, 34 + ROWS * ROW_H)
            self._draw_side(surface, area, side, label, gold)
        self._draw_info(surface, pygame.Rect(inner.x, top + 34 + ROWS * ROW_H + 14, inner.w,
                                             inner.bottom - 30 - (top + 34 + ROWS * ROW_H + 14)))
        hint = "   ·   ".join(h for _, _, h in bindings.TRADE if h)
        widgets.text(surface, hint, (inner.centerx, inner.bottom - 18), 13, theme.TEXT_DIM, centre=True)

    def _draw_side(self, surface: pygame.Surface, area: pygame.Rect, side: int, label: str, gold: int) -> None:
        """One side's heading with its gold, then its lines: name, count and price."""
        active = side == self.side
        heading = widgets.text(surface, label, (area.x + 4, area.y + 4), 18, theme.ACCENT if active else theme.TEXT,
                               bold=True)
        lines = self.lines(side)
        if len(lines) > ROWS:  # which lines of how many, beside the heading
            more = f"{self.top[side] + 1}–{min(len(lines), self.top[side] + ROWS)} of {len(lines)}"
            widgets.text(surface, more, (heading.right + 12, heading.y + 5), 12, theme.TEXT_DIM)
        purse = f"{gold} gold"
        widgets.text(surface, purse, (area.right - 8 - theme.font(17, bold=True).size(purse)[0], area.y + 4), 17, GOLD,
                     bold=True)
        if side == 1:
            load = f"load {self.view.load[0]}/{self.view.load[1]}"
            widgets.text(surface, load, (area.right - 130 - theme.font(17, bold=True).size(purse)[0], area.y + 7), 13,
                         theme.TEXT_DIM)
        y = area.y + 34
        if not lines:
            widgets.text(surface, "nothing to trade" if side else "sold out", (area.x + 12, y + 6), 15, theme.TEXT_DIM)
        for i in range(self.top[side], min(len(lines), self.top[side] + ROWS)):
            ware = lines[i]
            row = pygame.Rect(area.x, y, area.w, ROW_H - 3)
            self.rows.append((row, side, i))
            chosen = active and i == self.selected[side]
            hover = self.hovered == (side, i)
            pygame.draw.rect(surface, (58, 48, 78) if chosen else (40, 35, 54) if hover else theme.PANEL_DARK, row,
                             border_radius=4)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, row, 2 if chosen else 1,
                             border_radius=4)
            tint = theme.TEXT_DIM if ware.worn else theme.TEXT
            name = ware.name + (f" ×{ware.count}" if ware.count > 1 else "") + (" (worn)" if ware.worn else "")
            widgets.text(surface, name, (row.x + 10, row.y + 4), 15, tint)
            cost = "—" if ware.worn else f"{ware.price.total} g"
            widgets.text(surface, cost, (row.right - 10 - theme.font(15, bold=True).size(cost)[0], row.y + 4), 15,
                         GOLD if not ware.worn else theme.TEXT_DIM, bold=True)
            y += ROW_H

    def _draw_info(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The item card and the price's parts for the hovered line, else the selected one; or the last refusal."""
        side, index = self.hovered if self.hovered else (self.side, self.selected[self.side])
        lines = self.lines(side)
        pygame.draw.rect(surface, theme.PANEL_DARK, area, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, area, 1, border_radius=6)
        if self.note:
            widgets.text(surface, self.note, (area.right - 12 - theme.font(15, bold=True).size(self.note)[0],
                                              area.bottom - 26), 15, theme.PROBLEM, bold=True)
        if not 0 <= index < len(lines):
            return
        ware = lines[index]
        card = pygame.Rect(area.x + 12, area.y + 10, area.w // 2 - 24, area.h - 20)
        draw_facts(surface, item_facts(self.world, ware.eid, self.hero), card)
        parts = pygame.Rect(area.centerx + 12, area.y + 10, area.w // 2 - 24, area.h - 20)
        if ware.worn:
            widgets.text(surface, "You wear it: take it off to sell it.", parts.topleft, 15, theme.TEXT_DIM)
            return
        selling = side == 0
        widgets.text(surface, "What the merchant asks" if selling else "What the merchant offers", parts.topleft,
                     16, theme.ACCENT, bold=True)
        y = parts.y + 28
        rows = explain(self.view, ware, selling)
        for i, (label, amount) in enumerate(rows):
            last = i == len(rows) - 1
            if last:
                pygame.draw.line(surface, theme.PANEL_EDGE, (parts.x, y - 2), (parts.right, y - 2), 1)
            colour = GOLD if last else theme.TEXT
            widgets.text(surface, label, (parts.x, y), 14, colour, bold=last)
            widgets.text(surface, amount, (parts.right - theme.font(14, bold=True).size(amount)[0], y), 14, colour,
                         bold=last)
            y += 20
