"""The dungeon screen (issues 2, 4, 5) driven through the same input events a player makes."""
from __future__ import annotations

import itertools
import os
import shutil
import time
from pathlib import Path

import pygame
import pytest

from game import launch
from game.content.content import load_content
from game.maps import store
from game.maps.data_ids import read_data_ids
from game.world import views
from game.paths import ASSETS, DEFAULT_MAP
from game.ui import screenshots, theme
from game.ui.app import scene_stack
from game.ui.death import DeathScene
from game.ui.dungeon import DungeonScene
from game.ui.floaters import Floaters
from game.ui.help import HelpScene
from game.ui.pause import PauseScene
from game.ui.session import Session
from game.ui.title import SINGLE_MAP, TitleScene
from game.world.commands import Move
from game.world.events import Event
from tests.helpers.data_edits import broken_data
from tests.helpers.dungeon_game import game, settle, start  # noqa: F401 (game: the fixture)
from tests.helpers.screens import key


pytestmark = pytest.mark.usefixtures("display")  # a dummy window for the module (conftest.py)


def test_arrow_key_moves_through_the_exit_on_that_side(game):
    stack, dungeon = game
    world = dungeon.world
    room = dungeon.hero_view().room
    cx, cy = world.map.rooms[room].centre
    for direction, k in (("north", pygame.K_UP), ("south", pygame.K_DOWN), ("west", pygame.K_LEFT),
                         ("east", pygame.K_RIGHT)):
        target = dungeon.exit_towards(direction)
        exit_ = next((ex for ex, other in world.map.exits_of(room) if other == target and not ex.locked), None)
        if exit_ is None:
            continue
        dx, dy = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}[direction]
        assert (exit_.square[0] + 0.5 - cx) * dx + (exit_.square[1] + 0.5 - cy) * dy > 0
        key(dungeon, k)
        assert dungeon.hero_view().room == target
        return
    pytest.fail("the entrance room has no unlocked exit")


def test_clicking_a_door_moves_the_hero_to_the_room_behind_it(game):
    stack, dungeon = game
    world = dungeon.world
    room = dungeon.hero_view().room
    exit_, other = next((ex, o) for ex, o in world.map.exits_of(room) if not ex.locked)
    pos = dungeon.screen_pos(exit_.square)
    dungeon.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert dungeon.hero_view().room == other


def test_space_ends_the_turn_a_slice_per_frame(game, monkeypatch):
    """A frame runs the world turn only for its budget (8 ms) and the next frame goes on: with a clock that
    moves 1 ms at every reading, the turn spans several frames and each frame stops at its budget."""
    stack, dungeon = game
    world = dungeon.world
    turn = world.turn
    readings = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: next(readings) / 1000)
    key(dungeon, pygame.K_SPACE)
    frames = 0
    while dungeon.driver.busy and frames < 2000:
        dungeon.update(1 / 60)
        frames += 1
    assert world.turn == turn + 1
    assert frames > 1  # a frame never waits for the whole world turn


def test_escape_pauses_and_f1_shows_help(game):
    stack, dungeon = game
    key(dungeon, pygame.K_F1)
    assert isinstance(stack.top, HelpScene)
    key(stack.top, pygame.K_ESCAPE)
    key(dungeon, pygame.K_ESCAPE)
    assert isinstance(stack.top, PauseScene)
    assert stack.visible() == [dungeon, stack.top]  # the dungeon still shows under the menu
    key(stack.top, pygame.K_ESCAPE)
    assert stack.top is dungeon


def test_scent_overlay_toggles_with_c(game):
    stack, dungeon = game
    assert not dungeon.show_scent
    key(dungeon, pygame.K_c)
    assert dungeon.show_scent
    key(dungeon, pygame.K_c)
    assert not dungeon.show_scent


def test_death_screen_tells_how_and_by_whom(game):
    stack, dungeon = game
    dungeon.world.over = "Slain by Wolf#4 in the Bone Hall"
    dungeon.update(1 / 60)
    assert isinstance(stack.top, DeathScene)
    assert stack.top.cause == "Slain by Wolf#4 in the Bone Hall"
    assert stack.visible()[0] is dungeon


