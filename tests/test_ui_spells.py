"""Binding spells on screen (N50-N56): the cast key binds the wolf under the mouse, the countdown floats over
it and stands on its card, and its dialogue offers only its orders. Renders PNGs under the test's folder."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.paths import ROOT
from game.ui import bindings, theme
from game.ui.app import scene_stack
from game.ui.card import card_lines
from game.ui.session import Session
from game.world import views
from game.world.components import Binding, Hero
from game.world.verbs import company
from game.world.verbs.moving import relocate

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture
def caves():
    """The dungeon screen on maps/caves.tmx, its hero a druid standing beside the wolf of the Echo Chamber."""
    session = Session(ROOT / "maps" / "caves.tmx", 3)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    world = dungeon.world
    hero = world.get(world.hero, Hero)
    hero.sheet = replace(hero.sheet, proficiencies={**hero.sheet.proficiencies, "druidic": 1})
    wolf = next(a.eid for a in world.actors.all() if a.ident.codex_id == "wolf")
    room = world.room_of(wolf)
    relocate(world, world.hero, room, [world.rooms.free_spot(room, near=world.actors.of(wolf).pos.square)])
    dungeon.read_at = -1
    stack.top.update(1 / 60)
    yield stack, dungeon, wolf
    session.close()


def press(scene, action: str) -> None:
    key = bindings.KEYS[action][0][0]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def settle(stack) -> None:
    for _ in range(2000):
        stack.top.update(1 / 60)
        if not stack.scenes[0].driver.busy:
            return


def frame(stack, tmp_path, name: str) -> None:
    stack.top.update(1 / 60)
    surface = pygame.display.get_surface()
    for scene in stack.visible():  # the dungeon under the dialogue too
        scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / f"{name}.png"))


@pytest.mark.rule("N56")
def test_N56_the_cast_key_binds_the_wolf_and_its_countdown_shows_over_it_and_on_its_card(caves, tmp_path):
    stack, dungeon, wolf = caves
    world = dungeon.world
    dungeon.mouse = dungeon.screen_pos(world.actors.of(wolf).pos.square)
    press(dungeon, "cast")
    assert world.get(wolf, Binding).turns == 50
    view = views.creature(world, wolf)
    assert (view.bound, view.bound_turns) == ("charmed", 50)
    assert ("Charmed: 50 turns left", theme.BOUND) in card_lines(view)
    frame(stack, tmp_path, "bound")
    for _ in range(3):
        press(dungeon, "end_turn")
        settle(stack)
    assert views.creature(world, wolf).bound_turns == 47
    dungeon.mouse = (-1, -1)
    for _ in range(120):  # the labels fade: the countdown alone over the wolf
        stack.top.update(1 / 60)
    frame(stack, tmp_path, "countdown")


@pytest.mark.rule("N54")
def test_N54_the_dialogue_of_a_bound_wolf_offers_only_its_orders(caves, tmp_path):
    stack, dungeon, wolf = caves
    world = dungeon.world
    dungeon.mouse = dungeon.screen_pos(world.actors.of(wolf).pos.square)
    press(dungeon, "cast")
    press(dungeon, "talk")
    scene = stack.top
    assert [c.key for c in scene.choices()] == ["bound:stay", "bound:explore", "bound:come", "goodbye"]
    assert [c.label for c in scene.choices()][:3] == ["Stay.", "Explore.", "Come with me."]
    frame(stack, tmp_path, "dialogue")
    scene.choose(scene.choices()[2])  # Come with me
    stack.top.update(1 / 60)
    assert company.companion_of(world, wolf) is not None
    assert [c.key for c in scene.choices()] == ["bound:wait", "goodbye"]
    frame(stack, tmp_path, "dialogue_party")
    scene.leave()
    dungeon.read_at = -1
    frame(stack, tmp_path, "party")  # the side panel's party: "Wolf · charmed 50"
