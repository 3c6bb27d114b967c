"""The claim and the thief (N47, N48): forced labour put to a beaten person by an Evil or Chaotic hero who
holds a claim, at 30% + 10 per Charisma point, once; lifting a carried item with the Thief perk for 1 AP,
the same odds against a merchant, worn gear weakening the victim, a caught thief facing an enemy with
everything still on it; companions are never targets; a companion heals the hero, a forced one not yet."""
from __future__ import annotations

import pytest

from game.world.commands import Coerce, Lift, Recruit
from game.world.components import Body, Companion, Identity, Inventory, Item, Loyalty, Merchant
from game.world.talkview import talk_view
from game.world.verbs import coercion, company, contracts
from game.world.verbs.factory import spawn_item
from tests.helpers.talk_fixtures import beaten, beside, resident, set_sheet, villain


# -- forced labour (N47) -----------------------------------------------------------------------------------
@pytest.mark.rule("N47")
def test_N47_the_chance_is_30_plus_10_per_charisma_point(village):
    world = village.world
    for charisma, chance in ((0, 30), (2, 50), (4, 70), (7, 100)):
        set_sheet(world, charisma=charisma)
        assert coercion.forced_chance(world, world.hero) == chance


@pytest.mark.rule("N47")
def test_N47_only_an_evil_or_chaotic_hero_with_a_claim_may_ask_a_person_below_a_third_of_its_health(village):
    world = village.world
    person = resident(world)
    beside(world, person)
    assert coercion.may_coerce(world, world.hero, person) == "Only an Evil or Chaotic hero forces labour."
    set_sheet(world, ethic="chaotic")
    assert coercion.may_coerce(world, world.hero, person) == "You hold no claim to put anyone to work on."
    contracts.journal_of(world, world.hero).claims.add(world.hero_room())
    assert coercion.may_coerce(world, world.hero, person).endswith("is not beaten enough to yield.")
    top = world.get(world.hero, Body).card.health
    world.get(person, Body).health = -(-top // 3)  # a third, rounded up: not below it
    assert coercion.may_coerce(world, world.hero, person).endswith("is not beaten enough to yield.")
    beaten(world, person)
    assert coercion.may_coerce(world, world.hero, person) == ""
    assert "company:coerce" in [c.key for c in talk_view(world, world.hero, person).choices]


@pytest.mark.rule("N47")
def test_N47_success_makes_a_forced_labourer_at_loyalty_10_failure_an_enemy_and_there_is_one_attempt(village):
    world = village.world
    villain(world)
    outcomes = {}
    for n in range(6):
        person = resident(world, n)
        beside(world, person)
        beaten(world, person)
        world.pop_events()
        assert village.do(Coerce(world.hero, person)).ok
        (roll,) = [e for e in world.pop_events() if e.kind == "coerce"]
        assert roll.data["chance"] == 50 and roll.data["success"] == (roll.data["roll"] < 50)
        if roll.data["success"]:
            assert world.get(person, Companion).forced
            assert world.get(person, Loyalty).to["hero"] == 10
            company.part(world, world.hero, person, quietly=True)  # room in the party for the next
        else:
            assert world.get(person, Identity).faction == "hostile"
        outcomes[roll.data["success"]] = person
        assert village.do(Coerce(world.hero, person)).reason in (
            "You have put that choice to them already.", f"{world.get(person, Identity).name} "
                                                           "is in no mood to talk.")
    assert set(outcomes) == {True, False}


@pytest.mark.rule("N47")
def test_N47_a_forced_labourer_will_not_heal_the_hero_until_its_loyalty_is_earned(village):
    world = village.world
    person = resident(world)
    beside(world, person)
    world.get(person, Loyalty).to["hero"] = 30

    assert village.do(Recruit(world.hero, person)).ok
    mate = world.get(person, Companion)
    mate.forced = True
    world.get(person, Loyalty).to["hero"] = 10
    spawn_item(world, "healing_potion", owner=person)
    hero_body = world.get(world.hero, Body)
    hero_body.health = 1
    assert not company.tend(world, world.hero, person)
    world.get(person, Loyalty).to["hero"] = 30
    assert company.tend(world, world.hero, person)
    assert hero_body.health > 1 and not mate.forced


# -- theft (N48) -------------------------------------------------------------------------------------------
@pytest.mark.rule("N48")
def test_N48_the_odds_come_from_dexterity_patience_and_stealing_and_worn_gear_is_harder(village):
    world = village.world
    set_sheet(world, dexterity=2, patience=1, proficiencies={"stealing": 1})
    assert coercion.theft_chance(world, world.hero, worn=False) == 20 + 20 + 5 + 10
    assert coercion.theft_chance(world, world.hero, worn=True) == 55 - 20
    set_sheet(world, dexterity=9, patience=9, proficiencies={"stealing": 9})
    assert coercion.theft_chance(world, world.hero, worn=False) == 95  # at most
    set_sheet(world, dexterity=0, patience=0, proficiencies={})
    assert coercion.theft_chance(world, world.hero, worn=True) == 5  # at least


@pytest.mark.rule("N48")
def test_N48_lifting_needs_the_perk_costs_1_AP_and_worn_gear_taken_weakens_the_victim(village):
    world = village.world
    hero = world.hero
    merchant = next(eid for eid, m in world.query(Merchant) if m.trade == "armourer")
    beside(world, merchant)
    worn = world.get(merchant, Inventory).equipped["weapon"]
    assert village.do(Lift(hero, merchant, worn)).reason == "You need the Thief perk for that."
    set_sheet(world, perks=("thief",), dexterity=5)  # odds 20 + 50 + 5 + 10 - 20 = 65 for worn gear
    assert any(c.key.startswith("company:lift:") for c in talk_view(world, hero, merchant).choices)
    before = world.get(merchant, Body).card
    ap = world.get(hero, Body).ap
    world.pop_events()
    assert village.do(Lift(hero, merchant, worn)).ok
    assert world.get(hero, Body).ap == ap - 1
    (tried,) = [e for e in world.pop_events() if e.kind == "lift"]
    assert tried.data["chance"] == 65
    if tried.data["success"]:
        assert worn in world.get(hero, Inventory).items
        assert world.get(merchant, Body).card != before  # its card changed
    else:
        assert worn in world.get(merchant, Inventory).items
        assert world.get(merchant, Identity).faction == "hostile"


@pytest.mark.rule("N48")
def test_N48_caught_the_victim_turns_hostile_with_everything_still_on_it_and_companions_are_never_targets(village):
    world = village.world
    hero = world.hero
    set_sheet(world, perks=("thief",), dexterity=0, patience=0, proficiencies={})  # 20%
    person = resident(world)
    beside(world, person)
    carried = [spawn_item(world, "dagger", owner=person) for _ in range(10)]
    caught = False
    for item in carried:
        world.pop_events()
        assert village.do(Lift(hero, person, item)).ok
        (tried,) = [e for e in world.pop_events() if e.kind == "lift"]
        if village.busy:
            village.finish_turn()
        if not tried.data["success"]:
            caught = True
            break
    assert caught
    assert world.get(person, Identity).faction == "hostile"
    assert item in world.get(person, Inventory).items
    mate = resident(world, 1)
    beside(world, mate)
    world.get(mate, Loyalty).to["hero"] = 30

    assert village.do(Recruit(hero, mate)).ok
    some = world.get(mate, Inventory).items[0]
    assert village.do(Lift(hero, mate, some)).reason == "Companions hand their gear over when asked."
    assert not any(c.key.startswith("company:lift:") for c in talk_view(world, hero, mate).choices)
    assert world.get(some, Item).owner == mate
