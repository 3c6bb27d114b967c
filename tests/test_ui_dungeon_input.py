"""The dungeon screen's input without drawing (game/ui/dungeon_input.py, dungeon_targets.py): arrow keys by the
wall a door is in, on every shipped map's rooms; the pack's lines stacked and reached by the number keys and
paging; springs and patches used with E, never picked up; the look mode stepping through what is in view."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import launch
from game.paths import ROOT
from game.ui import dungeon_targets as targets
from game.ui.dungeon_input import DungeonInput, Open, Refuse, pack_lines
from game.ui.stacks import stacked
from game.world.commands import Consume, PickUp
from game.world.views import ItemView
from tests.helpers.dungeon_game import game, start  # noqa: F401 (game: the fixture)
from tests.helpers.screens import key

pytestmark = pytest.mark.usefixtures("display")

MAPS = sorted(p for p in [*ROOT.glob("maps/*.tmx"), *ROOT.glob("maps/sites/*.tmx")] if p.name != "region.tmx")
OUTWARD = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_arrow_key_leads_through_a_door_lying_that_way_in_every_room_of_every_shipped_map(path: Path):
    """From every square of every room: the exit a direction key picks has its door on that side of the square
    (further that way than the square), and a room with a door in a wall answers that wall's key."""
    dungeon = launch.load_dungeon(path)
    for room in dungeon.rooms.values():
        exits = dungeon.exits_of(room.id)
        for square in room.squares:
            for direction, (dx, dy) in OUTWARD.items():
                other = targets.exit_towards(dungeon, room.id, square, direction)
                doors = [ex for ex, to in exits if to == other and
                         targets.door_side(dungeon, room.id, ex, square) == direction]
                if other is None:
                    assert not any(targets.door_side(dungeon, room.id, ex, square) == direction for ex, _ in exits)
                    continue
                assert doors, f"{path.name}: {room.name}: {direction} leads to a room with no door that way"
                door = doors[0].square
                assert (door[0] - square[0]) * dx + (door[1] - square[1]) * dy > 0, \
                    f"{path.name}: {room.name} {square}: {direction} picks the door at {door}"


def test_down_from_mourners_stair_does_not_go_east():
    """Issue 28: the Sunken Crypt's first room has one door, in its east wall, low down: Right takes it,
    Down does not."""
    crypt = launch.load_dungeon(ROOT / "maps" / "crypt.tmx")
    stair = next(r for r in crypt.rooms.values() if r.name == "Mourners' Stair")
    vestibule = next(r.id for r in crypt.rooms.values() if r.name == "Vestibule")
    for square in stair.squares:
        assert targets.exit_towards(crypt, stair.id, square, "south") is None
        assert targets.exit_towards(crypt, stair.id, square, "east") == vestibule


def item(eid: int, name: str, item_id: str = "ration", count: int = 1, durability: int = 0, kind: str = "food",
         fixture: bool = False) -> ItemView:
    return ItemView(eid, item_id, name if count == 1 else f"{name} ×{count}", kind, None, count, durability, fixture)


def test_identical_items_share_a_line_and_differing_ones_do_not():
    pack = [item(1, "Ration", count=2), item(2, "Helmet", "helmet", durability=10, kind="armour"),
            item(3, "Ration"), item(4, "Helmet", "helmet", durability=10, kind="armour"),
            item(5, "Helmet", "helmet", durability=7, kind="armour"), item(6, "fine Helmet", "helmet", durability=10,
                                                                          kind="armour"),
            item(7, "silver Dagger", "dagger", kind="weapon"), item(8, "Dagger", "dagger", kind="weapon")]
    lines = stacked(pack, worn=frozenset({4}))
    assert [(line.name, [i.eid for i in line.items], line.worn) for line in lines] == [
        ("Ration ×3", [1, 3], False), ("Helmet", [2], False), ("Helmet", [4], True),  # the worn one apart
        ("Helmet", [5], False),  # worn down: durability 7
        ("fine Helmet", [6], False), ("silver Dagger", [7], False), ("Dagger", [8], False)]


