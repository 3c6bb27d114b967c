"""Seeded random dungeons run for thousands of turns with invariants checked every turn (issue 4)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.world import views
from game.maps.model import DungeonMap, Exit, ItemPlacement, Placement, Room, Spawner, Trap
from game.world import commands
from game.world.components import Body, Footprint, Item, Needs, Position
from game.world.rooms import occupied
from game.world.driver import Driver, new_world
from game.world.world import World

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

KINDS = ("wanderer", "wolf", "goblin_cutters", "zombie", "giant_rat", "outlaw", "villager", "rat_swarm",
         "guard", "noxious_ooze", "ember_spirit", "cave_bats")
LOOT = ("ration", "water_bottle", "healing_potion", "shortsword", "gambeson", "spear", "iron_key", "helmet")
CONSUMING = ("eat", "drink", "heal")
MAPS, TURNS = 6, 400


def random_map(rng: random.Random) -> DungeonMap:
    """A chain of rooms with random sizes and extra links; random creatures, loot, traps, runes, spawners."""
    n = rng.randint(5, 10)
    rooms, exits, x = {}, [], 1
    for i in range(n):
        w, h = rng.randint(2, 5), rng.randint(2, 4)
        rooms[i + 1] = Room(i + 1, f"Room {i + 1}", x, 1, w, h,
                            rune=rng.choice((None, None, "fire", "dark")))
        if i:
            exits.append(Exit(100 + i, f"door {i}", (x - 1, 1), (i, i + 1), locked=rng.random() < 0.2,
                              key=rng.choice((None, "iron_key"))))
        x += w + 1
    placements, items, traps, spawners = [], [], [], []
    for r in rooms.values():
        free = r.squares[1:]
        rng.shuffle(free)
        for j in range(rng.randint(0, min(3, len(free)))):
            placements.append(Placement(1000 + len(placements), "c", r.id, free.pop(), rng.choice(KINDS),
                                        heads=0, provisions=rng.random() < 0.5))
        for _ in range(rng.randint(0, 2)):
            items.append(ItemPlacement(2000 + len(items), "i", r.id, r.squares[0], rng.choice(LOOT),
                                       rune=rng.choice((None, None, "fire"))))
        if rng.random() < 0.2:
            traps.append(Trap(3000 + len(traps), "t", r.id, r.squares[0], rng.choice(("spikes", "fire")), "d4",
                              dc=rng.randint(2, 6), stun=rng.randint(0, 2)))
    spawners.append(Spawner(4000, "s", n, rooms[n].squares[0], rng.choice(KINDS), interval=rng.randint(5, 30)))
    return DungeonMap(Path(f"random-{rng.random()}.tmx"), "random", x + 1, 8, 32, 32, rooms, tuple(exits),
                      (1, (1, 1)), tuple(placements), tuple(items), tuple(traps), tuple(spawners))


def item_units(world: World, ) -> int:
    return sum(item.count for _, item in world.query(Item))


def hero_command(world: World, rng: random.Random) -> commands.Command:
    """A random command, legal or not: refused ones must come back with a reason, never raise."""
    room = world.hero_room()
    choice = rng.random()
    if choice < 0.3:
        return commands.Move(world.hero, rng.choice(list(world.map.rooms)))
    if choice < 0.5 and world.creatures_in(room):
        return commands.Attack(world.hero, rng.choice(world.creatures_in(room)))
    if choice < 0.6 and views.items_in(world, room):
        return commands.PickUp(world.hero, rng.choice(views.items_in(world, room)).eid)
    if choice < 0.7 and views.carried_by(world, world.hero):
        verb = rng.choice((commands.Drop, commands.Consume, commands.Equip))
        return verb(world.hero, rng.choice(views.carried_by(world, world.hero)).eid)
    return commands.EndTurn(world.hero)


def check_invariants(world: World, units_before: int, new_events: list, dead: set[str]) -> int:
    consumed = sum(1 for e in new_events if e.kind in CONSUMING)
    created = sum(e.data.get("items", 0) for e in new_events if e.kind == "spawn")
    units = item_units(world, )
    assert units == units_before - consumed + created, "an item appeared or vanished unlogged"
    seen: dict[int, int] = {}
    for room in world.map.rooms:
        area = 0
        for eid in world.rooms.occupants(room):
            assert eid not in seen, "a creature in two rooms"
            seen[eid] = room
            pos = world.get(eid, Position)
            assert pos.room == room
            squares = occupied(pos, world.get(eid, Footprint))
            assert all(world.map.rooms[room].contains(sq) for sq in squares), "a creature outside its room"
            area += len(squares)
        r = world.map.rooms[room]
        assert area <= r.w * r.h, f"room {room} holds more footprints than squares"
    for eid, body in world.query(Body):
        if body.health > 0:
            assert seen.get(eid) is not None, "a living creature in no room"
    for _, needs in world.query(Needs):
        assert needs.hunger >= 0 and needs.thirst >= 0
    for e in new_events:
        if e.kind in ("death", "killed"):
            continue
        assert e.actor not in dead or e.kind == "drop_on_death", f"the dead acted: {e}"
    for e in new_events:
        if e.kind == "death":
            dead.add(e.actor)
        elif e.kind == "killed":
            dead.add(e.target)
    return units


def run(content, seed: int) -> list[str]:
    rng = random.Random(seed)
    game = Driver(new_world(random_map(rng), content, seed))
    world = game.world
    log: list[str] = []
    dead: set[str] = set()
    try:
        units = item_units(world, )
        for _ in range(TURNS):
            for _ in range(4):
                if world.over or game.busy:
                    break
                result = game.do(hero_command(world, rng))
                assert result.ok or result.reason
            if not game.busy:
                game.begin_turn()
            game.finish_turn()
            new = world.pop_events()
            units = check_invariants(world, units, new, dead)
            log += [json.dumps(e.as_json(), sort_keys=True) for e in new]
        return log
    finally:
        world.close()


@pytest.mark.parametrize("seed", range(MAPS))
def test_invariants_hold_every_turn_and_the_log_replays(content, seed):
    first = run(content, seed)
    assert len(first) > TURNS
    assert run(content, seed) == first
