"""Needs (N8-N11), provisions (N49) and the pair stage's cost (N7)."""
from __future__ import annotations

import pytest

from game.rules.social import PAIR_WAIT
from game.world.driver import Driver
from game.world import views
from game.world.verbs import factory, loadout, provisions
from game.world.components import Body, Identity, Inventory, Item
from game.world.systems import needs as needs_system
from tests.helpers.world_fixtures import body, kinds, make_world, mood, needs, room_id, room_of, row_map, spawn


def carried_ids(world, eid):
    """Item ids carried, one entry per unit (stacks counted out)."""
    return [world.get(i, Item).item_id for i in world.get(eid, Inventory).items
            for _ in range(world.get(i, Item).count)]


def test_N8_hunger_and_thirst_rise_by_one_each_turn(world, game):
    npc = spawn(world, "wanderer", 2)
    for turn in range(1, 6):
        game.end_turn()
        assert needs(world, npc).hunger == turn and needs(world, npc).thirst == turn


def test_N8_rise_comes_before_anyone_acts(world, game):
    """At 20 the rise lifts it to 21 in the same turn, so the NPC eats in that turn's needs stage."""
    npc = spawn(world, "wanderer", 2)
    needs(world, npc).hunger = 20
    game.end_turn()
    eaten = [e for e in kinds(world, "eat") if e.actor == world.uid(npc)]
    assert eaten and eaten[0].turn == 1


def test_N9_eats_from_own_inventory_above_20(world, game):
    npc = spawn(world, "wanderer", 2)
    assert carried_ids(world, npc).count("ration") == 1
    needs(world, npc).hunger = 19
    game.end_turn()  # 20: not above 20 yet
    assert "ration" in carried_ids(world, npc)
    game.end_turn()  # 21: eats
    assert "ration" not in carried_ids(world, npc)
    assert needs(world, npc).hunger == 21 - 40 if 21 - 40 > 0 else needs(world, npc).hunger == 0


def test_N9_without_provisions_eats_from_the_room(world):
    npc = spawn(world, "wanderer", 2, provisions=False)
    factory.spawn_item(world, "ration", room_id(2), (12, 2))
    factory.spawn_item(world, "water_bottle", room_id(2), (12, 2))
    needs(world, npc).hunger = needs(world, npc).thirst = 50
    needs_system.run(world)
    assert needs(world, npc).hunger == 10 and needs(world, npc).thirst == 10
    assert world.rooms.floor(room_id(2)) == []


def test_N10_picks_up_one_provision_per_turn_even_when_not_hungry(world, game):
    npc = spawn(world, "wanderer", 2)
    for _ in range(3):
        factory.spawn_item(world, "ration", room_id(2), (12, 2))
    before = carried_ids(world, npc).count("ration")
    game.end_turn()
    assert carried_ids(world, npc).count("ration") == before + 1
    game.end_turn()
    assert carried_ids(world, npc).count("ration") == before + 2
    assert needs(world, npc).hunger < 20


def test_N10_a_floor_stack_counts_as_that_many_provisions(world, game):
    """One provision a turn means one ration of a stack of three, not the stack."""
    npc = spawn(world, "wanderer", 2)
    stack = factory.spawn_item(world, "ration", room_id(2), (12, 2), count=3)
    before = carried_ids(world, npc).count("ration")
    for left in (2, 1):
        game.end_turn()
        assert carried_ids(world, npc).count("ration") == before + 3 - left
        assert world.get(stack, Item).count == left
        assert stack in world.rooms.floor(room_id(2))
        assert kinds(world, "pickup")[-1].data["item"] == "Ration"
    game.end_turn()
    assert carried_ids(world, npc).count("ration") == before + 3
    assert stack not in world.rooms.floor(room_id(2))  # the last one is the stack itself


