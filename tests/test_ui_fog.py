"""The map shows what the hero knows (issue 23): render the dungeon screen and compare it with the hero's
knowledge; travel, explore and rest from the keys and clicks, stepped by the screen."""
from __future__ import annotations

import pygame
import pytest

from game.paths import ROOT
from game.ui import theme
from game.ui.app import scene_stack
from game.ui.dungeon_render import MAP_VIEW
from game.ui.session import Session
from game.world import knowledge
from game.world.components import Identity

CRYPT = ROOT / "maps" / "crypt.tmx"
VILLAGE = ROOT / "maps" / "village.tmx"
pytestmark = pytest.mark.usefixtures("display")  # a dummy window for the module (conftest.py)


def opened(map_path=CRYPT, seed: int = 5):
    session = Session(map_path, seed)
    stack = scene_stack(session)
    return session, stack, stack.reset("dungeon")


def press(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def frames(stack, count: int) -> None:
    for _ in range(count):
        stack.top.update(1 / 60)


def well_yard(world):
    return next(r for r in world.map.rooms.values() if r.name == "Well Yard")


def visible_part(dungeon, room_id: int) -> pygame.Rect:
    return dungeon.view.room_rect(room_id).clip(MAP_VIEW.inflate(-4, -4))  # inside the view's frame


def test_nothing_out_of_sight_is_drawn_and_unknown_rooms_are_blank():
    session, stack, dungeon = opened()
    try:
        world = dungeon.world
        surface = pygame.display.get_surface()
        dungeon.mouse = (-1, -1)
        dungeon.draw(surface)
        known, sight = knowledge.seen(world), knowledge.visible(world)
        assert dungeon.shown.known == frozenset(known) and dungeon.shown.sight == frozenset(sight)
        assert {v.room for v in dungeon.shown.views} <= sight  # no creature out of sight is read, so none drawn
        assert set(dungeon.shown.floor) <= sight
        blank = 0
        for room in set(world.map.rooms) - known:
            part = visible_part(dungeon, room)
            if part.w and part.h:
                assert pygame.transform.average_color(surface, part)[:3] == theme.BACKGROUND, world.room_name(room)
                blank += 1
        assert blank  # some unknown room lies in view: the test looked at one
        minimap = dungeon.side.minimap
        for room in set(world.map.rooms) - known:  # nor on the minimap
            r = world.map.rooms[room]
            x, y = minimap.point(world.map, r.x + r.w / 2, r.y + r.h / 2)
            assert surface.get_at((x, y))[:3] != (70, 64, 84)
    finally:
        session.close(autosave=False)


def test_o_explores_room_by_room_and_any_key_stops_it():
    session, stack, dungeon = opened()
    try:
        world = dungeon.world
        press(dungeon, pygame.K_o)
        start = world.room_of(world.hero)
        for _ in range(600):
            frames(stack, 1)
            if world.room_of(world.hero) != start or dungeon.plan is None:
                break
        if dungeon.plan is not None:
            assert world.room_of(world.hero) in knowledge.seen(world)
            press(dungeon, pygame.K_SPACE)
            assert dungeon.plan is None and dungeon.log.lines[-1][0] == "You stop."
        else:
            assert dungeon.log.lines[-1][0]  # it said why it stopped
    finally:
        session.close(autosave=False)


def test_a_click_on_a_far_known_room_travels_there_a_room_a_turn():
    session, stack, dungeon = opened(VILLAGE, 2)
    try:
        world = dungeon.world
        well = well_yard(world)
        path = knowledge.route(world, well.id)
        assert len(path) >= 2
        dungeon.view.camera.look_at((well.x + well.w / 2) * world.map.tile_w, (well.y + well.h / 2) * world.map.tile_h)
        centre = dungeon.view.screen_pos((well.x + well.w // 2, well.y + well.h // 2))
        dungeon.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre))
        assert dungeon.plan is not None and dungeon.plan.kind == "travel"
        turn = world.turn
        for _ in range(3000):
            frames(stack, 1)
            if dungeon.plan is None:
                break
        if world.room_of(world.hero) == well.id:
            assert world.turn - turn == len(path)
        assert dungeon.plan is None
    finally:
        session.close(autosave=False)


def test_places_lists_the_known_rooms_nearest_first_and_travels_to_the_chosen_one():
    session, stack, dungeon = opened(VILLAGE, 2)
    try:
        press(dungeon, pygame.K_p)
        places = stack.top
        assert places is not dungeon and places.places
        far = [int(line.split("·")[-1].split()[0]) for _, line in places.places]
        assert far == sorted(far)
        press(places, pygame.K_RETURN)
        assert stack.top is dungeon and dungeon.plan is not None
    finally:
        session.close(autosave=False)


def test_a_click_on_a_known_room_of_the_minimap_travels_there():
    session, stack, dungeon = opened(VILLAGE, 2)
    try:
        dungeon.draw(pygame.display.get_surface())  # the minimap lays itself out
        world, well = dungeon.world, well_yard(dungeon.world)
        point = dungeon.side.minimap.point(world.map, well.x + well.w / 2, well.y + well.h / 2)
        dungeon.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))
        assert dungeon.plan is not None and dungeon.plan.target == well.id
    finally:
        session.close(autosave=False)


