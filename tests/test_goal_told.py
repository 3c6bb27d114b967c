"""The siege told in the first hour (issue 24): a new player learns the world's goal without reading a file.
Headless, on a new world's first turn: the journal holds the goal (what, who asks it, where) before any work is
taken; the Captain asks for it first when the hero reaches her; the region map marks its settlement; a
first-time hint names it and How to play says what the end is."""
from __future__ import annotations

import pytest

from game.launch import new_game
from game.paths import MAPS, REGION_MAP
from game.maps.tiled import load_region
from game.ui.app import scene_stack
from game.ui.guide import HINTS, Hints, guide
from game.ui.journal import JournalScene
from game.ui.session import Session
from game.world.components import Identity
from game.world.journalview import journal_view
from game.world.systems import siege
from game.world.victoryview import goal_view

pytestmark = pytest.mark.usefixtures("display")


def test_the_goal_is_in_the_journal_on_a_new_worlds_first_turn_with_its_place_and_who_asks_it():
    driver = new_game(MAPS / "village.tmx", 7)
    try:
        world = driver.world
        assert world.turn == 0
        view = journal_view(world, world.hero)
        assert view.entries == () and view.goal is not None  # no work yet; the goal already
        goal = view.goal
        assert goal.title == "Your goal: lift the siege" and goal.state == "the siege stands" and not goal.lifted
        assert "Kill the Siege Captain who besieges Varr's Watch" in goal.objective
        assert "Captain Ysolt Varr" in goal.told and goal.where.startswith("Varr's Watch: ")
        assert "region map" in goal.where and goal.room == -1  # not on this map: travel there by the region map
    finally:
        driver.close()


def test_the_goal_names_a_settlement_of_the_region_map_and_its_captain():
    driver = new_game(MAPS / "tower.tmx", 7)
    try:
        world, goal = driver.world, driver.world.content.goal
        region = load_region(REGION_MAP)
        assert [p.name for p in region.places.values() if p.map.name == goal.map] == [goal.place]
        assert world.map.name == goal.place
        assert any(ident.name == goal.giver for _, ident in world.query(Identity))
        here = goal_view(world, world.hero)
        assert here.room == siege.camp_of(world).room  # on the tower, Go there leads to the war camp
        siege.fall(world, siege.camp_of(world))
        after = goal_view(world, world.hero)
        assert after.lifted and after.state == "the siege is lifted" and after.room == -1
    finally:
        driver.close()


def test_the_journal_screen_shows_the_goal_first_and_go_there_leads_to_the_camp_on_the_tower():
    session = Session(MAPS / "tower.tmx", 7)
    try:
        stack = scene_stack(session)
        stack.reset("dungeon")
        journal = stack.push("journal")
        assert isinstance(journal, JournalScene) and journal.work()[0] is journal.view.goal
        room, name = journal.destination()
        assert room == siege.camp_of(session.world).room and name == "Enemy Camp"
    finally:
        session.close(autosave=False)


def test_the_region_map_marks_the_goal_on_its_settlement():
    session = Session(MAPS / "village.tmx", 7)
    try:
        assert session.start_world() == []
        stack = scene_stack(session)
        region = stack.reset("region")
        assert session.realm.sites[region.goal].place.name == "Varr's Watch"
        assert region.goal_words() == ("your goal", "Your goal: lift the siege")
    finally:
        session.close(autosave=False)


def test_a_first_hour_hint_names_the_goal_and_how_to_play_says_what_the_end_is():
    assert "goal" in HINTS
    hint = guide().hints["goal"]
    assert "lift the siege of Varr's Watch" in hint and "{journal}" in hint
    pages = dict(guide().how_to_play)
    end = pages["The end you can set out for"]
    assert "Varr's Watch" in end and "besieged" in end and "hall of heroes" in end


def test_the_goal_hint_shows_in_the_first_settlement_once_its_first_hint_is_dismissed(tmp_path):
    session = Session(MAPS / "village.tmx", 7)
    try:
        hints = session.hints = Hints(tmp_path / "hints.txt")
        hints.notice("settlement")  # the settlement's hint, on screen as the village opens
        dungeon = scene_stack(session).reset("dungeon")
        hints.dismiss()
        dungeon.read_at = -1  # the world has changed: the screen reads it again, and its hints
        dungeon.update(1 / 60)
        assert hints.showing == "goal" and "Varr's Watch" in hints.line()
        assert hints.seen == {"settlement", "goal"}
    finally:
        session.close(autosave=False)