def test_N10_a_fixture_lying_first_does_not_hide_the_bread_beside_it(world, game):
    """The orchard's mushroom patch lay first in the room and kept everyone from its baskets of produce."""
    npc = spawn(world, "wanderer", 2)
    patch = factory.spawn_item(world, "mushrooms", room_id(2), (11, 2), count=50)
    factory.spawn_item(world, "produce", room_id(2), (12, 2))
    assert world.rooms.provisions_on_floor(room_id(2))[0] == patch
    game.end_turn()
    assert "produce" in carried_ids(world, npc)
    assert world.get(patch, Item).count == 50


def test_N11_complains_once_per_crossing_of_80(world, game):
    npc = spawn(world, "wanderer", 2, provisions=False)
    needs(world, npc).hunger = 80
    for _ in range(5):
        game.end_turn()
    mine = [e for e in kinds(world, "complain_hunger") if e.actor == world.uid(npc)]
    assert len(mine) == 1 and mine[0].turn == 1
    needs(world, npc).hunger = 50
    game.end_turn()
    needs(world, npc).hunger = 85
    game.end_turn()
    assert len([e for e in kinds(world, "complain_hunger") if e.actor == world.uid(npc)]) == 2


@pytest.mark.rule("N11")
def test_N11_80_is_not_above_80(world, game):
    npc = spawn(world, "wanderer", 2, provisions=False)
    needs(world, npc).thirst = 79
    game.end_turn()  # 80: not above 80
    assert [e for e in kinds(world, "complain_thirst") if e.actor == world.uid(npc)] == []
    game.end_turn()  # 81
    assert [e.turn for e in kinds(world, "complain_thirst") if e.actor == world.uid(npc)] == [2]


def test_N49_wanderers_start_with_rations_and_water_resting(world):
    npc = spawn(world, "wanderer", 2)
    assert {"ration", "water_bottle"} <= set(carried_ids(world, npc))
    assert mood(world, npc).state == "resting"


def test_N7_pair_exchange_costs_each_one_AP_never_the_hero(content):
    world = make_world(content, seed=3)
    try:
        a = spawn(world, "wanderer", 0)
        b = spawn(world, "villager", 0)
        hero_ap = []
        from game.world.systems import pairs, start

        world.turn = 1
        start.run(world)
        hero_ap.append(body(world, world.hero).ap)
        pairs.run(world)
        assert body(world, a).ap == body(world, a).card.ap - 1 and body(world, b).ap == body(world, b).card.ap - 1
        assert body(world, world.hero).ap == hero_ap[0]
        talk = kinds(world, "converse")
        assert len(talk) == 1 and talk[0].room == room_id(0)
        start.run(world)
        pairs.run(world)  # the same pair again within this turn: no second exchange (N66: turns 1-11 below)
        assert len(kinds(world, "converse")) == 1
    finally:
        world.close()


def test_N66_pairs_are_forgotten_once_their_wait_is_over_and_when_one_dies(content):
    """pair_cooldown holds only the waits still running: it used to keep every pair that ever talked (4,875
    entries after 20,000 turns of maps/default.tmx, nearly all naming creatures long gone)."""
    from game.world.systems import pairs, start
    from game.world.verbs import combat

    world = make_world(content, seed=3)
    try:
        a, b, c = (spawn(world, kind, 0) for kind in ("wanderer", "villager", "villager"))
        world.turn = 1
        start.run(world)
        pairs.run(world)
        talked = next(iter(world.pair_cooldown))
        assert world.pair_cooldown == {talked: 1 + PAIR_WAIT}
        world.turn = 1 + PAIR_WAIT
        start.run(world)
        pairs.run(world)  # the wait is over: the pair may talk again, and only this turn's talk is kept
        assert list(world.pair_cooldown.values()) == [world.turn + PAIR_WAIT]
        one_of_them = next(iter(world.pair_cooldown))[0]
        combat.die(world, next(e for e in (a, b, c) if world.uid(e) == one_of_them), killer=None)
        assert world.pair_cooldown == {}
    finally:
        world.close()