def test_f5_with_a_broken_map_logs_its_problems_instead_of_crashing(tmp_path):
    (tmp_path / "maps" / "tilesets").mkdir(parents=True)
    (tmp_path / "assets" / "tiles").mkdir(parents=True)
    shutil.copy(ASSETS / "tiles" / "dungeon.png", tmp_path / "assets" / "tiles")
    shutil.copy(DEFAULT_MAP.parent / "tilesets" / "dungeon.tsx", tmp_path / "maps" / "tilesets")
    copy = tmp_path / "maps" / "level.tmx"
    shutil.copy(DEFAULT_MAP, copy)
    stack, dungeon, session = start(copy)
    try:
        text = copy.read_text()
        creature = next(cid for cid in dungeon.world.content.codex.creatures if f'value="{cid}"' in text)
        copy.write_text(text.replace(f'value="{creature}"', 'value="no_such_beast"', 1))
        key(dungeon, pygame.K_F5)
        problems = [line for line, colour in dungeon.log.lines if colour == theme.PROBLEM]
        assert any("no_such_beast" in line and "level.tmx" in line for line in problems)
        assert "The map was not reloaded (1 problem):" in problems  # one problem, in plain words
        copy.write_text(text)
        key(dungeon, pygame.K_F5)
        assert dungeon.log.lines[-1][0].startswith("Reloaded level.tmx")
    finally:
        session.close()


def test_a_data_error_is_a_message_on_the_title_screen(tmp_path, monkeypatch):
    data = broken_data(tmp_path, "world.toml", "anger_memory = 12", 'anger_memory = "long"')
    monkeypatch.setattr(launch, "load_content", lambda: load_content(data))
    session = Session(DEFAULT_MAP, 5, save_path=tmp_path / "no.sav")
    stack = scene_stack(session)
    title = stack.push("title")
    title.menu.selected = title.menu.labels.index(SINGLE_MAP)
    title.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert title.problems == [f"{data / 'world.toml'}: mood.anger_memory: must be a whole number from 0 to 1000, "
                              f"not 'long'"]
    assert stack.top is title
    title.draw(pygame.display.get_surface())


def test_f5_with_broken_data_logs_the_problem(tmp_path, monkeypatch):
    stack, dungeon, session = start()
    try:
        data = broken_data(tmp_path, "creatures/wolf.toml", 'size = "1x1"', 'size = "100000x100000"')
        monkeypatch.setattr(store, "data_ids", lambda: read_data_ids(data))
        key(dungeon, pygame.K_F5)
        assert dungeon.log.lines[-1] == (f"{data / 'creatures' / 'wolf.toml'}: wolf: size: size '100000x100000' is "
                                         f"beyond the largest footprint, 8x8", theme.PROBLEM)
    finally:
        session.close()


def test_a_damaged_tileset_image_is_a_message_not_a_crash(tmp_path):
    (tmp_path / "maps" / "tilesets").mkdir(parents=True)
    (tmp_path / "assets" / "tiles").mkdir(parents=True)
    png = (ASSETS / "tiles" / "dungeon.png").read_bytes()
    (tmp_path / "assets" / "tiles" / "dungeon.png").write_bytes(png[:40] + bytes(200))  # its header, then nothing
    shutil.copy(DEFAULT_MAP.parent / "tilesets" / "dungeon.tsx", tmp_path / "maps" / "tilesets")
    shutil.copy(DEFAULT_MAP, tmp_path / "maps" / "level.tmx")
    session = Session(tmp_path / "maps" / "level.tmx", 5)
    stack = scene_stack(session)
    title = stack.push("title")
    title.menu.selected = title.menu.labels.index(SINGLE_MAP)
    key(title, pygame.K_RETURN)  # Single map run
    assert stack.scenes == [title] and session.world is None
    assert len(title.problems) == 1 and "tileset dungeon: image not found" in title.problems[0]


def test_a_frame_draws_without_error_with_overlay_and_hover(game):
    stack, dungeon = game
    key(dungeon, pygame.K_c)
    other = next(v for v in dungeon.views if not v.is_hero)
    dungeon.camera.look_at(*dungeon.view.centre_px(other))
    dungeon.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=dungeon.screen_pos(other.square), rel=(0, 0),
                                      buttons=(0, 0, 0)))
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    dungeon.draw(surface)
    assert dungeon.creature_at(dungeon.square_at(dungeon.mouse)) == other


