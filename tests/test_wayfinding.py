"""Getting around (issue 23): knowledge of the map, travel, auto-explore and rest, played headless through the
same plans and commands the screen uses (game/world/wayfinding.py, game/world/knowledge.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.launch import new_game
from game.paths import REGION_MAP
from game.save import load_world, save_world
from game.world import knowledge, views, wayfinding
from game.world.commands import Consume, Move
from game.world.components import Body, Knowledge, Mood
from game.world.driver import Driver

MAPS = Path(__file__).resolve().parents[1] / "maps"
DUNGEONS = sorted([MAPS / "default.tmx", MAPS / "crypt.tmx", MAPS / "caves.tmx", *(MAPS / "sites").glob("*.tmx")])


def reachable(world) -> set[int]:
    """Every room the hero could walk to from where it stands, knowing the whole map (open exits or its keys)."""
    start = world.room_of(world.hero)
    found, frontier = {start}, [start]
    while frontier:
        room = frontier.pop()
        for _, other in world.rooms.exits[room]:
            if other not in found and knowledge.passable(world, room, other):
                found.add(other)
                frontier.append(other)
    return found


def foe_in_sight(world) -> bool:
    """A hostile, an angered or a warning creature in sight (what stops a plan)."""
    return any(world.is_enemy(e, world.hero) or world.get(e, Mood).state in wayfinding.THREATS
               for r in knowledge.visible(world) for e in world.creatures_in(r) if e != world.hero and world.alive(e))


def explore(driver: Driver, walked: list[tuple[int, set[int]]]) -> str:
    """Auto-explore again after each stop for a person or an item, as a player pressing o would; every room
    entered is recorded with the rooms known just before."""
    world = driver.world
    for _ in range(200):
        plan = wayfinding.Plan(driver, "explore", pick_up="nothing")
        while not plan.stopped:
            known = set(knowledge.seen(world))
            if not plan.step():
                break
            walked.append((world.room_of(world.hero), known))
            driver.finish_turn()
        if foe_in_sight(world) or world.over or plan.stopped.startswith("Nothing left"):
            return plan.stopped
        if plan.stopped in ("You are hungry.", "You are thirsty."):
            eat_or_drink(driver, "food" if plan.stopped == "You are hungry." else "drink")
        if plan.stopped in ("You are hurt.", "You are hungry.", "You are thirsty."):
            wayfinding.run(wayfinding.Plan(driver, "rest"))  # a trap, a need: the player rests, then goes on
    return "too many stops"


def eat_or_drink(driver: Driver, kind: str) -> None:
    """Hungry or thirsty: the player eats or drinks what lies in the room (a spring, a patch) or its pack holds."""
    world = driver.world
    here = views.items_in(world, world.room_of(world.hero)) + views.carried_by(world, world.hero)
    item = next((i.eid for i in here if i.kind == kind), None)
    if item is not None:
        driver.do(Consume(world.hero, item))
        if driver.busy:
            driver.finish_turn()


def test_a_dungeon_starts_unknown_but_for_what_the_hero_sees_and_a_settlement_known():
    driver = new_game(MAPS / "crypt.tmx", 3)
    world = driver.world
    here = world.room_of(world.hero)
    assert knowledge.seen(world) == knowledge.in_sight(world, here)
    assert len(knowledge.seen(world)) < len(world.map.rooms)
    village = new_game(MAPS / "village.tmx", 3).world
    assert knowledge.seen(village) == set(village.map.rooms)


@pytest.mark.parametrize("path", DUNGEONS, ids=lambda p: p.stem)
def test_auto_explore_sees_every_room_it_can_reach_or_stops_at_the_first_hostile_in_view(path):
    driver = new_game(path, 5)
    world = driver.world
    walked: list[tuple[int, set[int]]] = []
    stopped = explore(driver, walked)
    for room, known in walked:
        assert room in known, f"walked into unknown room {world.room_name(room)}"
    if foe_in_sight(world):
        assert stopped.startswith("You see") or stopped.startswith("Not with")
    else:
        assert stopped == "Nothing left to explore that you can reach."
        assert knowledge.seen(world) >= reachable(world)
        assert knowledge.visited(world) >= reachable(world) - {r for r in reachable(world)
                                                                 if not knowledge.route(world, r)}


def test_travel_walks_the_shortest_known_way_a_room_a_turn_and_never_through_an_unknown_room():
    driver = new_game(MAPS / "village.tmx", 2)
    world = driver.world
    well = next(r.id for r in world.map.rooms.values() if r.name == "Well Yard")
    path = knowledge.route(world, well)
    assert path and path[-1] == well
    turn = world.turn
    stopped = wayfinding.run(wayfinding.Plan(driver, "travel", well))
    assert stopped == "You have arrived." and world.room_of(world.hero) == well
    assert world.turn - turn == len(path)  # a room a turn
    keep = new_game(MAPS / "crypt.tmx", 2)
    kw = keep.world
    unknown = next(r for r in kw.map.rooms if r not in knowledge.seen(kw))
    plan = wayfinding.Plan(keep, "travel", unknown)
    assert plan.stopped == "You know no way there."
    assert not plan.step()


def test_route_keeps_to_known_rooms():
    world = new_game(MAPS / "default.tmx", 4).world
    known = knowledge.seen(world)
    for target in world.map.rooms:
        path = knowledge.route(world, target)
        if target not in known:
            assert path is None
        elif path:
            assert set(path) <= known


def test_travel_stops_when_the_hero_is_hurt():
    driver = new_game(MAPS / "village.tmx", 2)
    world = driver.world
    far = max(world.map.rooms, key=lambda r: len(knowledge.route(world, r) or []))
    plan = wayfinding.Plan(driver, "travel", far)
    assert plan.step()
    driver.finish_turn()
    world.get(world.hero, Body).health -= 1
    assert not plan.step() and plan.stopped == "You are hurt."


def test_rest_waits_until_healed():
    driver = new_game(MAPS / "village.tmx", 2)
    world = driver.world
    body = world.get(world.hero, Body)
    body.health = body.card.health - 2
    stopped = wayfinding.run(wayfinding.Plan(driver, "rest"))
    assert stopped in ("You are rested.", "You have rested long enough.") or stopped.startswith("You see")
    if stopped == "You are rested.":
        assert body.health == body.card.health


def test_memories_persist_across_a_save(tmp_path: Path):
    driver = new_game(MAPS / "crypt.tmx", 3)
    world = driver.world
    walked: list = []
    explore(driver, walked)
    seen, visited, memory = set(knowledge.seen(world)), set(knowledge.visited(world)), list(knowledge.memories(world))
    assert len(seen) > 2
    save_world(world, tmp_path / "k.sav")
    loaded = load_world(tmp_path / "k.sav")
    assert knowledge.seen(loaded) == seen
    assert knowledge.visited(loaded) == visited
    assert sorted(map(tuple, knowledge.memories(loaded))) == sorted(memory)


def test_a_hero_saved_without_knowledge_knows_the_rooms_it_entered_and_their_neighbours(tmp_path: Path):
    driver = new_game(MAPS / "crypt.tmx", 3)
    world = driver.world
    start = world.room_of(world.hero)
    world.remove(world.hero, Knowledge)
    assert knowledge.seen(world) == knowledge.in_sight(world, start)


def test_looking_changes_no_event_log():
    """Knowledge is observation: a run's events are the same whether or not the hero looks (here: twice)."""
    logs = []
    for extra in (False, True):
        driver = new_game(MAPS / "default.tmx", 9)
        lines = []
        for _ in range(8):
            if extra:
                knowledge.look(driver.world)
            driver.end_turn()
            lines += [str(e.as_json()) for e in driver.world.pop_events()]
        logs.append(lines)
    assert logs[0] == logs[1]


