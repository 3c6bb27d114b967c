"""The hall of heroes and Watch (issue 24), played through the screens: a careful bot plays a one-map run in
the window through the dungeon screen's driver until its hero falls; the death recap puts it in the hall with
its morgue file and recording; the hall lists it, reads the morgue file, and Watch replays the run on screen to
the same end. A damaged or hostile hall never stops the title. Screens are rendered at every text size."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest

from game import hall, recording
from game.bots import Careful, play_turn
from game.paths import ROOT
from game.ui import theme
from game.ui.app import scene_stack
from game.ui.death import WATCH, DeathScene
from game.ui.heroes import HallScene
from game.ui.session import Session
from game.ui.title import HALL, TitleScene
from game.ui.watch import SPEEDS, WatchScene

pytestmark = pytest.mark.usefixtures("display")
CRYPT = ROOT / "maps" / "crypt.tmx"
SHOTS = os.environ.get("HALL_SHOTS")  # a folder to keep the screens in, to look at them


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def shot(stack, name: str) -> pygame.Surface:
    surface = pygame.display.get_surface()
    for scene in stack.visible():
        scene.draw(surface)
    if SHOTS:
        pygame.image.save(surface, str(Path(SHOTS) / f"{name}-{theme.Look.text_size}.png"))
    return surface


def watch_to_the_end(watch: WatchScene) -> None:
    """The fastest speed, and frames until the recording ends."""
    for _ in range(len(SPEEDS)):
        key(watch, pygame.K_RIGHT)
    frames = 0
    while not watch.finished and frames < 20_000:
        watch.update(1 / 30)
        frames += 1


@pytest.fixture
def fallen():
    """A careful bot's run on the crypt (seed 7) played through the window's dungeon screen to its death."""
    session = Session(CRYPT, 7)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    bot = Careful(session.driver)
    while not dungeon.world.over and dungeon.world.turn < 400:
        play_turn(bot)
        dungeon.update(1 / 60)  # the screen reads the events, as it does every frame
    dungeon.update(1 / 60)
    yield stack, session
    session.close()


def test_a_fallen_hero_goes_into_the_hall_with_its_morgue_file_and_its_recording(fallen):
    stack, session = fallen
    death = stack.top
    assert isinstance(death, DeathScene) and death.hall == "Your hero's story is kept in the hall of heroes."
    assert WATCH in death.menu.labels and death.recording.is_file()
    heroes, problem = hall.entries()
    assert problem == "" and len(heroes) == 1
    entry = heroes[0]
    assert (entry["name"], entry["world"], entry["place"]) == ("Hero", "One map", "The Sunken Crypt")
    assert entry["cause"] == session.world.over and entry["turn"] == session.world.turn
    text = (hall.hall_dir() / entry["morgue"]).read_text()
    for heading in ("The hero", "Gear", "Carried", "Sites visited", "Kills by kind", "Deeds", "Loyal friends",
                    "How the end came", "Last messages"):
        assert f"\n{heading}\n" in text
    assert "weapon: Shortsword" in text  # as it was before its gear fell to the floor (N34)
    assert "The last blow: " in text and session.world.over in text
    assert "Rat Swarm" in text.split("Kills by kind")[1].split("Deeds")[0]
    taken = recording.load(death.recording)
    assert taken.map == "maps/crypt.tmx" and taken.seed == 7 and taken.steps
    assert (session.save_path.with_suffix(".rec")).read_bytes() == death.recording.read_bytes()  # beside the slot
    for size in (0.85, 1.0, 1.15, 1.3):
        theme.Look.text_size = size
        shot(stack, "death")
    theme.Look.text_size = 1.0


def test_watch_replays_the_run_on_screen_to_the_same_end(fallen):
    stack, session = fallen
    end, turn = session.world.over, session.world.turn
    stack.top.menu.selected = stack.top.menu.labels.index(WATCH)
    key(stack.top, pygame.K_RETURN)
    watch = stack.top
    assert isinstance(watch, WatchScene) and watch.world is not session.world
    key(watch, pygame.K_RIGHT)
    assert SPEEDS[watch.speed] == 4.0
    for _ in range(5):
        watch.update(1 / 2)
    shot(stack, "watch")
    key(watch, pygame.K_SPACE)
    paused_at = watch.next_step
    watch.update(5.0)
    assert watch.paused and watch.next_step == paused_at
    key(watch, pygame.K_SPACE)
    watch_to_the_end(watch)
    assert watch.finished and (watch.world.over, watch.world.turn) == (end, turn)
    for size in (0.85, 1.3):
        theme.Look.text_size = size
        shot(stack, "watch-end")
    theme.Look.text_size = 1.0
    key(watch, pygame.K_ESCAPE)
    assert isinstance(stack.top, DeathScene)


def test_the_hall_lists_the_hero_reads_its_morgue_file_and_offers_watch(fallen):
    stack, session = fallen
    stack.reset("title")
    title = stack.top
    assert isinstance(title, TitleScene) and HALL in title.menu.labels
    title.menu.selected = title.menu.labels.index(HALL)
    key(title, pygame.K_RETURN)
    screen = stack.top
    assert isinstance(screen, HallScene) and len(screen.shown) == 1
    for size in (0.85, 1.0, 1.15, 1.3):
        theme.Look.text_size = size
        shot(stack, "hall")
    key(screen, pygame.K_RETURN)
    assert screen.reading[0].startswith("Ethernalis ") and "Kills by kind" in screen.reading
    key(screen, pygame.K_PAGEDOWN)
    assert screen.top_line > 0
    for size in (0.85, 1.0, 1.15, 1.3):
        theme.Look.text_size = size
        shot(stack, "morgue")
    theme.Look.text_size = 1.0
    key(screen, pygame.K_w)
    assert isinstance(stack.top, WatchScene)
    key(stack.top, pygame.K_ESCAPE)
    key(screen, pygame.K_ESCAPE)
    assert screen.reading is None
    key(screen, pygame.K_ESCAPE)
    assert stack.top is title


@pytest.mark.parametrize("index", [
    b"", b"{", b"[]", b'{"heroes": 5}', b"\xff\xfe", b"[" * 100_000,
    json.dumps({"heroes": [{"name": "x", "morgue": "../../etc/passwd"}, 7, None]}).encode(),
])
def test_a_damaged_or_hostile_hall_never_stops_the_title_or_the_hall(index):
    folder = hall.hall_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hall.INDEX).write_bytes(index)
    heroes, problem = hall.entries()
    assert heroes == [] and problem.startswith(str(folder / hall.INDEX))
    stack = scene_stack(Session(CRYPT, 1))
    title = stack.reset("title")
    title.menu.selected = title.menu.labels.index(HALL)
    key(title, pygame.K_RETURN)
    assert isinstance(stack.top, HallScene) and stack.top.problems == [problem]
    shot(stack, "hall-damaged")
    key(stack.top, pygame.K_RETURN)
    key(stack.top, pygame.K_w)  # nothing to read or watch: nothing happens


def test_an_entry_naming_a_file_outside_the_hall_or_of_the_wrong_kind_is_left_out(tmp_path):
    good = {"name": "Ada", "world": "world1", "place": "Ashby Vale", "cause": "Slain.", "turn": 3, "level": 1,
            "morgue": "1.txt", "recording": "", "written": "2026-12-01 19:00"}
    bad = [{**good, "morgue": "../1.txt"}, {**good, "recording": "/etc/passwd"}, {**good, "turn": "3"},
           {**good, "level": True}, {**good, "extra": 1}, {**good, "name": "x" * 301}]
    (tmp_path / hall.INDEX).write_text(json.dumps({"heroes": [good, *bad]}))
    heroes, problem = hall.entries(tmp_path)
    assert heroes == [{**good, "key": "", "victory": ""}] and problem.endswith("6 damaged entries left out")
    assert hall.read_morgue(good, tmp_path)[0].endswith("the morgue file cannot be read (No such file or directory)")
    (tmp_path / "1.txt").write_bytes(b"\x1b[2Jline\xff\n" * 3)
    assert hall.read_morgue(good, tmp_path) == ["\\x1b[2Jline\ufffd"] * 3


def bot_plays(session, dungeon, until: int) -> None:
    bot = Careful(session.driver)
    while not dungeon.world.over and dungeon.world.turn < until:
        play_turn(bot)
        dungeon.update(1 / 60)
    dungeon.update(1 / 60)


def test_a_run_saved_and_carried_on_is_recorded_whole_and_watched_to_its_end(tmp_path):
    """The slot's recording notes the save it goes with; Continue carries it on from that save (a Reload
    step: a replay saves and loads its world there too), so the fallen hero's recording is the whole run."""
    slot = tmp_path / "slot1.sav"
    first = Session(CRYPT, 7, save_path=slot)
    stack = scene_stack(first)
    dungeon = stack.reset("dungeon")
    bot_plays(first, dungeon, 12)
    assert first.save()[0] and not first.world.over
    bot_plays(first, dungeon, 20)  # played on after the save, then quit without saving again
    first.close()
    assert recording.load(slot.with_suffix(".rec")).saved[1] < len(recording.load(slot.with_suffix(".rec")).steps)
    again = Session(CRYPT, 7, save_path=slot)
    stack = scene_stack(again)
    dungeon = stack.reset("dungeon", from_save=True)
    assert again.recording is not None and again.recording.steps[-1] == ["Reload"]
    bot_plays(again, dungeon, 400)
    assert isinstance(stack.top, DeathScene) and stack.top.recording is not None
    end, turn = again.world.over, again.world.turn
    watch = stack.push("watch", path=stack.top.recording)
    watch_to_the_end(watch)
    assert (watch.world.over, watch.world.turn) == (end, turn)
    key(watch, pygame.K_ESCAPE)
    again.close()


