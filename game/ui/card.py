"""The creature card shown when hovering a creature (N1, N32): its level from 1 (N29), health, hit
chances, attack, defence per blow (Reconciliation 2), needs, heads, gear; a hero's own sheet."""
from __future__ import annotations

from typing import Mapping

import pygame

from game.ui import labels, theme, widgets
from game.world.fightodds import Odds
from game.world.talkview import Acquaintance
from game.world.views import CreatureView

WIDTH = 330
SHORT_TYPES = {"cutting": "cut", "cleaving": "cleave", "crushing": "crush", "piercing": "pierce",
               "puncturing": "puncture"}
Line = tuple[str, tuple[int, int, int]]


def defence_line(defense: Mapping[str, int]) -> str:
    """'Defence 2 against every blow', or each mundane type's value."""
    values = set(defense.values())
    if len(values) == 1:
        return f"Defence {values.pop()} against every blow"
    return "Defence " + " · ".join(f"{SHORT_TYPES.get(k, k)} {v}" for k, v in defense.items())


def level_label(view: CreatureView) -> str:
    """N29: the card shows the level once the creature reaches level 1."""
    return f"Level {view.level}" if view.level >= 1 else ""


KNOWS_YOU = (170, 200, 240)
SEEMS = (225, 205, 150)  # C4: what the creature seems to want


def ties_lines(known: Acquaintance | None) -> list[Line]:
    """N71, N79: "knows you" (its opinion of you in a word, its loyalty) and, for a creature you have
    observed, its friends and enemies."""
    if known is None:
        return []
    if known.regard is None:
        lines: list[Line] = [("Has not met you", theme.TEXT_DIM)]
    else:
        lines = [(f"Knows you: {known.regard}   ·   loyalty {known.loyalty}", KNOWS_YOU)]
    if known.friends:
        lines.append(("Friends: " + ", ".join(known.friends), theme.FRIEND))
    if known.enemies:
        lines.append(("Enemies: " + ", ".join(known.enemies), theme.HOSTILE))
    return lines


ODDS = (250, 226, 150)


def odds_line(who: str, odds: Odds) -> str:
    """One side's odds: chance a strike lands, damage of a strike that lands, damage a turn on average."""
    strikes = f"{odds.strikes} strike{'s' if odds.strikes != 1 else ''}"
    return f"{who} {odds.hit * 100:.0f}% to hit, {odds.damage:.1f} a hit; {odds.per_turn:.1f} a turn ({strikes})"


def bound_line(view: CreatureView) -> str:
    """N50-N56, N59: what binds it and for how long, or that its end waits for space."""
    state = view.bound.capitalize()
    if view.bound_turns:
        return f"{state}: {view.bound_turns} turn{'s' if view.bound_turns != 1 else ''} left"
    return f"{state}: the spell has run out; no room to turn yet"


def odds_lines(odds: tuple[Odds, Odds] | None) -> list[Line]:
    """Before a fight (issue 14): the exact odds both ways, from the dice (tools/creature.py odds)."""
    if odds is None:
        return []
    mine, theirs = odds
    return [(odds_line("You:", mine), ODDS), (odds_line("It:", theirs), ODDS)]


SHEET = (200, 185, 235)


def sheet_lines(view: CreatureView) -> list[Line]:
    """A hero's own sheet (Reconciliation 8): outlook, Charisma, Dexterity, Patience, proficiencies and perk."""
    sheet = view.sheet
    if sheet is None:
        return []
    skills = [f"{name.capitalize()} {n}" for name, n in sorted(sheet.proficiencies.items()) if n]
    return [
        (f"{sheet.moral.capitalize()} {sheet.ethic.capitalize()}   ·   Perk: {', '.join(view.perks) or 'none'}", SHEET),
        (f"Charisma {sheet.charisma}   Dexterity {sheet.dexterity}   Patience {sheet.patience}", SHEET),
        (f"Proficiencies: {', '.join(skills) or 'none'}", SHEET),
    ]


def card_lines(view: CreatureView, known: Acquaintance | None = None,
               odds: tuple[Odds, Odds] | None = None) -> list[Line]:
    card = view.card
    lines: list[Line] = [
        (f"{view.uid}   ·   {view.mood}{'   ·   hostile' if view.hostile else ''}", theme.TEXT_DIM),
        *([(view.seems, SEEMS)] if view.seems else []),
        *sheet_lines(view),
        (f"Melee {card.melee}%   Ranged {card.ranged}%   Dodge {card.dodge}%", theme.TEXT),
        (f"Strength {card.strength}   Attack {card.attack.dice} {card.attack.damage_type}", theme.TEXT),
        (defence_line(card.defense), theme.TEXT),
        (f"Hunger {view.hunger}   Thirst {view.thirst}   AP {view.ap}/{view.max_ap}", theme.TEXT),
    ]
    elements = "  ".join(f"{k} {v}" for k, v in card.element_damage.items() if v)
    if elements:
        lines.append((f"Elemental damage {elements}", (255, 170, 110)))
    if view.heads > 1:
        lines.append((f"A group of {view.heads}", theme.TEXT))
    elif view.heads == 1:
        lines.append(("The last of its group: it fights alone", theme.TEXT))  # C39
    if view.stunned:
        lines.append((f"Stunned for {view.stunned} turns", (240, 220, 120)))
    if view.bound:
        lines.append((bound_line(view), theme.BOUND))
    if view.conditions:
        held = ", ".join(f"{name} ({turns})" for name, turns in sorted(view.conditions.items()))
        lines.append((f"Conditions: {held}", (240, 170, 120)))
    if view.equipped:
        lines.append(("Gear: " + ", ".join(view.equipped.values()), (190, 210, 160)))
    if view.carrying:
        lines.append(("Carries: " + ", ".join(view.carrying), (190, 210, 160)))
    return lines + odds_lines(odds) + ties_lines(known)


def draw_card(surface: pygame.Surface, view: CreatureView, near: tuple[int, int],
              known: Acquaintance | None = None, odds: tuple[Odds, Odds] | None = None) -> None:
    """The card in a panel beside the point `near`, kept inside the screen."""
    body = [labels.text(t, 13, c, width=WIDTH - 20) for t, c in card_lines(view, known, odds)]
    height = 20 + 28 + 22 + sum(b.get_height() + 2 for b in body) + 12
    rect = pygame.Rect(near[0] + 18, near[1] + 18, WIDTH, height)
    rect.clamp_ip(surface.get_rect())
    inner = widgets.panel(surface, rect, alpha=235)
    widgets.text(surface, view.name, (inner.x, inner.y), 18, theme.TITLE, bold=True)
    level = level_label(view)
    if level:
        widgets.text(surface, level, (inner.right - 60, inner.y + 2), 14, theme.ACCENT, bold=True)
    widgets.bar(surface, pygame.Rect(inner.x, inner.y + 28, inner.w, 16), view.health, view.max_health, theme.HEALTH,
                f"{max(0, view.health)} / {view.max_health}")
    y = inner.y + 50
    for image, (words, _) in zip(body, card_lines(view, known, odds)):
        surface.blit(image, (inner.x, y))
        widgets.record(surface, image.get_rect(topleft=(inner.x, y)), words, rect)
        y += image.get_height() + 2
