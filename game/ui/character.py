"""The character sheet (`H`, or a click on the hero's name in the side panel), over the dungeon: the card's
attributes with what each changes (assets/data/sheet.toml), health, stamina, mana, defence per damage type
and element (N22, Reconciliation 2), attack dice and hit chances (N20-N21), experience with a bar to the next
level (N27), the sheet's proficiencies with the spells they unlock (N50-N52), perks, and the party with
each companion's loyalty (N79). It only reads views."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.paths import DATA
from game.rules.card import MUNDANE, SCHOOLS
from game.rules.growth import xp_for_level
from game.ui import bindings, theme, widgets
from game.ui.scene import Scene, SceneRefused
from game.world import views
from game.world.partyview import party_view
from game.world.talkview import acquaintance

if TYPE_CHECKING:
    from game.ui.session import Session

PANEL = pygame.Rect(60, 20, 1160, 680)
CARD_STATS = ("health", "stamina", "mana", "strength", "speed", "dodge", "sneak", "melee", "ranged")
SHEET_STATS = ("charisma", "dexterity", "patience")
PERCENT = ("dodge", "melee", "ranged")
SHEET_TEXTS = DATA / "sheet.toml"


def attribute_texts(path=SHEET_TEXTS) -> dict[str, str]:
    """What each attribute changes, from the data file; a missing or wrong line is one ContentError line."""
    table = read_toml(path).get("attributes")
    if not isinstance(table, dict):
        raise ContentError(f"{path}: [attributes]: missing (one line per attribute of the sheet)")
    for name in CARD_STATS + SHEET_STATS:
        if not isinstance(table.get(name), str):
            raise ContentError(f"{path}: attributes.{name}: missing or not text")
    return {name: table[name] for name in CARD_STATS + SHEET_STATS}


class CharacterScene(Scene):
    opaque = False

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.world = session.world
        try:
            self.texts = attribute_texts()
        except ContentError as exc:
            raise SceneRefused([str(exc)]) from None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and (event.key in (pygame.K_ESCAPE, pygame.K_RETURN)
                                             or bindings.action_for(event.key) == "character"):
            self.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.stack.pop()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        world = self.world
        hero = views.creature(world, world.hero)
        widgets.veil(surface, (6, 4, 10, 150))
        inner = widgets.panel(surface, PANEL, alpha=250)
        with widgets.within(inner):
            title = widgets.text(surface, hero.name, inner.topleft, 24, theme.TITLE, bold=True)
            sheet = hero.sheet
            outlook = f"{sheet.moral.capitalize()} {sheet.ethic.capitalize()}   ·   " if sheet else ""
            widgets.text(surface, f"{outlook}Level {hero.level}", (title.right + 20, title.y + 8), 15, theme.TEXT_DIM)
            top = title.bottom + 10
            col_w = (inner.w - 40) // 3
            left = pygame.Rect(inner.x, top, col_w + 60, inner.bottom - top - 24)
            middle = pygame.Rect(left.right + 20, top, col_w - 30, left.h)
            right = pygame.Rect(middle.right + 20, top, inner.right - middle.right - 20, left.h)
            self._attributes(surface, hero, left)
            self._defences(surface, hero, middle)
            self._growth(surface, hero, right)
            widgets.text(surface, "Esc, H or a click closes the sheet",
                         (inner.centerx, inner.bottom - widgets.line_height(13)), 13, theme.TEXT_DIM, centre=True)

    def _attributes(self, surface: pygame.Surface, hero: views.CreatureView, area: pygame.Rect) -> None:
        """Each attribute's value and what it changes."""
        with widgets.within(area):
            y = widgets.text(surface, "Attributes", area.topleft, 17, theme.ACCENT, bold=True).bottom + 4
            card = hero.card
            values = {name: getattr(card, name) for name in CARD_STATS}
            values["health"] = f"{max(0, hero.health)} / {card.health}"
            values["mana"] = f"{hero.mana} / {card.mana}"
            if hero.sheet is not None:
                values.update({name: getattr(hero.sheet, name) for name in SHEET_STATS})
            name_w = theme.font(14, bold=True).size("Dexterity  99 / 99")[0] + 8
            for name, value in values.items():
                shown = f"{value}%" if name in PERCENT else str(value)
                widgets.text(surface, f"{name.capitalize()}  {shown}", (area.x, y), 14, theme.TEXT, bold=True)
                y = max(y + widgets.line_height(14),
                        widgets.text(surface, self.texts[name], (area.x + name_w, y + 1), 12, theme.TEXT_DIM,
                                     width=area.w - name_w).bottom) + 3

    @staticmethod
    def _defences(surface: pygame.Surface, hero: views.CreatureView, area: pygame.Rect) -> None:
        """Attack dice and hit chances, then defence per damage type and resistance per element."""
        card = hero.card
        with widgets.within(area):
            y = widgets.text(surface, "Attack", area.topleft, 17, theme.ACCENT, bold=True).bottom + 4
            lines = [f"{card.attack.name}: {card.attack.dice} {card.attack.damage_type}",
                     f"Melee {card.melee}% · ranged {card.ranged}% to hit",
                     f"{card.attack_budget} strike{'s' if card.attack_budget != 1 else ''} a turn · "
                     f"{card.ap} action points"]
            elements = ", ".join(f"{k} {v}" for k, v in card.element_damage.items() if v)
            if elements:
                lines.append(f"Elemental damage: {elements}")
            for words in lines:
                y = widgets.text(surface, words, (area.x, y), 13, theme.TEXT, width=area.w).bottom + 2
            y = widgets.text(surface, "Defence", (area.x, y + 10), 17, theme.ACCENT, bold=True).bottom + 4
            y = widgets.text(surface, f"Dodge {card.dodge}% of blows", (area.x, y), 13, theme.TEXT).bottom + 2
            for kind in MUNDANE:
                y = widgets.text(surface, f"{kind.capitalize()}  {card.defense[kind]}", (area.x, y), 13,
                                 theme.TEXT).bottom + 1
            for school in SCHOOLS:
                resist = card.element_resist[school]
                tag = " (immune)" if school in card.immune else ""
                y = widgets.text(surface, f"{school.capitalize()}  {resist}{tag}", (area.x, y), 13,
                                 (255, 170, 110)).bottom + 1
            worn = ", ".join(hero.equipped.values()) or "nothing"
            widgets.text(surface, f"Wearing: {worn}", (area.x, y + 8), 12, theme.TEXT_DIM, width=area.w)

    def _growth(self, surface: pygame.Surface, hero: views.CreatureView, area: pygame.Rect) -> None:
        """Experience to the next level, proficiencies and their spells, perks, the party with loyalty."""
        world = self.world
        with widgets.within(area):
            y = widgets.text(surface, "Experience", area.topleft, 17, theme.ACCENT, bold=True).bottom + 4
            low, high = xp_for_level(hero.level), xp_for_level(hero.level + 1)
            widgets.bar(surface, pygame.Rect(area.x, y, area.w, widgets.line_height(12, bold=True) + 4),
                        hero.xp - low, high - low, theme.TITLE, f"{hero.xp} / {high} XP")
            y += widgets.line_height(12, bold=True) + 8
            y = widgets.text(surface, f"Level {hero.level + 1} at {high} XP", (area.x, y), 12,
                             theme.TEXT_DIM).bottom + 8
            y = widgets.text(surface, "Proficiencies", (area.x, y), 17, theme.ACCENT, bold=True).bottom + 4
            sheet = hero.sheet
            spells = world.content.spells.spells.values()
            for name, points in sorted((sheet.proficiencies if sheet else {}).items()):
                unlocks = [s.name for s in spells if s.proficiency == name]
                what = f" · {', '.join(unlocks)}" + ("" if points else " (needs a point)") if unlocks else ""
                y = widgets.text(surface, f"{name.capitalize()} {points}{what}", (area.x, y), 13,
                                 theme.TEXT if points else theme.TEXT_DIM, width=area.w).bottom + 2
            y = widgets.text(surface, "Perks", (area.x, y + 8), 17, theme.ACCENT, bold=True).bottom + 4
            y = widgets.text(surface, ", ".join(hero.perks) or "none", (area.x, y), 13, theme.TEXT,
                             width=area.w).bottom + 2
            y = widgets.text(surface, "Party", (area.x, y + 8), 17, theme.ACCENT, bold=True).bottom + 4
            party = party_view(world, world.hero)
            if not party:
                widgets.text(surface, "No companions yet", (area.x, y), 13, theme.TEXT_DIM)
            for view, order in party:
                known = acquaintance(world, world.hero, view.eid)
                loyalty = f" · loyalty {known.loyalty}" if known is not None else ""
                y = widgets.text(surface, f"{view.name} · {order}{loyalty} · health {max(0, view.health)}/"
                                 f"{view.max_health}", (area.x, y), 13, theme.FRIEND, width=area.w).bottom + 2