def test_N66_a_pair_talks_again_five_turns_later_and_not_before(content):
    """N66: after an exchange the pair waits five turns. Over eleven world turns a wanderer and a villager
    resting in one room (the hero next door) talk on turns 1, 6 and 11 and on no turn between."""
    world = make_world(content, seed=3)
    game = Driver(world)
    try:
        a = spawn(world, "wanderer", 1)
        b = spawn(world, "villager", 1)
        for _ in range(11):
            game.end_turn()
            assert room_of(world, a) == room_of(world, b) == room_id(1)  # they rest: still one pair in one room
        talks = kinds(world, "converse")
        assert [e.turn for e in talks] == [1, 6, 11]
        assert all({e.actor, e.target} == {world.uid(a), world.uid(b)} for e in talks)
    finally:
        world.close()


def test_N67_enemy_in_room_suppresses_conversation(content):
    world = make_world(content, seed=3)
    try:
        spawn(world, "wanderer", 1)
        spawn(world, "villager", 1)
        spawn(world, "wolf", 1)
        from game.world.systems import pairs, start

        start.run(world)
        pairs.run(world)
        assert kinds(world, "converse") == []
    finally:
        world.close()


def test_starvation_costs_health_at_the_limit(world):
    npc = spawn(world, "wanderer", 2, provisions=False)
    needs(world, npc).thirst = 120
    hp = world.get(npc, Body).health
    world.turn = 5  # starve_every = 5 in assets/data/world.toml
    needs_system.run(world)
    assert world.get(npc, Body).health == hp - 1


def test_N9_fixture_source_feeds_the_room_and_is_never_carried(world):
    npc = spawn(world, "wanderer", 2, provisions=False)
    spring = factory.spawn_item(world, "spring", room_id(2), (12, 2), count=50)
    needs(world, npc).thirst = 60
    needs_system.run(world)
    assert needs(world, npc).thirst == 20
    assert world.get(spring, Item).count == 49
    assert spring in world.rooms.floor(room_id(2))  # N10 stocking up never lifts a fixture


def test_hero_recovers_out_of_danger_but_not_beside_an_enemy(content):
    world = make_world(content, row_map(3), seed=1)
    game = Driver(world)
    try:
        hero = body(world, world.hero)
        hero.health = 1
        for _ in range(5):
            game.end_turn()
        assert hero.health == 2  # regen_every = 5
        from game.world.systems.movement import hero_rests

        spawn(world, "zombie", 0)
        world.turn = 10  # a healing turn, but an enemy shares the room
        hero_rests(world, 5)
        assert hero.health == 2
    finally:
        world.close()


def test_alike_provisions_stack_in_a_pack(world):
    npc = spawn(world, "wanderer", 2)
    extra = factory.spawn_item(world, "ration", room_id(2), (12, 2))
    provisions.take(world, npc, extra)
    rations = [i for i in world.get(npc, Inventory).items
               if world.get(i, Item).item_id == "ration"]
    assert len(rations) == 1 and world.get(rations[0], Item).count == 2
    assert views.creature(world, npc).carrying.count("Ration ×2") == 1


def test_N16_folk_cowards_do_not_flee_a_friendly_hero(world):
    villager = spawn(world, "villager", 0)
    goblins = spawn(world, "goblin_cutters", 0)
    from game.world.systems import behaviour

    behaviour.run(world)
    assert mood(world, villager).state != "cowardly"
    assert mood(world, goblins).state == "cowardly"


@pytest.mark.rule("N11")
def test_N11_a_need_back_at_80_may_be_complained_of_again(world, game):
    npc = spawn(world, "wanderer", 2, provisions=False)
    needs(world, npc).hunger = 85
    game.end_turn()
    first = [e for e in kinds(world, "complain_hunger") if e.actor == world.uid(npc)]
    assert [(e.room, e.data["need"], e.data["value"]) for e in first] == [(room_id(2), "hunger", 86)]
    needs(world, npc).hunger = 79  # the turn's rise makes it 80: back at 80, not above
    game.end_turn()
    needs(world, npc).hunger = 85
    game.end_turn()
    assert len([e for e in kinds(world, "complain_hunger") if e.actor == world.uid(npc)]) == 2
    assert needs(world, npc).complained == {"hunger"}  # thirst was never complained of


