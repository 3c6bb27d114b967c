"""The region-map screen (issue 12, N62) driven through the keys and clicks a player makes: choose a place,
see the journey's cost, travel and go in, climb back up by the way to the surface."""
from __future__ import annotations

import pygame
import pytest

from game.paths import DEFAULT_MAP
from game.ui.app import scene_stack
from game.ui.creation import HeroCreationScene
from game.ui.dungeon import DungeonScene
from game.ui import widgets
from game.ui.region import SIDE, RegionScene
from game.ui.session import Session
from game.save.worldsave import summary
from game.ui.title import CHOOSE_MAP, CONTINUE_MAP, NEW_WORLD, QUIT, SETTINGS, SINGLE_MAP, WORLDS
from game.ui import worlds as worlds_screen
from game.ui.worlds import ROWS, WorldsScene
from game.world.components import Position

pytestmark = pytest.mark.usefixtures("display")  # a dummy window for the module (conftest.py)
VILLAGE, KEEP = 1, 3


def key(stack, k: int) -> None:
    stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def click(stack, pos: tuple[int, int]) -> None:
    stack.top.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


@pytest.fixture
def stack():
    session = Session(DEFAULT_MAP, 3)
    made = scene_stack(session)
    made.push("title")
    yield made
    session.close()


@pytest.fixture
def travelled():
    """A world whose tower travellers both live to set out (on seed 3 the herald dies in the siege's first
    hours)."""
    session = Session(DEFAULT_MAP, 10)
    made = scene_stack(session)
    made.push("title")
    yield made
    session.close()


def test_the_title_puts_the_world_first_and_enter_then_begin_starts_on_the_region_map(tmp_path):
    """Issue 12: a player starts on the region map. With no save, New world is the first choice and Enter
    takes it; the single-map run comes after, under its own name; a saved world's Continue comes first of all."""
    session = Session(DEFAULT_MAP, 3, save_path=tmp_path / "run.sav")
    made = scene_stack(session)
    try:
        title = made.push("title")
        assert title.menu.labels == [NEW_WORLD, SINGLE_MAP, CHOOSE_MAP, SETTINGS, QUIT]
        key(made, pygame.K_RETURN)
        assert isinstance(made.top, HeroCreationScene)
        key(made, pygame.K_RETURN)  # Begin with the shipped hero
        region = made.top
        assert isinstance(region, RegionScene) and region.chosen == VILLAGE and session.realm is not None
        region.draw(pygame.display.get_surface())
        (tmp_path / "run.sav").write_bytes(b"")  # a single-map save beside the world the title made
        made.reset("title")
        assert made.top.menu.labels == [WORLDS, NEW_WORLD, CONTINUE_MAP, SINGLE_MAP, CHOOSE_MAP, SETTINGS, QUIT]
        assert WORLDS == "Continue" and made.top.menu.selected == 0
    finally:
        session.close()


def test_a_click_chooses_a_place_and_shows_the_cost_then_a_second_click_travels(stack, monkeypatch):
    stack.reset("region", new=True)
    region = stack.top
    keep = region.place_rect(KEEP).center
    click(stack, keep)
    assert region.chosen == KEEP and region.session.realm.now == 0  # chosen, not yet gone: the cost is shown
    shown = []
    monkeypatch.setattr("game.ui.widgets.text", lambda surface, words, *a, **k: shown.append(words) or pygame.Rect(0, 0, 1, 1))
    region.draw(pygame.display.get_surface())
    assert "12 squares of road: 60 turns (about 15 hours)." in shown
    click(stack, keep)
    assert isinstance(stack.top, DungeonScene) and stack.top.world is region.session.realm.sites[KEEP].world
    assert region.session.realm.now == 60


