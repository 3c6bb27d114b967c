"""Motivation decides behaviour (C4): headless scenarios, one per want, whose event log says why.

The world of tests/world_fixtures.py: three rooms in a row, the hero in Room 0."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.launch import new_game
from game.paths import ROOT
from game.rules.motives import PROVOKED_ONLY, WANTS, accepts, gold_price
from game.ui.card import card_lines
from game.world import views
from game.world.commands import Attack, Equip, Move, Offer, PickUp, Talk
from game.world.components import Inventory, Item, Needs
from game.world.talkview import talk_view
from game.world.verbs import combat, factory, moving
from tests.helpers.data_edits import content_error
from tests.helpers.world_fixtures import body, kinds, make_world, mood, room_id, room_of, row_map, spawn

BLOWS = ("hit", "miss", "dodge")


def blows(world, eid):
    """The attacks `eid` has made so far."""
    uid = world.uid(eid)
    return [e for e in world.events if e.kind in BLOWS and e.actor == uid]


def said(world, *event_kinds):
    return [e.text for e in world.events if e.kind in event_kinds]


def carried(world, eid, item_id):
    return sum(world.get(i, Item).count for i in world.get(eid, Inventory).items
               if world.get(i, Item).item_id == item_id)


def tough(world):
    """A hero the fight cannot end."""
    hero = body(world, world.hero)
    hero.card = replace(hero.card, health=10**6)
    hero.health = 10**6


def hero_item(world, item_id, count=1):
    return factory.spawn_item(world, item_id, owner=world.hero, count=count)


@pytest.mark.rule("C4")
def test_C4_every_codex_creature_wants_one_of_the_wants(content):
    found = {d.motivation.wants for d in content.codex.creatures.values()}
    assert found <= set(WANTS) and {"food", "territory", "hoard", "left_alone"} <= found
    assert PROVOKED_ONLY == {"territory", "hoard", "left_alone"}
    assert content.codex.creatures["cave_bear"].motivation.wants == "territory"
    assert content.codex.creatures["wolf"].motivation.takes == ("food",)
    assert all(not d.motivation.takes for d in content.codex.creatures.values() if "mindless" in d.tags)


@pytest.mark.rule("C4")
def test_C4_gifts_and_the_price_in_gold():
    assert accepts(("food",), "ration", "food") and not accepts(("food",), "gold", "misc")
    assert accepts(("gold",), "gold", "misc") and not accepts(("gold",), "club", "weapon")
    assert gold_price(1, 10) == 10 and gold_price(3, 10) == 30


# -- territory: the cave bear guards its den -------------------------------------------------------------

@pytest.mark.rule("C4")
def test_C4_a_bear_that_guards_its_den_lets_a_hero_walk_past(world, game):
    """Into the den (the bear warns), on through it the next turn (it lets the hero go): no blow at all."""
    bear = spawn(world, "cave_bear", 1)
    assert game.do(Move(world.hero, room_id(1))).ok
    game.end_turn()
    assert mood(world, bear).state == "wary" and not blows(world, bear)
    assert said(world, "warn") == ["Cave Bear rears up at Hero: this is its ground. Leave, or it will fight."]
    assert game.do(Move(world.hero, room_id(2))).ok
    game.end_turn()
    assert not blows(world, bear) and mood(world, bear).state == "resting" and room_of(world, bear) == room_id(1)
    assert said(world, "let_go") == ["Cave Bear lets Hero go and settles back on its ground."]
    for _ in range(5):
        game.end_turn()
    assert not blows(world, bear) and room_of(world, bear) == room_id(1)  # it does not follow


@pytest.mark.rule("C4")
def test_C4_the_bear_fights_a_hero_who_stays_and_lets_a_retreating_one_go(world, game):
    bear = spawn(world, "cave_bear", 1)
    tough(world)
    game.do(Move(world.hero, room_id(1)))
    game.end_turn()  # warned
    game.end_turn()  # still there: it fights
    assert said(world, "defend") == ["Hero did not leave: Cave Bear fights for its ground."]
    assert mood(world, bear).state == "angered" and len(blows(world, bear)) == 1  # one strike a turn (N25)
    game.do(Move(world.hero, room_id(0)))
    game.end_turn()
    struck = len(blows(world, bear))
    for _ in range(5):
        game.end_turn()
    assert len(blows(world, bear)) == struck and room_of(world, bear) == room_id(1)  # no chase (N18 would)
    assert mood(world, bear).state == "resting"


@pytest.mark.rule("C4")
def test_C4_a_needless_guardian_stays_on_its_ground_where_a_wanderer_would_roam(world, game):
    golem = spawn(world, "stone_golem", 1)  # elemental: no needs, so it would wander (N15)
    for _ in range(20):
        game.end_turn()
    assert room_of(world, golem) == room_id(1) and mood(world, golem).state == "resting"


# -- food: a hungry wolf is bought off with a ration -----------------------------------------------------

@pytest.mark.rule("C4")
def test_C4_a_hungry_wolf_takes_a_ration_and_slinks_away(world, game):
    wolf = spawn(world, "wolf", 0)
    ration = hero_item(world, "ration")
    before = carried(world, world.hero, "ration")
    assert game.do(Offer(world.hero, wolf, ration)).ok
    assert said(world, "bargain") == ["Wolf takes the Ration from Hero and slinks away."]
    assert carried(world, world.hero, "ration") == before - 1 and carried(world, wolf, "ration") >= 1
    game.end_turn()
    assert not blows(world, wolf) and mood(world, wolf).state == "appeased"
    assert room_of(world, wolf) != room_id(0)  # it slinks away


@pytest.mark.rule("C4")
def test_C4_without_the_ration_the_wolf_fights(world, game):
    wolf = spawn(world, "wolf", 0)
    game.end_turn()
    assert len(blows(world, wolf)) == 1


@pytest.mark.rule("C4")
def test_C4_a_bargain_holds_30_turns_then_the_wolf_hunts_again(world, game):
    wolf = spawn(world, "wolf", 0)
    offered = world.turn
    game.do(Offer(world.hero, wolf, hero_item(world, "ration")))
    assert world.content.motives.appeased_turns == 30
    while world.turn < offered + 29:
        game.end_turn()
        assert mood(world, wolf).state == "appeased" and not world.is_enemy(wolf, world.hero)
    game.end_turn()
    assert world.turn == offered + 30 and mood(world, wolf).state != "appeased" and world.is_enemy(wolf, world.hero)


@pytest.mark.rule("C4")
def test_C4_a_refused_offer_costs_the_ap_and_the_fight_goes_on(world, game):
    wolf = spawn(world, "wolf", 0)
    club = hero_item(world, "club")
    ap = body(world, world.hero).ap
    assert game.do(Offer(world.hero, wolf, club)).ok
    assert body(world, world.hero).ap == ap - 1
    assert said(world, "bargain_refused")[0].endswith("will not take the Club: it wants food.")
    assert world.is_enemy(wolf, world.hero)


@pytest.mark.rule("C4")
def test_C4_goblins_take_their_price_in_gold_ten_coins_a_tier(world, game):
    goblins = spawn(world, "goblin_cutters", 0, heads=6)
    tier = world.content.codex.creatures["goblin_cutters"].tier
    purse = hero_item(world, "gold")  # the hero's purse (it starts with gold of its own)
    world.get(purse, Item).count = 10 * tier - 1
    game.do(Offer(world.hero, goblins, purse))
    assert said(world, "bargain_refused")[-1].endswith(f"it wants {10 * tier} gold.")
    world.get(purse, Item).count = 10 * tier
    assert carried(world, world.hero, "gold") == 10 * tier
    body(world, world.hero).ap = 1
    game.do(Offer(world.hero, goblins, purse))
    assert carried(world, goblins, "gold") == 10 * tier and carried(world, world.hero, "gold") == 0
    assert not world.is_enemy(goblins, world.hero)


@pytest.mark.rule("C4")
@pytest.mark.parametrize("codex_id, reason", [
    ("zombie", "Zombie is mindless: there is no bargaining with it."),
    ("cave_bear", "Cave Bear wants nothing you could give it."),
])
def test_C4_no_bargain_with_the_mindless_or_one_that_takes_nothing(world, game, codex_id, reason):
    eid = spawn(world, codex_id, 0)
    ap = body(world, world.hero).ap
    result = game.do(Offer(world.hero, eid, hero_item(world, "ration")))
    assert (result.ok, result.reason) == (False, reason) and body(world, world.hero).ap == ap


# -- hoard: a collector fights to keep what it holds ------------------------------------------------------

@pytest.mark.rule("C4")
def test_C4_a_collector_ignores_a_hero_who_takes_nothing_and_fights_one_who_does(content):
    world = make_world(content, row_map(2, size=(10, 8)))
    try:
        from game.world.driver import Driver

        game = Driver(world)
        dragon = spawn(world, "ancient_dragon", 0)
        cup = factory.spawn_item(world, "gold", room_id(0), (9, 7), count=50)
        tough(world)
        for _ in range(3):
            game.end_turn()
        assert not blows(world, dragon) and mood(world, dragon).state == "resting"
        assert game.do(PickUp(world.hero, cup)).ok
        assert said(world, "hoard_taken") == ["Ancient Dragon sees Hero take Gold ×50 and fights to keep what it holds."]
        game.end_turn()
        assert mood(world, dragon).state == "angered" and blows(world, dragon)
    finally:
        world.close()


# -- left alone: the bats flee before they fight ---------------------------------------------------------

@pytest.mark.rule("C4")
def test_C4_bats_that_want_to_be_left_alone_shy_away_and_fight_only_when_struck(world, game):
    bats = spawn(world, "cave_bats", 1, heads=4)
    game.do(Move(world.hero, room_id(1)))
    game.end_turn()
    assert said(world, "shy") == ["Cave Bats wants to be left alone and shies away from Hero."]
    assert not blows(world, bats) and room_of(world, bats) != room_id(1)


@pytest.mark.rule("C4")
def test_C4_struck_bats_fight_back(world, game):
    bats = spawn(world, "cave_bats", 0, heads=4)
    game.do(Attack(world.hero, bats))
    game.end_turn()
    assert mood(world, bats).state == "angered" and blows(world, bats)


# -- the card ----------------------------------------------------------------------------------------------

@pytest.mark.rule("C4")
@pytest.mark.parametrize("codex_id, line, hunger", [
    ("wolf", "It seems hungry.", 50), ("wolf", "It seems to be on the lookout for food.", 0),  # fed: issue 28
    ("cave_bear", "It seems to guard this place.", 0),
    ("cave_bats", "It seems to want to be left alone.", 0), ("ancient_dragon", "It seems to guard what it holds.", 0),
])
def test_C4_the_card_says_what_it_seems_to_want(content, codex_id, line, hunger):
    world = make_world(content, row_map(2, size=(10, 8)))
    try:
        eid = spawn(world, codex_id, 1)
        if world.try_get(eid, Needs) is not None:
            world.get(eid, Needs).hunger = hunger
        view = views.creature(world, eid)
        assert [text for text, _ in card_lines(view)][1] == line
        assert views.creature(world, world.hero).seems == ""
    finally:
        world.close()


@pytest.mark.parametrize("change, message", [
    (('wants = "food"', 'wants = "cake"'), "wolf: motivation.wants: must be one of hunt, food, pack"),
    (('takes = ["food"]', 'takes = ["cake"]'), "wolf: motivation.takes: unknown gift 'cake'"),
])
def test_C4_a_bad_want_is_refused_by_name(tmp_path, change, message):
    assert message in str(content_error(tmp_path, "creatures/wolf.toml", *change))


def test_C4_a_mindless_creature_that_takes_something_is_refused(tmp_path):
    error = str(content_error(tmp_path, "creatures/zombie.toml", "takes = []", 'takes = ["food"]'))
    assert "zombie: motivation.takes: a mindless creature cannot be bargained with" in error


@pytest.mark.parametrize("change, message", [
    (("appeased_turns = 30", "appeased_turns = 0"), "appeased_turns: must be a whole number from 1 to 1000"),
    (("[hoard]", "[hoarding]"), "hoarding: unknown"),
    (('seems = "It seems hungry."', 'seems = ""'), "food.seems: must be a line of 1 to 120 characters"),
])
def test_a_bad_motives_file_is_refused_with_its_entry(tmp_path, change, message):
    error = str(content_error(tmp_path, "motives.toml", *change))
    assert "motives.toml" in error and message in error


# -- bargaining through the dialogue (the same commands the screen sends) ------------------------------------

@pytest.mark.rule("C4")
def test_C4_a_hostile_wolf_hears_offers_ration_first_and_the_bargain_ends_the_fight(world, game):
    wolf = spawn(world, "wolf", 0)
    assert world.is_enemy(wolf, world.hero)
    assert game.do(Talk(world.hero, wolf)).ok
    assert said(world, "narrates") == ["It seems hungry."]
    view = talk_view(world, world.hero, wolf)
    assert view.refusal == ""
    assert [c.label for c in view.choices] == ["Offer the Ration", "Offer the Water bottle",
                                               "Offer the Healing potion", "Offer 20 Gold", "Goodbye."]
    assert game.do(Offer(world.hero, wolf, view.choices[0].item)).ok
    assert not world.is_enemy(wolf, world.hero)
    game.end_turn()
    assert not blows(world, wolf)


@pytest.mark.rule("C4")
def test_C4_a_failed_offer_in_the_dialogue_costs_the_ap_and_the_wolf_still_fights(world, game):
    wolf = spawn(world, "wolf", 0)
    game.do(Talk(world.hero, wolf))
    water = next(c for c in talk_view(world, world.hero, wolf).choices if c.label == "Offer the Water bottle")
    ap = body(world, world.hero).ap
    assert game.do(Offer(world.hero, wolf, water.item)).ok and body(world, world.hero).ap == ap - 1
    assert said(world, "bargain_refused") == ["Wolf will not take the Water bottle: it wants food."]
    assert world.is_enemy(wolf, world.hero)


@pytest.mark.rule("C4")
def test_C4_folk_are_not_bought_off(world, game):
    villager = spawn(world, "villager", 0, kind="world")
    result = game.do(Offer(world.hero, villager, hero_item(world, "ration")))
    assert not result.ok and result.reason.endswith("is not one to be bought off.")


# -- the caves: what the issue asks a player can do ----------------------------------------------------------

def room_named(world, name):
    return next(r for r in world.rooms.exits if world.room_name(r) == name)


def put_hero(world, room):
    moving.relocate(world, world.hero, room, moving.space_for(world, world.hero, room, None))


def by_uid(world, uid):
    return world.actors.by_uid(uid).eid


@pytest.fixture
def caves():
    game = new_game(ROOT / "maps" / "caves.tmx", 3)
    tough(game.world)
    yield game
    game.close()


@pytest.mark.rule("C4")
def test_C4_in_the_caves_a_hero_walks_past_the_bear_of_the_hot_spring(caves):
    world = caves.world
    spring, golem_hall, wolf_lair = (room_named(world, n) for n in ("Hot Spring", "Golem Hall", "Wolf Lair"))
    bear = next(e for e in world.creatures_in(spring) if world.uid(e).startswith("cave_bear#"))
    put_hero(world, golem_hall)
    assert caves.do(Move(world.hero, spring)).ok
    caves.end_turn()
    assert [e.actor for e in kinds(world, "warn")] == [world.uid(bear)]
    assert caves.do(Move(world.hero, wolf_lair)).ok
    caves.end_turn()
    assert [e.actor for e in kinds(world, "let_go")] == [world.uid(bear)]
    assert not blows(world, bear) and world.room_of(bear) == spring


@pytest.mark.rule("C4")
def test_C4_in_the_caves_a_hungry_wolf_is_bought_off_with_a_ration(caves):
    world = caves.world
    wolf = by_uid(world, "wolf#9")
    put_hero(world, world.room_of(wolf))
    assert caves.do(Talk(world.hero, wolf)).ok
    ration = talk_view(world, world.hero, wolf).choices[0]
    assert ration.label == "Offer the Ration"
    assert caves.do(Offer(world.hero, wolf, ration.item)).ok
    caves.end_turn()
    assert said(world, "bargain") == ["Wolf takes the Ration from Hero and slinks away."]
    assert not blows(world, wolf)


@pytest.mark.rule("C36")
def test_C36_in_the_caves_a_shortbow_shoots_into_the_rat_swarm_with_better_odds(caves):
    """The hero's shortbow aims at 64%; into the Chasm Edge swarm of 5 that is 100 - 36 x 0.7225 = 73%."""
    world = caves.world
    rats = by_uid(world, "rat_swarm#6")
    bow = factory.spawn_item(world, "shortbow", owner=world.hero)
    assert caves.do(Equip(world.hero, bow)).ok
    shot = combat.strike_of(body(world, world.hero))
    assert (shot.kind, shot.chance) == ("ranged", 64) and body(world, rats).heads == 5
    assert combat.aimed(world, shot, body(world, rats)).chance == 73
    body(world, rats).heads = 1
    assert combat.aimed(world, shot, body(world, rats)).chance == 64  # the last rat: C39