@pytest.mark.rule("N29")
def test_N29_a_level_up_in_the_heros_room_is_noted_in_the_log_and_over_the_creature(game):
    stack, dungeon = game
    world = dungeon.world
    world.emit("level_up", world.hero, room=world.hero_room(), level=2)
    dungeon.update(1 / 60)
    assert any("level 2" in line and colour == theme.LOG_COLOURS["level_up"] for line, colour in dungeon.log.lines)
    assert any(f.words == "level 2!" for f in dungeon.floaters.items)


def test_events_out_of_sight_neither_float_nor_reach_the_log(game):
    """Issue 23: a creature in a room the hero does not see is not drawn, nor are the words over it."""
    stack, dungeon = game
    world = dungeon.world
    hero_room = world.hero_room()
    far = next(views.creature(world, e) for e in world.creatures() if world.room_of(e) != hero_room and
               world.room_of(e) not in {o for _, o in world.map.exits_of(hero_room)})
    event = world.emit("eat", far.eid, room=far.room, item="Ration", item_id="ration")
    before = len(dungeon.log.lines)
    dungeon.update(1 / 60)
    assert not world.hears(event) and len(dungeon.log.lines) == before
    assert far.uid not in dungeon.shown.by_uid
    assert not any(f.uid == far.uid for f in dungeon.floaters.items)


def test_new_run_from_the_death_screen_starts_a_fresh_world_with_the_next_seed(game):
    stack, dungeon = game
    session = dungeon.session
    dungeon.world.over = "Slain by Wolf#4 in the Bone Hall"
    dungeon.update(1 / 60)
    key(stack.top, pygame.K_RETURN)  # "New run" is the first choice
    assert isinstance(stack.top, DungeonScene) and stack.top is not dungeon
    assert stack.scenes == [stack.top]
    assert stack.top.world.seed == session.seed + 1 and stack.top.world.over is None


def test_quit_to_title_from_the_pause_menu(game):
    stack, dungeon = game
    key(dungeon, pygame.K_ESCAPE)
    for _ in range(4):  # Resume, Save, Controls, Settings, [Quit to title]
        key(stack.top, pygame.K_DOWN)
    key(stack.top, pygame.K_RETURN)
    assert isinstance(stack.top, PauseScene) and stack.top.asking == "Quit to title"  # a one-map run asks once
    key(stack.top, pygame.K_RETURN)
    assert isinstance(stack.top, TitleScene) and len(stack.scenes) == 1
    assert dungeon.session.world is None


def test_side_panel_lines_are_clickable_exits_and_items(game):
    stack, dungeon = game
    world = dungeon.world
    dungeon.draw(pygame.Surface(theme.LOGICAL_SIZE))
    room = dungeon.hero_view().room
    row, move = next((r, t) for r, t in dungeon.side.clickable if isinstance(t, Move)
                     and not next(ex for ex, o in world.map.exits_of(room) if o == t.room).locked)
    dungeon.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    assert dungeon.hero_view().room == move.room
    settle(stack)
    dungeon.draw(pygame.Surface(theme.LOGICAL_SIZE))
    ration = next((r, t) for r, t in dungeon.side.clickable if getattr(t, "item_id", None) == "ration")
    carried = len(views.carried_by(world, world.hero))
    dungeon.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ration[0].center, button=1))
    assert len(views.carried_by(world, world.hero)) == carried - 1  # eaten


def test_minimap_marks_the_hero_and_the_squares_on_screen(game):
    stack, dungeon = game
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    dungeon.draw(surface)
    hero = dungeon.hero_view()
    point = dungeon.side.minimap.point(dungeon.world.map, hero.square[0] + 0.5, hero.square[1] + 0.5)
    assert dungeon.side.minimap.box.collidepoint(point)
    assert tuple(surface.get_at(point))[:3] == theme.HERO
    seen = dungeon.view.seen_squares()
    assert seen.collidepoint(hero.square)