def test_the_number_keys_reach_every_pack_line_through_the_pages(game):
    stack, dungeon = game
    from game.world.verbs.factory import spawn_item

    world = dungeon.world
    for item_id in ("ration", "ration", "dagger", "helmet", "byrnie", "mace", "spear", "club", "shortbow",
                    "crossbow", "handaxe", "halberd", "javelin", "scroll"):
        spawn_item(world, item_id, owner=world.hero)
    dungeon.read_at = -1
    dungeon.update(1 / 60)
    lines = pack_lines(dungeon.shown)
    assert len(lines) > 9 and sum(1 for line in lines if line.first.item_id == "ration") == 1  # rations stacked
    chooser = DungeonInput()
    chooser.per_page = 4
    hero = dungeon.hero_view()
    reached = []
    for _ in range(-(-len(lines) // 4)):
        for slot in range(4):
            request = chooser.key(pygame.K_1 + slot, world, dungeon.shown, hero, None)
            if request is not None:
                reached.append(request.item if not isinstance(request, Refuse) else request.reason)
        chooser.key(pygame.K_TAB, world, dungeon.shown, hero, None)
    usable = [line for line in lines if line.first.kind in ("food", "drink", "healing", "weapon", "armour", "repair")]
    assert [r for r in reached if isinstance(r, int)] == [line.first.eid for line in usable]
    assert chooser.page == 0  # Tab came round to the first page
    chooser.per_page = 0  # the panel folded the pack: a number key opens the inventory
    assert chooser.key(pygame.K_1, world, dungeon.shown, hero, None) == Open("inventory")


def test_the_side_panel_marks_worn_lines_and_numbers_only_what_the_keys_reach(game):
    stack, dungeon = game
    surface = pygame.display.get_surface()
    dungeon.draw(surface)
    rows = [target for _, target in dungeon.side.clickable if isinstance(target, ItemView)]
    assert len(rows) == min(dungeon.side.pack_rows, len(pack_lines(dungeon.shown)))
    worn = [line for line in pack_lines(dungeon.shown) if line.worn]
    assert worn and worn[0].first.eid in dungeon.shown.worn


def test_a_spring_is_drunk_from_with_e_and_never_picked_up(game):
    stack, dungeon = game
    world = dungeon.world
    from game.world.verbs import items
    from game.world.verbs.factory import spawn_item

    room = dungeon.hero_view().room
    spring = spawn_item(world, "spring", room=room, square=world.rooms.free_spot(room))
    for carried in [i for i in dungeon.shown.carried if i.kind in ("food", "drink")]:
        items.destroy(world, carried.eid)  # nothing carried to eat or drink: E turns to the spring
    dungeon.read_at = -1
    dungeon.update(1 / 60)
    hero = dungeon.hero_view()
    chooser = DungeonInput()
    picked = chooser.key(pygame.K_g, world, dungeon.shown, hero, None)
    assert isinstance(picked, (Refuse, PickUp)) and getattr(picked, "item", None) != spring
    fixtures = {i.eid for i in dungeon.shown.floor[room] if i.fixture}
    eaten = chooser.key(pygame.K_e, world, dungeon.shown, hero, None)
    assert isinstance(eaten, Consume) and eaten.item in fixtures and spring in fixtures
    square = next(i.square for i in dungeon.shown.floor[room] if i.eid == spring)
    assert chooser.click_map(square, world, dungeon.shown, hero) == Consume(hero.eid, spring)


def test_the_look_mode_steps_through_creatures_items_and_exits_and_enter_acts(game):
    stack, dungeon = game
    key(dungeon, pygame.K_x)
    sights = dungeon.sights()
    kinds = [s.kind for s in sights]
    assert "creature" in kinds and "exit" in kinds
    assert kinds == sorted(kinds, key=("creature", "item", "exit").index)  # creatures, items, then exits
    surface = pygame.display.get_surface()
    seen = []
    for _ in range(len(sights)):
        seen.append(dungeon.looked_at())
        dungeon.draw(surface)  # the card or the exit's name beside each
        key(dungeon, pygame.K_TAB)
    assert seen == sights
    exit_sight = next(i for i, s in enumerate(sights) if s.kind == "exit")
    dungeon.looking = exit_sight
    here = dungeon.hero_view().room
    key(dungeon, pygame.K_RETURN)
    assert dungeon.looking is None
    moved = dungeon.hero_view().room
    assert moved == sights[exit_sight].room or moved == here  # a locked door refuses, with the reason in the log
    key(dungeon, pygame.K_x)
    key(dungeon, pygame.K_ESCAPE)
    assert dungeon.looking is None and stack.top is dungeon  # Esc leaves the look mode, not the game


def test_the_inventory_screen_drops_removes_and_sorts_by_key(game):
    stack, dungeon = game
    key(dungeon, pygame.K_i)
    screen = stack.top
    assert type(screen).__name__ == "InventoryScene"
    names = [line.name for line in screen.lines]
    potion = next(i for i, line in enumerate(screen.lines) if line.first.kind == "healing")
    for _ in range(potion):
        key(screen, pygame.K_DOWN)
    count = screen.lines[potion].count
    key(screen, pygame.K_d)  # drop it
    assert sum(line.count for line in screen.lines if line.first.kind == "healing") == count - 1
    worn = next(i for i, line in enumerate(screen.lines) if line.worn)
    screen.selected = worn
    name = screen.lines[worn].name
    key(screen, pygame.K_r)  # take it off: it stays in the pack, no longer worn
    assert [line.worn for line in screen.lines if line.name == name] == [False]
    key(screen, pygame.K_o)  # sort by kind
    assert [line.first.kind for line in screen.lines] == sorted(line.first.kind for line in screen.lines)
    assert names
    surface = pygame.display.get_surface()
    for scene in stack.visible():
        scene.draw(surface)
    key(screen, pygame.K_ESCAPE)
    assert stack.top is dungeon


def test_the_character_sheet_opens_with_h_and_shows_defence_and_experience(game):
    stack, dungeon = game
    key(dungeon, pygame.K_h)
    sheet = stack.top
    assert type(sheet).__name__ == "CharacterScene"
    from game.ui import widgets

    surface = pygame.display.get_surface()
    with widgets.recording() as boxes:
        sheet.draw(surface)
    words = " ".join(b.words for b in boxes)
    for part in ("Cutting", "Piercing", "Fire", "XP", "Proficiencies", "Party", "Dodge"):
        assert part in words
    key(sheet, pygame.K_h)
    assert stack.top is dungeon


@pytest.mark.parametrize("size", (0.85, 1.0, 1.3))
def test_a_creatures_marks_never_overlap_on_its_square(size):
    """Issue 28: a charm's countdown ran into a group's count ("×550"); level, mood, countdown and count each
    keep a place of their own, at every text size."""
    import dataclasses

    from game.ui import widgets
    from game.ui.dungeon_render import MapView
    from tests.helpers.ui_scenes import text_size

    stack, dungeon, session = start()
    try:
        view = dataclasses.replace(next(v for v in dungeon.views if not v.is_hero), level=12, mood="angered",
                                   bound="charmed", bound_turns=14, heads=55)
        with text_size(size), widgets.recording() as boxes:
            MapView.draw_marks(pygame.display.get_surface(), view, pygame.Rect(400, 300, 32, 32))
        assert sorted(b.words for b in boxes) == sorted(["12", "!", "14", "×55"])
        for i, a in enumerate(boxes):
            assert all(a.rect.clip(b.rect).w <= 1 or a.rect.clip(b.rect).h <= 1 for b in boxes[i + 1:]), \
                [(b.words, tuple(b.rect)) for b in boxes]
    finally:
        session.close()


def test_in_this_room_names_the_most_dangerous_foes_first_and_counts_the_rest():
    """Issue 28: hostiles first, by the damage each deals the hero a turn (the card's odds), then companions
    bound to the hero, then the others; a crowd's rest on a '+ N more' line."""
    from game.ui import widgets
    from game.ui.session import Session
    from game.ui.sidepanel import room_order
    from tests.helpers.ui_scenes import CRYPT, crowded_dungeon

    session = Session(CRYPT, 7)
    try:
        stack = crowded_dungeon(session)
        dungeon = stack.top
        order = room_order(dungeon.shown)
        hostile = [v for v in order if v.hostile]
        assert order[:len(hostile)] == hostile and len(hostile) >= 10
        threats = [dungeon.shown.threat[v.eid] for v in hostile]
        assert threats == sorted(threats, reverse=True) and threats[0] > threats[-1]
        dungeon.side_layer.key = None
        with widgets.recording() as boxes:
            dungeon.draw(pygame.display.get_surface())
        words = [b.words for b in boxes]
        named = [v for v in order if any(w.startswith(v.name) for w in words)]
        assert named and named[0] is order[0]
        assert any(w.startswith(f"+ {len(order) - len(dungeon_named(dungeon))} more") for w in words)
    finally:
        session.close()


def dungeon_named(dungeon):
    """The creatures the side panel gave a line of their own (click: talk or attack)."""
    from game.world.commands import Attack, Talk

    party = {view.eid for view, _ in dungeon.shown.party}
    return [t for _, t in dungeon.side.clickable if isinstance(t, (Attack, Talk)) and t.target not in party]


def test_spawner_clocks_are_a_dungeon_thing_and_join_the_marks_of_a_creature_on_them():
    """N26: an empty spawner square shows its clock; a creature standing on it carries the turns among its
    marks; a settlement's newcomers need no clock."""
    import dataclasses

    from game.ui import widgets
    from game.ui.dungeon_render import MapView

    from game.world import knowledge

    stack, dungeon, session = start()
    try:
        knowledge.seen(dungeon.world).update(dungeon.world.map.rooms)  # a spawner's clock shows in a known room
        dungeon.read_at = -1
        dungeon.update(1 / 60)
        clocks = dungeon.view.clocks(dungeon.shown)
        assert clocks and dungeon.world.map.kind == "dungeon"
        square, (turns, _) = next(iter(clocks.items()))
        someone = dataclasses.replace(next(v for v in dungeon.views if not v.is_hero), square=square, cells=(),
                                      footprint=(1, 1), level=3, heads=4, bound="charmed", bound_turns=9)
        with widgets.recording() as boxes:
            MapView.draw_marks(pygame.display.get_surface(), someone, pygame.Rect(300, 300, 32, 32), turns)
        assert f"◷{turns}" in [b.words for b in boxes]
        for i, a in enumerate(boxes):
            assert all(a.rect.clip(b.rect).w <= 1 or a.rect.clip(b.rect).h <= 1 for b in boxes[i + 1:])
    finally:
        session.close()
    stack, village, session = start(ROOT / "maps" / "village.tmx", 7)
    try:
        assert village.shown.clocks and village.view.clocks(village.shown) == {}
    finally:
        session.close()
