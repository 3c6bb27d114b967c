"""Words on a player's screens (issue 28): no rule codes ("(N47)"), no entity ids ("villager#14") and no
designer keys among the player's. Every text each screen renders is caught where the theme's fonts render it."""
from __future__ import annotations

import re

import pygame
import pytest

from game.paths import DEFAULT_MAP, MAPS
from game.ui import bindings, labels, theme, widgets
from game.ui.app import scene_stack
from game.ui.session import Session

pytestmark = pytest.mark.usefixtures("display")

RULE_CODE = re.compile(r"\b[NC]\d{1,2}\b")
ENTITY_ID = re.compile(r"\w#\d+")


class Spy:
    """A theme font that notes every text it renders."""

    def __init__(self, font: pygame.font.Font, seen: list[str]) -> None:
        self.font, self.seen = font, seen

    def render(self, words, *args, **kwargs):
        self.seen.append(str(words))
        return self.font.render(words, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.font, name)


@pytest.fixture
def seen(monkeypatch) -> list[str]:
    words: list[str] = []
    real = theme.font
    monkeypatch.setattr(theme, "font", lambda size, bold=False: Spy(real(size, bold), words))
    labels.text.cache_clear()
    widgets._bar.cache_clear()
    yield words
    labels.text.cache_clear()
    widgets._bar.cache_clear()


def draw(stack) -> None:
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    for scene in stack.visible():
        scene.draw(surface)


def creature_under_mouse(dungeon) -> None:
    other = next(v for v in dungeon.views if not v.is_hero and v.room == dungeon.hero_view().room)
    dungeon.mouse = dungeon.screen_pos(other.square)


def test_no_rule_codes_or_entity_ids_on_the_screens_of_a_run(seen):
    session = Session(MAPS / "village.tmx", 7)
    try:
        stack = scene_stack(session)
        stack.push("title")
        draw(stack)
        stack.push("creation")
        draw(stack)
        dungeon = stack.reset("dungeon")
        creature_under_mouse(dungeon)  # its hover card
        draw(stack)
        person = next(v for v in dungeon.views if v.room == dungeon.hero_view().room and not v.is_hero
                      and not v.hostile)
        stack.push("dialogue", person=person.eid, log=dungeon.log)
        for _ in range(120):
            stack.top.update(1 / 60)
        draw(stack)
        stack.pop()
        for name in ("journal", "help", "settings"):
            stack.push(name)
            draw(stack)
            stack.pop()
        stack.push("pause", log=dungeon.log)
        draw(stack)
        stack.push("death", cause=dungeon.world.over or "Slain by Wolf in the Square on turn 3.", turn=3)
        draw(stack)
    finally:
        session.close()
    assert len(seen) > 100
    assert [w for w in seen if RULE_CODE.search(w)] == []
    assert [w for w in seen if ENTITY_ID.search(w)] == []


def test_no_rule_codes_or_entity_ids_on_the_region_map_and_a_world_creation(seen):
    session = Session(DEFAULT_MAP, 3)
    try:
        stack = scene_stack(session)
        stack.push("creation", new_world=True)
        draw(stack)
        stack.reset("region", new=True)
        draw(stack)
    finally:
        session.close()
    assert [w for w in seen if RULE_CODE.search(w) or ENTITY_ID.search(w)] == []


def test_designer_keys_stand_apart_from_the_players(seen):
    """F5 (reload the map) is listed at the foot of the F1 screen for map designers, not among the player's keys."""
    from game.ui.help import HelpScene

    surface = pygame.Surface(theme.LOGICAL_SIZE)
    HelpScene().draw(surface)
    reload = bindings.KEYS["reload"][1]
    assert reload not in seen and any(w.startswith("For map designers:") for w in seen)
    player = [w for w in seen if w in {what for _, what in bindings.KEYS.values()}]
    assert player and reload not in player