def test_f12_saves_the_screenshot_in_the_users_pictures_folder_not_the_working_folder(game, tmp_path, monkeypatch):
    stack, dungeon = game
    pictures = tmp_path / "Pictures" / "Ethernalis"
    monkeypatch.setattr(screenshots, "folder", lambda: pictures)
    monkeypatch.chdir(tmp_path)
    key(dungeon, pygame.K_F12)
    shots = list(pictures.glob("ethernalis-turn0000-*.png"))
    assert len(shots) == 1
    assert pygame.image.load(str(shots[0])).get_size() == theme.LOGICAL_SIZE
    assert dungeon.log.lines[-1] == (f"Screenshot saved: {shots[0]}", theme.NOTE)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Pictures"]  # nothing in the working folder


def test_the_screenshot_folder_is_ethernalis_in_the_users_pictures_folder():
    import platformdirs

    assert screenshots.folder() == Path(platformdirs.user_pictures_dir()) / "Ethernalis"


@pytest.mark.parametrize("how", ["read-only folder", "a file in the way"])
def test_f12_into_a_folder_that_cannot_be_written_is_a_line_in_the_log(game, tmp_path, monkeypatch, how):
    stack, dungeon = game
    if how == "read-only folder":
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        if os.access(locked, os.W_OK):
            pytest.skip("this user writes into read-only folders (root)")
        target = locked / "Ethernalis"
    else:
        (tmp_path / "Pictures").write_text("a file, not a folder")
        target = tmp_path / "Pictures" / "Ethernalis"
    monkeypatch.setattr(screenshots, "folder", lambda: target)
    monkeypatch.chdir(tmp_path)
    key(dungeon, pygame.K_F12)
    words, colour = dungeon.log.lines[-1]
    assert colour == theme.PROBLEM
    assert words.startswith(f"Screenshot not saved: cannot write to {target}")
    assert "\n" not in words
    dungeon.draw(pygame.Surface(theme.LOGICAL_SIZE))  # the game goes on


def test_new_game_on_a_broken_map_shows_its_problems_on_the_title_which_stays(tmp_path):
    (tmp_path / "maps" / "tilesets").mkdir(parents=True)
    shutil.copy(DEFAULT_MAP.parent / "tilesets" / "dungeon.tsx", tmp_path / "maps" / "tilesets")
    shutil.copy(DEFAULT_MAP, tmp_path / "maps" / "level.tmx")  # its tileset image is missing
    session = Session(tmp_path / "maps" / "level.tmx", 5)
    stack = scene_stack(session)
    title = stack.push("title")
    title.menu.selected = title.menu.labels.index(SINGLE_MAP)
    key(title, pygame.K_RETURN)  # Single map run
    assert stack.scenes == [title] and session.world is None
    assert len(title.problems) == 1 and "missing tileset image" in title.problems[0]
    title.draw(pygame.Surface(theme.LOGICAL_SIZE))


def test_a_world_read_by_load_starts_in_its_own_dungeon_with_a_note():
    from game.launch import new_game

    game = new_game(DEFAULT_MAP, 9)
    game.end_turn()
    world = game.world
    session = Session(DEFAULT_MAP, 5)
    stack = scene_stack(session)
    stack.push("title")
    dungeon = stack.reset("dungeon", from_save=True, world=world)
    try:
        assert stack.scenes == [dungeon] and dungeon.world is world is session.world
        assert (session.seed, session.runs) == (9, 1)  # a new run from here uses seed 10
        assert dungeon.log.lines[-1] == ("Game loaded: turn 1.", theme.NOTE)
    finally:
        session.close()


def test_idle_frames_do_not_read_the_world_again(game, monkeypatch):
    from game.ui import snapshot

    stack, dungeon = game
    reads = []
    real = snapshot.read
    monkeypatch.setattr(snapshot, "read", lambda world: reads.append(world.turn) or real(world))
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    for _ in range(10):
        dungeon.update(1 / 60)
        dungeon.draw(surface)
    assert reads == []
    turn = dungeon.world.turn
    key(dungeon, pygame.K_SPACE)
    settle(stack)
    assert reads and reads[-1] == turn + 1 and dungeon.shown.turn == turn + 1
    count = len(reads)
    for _ in range(10):
        dungeon.update(1 / 60)
        dungeon.draw(surface)
    assert len(reads) == count