def test_a_slots_recording_of_another_save_is_not_carried_on(tmp_path):
    slot = tmp_path / "slot1.sav"
    session = Session(CRYPT, 7, save_path=slot)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    bot_plays(session, dungeon, 5)
    assert session.save()[0]
    session.close()
    carried = Session(CRYPT, 7, save_path=slot)
    assert carried.continue_run() == [] and carried.recording.steps[-1] == ["Reload"]  # the same save
    carried.close()
    other = Session(CRYPT, 7, save_path=slot)
    taken = recording.load(slot.with_suffix(".rec"))
    taken.saved = ["0" * 64, taken.saved[1]]  # kept with another save of the slot
    recording.save(taken, slot.with_suffix(".rec"))
    assert other.continue_run() == [] and other.recording is None and other.driver.log is None
    other.close()


def test_a_hero_fallen_in_a_world_of_sites_is_in_the_hall_under_its_world():
    session = Session(CRYPT, 7)
    stack = scene_stack(session)
    try:
        stack.reset("region", new=True)
        crypt = next(pid for pid, site in session.realm.sites.items() if site.place.name == "The Sunken Crypt")
        assert session.travel(crypt) == ""
        dungeon = stack.reset("dungeon", site=True)
        bot_plays(session, dungeon, 600)
        death = stack.top
        assert isinstance(death, DeathScene) and death.recording is None and WATCH not in death.menu.labels
        (entry,), _ = hall.entries()
        assert (entry["world"], entry["place"], entry["recording"]) == (session.world_slot.stem, "The Sunken Crypt", "")
        text = (hall.hall_dir() / entry["morgue"]).read_text()
        assert f"of the world saved as {session.world_slot.stem}." in text
        assert "Sites visited\n  The Sunken Crypt\n" in text
    finally:
        session.close()
