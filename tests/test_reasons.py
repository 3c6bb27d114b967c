"""Why people do what they do (issue 23): every choice that is gated or has odds says so before the hero
tries it: recruiting names the loyalty needed and the person's own (N39), forced labour (N47) and lifting
(N48) their chance, an offer of work what it pays (N43, N44); the dialogue adds the gate after a refusal and
says plainly whether a theft worked."""
from __future__ import annotations

import pygame
import pytest

from game.paths import ROOT
from game.ui import theme
from game.ui.dialogue import loyalty_gates
from game.world.commands import Talk, Work
from game.world.components import Loyalty, Secret
from game.world.talkview import talk_view
from game.world.verbs import coercion, contracts
from game.world.verbs.factory import spawn_item
from tests.helpers.talk_fixtures import beaten, beside, done_work_for, resident, set_sheet, villain
from tests.helpers.ui_scenes import talking

VILLAGE = ROOT / "maps" / "village.tmx"


def choice(world, person, key):
    return next(c for c in talk_view(world, world.hero, person).choices if c.key.startswith(key))


@pytest.mark.rule("N39")
def test_N39_come_with_me_says_the_loyalty_it_needs_and_where_the_person_stands(village):
    world = village.world
    person = resident(world)
    beside(world, person)
    world.get(person, Loyalty).to["hero"] = 25
    name = talk_view(world, world.hero, person).name
    assert choice(world, person, "company:recruit").terms == f"{name} will follow at loyalty 30; it is 25 now."
    world.get(person, Loyalty).to["hero"] = 30
    assert choice(world, person, "company:recruit").terms == f"{name} is loyal enough to follow you (30, 30 needed)."


@pytest.mark.rule("N47")
@pytest.mark.rule("N48")
def test_N47_N48_forced_labour_and_theft_show_their_chance_before_the_try(village):
    world = village.world
    person = resident(world)
    beside(world, person)
    villain(world)
    set_sheet(world, perks=("thief",), dexterity=5, charisma=2)
    beaten(world, person)
    assert coercion.forced_chance(world, world.hero) == 50  # 30 + 10 x Charisma 2
    assert choice(world, person, "company:coerce").terms.startswith("50% chance.")
    dagger = spawn_item(world, "dagger", owner=person)
    lift = next(c for c in talk_view(world, world.hero, person).choices if c.key == f"company:lift:{dagger}")
    assert lift.terms.startswith(f"{coercion.theft_chance(world, world.hero, False)}% chance to take it unseen")


@pytest.mark.rule("N43")
def test_N43_an_offer_shows_what_it_pays_before_it_is_accepted(village):
    world = village.world
    person = resident(world)
    beside(world, person)
    assert village.do(Talk(world.hero, person)).ok
    assert village.do(Work(world.hero, person, "ask")).ok
    offered = contracts.of_giver(world, world.hero, person, "offered")
    assert offered is not None and offered.gold > 0
    accept = choice(world, person, "work:accept")
    assert accept.terms.startswith(f"Pays {offered.gold} gold and {offered.xp} XP")


@pytest.mark.rule("N44")
def test_N44_any_work_while_the_giver_has_none_says_the_loyalty_a_favour_needs_and_the_persons_own(village):
    world = village.world
    person = resident(world)
    beside(world, person)
    name = talk_view(world, world.hero, person).name
    assert choice(world, person, "work:ask").terms == ""  # work to give: no favour in question
    done_work_for(world, person)
    turns = contracts.cooldown_left(world, world.hero, person)
    assert turns == 30
    world.get(person, Loyalty).to["hero"] = 12
    assert choice(world, person, "work:ask").terms == \
        f"No new work for 30 turns. {name} would ask you a favour at loyalty 20; theirs is 12."
    assert contracts.favour(world, world.hero, person) is None  # the line tells the rule's own gate
    world.get(person, Loyalty).to["hero"] = 20
    assert choice(world, person, "work:ask").terms == \
        f"No new work for 30 turns, but {name} is loyal enough to ask you a favour (20, 20 needed)."


@pytest.mark.rule("N60")
def test_N60_tell_me_about_yourself_says_the_loyalty_a_secret_needs_and_the_persons_own(village):
    from game.maps.tiled import load_region
    from game.paths import REGION_MAP
    from game.world.verbs.secrets import Lore

    world = village.world
    person = resident(world)
    beside(world, person)
    name = talk_view(world, world.hero, person).name
    assert choice(world, person, "about").terms == ""  # a one-map game has no region to tell of
    world.lore = Lore(load_region(REGION_MAP).sites, lambda uid: set())
    world.get(person, Loyalty).to["hero"] = 62
    assert choice(world, person, "about").terms == f"{name} will tell you of a secret place at loyalty 100; theirs is 62."
    world.get(person, Loyalty).to["hero"] = 100
    assert choice(world, person, "about").terms == \
        f"{name} trusts you fully (100): each piece of work done for them may bring out a secret place (5%)."
    world.add(person, Secret("hero", 1))
    assert choice(world, person, "about").terms == f"{name} has shared their one secret place."


def test_the_loyalty_bar_marks_favours_following_and_secrets_at_the_data_numbers(content):
    class World:
        pass
    world = World()
    world.content = content
    assert [need for need, _ in loyalty_gates(world)] == [20, 30, 100]


@pytest.mark.usefixtures("display")
def test_a_refused_come_with_me_tells_the_gate_in_the_dialogue_and_a_theft_says_whether_it_worked():
    with talking(25) as (stack, scene):
        world = scene.world
        scene.choose(next(c for c in scene.choices() if c.key == "company:recruit"))
        notes = [e.text for e in scene.transcript.entries if e.kind == "note"]
        assert notes[-1].endswith("will follow at loyalty 30; it is 25 now.")
        set_sheet(world, perks=("thief",), dexterity=5)
        scene._refresh()
        lift = next(c for c in scene.choices() if c.key.startswith("company:lift"))
        scene.stale = False
        scene.transcript.skip()
        scene.choose(lift)
        notes = [e.text for e in scene.transcript.entries if e.kind == "note"]
        assert notes[-1].startswith(("It worked: the ", "It failed: "))
        scene.draw(pygame.Surface(theme.LOGICAL_SIZE))


@pytest.mark.rule("N44")
@pytest.mark.usefixtures("display")
def test_any_work_refused_for_want_of_loyalty_tells_the_favours_gate_in_the_dialogue():
    with talking(12) as (stack, scene):
        world = scene.world
        done_work_for(world, scene.target)
        scene._refresh()
        scene.choose(next(c for c in scene.choices() if c.key == "work:ask"))
        notes = [e.text for e in scene.transcript.entries if e.kind == "note"]
        assert notes[-1].endswith("would ask you a favour at loyalty 20; theirs is 12.")
