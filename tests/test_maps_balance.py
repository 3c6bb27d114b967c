"""Balance of the shipped maps (docs/maps.md, "Food, water and fair entrances").

Living creatures find food and water where they roam (N8-N10: springs and mushroom patches are
fixtures eaten at in the room, N9), so over 300 world turns hunger and thirst kill fewer than fights
and at least half of the creatures with needs that are not killed in a fight are still alive. A
hero who has not acted yet has no enemy in the entrance room or the rooms beside it, and no spawner
(N26) works there.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.world import views
from game.maps.data_ids import read_data_ids
from game.maps.model import DungeonMap
from game.maps.tiled import load_map
from game.maps.validate import map_kind
from game.paths import MAPS
from game.launch import new_game

PLAYABLE = [p for p in sorted(MAPS.glob("*.tmx")) if map_kind(p) != "region"]
SEED = 1
TURNS = 300
STARVED = "hunger and thirst"
FIXTURES = ("spring", "mushrooms")
WELL_TILE = 29  # tile index of the well in maps/tilesets/dungeon.tsx


@dataclass(frozen=True)
class Run:
    """What one seeded world did in its first TURNS turns, and its entrance at turn 0."""

    hostile_near_entrance: list[str]
    spawners_near_entrance: list[str]
    scent_reach: int  # doors from the entrance within which a roaming creature follows the hero's scent
    needless_doors: list[int]  # doors from the entrance to each hostile creature without needs
    needy: int  # creatures with needs that lived at some point (placed or spawned)
    needy_killed: int  # of them, slain in a fight
    needy_alive: int  # of them, alive at the end
    starved: int  # NPC deaths of hunger and thirst
    killed: int  # NPCs slain in fights


def entrance_rooms(dungeon: DungeonMap) -> set[int]:
    room = dungeon.entrance[0]
    return {room} | {other for _, other in dungeon.exits_of(room)}


def scent_reach(scent: dict[str, float]) -> int:
    """N15: the hero's scent k doors away settles at (fade x spread)^k; a creature one door further
    out follows it when that is `strong` or more."""
    k = 0
    while (scent["fade"] * scent["spread"]) ** (k + 1) >= scent["strong"]:
        k += 1
    return k + 1


def run_world(path: Path) -> Run:
    game = new_game(path, SEED)
    world = game.world
    try:
        near = entrance_rooms(world.map)
        hostile = [f"{views.creature(world, eid).codex_id} in {world.room_name(room)}" for room in sorted(near)
                   for eid in world.creatures_in(room) if eid != world.hero and views.creature(world, eid).hostile]
        spawners = [f"{s.name} in {world.room_name(s.room)}" for s in world.map.spawners if s.room in near]
        doors = world.rooms.distances_from(world.map.entrance[0])
        needless = sorted(doors[a.pos.room] for a in world.actors.all()
                          if a.needs is None and views.creature(world, a.eid).hostile)
        hero = world.uid(world.hero)
        needy = {a.ident.uid for a in world.actors.all() if a.needs is not None}
        needy_killed: set[str] = set()
        starved = killed = 0
        for _ in range(TURNS):
            game.end_turn()
            for event in world.pop_events():
                if event.kind == "killed" and event.target != hero:
                    killed += 1
                    if event.target in needy:
                        needy_killed.add(event.target)
                elif event.kind == "death" and event.actor != hero and event.data.get("cause") == STARVED:
                    starved += 1
            needy.update(a.ident.uid for a in world.actors.all() if a.needs is not None)  # the newly spawned
        alive = sum(1 for a in world.actors.all() if a.needs is not None and a.body.health > 0)
        return Run(hostile, spawners, scent_reach(world.content.tuning["scent"]), needless, len(needy),
                   len(needy_killed), alive, starved, killed)
    finally:
        world.close()


@pytest.fixture(scope="module", params=PLAYABLE, ids=lambda p: p.stem)
def run(request) -> Run:
    return run_world(request.param)


def test_maps_hunger_and_thirst_kill_fewer_than_fights_in_300_turns(run: Run) -> None:
    assert run.starved == 0 or run.starved < run.killed, (run.starved, run.killed)


def test_maps_half_the_creatures_with_needs_not_slain_live_300_turns(run: Run) -> None:
    assert run.needy >= 20  # every playable map holds a living population to feed
    assert run.needy_alive >= (run.needy - run.needy_killed) / 2, run


def test_maps_no_enemy_and_no_spawner_in_or_beside_the_entrance_room(run: Run) -> None:
    assert run.hostile_near_entrance == []
    assert run.spawners_near_entrance == []


def test_maps_creatures_without_needs_start_beyond_the_reach_of_the_heros_scent(run: Run) -> None:
    """They wander from the first turn; within reach (3 doors with world.toml's tuning: 0.425 and 0.18
    are strong, 0.077 is not) they would find a hero who has not acted yet."""
    assert all(d > run.scent_reach for d in run.needless_doors), run.needless_doors


def doors_to_nearest(dungeon: DungeonMap, sources: set[int]) -> dict[int, int]:
    """Each room's distance in doors from the nearest room in `sources`."""
    distance = {room: 0 for room in sources}
    queue = deque(sources)
    while queue:
        room = queue.popleft()
        for _, other in dungeon.exits_of(room):
            if other not in distance:
                distance[other] = distance[room] + 1
                queue.append(other)
    return distance


@pytest.mark.parametrize("path", PLAYABLE, ids=lambda p: p.stem)
def test_maps_every_room_within_two_doors_of_a_spring_and_of_mushrooms(path: Path) -> None:
    dungeon = load_map(path, data=read_data_ids())
    for fixture in FIXTURES:
        rooms = {i.room for i in dungeon.items if i.item == fixture}
        distance = doors_to_nearest(dungeon, rooms)
        far = [dungeon.rooms[r].name for r in dungeon.rooms if distance.get(r, 99) > 2]
        assert len(rooms) >= 8 and far == [], (fixture, far)


@pytest.mark.parametrize("path", PLAYABLE, ids=lambda p: p.stem)
def test_fixtures_hold_200_to_800_portions(path: Path) -> None:
    """200-400 a fixture; the keep's doubled in issue 14, where its creatures rest by them (docs/balance.md)."""
    counts = [i.count for i in load_map(path, data=read_data_ids()).items if i.item in FIXTURES]
    assert counts and all(200 <= c <= 800 for c in counts), counts


def test_village_has_a_spring_on_the_well_of_its_green_and_food_there() -> None:
    village = load_map(MAPS / "village.tmx", data=read_data_ids())
    wells = {(x, y) for layer in village.layers for y, row in enumerate(layer.gids)
             for x, gid in enumerate(row) if gid - 1 == WELL_TILE}
    springs = [i for i in village.items if i.item == "spring" and i.square in wells]
    assert springs, "no spring on the drawn well"
    square = springs[0].room
    assert village.rooms[square].name == "Village Green"
    assert any(i.item == "mushrooms" and i.room == square for i in village.items)


def test_tower_keeps_stores_within_its_walls() -> None:
    tower = load_map(MAPS / "tower.tmx", data=read_data_ids())
    inside = {r.id for r in tower.rooms.values() if r.theme == "keep"}
    stored = {kind: sum(i.count for i in tower.items if i.item == kind and i.room in inside)
              for kind in ("ration", "water_bottle", "spring", "mushrooms")}
    assert stored["ration"] >= 8 and stored["water_bottle"] >= 6, stored
    assert stored["spring"] >= 200 and stored["mushrooms"] >= 200, stored
