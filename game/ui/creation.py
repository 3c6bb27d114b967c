"""The hero creation screen after "New world", "Single map run" and a world's "New hero" (issues 14 and 12,
Reconciliation 8): name, portrait, moral outlook and ethic, points to spread over Charisma, Dexterity, Patience
and the card's combat attributes, proficiency points, one perk, a "Random hero" button, and the card the
choices make. Every limit is heroes.toml's (`HeroOptions.problems`): a change that would break one is not made.
Begin starts a one-map run, a new world with this hero as its first, or adds the hero to a saved world.

Keyboard: Up/Down (Tab) move between rows, Left/Right change the row (or -/+), typing edits the name,
Enter begins (or presses the focused button), Esc goes back. Mouse: click any control.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.content.codex import ETHICS, MORALS, PROFICIENCIES, HeroSheet
from game.content.content import Content
from game.content.heroes import NAME_MOST, SHEET_STATS
from game.rules.definitions import frozen
from game.ui import labels, theme, widgets
from game.ui.creation_help import explain
from game.ui.scene import Scene, SceneRefused

if TYPE_CHECKING:
    from game.ui.session import Session

LEFT = pygame.Rect(40, 76, 380, 520)
MIDDLE = pygame.Rect(440, 76, 400, 520)
RIGHT = pygame.Rect(860, 76, 380, 520)
ROW_H = 30
BUTTONS = ("random", "begin", "back")
BUTTON_LABELS = {"random": "Random hero", "begin": "Begin", "back": "Back"}
FOCUS = (58, 48, 78)


@dataclass
class Row:
    """One focusable row: its area, its -/+ (or ◀/▶) controls and its option chips (rect, value)."""

    key: str
    rect: pygame.Rect
    minus: pygame.Rect | None = None
    plus: pygame.Rect | None = None
    chips: list[tuple[pygame.Rect, str]] = field(default_factory=list)


def stepper(key: str, x: int, y: int, w: int) -> Row:
    rect = pygame.Rect(x, y, w, ROW_H - 4)
    return Row(key, rect, pygame.Rect(rect.right - 120, y, 26, 26), pygame.Rect(rect.right - 30, y, 26, 26))


def chips(key: str, x: int, y: int, w: int, values: tuple[str, ...]) -> Row:
    rect = pygame.Rect(x, y, w, ROW_H + 4)
    width = (w - 100) // len(values)
    return Row(key, rect, chips=[(pygame.Rect(x + 96 + i * width, y, width - 6, ROW_H), v)
                                 for i, v in enumerate(values)])


class HeroCreationScene(Scene):
    """`slot`: the saved world the hero joins; `new_world`: the hero is a new world's first; else a one-map run's."""

    def __init__(self, session: Session, content: Content, slot: Path | None = None, new_world: bool = False) -> None:
        super().__init__()
        self.session = session
        self.content = content
        self.slot, self.new_world = slot, new_world
        self.options = content.heroes
        self.base = content.codex.shipped_sheet()
        self.portraits = list(self.options.portraits)
        self.perks = list(self.options.perks)
        self.sheet = replace(self.base, perks=(self.perks[0],), portrait=self.portraits[0])
        self.draws = 0  # presses of Random hero: each draws from its own seeded RNG
        self.problems: list[str] = []
        self.rows = self._layout()
        self.focus = 0
        self.hover = ""  # the key of the row under the mouse: the left panel explains it (creation_help)
        self._card_key = ""
        self._card_lines: list[list[str]] = []

    # -- layout -----------------------------------------------------------------------------------
    def _layout(self) -> list[Row]:
        x, w = LEFT.x + 16, LEFT.w - 32
        rows = [Row("name", pygame.Rect(x, LEFT.y + 64, w, 34)),
                Row("portrait", pygame.Rect(x, LEFT.y + 112, w, 170),
                    pygame.Rect(x + 20, LEFT.y + 180, 34, 34), pygame.Rect(x + w - 54, LEFT.y + 180, 34, 34)),
                chips("moral", x, LEFT.y + 320, w, MORALS), chips("ethic", x, LEFT.y + 362, w, ETHICS)]
        x, w, y = MIDDLE.x + 16, MIDDLE.w - 32, MIDDLE.y + 64
        for stat in (*SHEET_STATS, *self.options.attributes):
            rows.append(stepper(f"stat:{stat}", x, y, w))
            y += ROW_H
        y += 48
        for proficiency in PROFICIENCIES:
            rows.append(stepper(f"prof:{proficiency}", x, y, w))
            y += ROW_H
        x, w, y = RIGHT.x + 16, RIGHT.w - 32, RIGHT.y + 44
        perk = Row("perk", pygame.Rect(x, y, w, 84 * len(self.perks)))
        perk.chips = [(pygame.Rect(x, y + 84 * i, w, 78), p) for i, p in enumerate(self.perks)]
        rows.append(perk)
        for i, key in enumerate(BUTTONS):
            rows.append(Row(key, pygame.Rect(theme.LOGICAL_SIZE[0] // 2 - 330 + i * 230, 612, 200, 46)))
        return rows

    def row(self, key: str) -> Row:
        return next(r for r in self.rows if r.key == key)

    # -- changes ----------------------------------------------------------------------------------
    def fits(self, sheet: HeroSheet) -> bool:
        """Within heroes.toml's limits (the name is judged only when the hero begins)."""
        return not self.options.problems(replace(sheet, name="x"), self.base)

    def change(self, key: str, delta: int) -> None:
        """Left/Right, -/+ or ◀/▶ on a row; a change that breaks a limit is not made."""
        sheet = self.sheet
        if key == "portrait":
            sheet = replace(sheet, portrait=self._cycle(self.portraits, sheet.portrait, delta))
        elif key in ("moral", "ethic"):
            sheet = replace(sheet, **{key: self._cycle(MORALS if key == "moral" else ETHICS, getattr(sheet, key), delta)})
        elif key == "perk":
            sheet = replace(sheet, perks=(self._cycle(self.perks, (sheet.perks or (self.perks[0],))[0], delta),))
        elif key.startswith("stat:"):
            stat = key[5:]
            if stat in SHEET_STATS:
                sheet = replace(sheet, **{stat: getattr(sheet, stat) + delta})
            else:
                raises = {**sheet.raises, stat: sheet.raises.get(stat, 0) + delta}
                sheet = replace(sheet, raises=frozen({k: v for k, v in raises.items() if v}))
        elif key.startswith("prof:"):
            name = key[5:]
            sheet = replace(sheet, proficiencies=frozen({**sheet.proficiencies, name: sheet.proficiencies[name] + delta}))
        if self.fits(sheet):
            self.sheet = sheet

    @staticmethod
    def _cycle(values: list[str] | tuple[str, ...], current: str, delta: int) -> str:
        index = values.index(current) if current in values else 0
        return values[(index + delta) % len(values)]

    def choose(self, key: str, value: str) -> None:
        if key == "perk":
            self.sheet = replace(self.sheet, perks=(value,))
        else:
            self.sheet = replace(self.sheet, **{key: value})

    def randomise(self) -> None:
        self.draws += 1
        self.sheet = self.options.random_sheet(self.base, random.Random(f"{self.session.seed}/{self.draws}"))
        self.problems = []

    def begin(self) -> None:
        """Play the hero: a new world's first hero and a saved world's new one start on the region map."""
        self.problems = self.options.problems(self.sheet, self.base)
        if self.problems:
            return
        try:
            if self.new_world:
                self.stack.reset("region", new=True, hero=self.sheet)
            elif self.slot is not None:
                self.problems = self.session.continue_world(self.slot, new_hero=True, sheet=self.sheet)
                if not self.problems:
                    self.stack.reset("region")
            else:
                self.stack.reset("dungeon", hero=self.sheet)
        except SceneRefused as exc:
            self.problems = exc.problems

    @property
    def heading(self) -> tuple[str, str]:
        """The title and what beginning does."""
        if self.new_world:
            return "Create your hero", "The first hero of a new world: you start on the region map."
        if self.slot is not None:
            return "A new hero", f"Joins {self.slot.stem}, a stranger to everyone there."
        return "Create your hero", ""

    def press(self, key: str) -> None:
        if key == "random":
            self.randomise()
        elif key == "back":
            self.stack.pop()
        else:
            self.begin()

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT and self.rows[self.focus].key == "name":
            name = (self.sheet.name + event.text)[:NAME_MOST]
            if name.isprintable():
                self.sheet = replace(self.sheet, name=name.lstrip())
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = next((row.key for row in self.rows if row.rect.collidepoint(event.pos)), "")

    def _key(self, event: pygame.event.Event) -> None:
        key = self.rows[self.focus].key
        if event.key == pygame.K_ESCAPE:
            self.stack.pop()
        elif event.key in (pygame.K_UP,) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.focus = (self.focus - 1) % len(self.rows)
        elif event.key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(self.rows)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and key not in BUTTONS:
            self.change(key, 1 if event.key == pygame.K_RIGHT else -1)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.focus = self.rows.index(self.row(BUTTONS[(BUTTONS.index(key) + step) % len(BUTTONS)]))
        elif event.key == pygame.K_BACKSPACE and key == "name":
            self.sheet = replace(self.sheet, name=self.sheet.name[:-1])
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press(key if key in BUTTONS else "begin")

    def _click(self, pos: tuple[int, int]) -> None:
        for i, row in enumerate(self.rows):
            if row.minus and row.minus.collidepoint(pos):
                self.focus = i
                self.change(row.key, -1)
                return
            if row.plus and row.plus.collidepoint(pos):
                self.focus = i
                self.change(row.key, 1)
                return
            for rect, value in row.chips:
                if rect.collidepoint(pos):
                    self.focus = i
                    self.choose(row.key, value)
                    return
            if row.rect.collidepoint(pos):
                self.focus = i
                if row.key in BUTTONS:
                    self.press(row.key)
                return

    # -- drawing ----------------------------------------------------------------------------------
    def card_lines(self) -> list[list[str]]:
        """The card the choices make (the bridge, N32), worked out again only when the sheet changes."""
        key = repr(self.sheet)
        if key != self._card_key:
            codex = self.content.codex.with_hero(self.sheet, self.options.step)
            card = codex.hero_card()
            self._card_key = key
            self._card_lines = [
                [f"Health {card.health}", f"Stamina {card.stamina}", f"Mana {card.mana}"],
                [f"Melee {card.melee}%", f"Ranged {card.ranged}%", f"Dodge {card.dodge}%"],
                [f"Strength {card.strength}", f"Attack {card.attack.dice}", f"Speed {card.speed}",
                 f"Sneak {card.sneak}"],
            ]  # each line's figures, a figure never split from its name when the letters are large
        return self._card_lines

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        w = theme.LOGICAL_SIZE[0]
        title, under = self.heading
        widgets.text(surface, title, (w // 2, 14 if under else 18), 32, theme.TITLE, bold=True, centre=True)
        if under:
            widgets.text(surface, under, (w // 2, 54), 14, theme.TEXT_DIM, centre=True)
        focus = self.rows[self.focus]
        for rect, draw in ((LEFT, self._draw_left), (MIDDLE, self._draw_middle), (RIGHT, self._draw_right)):
            with widgets.within(rect):  # the layout test checks each panel's text stays inside it
                draw(surface, focus)
        for key in BUTTONS:
            rect = self.row(key).rect
            chosen = focus.key == key
            pygame.draw.rect(surface, FOCUS if chosen else theme.PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if chosen else theme.PANEL_EDGE, rect, 2, border_radius=6)
            image = labels.text(BUTTON_LABELS[key], 20, theme.TITLE if chosen else theme.TEXT, bold=True)
            surface.blit(image, image.get_rect(center=rect.center))
        hint = "↑↓ choose a row · ←→ change it · type the name · Enter begins · Esc back"
        if self.problems:
            widgets.text(surface, self.problems[0], (w // 2, 674), 15, theme.PROBLEM, centre=True)
        else:
            widgets.text(surface, hint, (w // 2, 676), 14, theme.TEXT_DIM, centre=True)

    def _focus_box(self, surface: pygame.Surface, row: Row, focus: Row) -> None:
        if row is focus:
            pygame.draw.rect(surface, FOCUS, row.rect.inflate(8, 4), border_radius=5)

    def _arrow(self, surface: pygame.Surface, rect: pygame.Rect, label: str) -> None:
        pygame.draw.rect(surface, theme.PANEL_DARK, rect, border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
        image = labels.text(label, 16, theme.ACCENT, bold=True)
        surface.blit(image, image.get_rect(center=rect.center))

    def _draw_left(self, surface: pygame.Surface, focus: Row) -> None:
        inner = widgets.panel(surface, LEFT, "Who")
        name = self.row("name")
        self._focus_box(surface, name, focus)
        widgets.text(surface, "Name", (name.rect.x, name.rect.y + 6), 16, theme.TEXT_DIM)
        field_rect = pygame.Rect(name.rect.x + 96, name.rect.y, name.rect.w - 96, 32)
        pygame.draw.rect(surface, theme.PANEL_DARK, field_rect, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT if focus is name else theme.PANEL_EDGE, field_rect, 1, border_radius=4)
        caret = "_" if focus is name else ""
        widgets.text(surface, self.sheet.name + caret, (field_rect.x + 8, field_rect.y + 5), 18, theme.TEXT, bold=True)
        portrait = self.row("portrait")
        self._focus_box(surface, portrait, focus)
        chosen = self.options.portraits[self.sheet.portrait]
        image = self.session.sprites.image(self.session.sprites.root / "sprites" / chosen.sprite)
        if image is not None:
            big = self.session.sprites.scaled(image, 4)
            surface.blit(big, big.get_rect(midtop=(portrait.rect.centerx, portrait.rect.y + 4)))
        widgets.text(surface, chosen.name, (portrait.rect.centerx, portrait.rect.bottom - 26), 16, theme.TEXT,
                     centre=True)
        self._arrow(surface, portrait.minus, "<")
        self._arrow(surface, portrait.plus, ">")
        widgets.text(surface, "Outlook", (inner.x, LEFT.y + 292), 16, theme.ACCENT, bold=True)
        for key, label in (("moral", "Moral"), ("ethic", "Ethic")):
            row = self.row(key)
            self._focus_box(surface, row, focus)
            widgets.text(surface, label, (row.rect.x, row.rect.y + 6), 16, theme.TEXT_DIM)
            for rect, value in row.chips:
                picked = getattr(self.sheet, key) == value
                pygame.draw.rect(surface, (70, 58, 96) if picked else theme.PANEL_DARK, rect, border_radius=5)
                pygame.draw.rect(surface, theme.ACCENT if picked else theme.PANEL_EDGE, rect, 1, border_radius=5)
                text = labels.text(value.capitalize(), 15, theme.TITLE if picked else theme.TEXT, bold=picked)
                surface.blit(text, text.get_rect(center=rect.center))
        about = explain(self.hover or focus.key, self.content, self.sheet, self.fits, self.base_score)
        with widgets.within(inner):
            if about:  # the attribute or proficiency under the mouse, else the one chosen (issue 23)
                widgets.text(surface, about, (inner.x, LEFT.y + 404), 12, theme.TEXT, width=inner.w)
            else:
                widgets.text(surface, "Your outlook decides what you may ask of people: an Evil or Chaotic hero may "
                             "press the beaten into labour. Charisma sets how they first see you.",
                             (inner.x, LEFT.y + 404), 13, theme.TEXT_DIM, width=inner.w)

    def _draw_middle(self, surface: pygame.Surface, focus: Row) -> None:
        widgets.panel(surface, MIDDLE, "Attributes")
        left = self.options.points - self.options.spent(self.sheet, self.base)
        widgets.text(surface, f"{left} of {self.options.points} points left", (MIDDLE.x + 16, MIDDLE.y + 40), 14,
                     theme.ACCENT if left else theme.TEXT_DIM)
        for row in self.rows:
            if not row.key.startswith(("stat:", "prof:")):
                continue
            self._focus_box(surface, row, focus)
            name = row.key[5:]
            if row.key.startswith("stat:") and name not in SHEET_STATS:
                score = self.base_score(name) + self.options.step * self.sheet.raises.get(name, 0)
                value, note = str(score), f"+{self.sheet.raises.get(name, 0)}" if self.sheet.raises.get(name) else ""
            elif row.key.startswith("stat:"):
                value, note = str(getattr(self.sheet, name)), ""
            else:
                value, note = str(self.sheet.proficiencies[name]), ""
            widgets.text(surface, name.capitalize(), (row.rect.x, row.rect.y + 3), 16, theme.TEXT)
            self._arrow(surface, row.minus, "-")
            self._arrow(surface, row.plus, "+")
            number = labels.text(value, 16, theme.TITLE, bold=True)
            surface.blit(number, number.get_rect(center=((row.minus.right + row.plus.left) // 2, row.minus.centery)))
            if note:
                widgets.text(surface, note, (row.minus.x - 40, row.rect.y + 4), 14, theme.FRIEND)
        first = self.row(f"prof:{PROFICIENCIES[0]}")
        spent = self.options.proficiency_spent(self.sheet, self.base)
        left = widgets.text(surface, f"{self.options.proficiency_points - spent} of {self.options.proficiency_points} "
                            f"points left", (MIDDLE.x + 16, first.rect.y - 4 - widgets.line_height(14)), 14,
                            theme.TEXT_DIM)
        widgets.text(surface, "Proficiencies", (MIDDLE.x + 16, left.y - widgets.line_height(16, bold=True)), 16,
                     theme.ACCENT, bold=True)

    def base_score(self, attribute: str) -> int:
        """hero.toml's score of a combat attribute, before the points."""
        return (self.content.codex.shipped_hero or self.content.codex.hero()).definition.attributes[attribute]

    def _draw_right(self, surface: pygame.Surface, focus: Row) -> None:
        inner = widgets.panel(surface, RIGHT, "Perk")
        row = self.row("perk")
        self._focus_box(surface, row, focus)
        for rect, perk_id in row.chips:
            perk = self.options.perks[perk_id]
            picked = perk_id in self.sheet.perks
            pygame.draw.rect(surface, (70, 58, 96) if picked else theme.PANEL_DARK, rect, border_radius=5)
            pygame.draw.rect(surface, theme.ACCENT if picked else theme.PANEL_EDGE, rect, 1, border_radius=5)
            widgets.text(surface, perk.name, (rect.x + 10, rect.y + 6), 16, theme.TITLE if picked else theme.TEXT,
                         bold=True)
            widgets.text(surface, perk.text, (rect.x + 10, rect.y + 30), 13, theme.TEXT_DIM, width=rect.w - 20)
        y = row.rect.bottom + 24
        y = widgets.text(surface, "Your card", (inner.x, y), 16, theme.ACCENT, bold=True).bottom + 4
        for line in (line for figures in self.card_lines() for line in widgets.packed(figures, 14, inner.w, "   ")):
            y = widgets.text(surface, line, (inner.x, y), 14, theme.TEXT).bottom + 2
        widgets.text(surface, "Second Wind: once a fight, 1 AP for a Division die of health.", (inner.x, y + 10), 13,
                     theme.TEXT_DIM, width=inner.w)
