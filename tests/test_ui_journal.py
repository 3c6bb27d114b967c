"""The journal screen (N40, N44) driven through the input events a player makes: J and the side panel's
button open it, the Work tab lists the hero's contracts with their state, Tab shows the People met, Esc and
J close it."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.paths import ROOT
from game.ui import bindings
from game.ui.app import scene_stack
from game.ui.journal import JournalScene
from game.ui.session import Session
from game.ui.sidepanel import JOURNAL
from game.world.commands import Ask, Talk, Work
from game.world.components import Persona
from game.world.verbs import contracts
from game.world.verbs.moving import relocate
from tests.helpers.screens import click, key

VILLAGE = ROOT / "maps" / "village.tmx"

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture
def village():
    session = Session(VILLAGE, 7)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    yield stack, dungeon, session.world
    session.close()


@pytest.mark.rule("N40")
def test_N40_J_opens_the_journal_listing_active_work_and_the_people_met(village):
    stack, dungeon, world = village
    giver = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona))
    room = world.room_of(giver)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
    dungeon.driver.do(Talk(world.hero, giver))  # met (a moment may begin: leave it)
    dungeon.driver.do(Ask(world.hero, giver, "goodbye"))
    assert dungeon.driver.do(Work(world.hero, giver, "ask")).ok
    assert dungeon.driver.do(Work(world.hero, giver, "accept")).ok
    contract = contracts.of_giver(world, world.hero, giver, "active")
    key(dungeon, pygame.K_j)
    scene = stack.top
    assert isinstance(scene, JournalScene)
    assert [(e.giver, e.state, e.objective) for e in scene.view.entries] == \
        [(contract.giver_name, "ready" if contracts.ready(world, world.hero, contract) else "active",
          contract.objective)]
    scene.draw(pygame.display.get_surface())
    key(scene, pygame.K_TAB)
    assert scene.tab == 1 and contract.giver_name in [p.name for p in scene.view.people]
    key(scene, pygame.K_TAB)
    assert scene.tab == 2 and [p.why for p in scene.view.places][:1] in ([], [f"work: {contract.objective}"])
    scene.draw(pygame.display.get_surface())
    scene.draw(pygame.display.get_surface())
    click(scene, scene.tab_rects[0].center)
    assert scene.tab == 0
    key(scene, pygame.K_j)
    assert stack.top is dungeon


def test_the_side_panel_button_opens_the_journal_and_esc_closes_it(village):
    stack, dungeon, world = village
    dungeon.draw(pygame.display.get_surface())
    button = next(row for row, target in dungeon.side.clickable if target == JOURNAL)
    click(dungeon, button.center)
    assert isinstance(stack.top, JournalScene)
    assert not stack.top.view.entries
    stack.top.draw(pygame.display.get_surface())
    key(stack.top, pygame.K_ESCAPE)
    assert stack.top is dungeon


def test_the_journal_keys_are_documented():
    doc = (ROOT / "docs" / "controls.md").read_text(encoding="utf-8")
    for keys, what, _ in bindings.JOURNAL:
        assert f"| {keys} | {what} |" in doc


def test_the_work_list_names_each_kind_of_work_in_words_not_by_its_key(village):
    """Seen in a real window: the list said "Matthis Millwood · clear", the objective's key."""
    from game.ui import widgets
    from game.world.verbs.contract_kinds import KINDS

    stack, dungeon, world = village
    names = world.content.contracts.lines
    assert all(names[f"kind_{kind}"] and names[f"kind_{kind}"] != kind for kind in KINDS)
    giver = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona))
    room = world.room_of(giver)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
    dungeon.driver.do(Talk(world.hero, giver))
    dungeon.driver.do(Ask(world.hero, giver, "goodbye"))
    assert dungeon.driver.do(Work(world.hero, giver, "ask")).ok
    assert dungeon.driver.do(Work(world.hero, giver, "accept")).ok
    kind = contracts.of_giver(world, world.hero, giver, "active").kind
    key(dungeon, pygame.K_j)
    with widgets.recording() as boxes:
        stack.top.draw(pygame.display.get_surface())
    words = " ".join(box.words for box in boxes)
    assert names[f"kind_{kind}"] in words and f"· {kind}" not in words
    scene = stack.top
    long = replace(scene.view.entries[0], giver="Elder Maud Millwood of the Long Name", kind="marked")
    scene.view = replace(scene.view, entries=(long,))
    with widgets.recording() as boxes:
        scene.draw(pygame.display.get_surface())
    title = next(box for box in boxes if box.words.startswith("Elder Maud"))
    assert title.rect.right <= scene.rows[0][0].right and title.words.endswith("…")  # cut, within its line