@pytest.mark.rule("N61")
def test_N61_a_known_site_shows_its_icon_is_chosen_by_the_keys_and_a_click_and_a_second_click_travels(stack, monkeypatch):
    stack.reset("region", new=True)
    region = stack.top
    realm = region.session.realm
    hollow = next(s for s in realm.region.sites if s.name == "Wyrm Hollow")
    order = [region.chosen]
    for _ in range(5):
        key(stack, pygame.K_TAB)
        order.append(region.chosen)
    assert hollow.id not in order  # an unknown site is neither drawn nor chosen
    realm.hero.known.add(hollow.id)  # as a loyal villager's secret does (tests/test_secrets.py)
    for _ in range(5):
        key(stack, pygame.K_TAB)
    assert region.chosen == hollow.id  # after the five places, in id order
    shown = []
    monkeypatch.setattr("game.ui.widgets.text", lambda surface, words, *a, **k: shown.append(words) or pygame.Rect(0, 0, 1, 1))
    region.draw(pygame.display.get_surface())
    assert "Beast site: a beast of the codex dens here" in shown and "Wyrm Hollow (beast)" in shown
    assert "35 squares, the last off the road: 175 turns (about 44 hours)." in shown
    monkeypatch.undo()
    click(stack, region.place_rect(hollow.id).center)
    assert isinstance(stack.top, DungeonScene) and stack.top.world is realm.sites[hollow.id].world
    assert realm.here.map.properties["title"] == "Wyrm Hollow" and realm.now == 175


def test_keys_choose_and_enter_goes_in_then_u_at_the_way_up_climbs_back(stack):
    stack.reset("region", new=True)
    key(stack, pygame.K_TAB)
    key(stack, pygame.K_LEFT)
    assert stack.top.chosen == VILLAGE
    key(stack, pygame.K_RETURN)
    dungeon = stack.top
    assert isinstance(dungeon, DungeonScene)
    assert any("is here in Village Gate: press U" in line for line, _ in dungeon.log.lines)  # where it arrives
    key(stack, pygame.K_u)
    assert isinstance(stack.top, RegionScene)
    assert stack.top.news == ["Hero climbs out of Ashby Vale onto the road."]


def test_u_away_from_the_way_up_says_where_it_is(stack):
    stack.reset("region", new=True)
    stack.top.chosen = KEEP
    key(stack, pygame.K_RETURN)
    dungeon = stack.top
    world = dungeon.world
    hall = next(room for room in world.map.rooms.values() if room.name != "Gatehouse")
    pos = world.get(world.hero, Position)
    world.rooms.remove(world.hero, pos.room, [pos.square])
    pos.room, pos.square = hall.id, world.rooms.free_spot(hall.id)
    world.rooms.place(world.hero, pos.room, [pos.square])
    key(stack, pygame.K_u)
    assert stack.top is dungeon and dungeon.log.lines[-1][0] == "The way up is in Gatehouse."


def test_u_in_a_one_map_run_has_no_region(stack):
    stack.reset("dungeon")
    key(stack, pygame.K_u)
    assert isinstance(stack.top, DungeonScene)
    assert stack.top.log.lines[-1][0] == "This run is one map: there is no region above it."


def test_travel_autosaves_and_the_worlds_screen_continues_or_adds_a_hero(tmp_path):
    session = Session(DEFAULT_MAP, 3, tmp_path / "slot1.sav")
    stack = scene_stack(session)
    stack.reset("region", new=True)
    slot = session.world_slot
    assert slot == tmp_path / "world1.sav" and slot.is_file()  # saved as soon as it is made
    stack.top.chosen = KEEP
    key(stack, pygame.K_RETURN)
    assert summary(slot)["place"] == "The Ruined Keep" and summary(slot)["turn"] == 60  # autosaved on travel
    stack.reset("title")  # quitting to the title saves and closes the world
    assert session.realm is None
    title = stack.top
    assert WORLDS in title.menu.labels
    stack.push("worlds")
    worlds = stack.top
    assert isinstance(worlds, WorldsScene)
    assert [uid for _, _, uid in worlds.lines] == ["hero", None]
    key(stack, pygame.K_DOWN)
    key(stack, pygame.K_RETURN)  # a new hero: made on the creation screen...
    assert isinstance(stack.top, HeroCreationScene) and stack.top.slot == slot
    key(stack, pygame.K_RETURN)  # ...then beside the home settlement, on the region map
    assert isinstance(stack.top, RegionScene) and session.realm.playing == "hero#2"
    assert [h[0] for h in summary(slot)["heroes"]] == ["hero", "hero#2"]
    session.close()


