"""The creation screen explains its choices (issue 23): a card attribute says what one more point changes on the
card, worked out through the bridge (a point adds heroes.toml's step to the score; the card counts tiers, so a
point may change nothing and the next several things), a proficiency names the spell it unlocks, the sheet's
attributes say what they do; the row under the mouse is explained, else the chosen one."""
from __future__ import annotations

import pygame
import pytest

from game.paths import ROOT
from game.ui.app import scene_stack
from game.ui.creation_help import card_changes, explain, raised
from game.ui.session import Session

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture
def creation():
    session = Session(ROOT / "maps" / "crypt.tmx", 7)
    stack = scene_stack(session)
    stack.reset("creation")
    yield stack.top
    session.close(autosave=False)


def test_physique_says_one_point_changes_nothing_yet_and_two_what_they_change(creation):
    scene = creation
    about = explain("stat:physique", scene.content, scene.sheet, scene.fits, scene.base_score)
    step = scene.content.heroes.step
    base = scene.base_score("physique")
    assert f"(score {base} → {base + step}) changes nothing yet" in about
    twice = card_changes(scene.content, scene.sheet, raised(scene.sheet, "physique", 2), step)
    assert twice and f"Two: {twice}." in about and "Melee" in twice


def test_endurance_names_the_health_one_point_adds(creation):
    scene = creation
    about = explain("stat:endurance", scene.content, scene.sheet, scene.fits, scene.base_score)
    card = scene.content.codex.with_hero(scene.sheet, scene.content.heroes.step).hero_card()
    assert f"Health {card.health} → " in about


def test_druidic_names_animal_charm_and_charisma_says_what_it_does(creation):
    scene = creation
    assert "unlocks Animal Charm" in explain("prof:druidic", scene.content, scene.sheet, scene.fits, scene.base_score)
    assert explain("stat:charisma", scene.content, scene.sheet, scene.fits, scene.base_score).startswith(
        "Charisma: First impressions")


def test_the_row_under_the_mouse_is_explained_on_screen(creation):
    scene = creation
    row = scene.row("prof:druidic")
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.hover == "prof:druidic"
    scene.draw(pygame.display.get_surface())