def test_N10_stocking_up_takes_one_ration_even_when_two_would_not_fit(world):
    npc = spawn(world, "wanderer", 2)
    while loadout.carried_weight(world, npc) < loadout.capacity(world, npc) - 1:
        factory.spawn_item(world, "bones", owner=npc) if loadout.carried_weight(world, npc) < loadout.capacity(world, npc) - 3 \
            else factory.spawn_item(world, "ration", owner=npc)
    assert loadout.carried_weight(world, npc) == loadout.capacity(world, npc) - 1  # room for one ration, not two
    stack = factory.spawn_item(world, "ration", room_id(2), (12, 2), count=2)
    needs_system.stock_up(world, npc, room_id(2))
    assert world.get(stack, Item).count == 1
    assert loadout.carried_weight(world, npc) == loadout.capacity(world, npc)


def test_starvation_at_exactly_the_limit_then_death_by_hunger_and_thirst(world):
    """docs/rules.md: a need at 100 or more costs 1 health every 5 turns; death by it names its cause."""
    npc = spawn(world, "wolf", 2, provisions=False)
    needs(world, npc).thirst = 100
    body(world, npc).health = 2
    world.turn = 5
    needs_system.run(world)
    assert body(world, npc).health == 1
    assert [(e.actor, e.room) for e in kinds(world, "starving")] == [(world.uid(npc), room_id(2))]
    world.turn = 7  # not a starving turn
    needs_system.run(world)
    assert body(world, npc).health == 1
    world.turn = 10
    needs_system.run(world)
    assert body(world, npc).health <= 0 and not world.alive(npc)
    assert [(e.actor, e.data["cause"]) for e in kinds(world, "death")] == [(world.uid(npc), "hunger and thirst")]


@pytest.mark.rule("N74")
def test_N74_who_takes_part_in_the_pair_stage(content):
    """Thinking humanoids with an Action Point left and some health; not the mindless (the merchant, the
    spell-bound and the beast: tests/test_social_web.py)."""
    from game.world.components import Identity
    from game.world.systems import pairs, start

    world = make_world(content, seed=3)
    try:
        a = spawn(world, "wanderer", 1)
        b = spawn(world, "villager", 1)
        start.run(world)  # the persona that makes a thinker (N74)
        assert pairs.participant(world, a) and pairs.participant(world, b)
        assert not pairs.participant(world, world.hero)
        body(world, a).ap = 0
        assert not pairs.participant(world, a)
        body(world, a).ap, body(world, a).health = 1, 0
        assert not pairs.participant(world, a)
        body(world, a).health = 1
        assert pairs.participant(world, a)
        ident = world.get(a, Identity)
        ident.tags = ident.tags | {"mindless"}
        assert not pairs.participant(world, a)
    finally:
        world.close()


def test_the_hero_starves_too_and_a_needless_creature_does_not_stop_the_stage(world):
    zombie = spawn(world, "zombie", 2)  # no needs: the stage passes over it
    npc = spawn(world, "wanderer", 2)
    assert world.actors.of(zombie).needs is None
    needs(world, npc).hunger = 30
    needs(world, world.hero).thirst = 100
    hero_health = body(world, world.hero).health
    world.turn = 5
    needs_system.run(world)
    assert needs(world, npc).hunger == 0  # it ate its ration
    assert body(world, world.hero).health == hero_health - 1
    assert [e.actor for e in kinds(world, "starving")] == ["hero"]


@pytest.mark.rule("N8")
def test_N8_the_heros_needs_rise_by_one_too(world, game):
    for turn in (1, 2, 3):
        game.end_turn()
        assert (needs(world, world.hero).hunger, needs(world, world.hero).thirst) == (turn, turn)