def test_the_worlds_screen_readies_a_load_once_its_list_is_shown(tmp_path, monkeypatch):
    """docs/performance.md: while the player reads the worlds screen, what a first load needs is made ready
    (worldsave.ready), once, after the list is first drawn."""
    readied = []
    monkeypatch.setattr(worlds_screen, "ready", lambda: readied.append(True))
    session = Session(DEFAULT_MAP, 3, tmp_path / "slot1.sav")
    stack = scene_stack(session)
    stack.reset("region", new=True)
    stack.reset("title")
    stack.push("worlds")
    stack.top.update(0.016)
    assert readied == []  # the first frame draws the list
    for _ in range(3):
        stack.top.update(0.016)
    assert readied == [True]
    session.close()


def test_a_crash_writes_an_emergency_save_beside_the_slot_and_keeps_the_last_good_one(tmp_path):
    session = Session(DEFAULT_MAP, 3, tmp_path / "slot1.sav")
    stack = scene_stack(session)
    stack.reset("region", new=True)
    slot = session.world_slot
    good = slot.read_bytes()
    session.realm.clock = 77  # the world moved on; then the game crashed
    line = session.emergency_save()
    emergency = slot.with_name("world1.emergency.sav")
    assert line == (f"Saved the world at turn 77 to {emergency} (its save is untouched); "
                    "Continue on the title lists it.")
    assert slot.read_bytes() == good and summary(emergency)["turn"] == 77
    session.close(autosave=False)  # after a crash the app closes without saving over the slot
    assert slot.read_bytes() == good


def test_f5_does_not_repopulate_a_site_of_a_world(stack):
    stack.reset("region", new=True)
    key(stack, pygame.K_RETURN)  # into Ashby Vale
    dungeon = stack.top
    before = sorted(dungeon.world.uid(e) for e in dungeon.world.creatures())
    key(stack, pygame.K_F5)
    assert dungeon.log.lines[-1][0] == "F5 reloads the map of a one-map run; a world of sites keeps its people."
    assert sorted(dungeon.world.uid(e) for e in dungeon.world.creatures()) == before


def test_in_a_world_the_pause_and_death_menus_offer_no_new_run_of_one_map(stack):
    """A world goes on without a fallen hero: its menus lead to the title (Continue, New world), never to a
    one-map run; a one-map run keeps its New run."""
    stack.push("pause", log=None)
    assert "New run" in stack.top.menu.labels
    one_map_pause = [r.copy() for r in stack.top.menu.rects]
    stack.push("death", cause="Slain.", turn=3)
    assert "New run" in stack.top.menu.labels
    one_map_death = [r.copy() for r in stack.top.menu.rects]
    stack.reset("region", new=True)
    key(stack, pygame.K_RETURN)  # into Ashby Vale
    assert isinstance(stack.top, DungeonScene)
    stack.push("pause", log=stack.top.log)
    assert stack.top.menu.labels == ["Resume", "Save", "Controls", "Settings", "Quit to title", "Quit game"]
    assert stack.top.menu.rects == one_map_pause[:6]  # issue 28: every button where it is in a one-map run
    stack.push("death", cause="Slain.", turn=3)
    assert stack.top.menu.labels == ["Title screen", "Quit"] and stack.top.menu.rects == one_map_death[:2]


@pytest.mark.rule("N3")
def test_N3_the_region_map_shows_the_travellers_on_the_road_where_they_have_got_to(travelled):
    stack = travelled
    stack.reset("region", new=True)
    region = stack.top
    realm = region.session.realm
    realm.clock = 192 + 35  # the tower's two travellers set out at turn 192; the road is 70 turns
    realm.catch_up_all()
    seen = region.on_the_road()
    assert sorted(w.traveller.name for w, _ in seen) == ["Envoy Ilse", "Herald Roderic"]
    (x1, y1), (x2, _) = region.place_rect(2).center, region.place_rect(VILLAGE).center
    assert {spot for _, spot in seen} == {(round((x1 + x2) / 2), y1)}  # half way along the road
    region.draw(pygame.display.get_surface())
    realm.clock = 192 + 70  # arrived: off the road
    realm.catch_up_all()
    assert region.on_the_road() == []


