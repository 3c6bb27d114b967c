"""Floor items stack (issue 26): alike provisions, potions, keys and runes lying on one square are one stack,
laid or loaded, so no turn walks copies of them; a save whose floors would still make every turn slow is
refused at load by its limit (docs/saves.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.launch import new_game
from game.paths import MAPS
from game.save import SaveError, checks, load_world, save_world
from game.world.components import Item, Mark
from game.world.verbs import factory, items


@pytest.fixture
def game():
    driver = new_game(MAPS / "village.tmx", 7)
    yield driver
    driver.close()


def a_square(world) -> tuple[int, tuple[int, int]]:
    room = next(iter(world.map.rooms))
    return room, (world.map.rooms[room].x, world.map.rooms[room].y)


def lying(world, room: int, item_id: str) -> list[Item]:
    return [world.get(e, Item) for e in world.rooms.floor(room)
            if world.get(e, Item).item_id == item_id]


def test_alike_rations_laid_on_one_square_are_one_stack_and_gear_is_not(game):
    world = game.world
    room, square = a_square(world)
    first = factory.spawn_item(world, "ration", room, square)
    assert factory.spawn_item(world, "ration", room, square, count=4) == first
    beside = factory.spawn_item(world, "ration", room, (square[0] + 1, square[1]))
    finer = factory.spawn_item(world, "ration", room, square, quality="fine")
    assert len({first, beside, finer}) == 3
    assert sorted(i.count for i in lying(world, room, "ration")) == [1, 1, 5]
    swords = [factory.spawn_item(world, "shortsword", room, square) for _ in range(2)]
    assert swords[0] != swords[1] and len(lying(world, room, "shortsword")) == 2


def test_a_marked_item_never_joins_a_stack(game):
    world = game.world
    room, square = a_square(world)
    marked = world.create(Item("ration"), Mark())
    items.lay(world, marked, room, square)
    plain = factory.spawn_item(world, "ration", room, square)
    assert plain != marked and len(lying(world, room, "ration")) == 2


def test_a_part_split_off_a_stack_stays_apart_until_taken_and_the_stack_is_found_again(game):
    world = game.world
    room, square = a_square(world)
    stack = factory.spawn_item(world, "ration", room, square, count=3)
    part = items.split_off(world, stack, 1)
    assert part != stack and sorted(i.count for i in lying(world, room, "ration")) == [1, 2]
    items.destroy(world, stack)
    again = factory.spawn_item(world, "ration", room, square)
    assert again not in (stack, part)  # the stack gone, a new one is laid: the part joins nothing, taken at once


@pytest.mark.slow
def test_fifty_thousand_copies_of_one_floor_item_load_as_one_stack(game, tmp_path: Path):
    """Issue 26's probe: 50,000 copies of one floor item cost 0.75 s a turn, growing with their number.
    Laid one by one they are one entity of 50,000, saved so and loaded so (tools/bench_floor.py times a turn)."""
    world = game.world
    room, square = a_square(world)
    for _ in range(50_000):
        factory.spawn_item(world, "ration", room, square)
    assert [i.count for i in lying(world, room, "ration")] == [50_000]
    save_world(world, tmp_path / "slot.sav")
    loaded = load_world(tmp_path / "slot.sav")
    try:
        assert [i.count for i in lying(loaded, room, "ration")] == [50_000]
    finally:
        loaded.close()


@pytest.mark.parametrize("swords", [checks.MAX_FLOOR_ITEMS, checks.MAX_FLOOR_ITEMS + 1])
def test_a_save_with_more_pieces_on_one_floor_than_its_limit_is_refused_at_load(game, tmp_path: Path, swords: int):
    world = game.world
    room, square = a_square(world)
    already = len(world.rooms.floor(room))
    for _ in range(swords - already):
        factory.spawn_item(world, "shortsword", room, square)
    path = tmp_path / "slot.sav"
    save_world(world, path)
    if swords <= checks.MAX_FLOOR_ITEMS:
        load_world(path).close()
    else:
        with pytest.raises(SaveError, match=rf"^{path}: damaged save \(room {room} holds {swords} items on its floor; "
                                            rf"a save holds at most 2000 a room"):
            load_world(path)
