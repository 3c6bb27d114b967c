"""A victorious hero enters the hall of heroes (issue 24): a scripted hero (tools/siege.py's) lifts the siege of
Varr's Watch through the window's dungeon screen; the victory screen says it is in the hall and opens its entry;
the hall lists it as victorious beside the fallen, with a morgue file that tells the siege; when the same hero
later dies in the world that goes on, its one entry is rewritten (still victorious, both ends told)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from game import hall
from game.paths import MAPS
from game.rules import clock
from game.ui import theme
from game.ui.settings import TEXT_SIZES
from game.ui.app import scene_stack
from game.ui.heroes import HallScene
from game.ui.session import Session
from game.ui.victory import VictoryScene
from game.world.systems import siege
from game.world.verbs import combat
from tests.helpers.screens import key
from tests.helpers.ui_scenes import text_size
from tools.siege import SiegeHero

pytestmark = pytest.mark.usefixtures("display")
SHOTS = os.environ.get("HALL_SHOTS")  # a folder to keep the screens in, to look at them
SEED, LEVEL = 1, 4  # tools/siege.py's test seed and a grown hero (tests/test_siege.py)


def shot(stack, name: str) -> None:
    surface = pygame.display.get_surface()
    for scene in stack.visible():
        scene.draw(surface)
    if SHOTS:
        pygame.image.save(surface, str(Path(SHOTS) / f"{name}-{theme.Look.text_size}.png"))


@pytest.fixture
def won():
    """The scripted siege on the tower (seed 1, level 4, the armourer's gear, two of the garrison) played through
    the dungeon screen's driver, the screen reading the events as it does every frame (each test its own:
    the hall is in each test's own data folder)."""
    session = Session(MAPS / "tower.tmx", SEED)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    hero = SiegeHero(session.driver)
    hero.grow(LEVEL, bought=True)
    assert hero.take_the_work()
    friends = hero.gather(2)
    hero.storm_the_camp()
    dungeon.update(1 / 60)
    yield session, stack, dungeon, friends
    session.close()


def test_the_hero_who_lifts_the_siege_is_in_the_hall_as_victorious_with_its_morgue_file(won):
    session, stack, _, friends = won
    world = session.world
    assert siege.lifted(world) and not world.over
    victory = stack.top
    assert isinstance(victory, VictoryScene) and victory.hall == "Your victory is kept in the hall of heroes."
    heroes, problem = hall.entries()
    assert problem == "" and len(heroes) == 1
    entry = heroes[0]
    day = clock.day(world.minutes)
    told = f"Lifted the siege of Varr's Watch on day {day} (turn {world.turn})."
    assert entry["victory"] == entry["cause"] == told and entry["level"] == LEVEL and entry["turn"] == world.turn
    assert (entry["name"], entry["world"], entry["place"]) == ("Hero", "One map", "Varr's Watch")
    text = (hall.hall_dir() / entry["morgue"]).read_text()
    assert f"Hero, level {LEVEL} (" in text and f"Turns: {world.turn}    Seed: {SEED}" in text
    kills = text.split("\nKills by kind\n")[1].split("\n\n")[0]
    assert re.fullmatch(r" +1  [A-Z][a-z]+ [A-Z][a-z]+", kills)  # the leader, by name, by the hero's own hand
    deeds = text.split("\nDeeds\n")[1].split("\n\n")[0]
    assert "the siege of Varr's Watch is lifted" in deeds and "Lift the siege" not in deeds
    friends_part = text.split("\nLoyal friends\n")[1].split("\n\n")[0]
    assert len(friends_part.splitlines()) == len(friends) == 2
    end = text.split("\nHow the end came\n")[1].split("\n\n")[0]
    assert end.splitlines() == [f"  {told}", "  Still alive."]  # no "last blow" while it lives
    assert "Last messages" in text and "\nLongsword\n" not in text and "Longsword" in text.split("\nGear\n")[1]


def test_the_victory_screen_opens_the_heroes_entry_in_the_hall(won):
    session, stack, _, _ = won
    victory = stack.top
    assert victory.menu.labels == ["Keep playing", "See it in the hall of heroes", "Title screen"]
    victory.update(1.0)  # faded in
    for size in TEXT_SIZES:
        with text_size(size):
            shot(stack, "victory")
    key(victory, pygame.K_DOWN)
    key(victory, pygame.K_RETURN)
    shown = stack.top
    assert isinstance(shown, HallScene) and shown.reading is not None
    assert shown.reading[0].startswith("Ethernalis ") and any("Lifted the siege" in line for line in shown.reading)
    key(shown, pygame.K_ESCAPE)  # back to the list
    key(shown, pygame.K_ESCAPE)  # back to the victory screen
    assert stack.top is victory
    key(victory, pygame.K_ESCAPE)  # keep playing: the world goes on


def test_the_victorious_hero_who_later_dies_keeps_one_entry_victorious_and_both_ends_told(won, tmp_path):
    session, stack, dungeon, _ = won
    world = session.world
    won_at = world.turn
    for _ in range(3):
        session.driver.end_turn()
    combat.die(world, world.hero, None, "thirst")
    dungeon.update(1 / 60)
    assert stack.top.hall == "Your hero's story is kept in the hall of heroes."
    heroes, _ = hall.entries()
    [entry] = heroes
    assert entry["victory"].endswith(f"(turn {won_at}).") and entry["cause"] == world.over
    assert entry["turn"] == world.turn == won_at + 3
    text = (hall.hall_dir() / entry["morgue"]).read_text()
    end = text.split("\nHow the end came\n")[1].split("\n\n")[0]
    assert end.splitlines()[:2] == [f"  {entry['victory']}", f"  {world.over}"]
    fallen = {**entry, "name": "Wren", "morgue": "9.txt", "recording": "", "key": "", "victory": "",
              "cause": "Slain by a ghoul in the Crypt Hall."}
    (hall.hall_dir() / "9.txt").write_text("Ethernalis morgue file\n")
    index = hall.hall_dir() / "hall.json"
    body = index.read_text().replace('"heroes": [', '"heroes": [' + __import__("json").dumps(fallen) + ",", 1)
    index.write_text(body)
    scene = HallScene()
    assert [e["victory"] != "" for e in scene.shown] == [True, False]
    for size in TEXT_SIZES:
        with text_size(size):
            surface = pygame.display.get_surface()
            scene.draw(surface)
            if SHOTS:
                pygame.image.save(surface, str(Path(SHOTS) / f"hall-{size}.png"))
    assert scene.subtitle() == "All worlds  ·  2 heroes, 1 victorious"


def test_a_hall_written_before_victories_is_read_whole(tmp_path: Path):
    (tmp_path / "1.txt").write_text("old\n")
    (tmp_path / "hall.json").write_text('{"heroes": [{"name": "Old", "world": "One map", "place": "The Sunken Crypt",'
                                        ' "cause": "Slain.", "turn": 3, "level": 1, "morgue": "1.txt",'
                                        ' "recording": "", "written": "2026-11-30 10:00"}]}')
    heroes, problem = hall.entries(tmp_path)
    assert problem == "" and heroes[0]["victory"] == "" and heroes[0]["key"] == ""