def test_quitting_while_the_dungeon_moves_finishes_its_turn_and_saves_it(tmp_path):
    """Autosave on quitting (issue 12): a window closed (or Quit chosen) mid-turn loses nothing since the last
    journey; the turn under way ends and the world is saved with it."""
    session = Session(DEFAULT_MAP, 3, tmp_path / "slot1.sav")
    stack = scene_stack(session)
    stack.reset("region", new=True)
    key(stack, pygame.K_RETURN)  # into Ashby Vale
    dungeon = stack.top
    for _ in range(3):
        key(stack, pygame.K_SPACE)
        dungeon.driver.finish_turn()
    key(stack, pygame.K_SPACE)
    assert dungeon.driver.busy and dungeon.world.turn == 3
    slot = session.world_slot
    session.close()
    assert summary(slot)["turn"] == 4 and summary(slot)["place"] == "Ashby Vale"


def test_the_worlds_screen_scrolls_and_a_click_plays_the_line_shown_under_it(tmp_path, monkeypatch):
    """The load screen (issue 12) with more lines than it shows: scrolled to the last, a click on the top row
    plays the line drawn there, not the list's first; the wheel moves the choice."""
    session = Session(DEFAULT_MAP, 3, tmp_path / "slot1.sav")
    for _ in range(4):  # four worlds of one hero each: eight lines, with their New hero lines
        assert session.start_world() == []
    session.close()
    for slot in (tmp_path / "world1.sav", tmp_path / "world2.sav"):
        assert session.continue_world(slot, new_hero=True) == []
        session.close()
    stack = scene_stack(session)
    worlds = stack.push("worlds")
    assert len(worlds.lines) == 10 > ROWS
    played = []
    monkeypatch.setattr(worlds, "play", played.append)
    for _ in range(9):
        key(stack, pygame.K_DOWN)
    assert worlds.first_shown() == 10 - ROWS
    click(stack, worlds.rect(0).center)
    assert played == [10 - ROWS] and worlds.chosen == 10 - ROWS
    stack.top.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert worlds.chosen == 10 - ROWS + 1
    worlds.draw(pygame.display.get_surface())


def test_the_region_panel_keeps_the_latest_news_that_fit_above_its_key_hints(travelled, monkeypatch):
    """Every site known, two travellers on the road, a problem and six long lines of news: the panel drops
    the oldest news rather than write over its key hints (an unreadable screen is a bug)."""
    stack = travelled
    stack.reset("region", new=True)
    realm = stack.top.session.realm
    realm.hero.known.update(s.id for s in realm.region.sites)
    realm.clock = 225
    realm.catch_up_all()
    stack.reset("region")
    region = stack.top
    region.chosen, region.problem = 5, "The world is still moving."
    region.news = [f"Herald Roderic sets out on the road to Ashby Vale (70 turns), line {n}." for n in range(6)]
    drawn = []
    real = widgets.text

    def text(surface, words, *args, **kwargs):
        drawn.append((words, real(surface, words, *args, **kwargs)))
        return drawn[-1][1]

    monkeypatch.setattr(widgets, "text", text)
    region.draw(pygame.display.get_surface())
    hints = next(rect for words, rect in drawn if words.startswith("Tab / arrows"))
    panel = [(words, rect) for words, rect in drawn if rect.x >= SIDE.x and not words.startswith("Tab")]
    assert len(region.on_the_road()) == 2 and all(rect.bottom <= hints.top for _, rect in panel)
    shown = [words for words, _ in panel if words in region.news]
    assert shown and shown == region.news[-len(shown):] and len(shown) < 6  # the latest, in order