def test_the_hero_recovers_with_needs_of_exactly_80_and_never_past_its_maximum(world):
    from game.world.systems.movement import hero_rests

    hero = body(world, world.hero)
    hero.health = hero.card.health - 1
    needs(world, world.hero).hunger = 80
    world.turn = 5
    hero_rests(world, 5)
    assert hero.health == hero.card.health
    world.turn = 10
    hero_rests(world, 5)
    assert hero.health == hero.card.health


@pytest.mark.rule("N7")
@pytest.mark.rule("N66")
def test_N7_N66_one_pair_in_each_room_and_a_talk_costs_one_AP_of_however_many(content):
    from dataclasses import replace

    from game.world.systems import pairs, start

    world = make_world(content, row_map(3), seed=7)
    try:
        for _ in ("wanderer", "villager", "wolf"):  # room 0: the wolf silences the pair there (N67)
            spawn(world, _, 0)
        talkers = [spawn(world, "wanderer", 1), spawn(world, "villager", 1),
                   spawn(world, "wanderer", 2), spawn(world, "villager", 2)]
        for eid in talkers:
            body(world, eid).card = replace(body(world, eid).card, ap=3)
        world.turn = 1
        start.run(world)
        pairs.run(world)
        assert sorted(e.room for e in kinds(world, "converse")) == [room_id(1), room_id(2)]
        assert [body(world, eid).ap for eid in talkers] == [2, 2, 2, 2]
    finally:
        world.close()


@pytest.mark.rule("N9")
@pytest.mark.rule("N14")
def test_N9_N14_eating_drinking_and_healing_use_one_of_a_stack_and_say_so(world):
    """items.toml: a ration takes 40 hunger away, a water bottle 40 thirst, a healing potion heals at most
    what is missing; one of a stack is used at a time; needs never go below 0."""
    npc = spawn(world, "wanderer", 2, provisions=False)
    rations = factory.spawn_item(world, "ration", owner=npc, count=2)
    water = factory.spawn_item(world, "water_bottle", owner=npc)
    potion = factory.spawn_item(world, "healing_potion", owner=npc)
    needs(world, npc).hunger, needs(world, npc).thirst = 50, 30
    provisions.consume(world, npc, rations)
    provisions.consume(world, npc, water)
    assert (needs(world, npc).hunger, needs(world, npc).thirst) == (10, 0)
    assert world.get(rations, Item).count == 1 and water not in world.get(npc, Inventory).items
    body(world, npc).health = body(world, npc).card.health - 1
    provisions.consume(world, npc, potion)
    assert body(world, npc).health == body(world, npc).card.health
    said = [(e.kind, e.actor, e.room, e.data["item_id"]) for e in world.events if e.kind in ("eat", "drink", "heal")]
    assert said == [("eat", world.uid(npc), room_id(2), "ration"), ("drink", world.uid(npc), room_id(2), "water_bottle"),
                    ("heal", world.uid(npc), room_id(2), "healing_potion")]
    assert kinds(world, "heal")[0].data["amount"] == 1
    assert world.get(npc, Inventory).kinds.get("drink", 0) == 0


def test_a_patch_is_eaten_from_and_a_ration_eaten_in_the_log(world):
    """Seen in a headless run's log: "Wolf eats a Mushroom patch." (142 times in 300 turns of the keep)."""
    npc = spawn(world, "wanderer", 2, provisions=False)
    patch = factory.spawn_item(world, "mushrooms", room_id(2), (11, 2), count=50)
    ration = factory.spawn_item(world, "ration", room_id(2), (12, 2))
    provisions.consume(world, npc, patch)
    provisions.consume(world, npc, ration)
    name = world.get(npc, Identity).name
    assert [e.text for e in kinds(world, "eat")] == [f"{name} eats from a Mushroom patch.", f"{name} eats a Ration."]