def test_a_new_player_takes_a_job_and_reaches_its_target_with_one_travel_command():
    """Issue 23's script, its getting-around part: walk (travel) to someone, take work, one Travel to its
    target (the journal's "Go there"), through the same plans the screen steps."""
    from game.world.commands import Work
    from game.world.components import Persona
    from game.world.targets import journal_targets
    from game.world.verbs import contracts

    driver = new_game(MAPS / "village.tmx", 11)
    world = driver.world
    giver = next(a.eid for a in world.actors.all() if world.has(a.eid, Persona)
                 and not world.is_enemy(a.eid, world.hero) and world.room_of(a.eid) != world.room_of(world.hero))
    assert wayfinding.run(wayfinding.Plan(driver, "travel", world.room_of(giver))) in ("You have arrived.",) \
        or world.room_of(world.hero) == world.room_of(giver)
    for _ in range(200):
        assert driver.do(Work(world.hero, giver, "ask")).ok
        offered = contracts.of_giver(world, world.hero, giver, "offered")
        if offered.kind in ("escort", "clear", "deliver") and offered.room != world.room_of(world.hero):
            break
    assert driver.do(Work(world.hero, giver, "accept")).ok
    accepted = contracts.of_giver(world, world.hero, giver, "active")
    target = next(t for t in journal_targets(world, world.hero) if t.contract == accepted.id
                  and t.room != world.room_of(world.hero))
    stopped = wayfinding.run(wayfinding.Plan(driver, "travel", target.room))
    assert stopped == "You have arrived.", stopped
    assert world.room_of(world.hero) == target.room


