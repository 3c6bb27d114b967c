"""The world turn as a whole (N2, N6, N74)."""
from __future__ import annotations

import pytest

from game.maps.model import Placement
from game.paths import DEFAULT_MAP
from game.world import turn
from game.world.driver import Driver
from game.world.systems import pairs, start
from game.world.verbs import factory
from game.launch import new_game
from tests.helpers.world_fixtures import body, kinds, make_world, needs, room_id, row_map, spawn


@pytest.mark.rule("N6")
def test_stages_run_in_the_seed_order():
    names = [name for name, _ in turn.PIPELINE]
    order = [names.index(stage) for stage in ("pairs", "needs", "behaviour", "combat", "movement")]
    assert order == sorted(order)
    assert names[:2] == ["roads", "start"]  # N3 travellers come and go first; N8: needs rise before anyone acts


@pytest.mark.rule("N6")
def test_within_a_turn_needs_come_before_moods_before_blows_before_moves(content):
    world = make_world(content, row_map(3), seed=6)
    game = Driver(world)
    try:
        spawn(world, "wolf", 1)
        wanderer = spawn(world, "wanderer", 1)
        needs(world, wanderer).hunger = 30
        game.end_turn()
        mine = [e.kind for e in world.events if e.turn == 1 and world.uid(wanderer) in (e.actor, e.target)]
        stages = {"eat": 0, "mood": 1, "hit": 2, "miss": 2, "dodge": 2, "leave": 3}
        seen = [stages[k] for k in mine if k in stages]
        assert seen == sorted(seen) and 0 in seen and 2 in seen
    finally:
        world.close()


@pytest.mark.rule("N74")
def test_merchants_do_not_join_room_exchanges(content):
    merchant = Placement(900, "m", room_id(0), (2, 2), "merchant", kind="merchant")
    wanderer = Placement(901, "w", room_id(0), (3, 2), "wanderer")
    world = make_world(content, row_map(2, placements=(merchant, wanderer)), seed=2)
    try:
        start.run(world)
        pairs.run(world)
        assert kinds(world, "converse") == []
        spawn(world, "villager", 0)
        pairs.run(world)
        talk = kinds(world, "converse")
        assert len(talk) == 1 and not {talk[0].actor, talk[0].target} & {"merchant#1"}
    finally:
        world.close()


@pytest.mark.rule("N2")
def test_dungeon_npcs_roam_fight_eat_drink_and_arm_themselves():
    game = new_game(DEFAULT_MAP, 4)
    world = game.world
    try:
        seen = set()
        for _ in range(150):
            game.end_turn()
            seen |= {e.kind for e in world.pop_events() if e.actor and e.actor != "hero"}
        assert {"enter", "leave", "hit", "eat", "drink", "pickup", "equip", "mood"} <= seen
    finally:
        world.close()


def test_a_creature_struck_down_earlier_in_the_turn_sits_out_the_later_stages_and_the_rest_go_on(world):
    """Within a turn the dead (health 0, cleared at the turn's end) take no part in any stage; a creature
    at 1 health still does, and so does everyone listed after a dead one."""
    from game.world.systems import behaviour, conditions, growth, needs as needs_stage, scent
    from game.world.components import Growth

    dead = spawn(world, "giant_rat", 2, provisions=False)  # listed first
    live = spawn(world, "giant_rat", 2, provisions=False)
    for eid in (dead, live):
        needs(world, eid).hunger = 50
        body(world, eid).conditions["bleeding"] = 1
        factory.spawn_item(world, "ration", owner=eid)
    body(world, dead).health, body(world, live).health = 0, 2
    conditions.run(world)
    assert [e.actor for e in kinds(world, "suffers")] == [world.uid(live)] and body(world, live).health == 1
    assert [(e.actor, e.room, e.data["condition"]) for e in kinds(world, "condition_over")] == [
        (world.uid(live), room_id(2), "bleeding")]
    assert body(world, dead).conditions == {"bleeding": 1}
    needs_stage.run(world)
    assert [e.actor for e in kinds(world, "eat")] == [world.uid(live)]
    behaviour.run(world)  # 1 of its health: it flees
    assert [(e.actor, e.room, e.data["mood"]) for e in kinds(world, "mood")] == [(world.uid(live), room_id(2), "fleeing")]
    growth.run(world)
    assert (world.get(dead, Growth).xp, world.get(live, Growth).xp) == (0, 1)
    scent.run(world)
    assert world.scent_field.strength(room_id(2), True) == world.content.tuning["scent"]["prey"]  # laid once


@pytest.mark.rule("N29")
def test_N29_the_level_up_note_says_the_level_and_what_it_unlocked(world):
    from game.world.systems import growth
    from game.world.components import Growth

    wolf = spawn(world, "wolf", 0)  # pack_howl at level 2
    xp = world.get(wolf, Growth)
    xp.xp = 99
    growth.run(world)
    xp.xp = 299
    growth.run(world)
    assert [(e.data["level"], e.data["unlocked"]) for e in kinds(world, "level_up")] == [(1, []), (2, ["pack_howl"])]