def test_the_journals_go_there_travels_to_the_target_of_the_chosen_work():
    from game.world.commands import Work
    from game.world.components import Persona
    from game.world.verbs import contracts

    session, stack, dungeon = opened(VILLAGE, 3)
    try:
        world, driver = dungeon.world, dungeon.driver
        here = world.room_of(world.hero)
        giver = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona)
                     and not world.is_enemy(a.eid, world.hero) and world.room_of(a.eid) == here)
        for _ in range(200):
            assert driver.do(Work(world.hero, giver, "ask")).ok
            if contracts.of_giver(world, world.hero, giver, "offered").kind in ("escort", "clear"):
                break
        assert driver.do(Work(world.hero, giver, "accept")).ok
        dungeon.read_at = -1
        frames(stack, 1)
        assert dungeon.shown.targets  # marked on the map and the minimap
        press(dungeon, pygame.K_j)
        journal = stack.top
        where = journal.destination()
        assert where is not None
        press(journal, pygame.K_g)
        assert stack.top is dungeon and dungeon.plan is not None and dungeon.plan.target == where[0]
    finally:
        session.close(autosave=False)


def test_the_journals_places_list_every_known_room_and_go_there_travels_to_it_marked_on_the_map():
    session, stack, dungeon = opened(VILLAGE, 3)
    try:
        world = dungeon.world
        press(dungeon, pygame.K_j)
        journal = stack.top
        journal.tab = 2
        places = journal.view.places
        assert {p.room for p in places} == knowledge.seen(world)  # a settlement starts known: every room
        assert places[0].why == "you are here" and journal.destination() is None
        aways = [p.away for p in places if p.away > 0]
        assert aways == sorted(aways)  # nearest first
        well = next(i for i, p in enumerate(places) if p.name == "Well Yard")
        for _ in range(well):
            press(journal, pygame.K_DOWN)
        assert journal.destination()[1] == "Well Yard" and places[well].away == len(knowledge.route(world, places[well].room))
        press(journal, pygame.K_g)
        assert stack.top is dungeon and dungeon.plan is not None and dungeon.plan.target == places[well].room
        frames(stack, 1)
        marked = [t for t in dungeon.shown.targets if t.room == places[well].room]
        assert marked and marked[0].name == "Well Yard"  # the flag on the map and the frame on the minimap
        while dungeon.plan is not None:
            frames(stack, 10)
        assert world.room_of(world.hero) == places[well].room
        frames(stack, 1)
        assert not [t for t in dungeon.shown.targets if t.why == "where you are going"]  # arrived: the mark is gone
    finally:
        session.close(autosave=False)


def test_a_companions_death_is_a_red_line_and_a_mark_on_the_party_panel_until_the_hero_leaves():
    from game.ui import widgets
    from game.world.components import Persona
    from game.world.verbs import company
    from game.world.verbs.combat import die

    session, stack, dungeon = opened(VILLAGE, 3)
    try:
        world = dungeon.world
        nell = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona)
                    and not world.is_enemy(a.eid, world.hero) and world.get(a.eid, Identity).kind == "world")
        name = world.get(nell, Identity).name
        company.join(world, world.hero, nell)
        dungeon.read_at = -1
        frames(stack, 1)
        assert [v.name for v, _ in dungeon.shown.party] == [name]
        die(world, nell, None)
        dungeon.driver.end_turn()
        frames(stack, 2)
        assert (f"{name}, who travelled with you, is dead.", theme.HOSTILE) in dungeon.log.lines
        assert not dungeon.shown.party and [who for who, _ in dungeon.side.fallen] == [name]
        surface = pygame.Surface((1280, 720))
        with widgets.recording() as boxes:
            dungeon.side.draw(surface, dungeon.shown, (-1, -1), MAP_VIEW)
        words = [b.words for b in boxes]
        assert "Party (0)" in words and any(w.startswith(f"† {name} · fallen, turn") for w in words), words
    finally:
        session.close(autosave=False)