def test_a_fight_out_of_sight_but_near_is_heard_with_its_direction_and_a_far_one_is_not():
    driver = new_game(MAPS / "crypt.tmx", 3)
    world = driver.world
    here = world.room_of(world.hero)
    near = world.rooms.distances_from(here)
    sight = knowledge.visible(world)
    heard_room = next((r for r, d in near.items() if d == 2 and r not in sight), None)
    far_room = next((r for r, d in near.items() if d > knowledge.HEARING), None)
    assert heard_room is not None and far_room is not None
    close = world.emit("hit", None, room=heard_room)
    far = world.emit("hit", None, room=far_room)
    seen = world.emit("hit", None, room=here)
    lines = knowledge.sounds(world, [close, far, seen])
    way = knowledge.direction(world, heard_room)
    assert lines == [world.content.texts.heard["fight"].format(direction=way)]


@pytest.mark.parametrize("setting, taken", [("provisions", True), ("nothing", False)])
def test_explore_picks_up_what_the_setting_says_and_stops_for_an_item_it_leaves(game, setting, taken):
    """Three rooms in a row (tests/world_fixtures.py), a ration and a dagger in the far one, out of sight."""
    from game.world.verbs.factory import spawn_item
    from tests.helpers.world_fixtures import room_id

    world = game.world
    far = room_id(2)
    assert far not in knowledge.seen(world)
    ration = spawn_item(world, "ration", room=far, square=world.rooms.free_spot(far))
    spawn_item(world, "dagger", room=far, square=world.rooms.free_spot(far))
    stops = []
    plan = wayfinding.Plan(game, "explore", pick_up=setting)
    for _ in range(20):
        if not plan.step():
            stops.append(plan.stopped)
            if not plan.stopped.startswith("You see"):
                break
            plan = wayfinding.Plan(game, "explore", pick_up=setting)  # the player looks, then walks on
            continue
        game.finish_turn()
    assert (ration not in world.rooms.floor(far)) == taken, stops  # taken (into the pack's stack of rations)
    assert stops[-1] == "Nothing left to explore that you can reach."
    if taken:
        assert stops[:-1] == ["You see Dagger."]  # what it picks up is no reason to stop
    else:
        assert len(stops) == 2 and stops[0].startswith("You see")


@pytest.mark.parametrize("path", DUNGEONS, ids=lambda p: p.stem)
def test_with_its_hostiles_gone_auto_explore_stands_in_every_room_it_can_reach(path):
    """The other half of the check: every room reachable without a fight is seen and stood in (the map's
    hostiles slain first; a spawner's newcomer would stop it, as it should)."""
    from game.world.verbs.combat import die

    driver = new_game(path, 5)
    world = driver.world
    for eid in list(world.creatures()):  # the hostiles, and the lurkers that would be once they noticed the hero
        if eid != world.hero and world.alive(eid) and (world.is_enemy(eid, world.hero)
                                                       or world.get(eid, Mood).state in wayfinding.THREATS):
            die(world, eid, None)
    driver.end_turn()
    walked: list[tuple[int, set[int]]] = []
    stopped = explore(driver, walked)
    assert all(room in known for room, known in walked)
    if not foe_in_sight(world):
        assert stopped == "Nothing left to explore that you can reach."
        assert knowledge.visited(world) >= reachable(world)
