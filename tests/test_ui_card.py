"""The hovered creature's card (N1, N29, N32; Reconciliation 2)."""
from __future__ import annotations

import dataclasses

import pytest

from game.world import views
from game.paths import DEFAULT_MAP
from game.ui.card import card_lines, defence_line, level_label
from game.launch import new_game


@pytest.fixture(scope="module")
def creature():
    game = new_game(DEFAULT_MAP, 3)
    world = game.world
    view = next(views.creature(world, e) for e in world.creatures() if e != world.hero)
    yield view
    world.close()


@pytest.mark.rule("N29")
def test_N29_card_shows_the_level_from_level_1(creature):
    assert level_label(dataclasses.replace(creature, level=0)) == ""
    assert level_label(dataclasses.replace(creature, level=1)) == "Level 1"
    assert level_label(dataclasses.replace(creature, level=4)) == "Level 4"


def test_defence_line_names_each_blow_or_says_every():
    assert defence_line({"cutting": 2, "cleaving": 2, "crushing": 2, "piercing": 2, "puncturing": 2}) == \
        "Defence 2 against every blow"
    assert defence_line({"cutting": 3, "cleaving": 1, "crushing": 0, "piercing": 2, "puncturing": 2}) == \
        "Defence cut 3 · cleave 1 · crush 0 · pierce 2 · puncture 2"


def test_card_shows_hit_chances_needs_heads_and_gear(creature):
    view = dataclasses.replace(creature, heads=6, hunger=31, thirst=12, equipped={"weapon": "Spear"},
                               carrying=["Ration"], stunned=2)
    text = "\n".join(line for line, _ in card_lines(view))
    assert f"Melee {view.card.melee}%" in text and f"Dodge {view.card.dodge}%" in text
    assert "Hunger 31   Thirst 12" in text
    assert "A group of 6" in text
    assert "Stunned for 2 turns" in text
    assert "Gear: Spear" in text and "Carries: Ration" in text
