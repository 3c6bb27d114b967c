"""The hero's journey (issue 14): growth by deeds at the creatures' thresholds (N27, N28), the sheet's
Second Wind, the odds before a fight (N20-N22), and why a waiting hero lived only ~25 turns (N12)."""
from __future__ import annotations

import pytest

from game.rules.growth import xp_for_level
from game.rules.odds import damage_distribution, hit_chance, mean
from game.ui.card import card_lines
from game.world import views
from game.world.commands import Attack, Move, SecondWind
from game.world.components import Growth, Mood, MoodState
from game.world.fightodds import both_ways
from game.world.verbs import deeds
from game.world.verbs.combat import die, guard_of, strike_of
from game.world.verbs.factory import spawn_item
from tests.helpers.world_fixtures import body, room_id, spawn


def events(world, kind):
    return [e for e in world.pop_events() if e.kind == kind]


@pytest.mark.rule("N27")
def test_N27_the_hero_levels_at_the_creatures_thresholds_by_deeds_not_by_waiting(world, game):
    growth = world.get(world.hero, Growth)
    for _ in range(3):
        game.end_turn()
    assert growth.xp == 0  # the hero does not grow by waiting
    deeds.award(world, world.hero, 99, "test")
    assert growth.level == 0
    deeds.award(world, world.hero, 1, "test")
    assert growth.level == 1 and xp_for_level(1) == 100
    deeds.award(world, world.hero, 199, "test")
    assert growth.level == 1
    deeds.award(world, world.hero, 1, "test")  # 300: the requirement doubled
    assert growth.level == 2
    notes = [e.text for e in events(world, "level_up")]
    assert notes == ["Hero grows stronger: level 1.", "Hero grows stronger: level 2."]


@pytest.mark.rule("N28")
def test_N28_a_level_raises_the_heros_card_and_heals_the_rise(world):
    hero = body(world, world.hero)
    natural = hero.natural.health
    hero.health = 5
    deeds.award(world, world.hero, 100, "test")
    rise = max(1, round(natural * 0.10))
    assert hero.card.health == natural + rise and hero.health == 5 + rise


def test_a_kill_pays_ten_xp_a_point_of_the_foes_division_and_five_a_level(world, game):
    wolf = spawn(world, "wolf")
    world.get(wolf, Growth).level = 2
    body(world, wolf).health = 1
    for _ in range(200):
        if not world.alive(wolf):
            break
        body(world, world.hero).ap = 2
        game.do(Attack(world.hero, wolf))
    assert not world.alive(wolf)
    division = world.content.codex.stat_block("wolf").division
    assert division == 3
    assert world.get(world.hero, Growth).xp == 10 * 3 + 5 * 2


def test_the_first_entry_into_a_room_is_a_discovery_worth_five_xp_once(world, game):
    growth = world.get(world.hero, Growth)
    assert game.do(Move(world.hero, room_id(1))).ok
    assert growth.xp == 5
    game.end_turn()
    assert game.do(Move(world.hero, room_id(0))).ok  # the entrance was known from the start
    assert game.do(Move(world.hero, room_id(1))).ok
    assert growth.xp == 5


def test_second_wind_heals_a_division_die_once_a_fight_for_one_ap(world, game):
    hero = body(world, world.hero)
    assert game.do(SecondWind(world.hero)).reason == "You are not hurt."
    wolf = spawn(world, "wolf")
    world.get(wolf, Mood).state = MoodState.RESTING
    hero.health = 2
    assert game.do(SecondWind(world.hero)).ok
    healed = [e.data["amount"] for e in events(world, "second_wind")]
    assert len(healed) == 1 and 1 <= healed[0] <= 3 and hero.health == 2 + healed[0]  # the hero's DTD is d3
    assert hero.ap == hero.card.ap - 1
    assert game.do(SecondWind(world.hero)).reason == "You have used your Second Wind in this fight."
    die(world, wolf, None)
    game.end_turn()  # a world turn with no enemy beside the hero: the fight is over
    hero.health = 2
    assert game.do(SecondWind(world.hero)).ok


@pytest.mark.rule("N20")
def test_N20_the_card_shows_the_exact_odds_both_ways(world):
    wolf = spawn(world, "wolf")
    mine, theirs = both_ways(world, world.hero, wolf)
    hero_card, wolf_card = body(world, world.hero).card, body(world, wolf).card
    assert mine.hit == pytest.approx(hero_card.melee / 100 * (1 - wolf_card.dodge / 100))  # N20, N21
    assert theirs.hit == pytest.approx(wolf_card.melee / 100 * (1 - hero_card.dodge / 100))
    law = damage_distribution(strike_of(body(world, world.hero)), guard_of(world, body(world, wolf)))
    assert mine.damage == pytest.approx(mean(law))  # the same sums as tools/creature.py odds
    assert mine.expected == pytest.approx(hit_chance(strike_of(body(world, world.hero)), guard_of(world, body(world, wolf)))
                                          * mean(law))
    assert mine.strikes == hero_card.ap and theirs.strikes == 1  # the hero strikes once an AP; the wolf's budget
    text = "\n".join(line for line, _ in card_lines(views.creature(world, wolf), None, (mine, theirs)))
    assert f"You: {mine.hit * 100:.0f}% to hit, {mine.damage:.1f} a hit; {mine.per_turn:.1f} a turn (2 strikes)" in text
    assert f"It: {theirs.hit * 100:.0f}% to hit" in text and "(1 strike)" in text


@pytest.mark.rule("N12")
def test_N12_a_creature_beside_a_spring_and_a_patch_rests_there_once_its_pack_is_eaten(world, game):
    """Why a waiting hero died within ~25 turns: on turn 21 every provisioned creature ate its ration and
    drank its bottle, lacked food and drink, and so explored every turn (N12), and the horde followed the
    hero's scent. A spring and a mushroom patch in its room are provisions it can use (N9): it rests."""
    guard = spawn(world, "guard", room=2, provisions=False)
    mood = world.get(guard, Mood)
    game.end_turn()
    assert mood.state == MoodState.EXPLORING
    for room in range(3):
        spawn_item(world, "spring", room=room_id(room))
    game.end_turn()
    assert mood.state == MoodState.EXPLORING  # water but no food: still short of provisions
    for room in range(3):
        spawn_item(world, "mushrooms", room=room_id(room))
    game.end_turn()
    assert mood.state == MoodState.RESTING