def test_idle_frames_paint_neither_the_side_panel_nor_the_log_again(game, monkeypatch):
    stack, dungeon = game
    painted = []
    for part in (dungeon.side, dungeon.log):
        real = part.draw
        monkeypatch.setattr(part, "draw", lambda *args, real=real, part=part: painted.append(part) or real(*args))
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    dungeon.draw(surface)
    painted.clear()
    for _ in range(5):
        dungeon.update(1 / 60)
        dungeon.draw(surface)
    assert painted == []
    key(dungeon, pygame.K_c)  # a line in the log
    dungeon.draw(surface)
    assert painted == [dungeon.log]
    key(dungeon, pygame.K_SPACE)
    settle(stack)
    dungeon.draw(surface)
    assert painted.count(dungeon.side) == 1  # a new turn on the panel


def test_unchanged_panels_are_not_copied_again_onto_the_screen_the_scene_left_them_on(game):
    from game.ui.dungeon import SIDE

    stack, dungeon = game
    screen, other = pygame.Surface(theme.LOGICAL_SIZE), pygame.Surface(theme.LOGICAL_SIZE)
    dungeon.draw(screen)
    panel = screen.get_at(SIDE.center)
    screen.fill((255, 0, 255), SIDE)  # stands for "nothing to copy": an unchanged panel is left as it is
    dungeon.draw(screen)
    assert screen.get_at(SIDE.center) == (255, 0, 255)
    dungeon.draw(other)  # another surface: the panels are copied
    assert other.get_at(SIDE.center) == panel
    key(dungeon, pygame.K_ESCAPE)  # the pause menu draws over the panels
    for scene in stack.visible():
        scene.draw(screen)
    key(stack.top, pygame.K_ESCAPE)
    dungeon.draw(screen)
    assert screen.get_at(SIDE.center) == panel
    other_view = next(v for v in dungeon.views if not v.is_hero and dungeon.square_at(dungeon.screen_pos(v.square)))
    dungeon.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=dungeon.screen_pos(other_view.square), rel=(0, 0),
                                      buttons=(0, 0, 0)))
    dungeon.draw(screen)  # a creature's card, which may lie over a panel
    screen.fill((255, 0, 255), SIDE)
    dungeon.draw(screen)
    assert screen.get_at(SIDE.center) != (255, 0, 255)


@pytest.mark.rule("N70")
@pytest.mark.rule("N69")
def test_social_labels_float_in_the_colour_of_what_was_said():
    """A chat floats in the social web's lavender, a gift green, an insult orange, a feud red (N66-N70)."""
    floaters = Floaters()
    said = [("chat", False, "chats"), ("gift", False, "gives Loaf of bread"), ("insult", False, "insults!"),
            ("insult", True, "feud!")]
    for n, (exchange, feud, label) in enumerate(said):
        floaters.add(Event(1, "converse", actor=f"villager#{n}", data={"exchange": exchange, "feud": feud,
                                                                     "label": label}), 100 * n, 100)
    colours = {f.words: f.colour for f in floaters.items}
    assert colours == {"chats": theme.FLOATERS["converse"][1], "gives Loaf of bread": theme.EXCHANGE_COLOURS["gift"],
                       "insults!": theme.EXCHANGE_COLOURS["insult"], "feud!": theme.EXCHANGE_COLOURS["feud"]}
    assert len(set(colours.values())) == 4


def test_new_run_from_the_pause_menu_asks_once_and_anything_else_cancels(game):
    """Issue 28: an action that discards a run asks once; the buttons keep their places while it asks."""
    from game.ui.pause import NEW_RUN

    def click(scene, pos):
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    stack, dungeon = game
    key(dungeon, pygame.K_ESCAPE)
    pause = stack.top
    rects = [r.copy() for r in pause.menu.rects]
    new_run = pause.menu.rects[pause.labels.index(NEW_RUN)].center
    click(pause, new_run)
    assert stack.top is pause and pause.asking == NEW_RUN and "again" in pause.menu.labels[-1].lower()
    assert pause.menu.rects == rects
    pause.draw(pygame.Surface(theme.LOGICAL_SIZE))
    key(pause, pygame.K_UP)
    key(pause, pygame.K_UP)
    key(pause, pygame.K_RETURN)  # another button (Quit game asks in its turn; New run no longer does)
    assert pause.asking != NEW_RUN and pause.menu.labels[-1] == NEW_RUN
    click(pause, new_run)
    click(pause, new_run)
    assert isinstance(stack.top, DungeonScene) and stack.top is not dungeon
