"""Small worlds built in code for the world tests: rooms in a row joined by doors (the fixtures that hand
them to tests are in conftest.py)."""
from __future__ import annotations

from collections import deque
from pathlib import Path

from game.maps.model import DungeonMap, Exit, ItemPlacement, Placement, Room, Spawner, Supply, Trap
from game.world.components import Body, Mood, Needs, Position
from game.world.driver import new_world
from game.world.verbs import factory
from game.world.verbs.moving import relocate
from game.world.world import World

ROOM_W, ROOM_H = 4, 3


def room_id(i: int) -> int:
    return 100 + i


def row_map(rooms: int = 3, *, locked: dict[int, str | None] | None = None, traps: tuple[Trap, ...] = (),
            spawners: tuple[Spawner, ...] = (), placements: tuple[Placement, ...] = (),
            items: tuple[ItemPlacement, ...] = (), runes: dict[int, str] | None = None,
            size: tuple[int, int] = (ROOM_W, ROOM_H), supplies: tuple[Supply, ...] = ()) -> DungeonMap:
    """`rooms` rooms in a row; door i joins room i and i+1 (locked[i] = key id or None when locked)."""
    w, h = size
    runes = runes or {}
    locked = locked or {}
    made = {room_id(i): Room(room_id(i), f"Room {i}", 1 + i * (w + 1), 1, w, h, rune=runes.get(i))
            for i in range(rooms)}
    exits = tuple(Exit(200 + i, f"door {i}", (1 + i * (w + 1) + w, 1 + h // 2), (room_id(i), room_id(i + 1)),
                       locked=i in locked, key=locked.get(i)) for i in range(rooms - 1))
    return DungeonMap(Path("test.tmx"), "test", rooms * (w + 1) + 1, h + 2, 32, 32, made, exits,
                      (room_id(0), (1, 1)), placements, items, traps, spawners, supplies)


def make_world(content, dungeon: DungeonMap | None = None, seed: int = 1) -> World:
    return new_world(dungeon or row_map(), content, seed)


def spawn(world: World, codex_id: str, room: int = 0, **kwargs) -> int:
    eid = factory.spawn_creature(world, codex_id, room_id(room), **kwargs)
    assert eid is not None
    return eid


def move_hero(world: World, room: int) -> None:
    relocate(world, world.hero, room_id(room), [world.rooms.free_spot(room_id(room))])


def body(world: World, eid: int) -> Body:
    return world.get(eid, Body)


def needs(world: World, eid: int) -> Needs:
    return world.get(eid, Needs)


def mood(world: World, eid: int) -> Mood:
    return world.get(eid, Mood)


def room_of(world: World, eid: int) -> int:
    return world.get(eid, Position).room


def kinds(world: World, kind: str) -> list:
    return [e for e in world.events if e.kind == kind]


def step_towards(world, wanted: set[int], avoid: set[int] = frozenset()) -> int | None:
    """The next room on the shortest way through open doors to a room in `wanted`, passing no room of `avoid`."""
    start = world.hero_room()
    came: dict[int, int | None] = {start: None}
    queue = deque([start])
    while queue:
        room = queue.popleft()
        if room in wanted and room != start:
            while came[room] != start:
                room = came[room]
            return room
        for ex, other in world.map.exits_of(room):
            if other not in came and other not in avoid and not (ex.locked and ex.id not in world.opened_doors):
                came[other] = room
                queue.append(other)
    return None
