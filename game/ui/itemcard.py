"""The item card, the same on every screen (the floor under the mouse or the look mode, the inventory, a
shop): what the item is, what it protects against or deals, its wear, weight and value, and how it compares
with what the hero wears in its slot (game/world/itemfacts.py)."""
from __future__ import annotations

import pygame

from game.ui import labels, theme, widgets
from game.world.itemfacts import ItemFacts, item_facts
from game.world.world import World

WIDTH = 330
Line = tuple[str, tuple[int, int, int]]
GOOD, BAD = (130, 220, 130), (240, 130, 110)
DETAIL = (190, 210, 160)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}"


def points(values: dict[str, int]) -> str:
    """"cutting 3 · crushing 1 · fire 2"."""
    return " · ".join(f"{kind} {value}" for kind, value in values.items())


def card_lines(facts: ItemFacts) -> list[Line]:
    """The card's lines under the item's name."""
    made = " · ".join(w for w in (facts.quality, facts.material, f"{facts.rune} rune" if facts.rune else "") if w)
    what = facts.kind + (f", worn on the {facts.slot}" if facts.slot and facts.kind == "armour" else
                         ", wielded" if facts.kind == "weapon" else "")
    lines: list[Line] = [(f"{what}{'  (worn)' if facts.worn else ''}", theme.TEXT_DIM)]
    if facts.kind in ("weapon", "armour"):  # what gear is made of (a ration is not "iron")
        lines.append((made, theme.TEXT_DIM))
    if facts.protection:
        lines.append(("Protects: " + points(facts.protection), theme.TEXT))
    elif facts.kind == "armour":
        lines.append(("Protects against nothing", theme.TEXT))
    if facts.durability:
        now, most = facts.durability
        lines.append((f"Durability {now} of {most}", theme.TEXT))
    if facts.attack:
        lines.append((f"Damage {facts.attack}   ·   {facts.hit}% to hit in your hands", theme.TEXT))
    if facts.elements:
        lines.append(("Elements: " + points(facts.elements), (255, 170, 110)))
    if facts.rune:
        effect = "adds its element to each blow" if facts.kind == "weapon" else \
            "resists its element" if facts.kind == "armour" else "a rune to socket"
        lines.append((f"{facts.rune.capitalize()} rune: {effect}", theme.BOUND))
    for provided in facts.provides:
        lines.append((provided.capitalize(), DETAIL))
    count = f"   ·   {facts.count} in the stack" if facts.count > 1 else ""
    lines.append((f"Weight {facts.weight}   ·   value {facts.value} gold{count}", theme.TEXT))
    if facts.against:
        if facts.difference:
            better = sum(facts.difference.values()) >= 0
            lines.append((f"Against your {facts.against}: " + points(
                {k: signed(v) for k, v in facts.difference.items()}), GOOD if better else BAD))  # type: ignore[dict-item]
        else:
            lines.append((f"The same as your {facts.against}", theme.TEXT_DIM))
    return lines


def draw_facts(surface: pygame.Surface, facts: ItemFacts, rect: pygame.Rect) -> int:
    """The card's name and lines inside `rect` (no frame); returns the y below the last line."""
    with widgets.within(rect):
        y = widgets.text(surface, facts.name, rect.topleft, 17, theme.TITLE, bold=True, width=rect.w).bottom + 4
        for words, colour in card_lines(facts):
            y = widgets.text(surface, words, (rect.x, y), 13, colour, width=rect.w).bottom + 2
    return y


def card_height(facts: ItemFacts, width: int) -> int:
    inner = width - 2 * widgets.PAD
    height = labels.text(facts.name, 17, theme.TITLE, True, inner).get_height() + 4
    return height + sum(labels.text(w, 13, c, False, inner).get_height() + 2 for w, c in card_lines(facts))


def draw_item_card(surface: pygame.Surface, world: World, eid: int, near: tuple[int, int], hero: int) -> None:
    """The card of item `eid` in a panel beside the point `near`, kept inside the screen."""
    facts = item_facts(world, eid, hero)
    rect = pygame.Rect(near[0] + 18, near[1] + 18, WIDTH, card_height(facts, WIDTH) + 2 * widgets.PAD)
    rect.clamp_ip(surface.get_rect())
    draw_facts(surface, facts, widgets.panel(surface, rect, alpha=235))
