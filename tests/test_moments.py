"""Moments (N75-N83) through the commands a player or a scripted hero gives: when they begin, the waits,
the approach dice of the seed's table, the Measure dice, loyalty, the face, what is remembered."""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from game.launch import new_game
from game.paths import ROOT
from game.rules.social import APPROACHES
from game.save import load_world, save_world
from game.world.commands import Ask, Reply, Talk, perform
from game.world.components import Body, Hero, Loyalty, Memories, Needs, Talks, Witness
from game.world.talkview import talk_view
from game.world.verbs import moments
from game.world.verbs.witness import talks_of, witness_of
from tests.helpers.talk_fixtures import new, only, person, sure
from tests.helpers.world_fixtures import spawn
from tests.helpers.moments import OUTLOOKS, SEED_TABLE, TRAITS, expected_change

# The seed's table (N83): who welcomes and who resents which approach, one die each.


def began(events) -> list[str]:
    return [e.data["moment"] for e in events if e.kind == "moment"]


@pytest.fixture
def one(content):
    """Every trigger sure to fire, only the plain moment "A letter home"."""
    world, game = new(only(sure(content), "letter_home"))
    yield world, game
    world.close()


# -- N75: when a moment may begin --------------------------------------------------------------------------
@pytest.mark.rule("N75")
def test_N75_a_moment_may_begin_from_plain_conversation(one):
    world, game = one
    villager = person(world)
    game.do(Talk(world.hero, villager))
    events = world.pop_events()
    assert began(events) == ["letter_home"]
    opening = [e.data["line"] for e in events if e.kind == "says" and e.data["part"] == "moment"]
    assert opening == list(world.content.moments.moments["letter_home"].opening)


@pytest.mark.rule("N75")
def test_N75_no_moment_begins_while_an_enemy_is_in_the_room(one):
    world, game = one
    villager = person(world)
    spawn(world, "giant_rat", 0)
    game.do(Talk(world.hero, villager))
    assert began(world.pop_events()) == []


@pytest.mark.rule("N75")
def test_N75_an_enemy_either_way_round_counts(content):
    """With factions tuned one-sided, a creature the hero counts as an enemy and one that counts the hero
    as its enemy each hold moments back."""
    for hero_hates, monsters_hate in ((("monsters",), ()), ((), ("hero",))):
        enemies = dict(content.tuning.enemies, hero=frozenset(hero_hates), monsters=frozenset(monsters_hate))
        world, _ = new(replace(content, tuning=replace(content.tuning, enemies=enemies)))
        try:
            assert not moments.enemy_in_room(world, world.hero)
            spawn(world, "giant_rat", 0)
            assert moments.enemy_in_room(world, world.hero), (hero_hates, monsters_hate)
        finally:
            world.close()


SITUATIONS = {
    "wounded": ("the_wound", lambda world, eid: setattr(world.get(eid, Body), "health", 1)),
    "hungry": ("empty_belly", lambda world, eid: setattr(world.get(eid, Needs), "hunger", 51)),
    "thirsty": ("dry_throat", lambda world, eid: setattr(world.get(eid, Needs), "thirst", 51)),
    "night": ("sleepless", lambda world, eid: setattr(world, "turn", 72)),  # 08:00 + 72 quarter hours: 02:00, day 2
    "fought": ("shaking_hands", lambda world, eid: setattr(talks_of(world, eid), "fought", world.turn)),
}


@pytest.mark.rule("N75")
@pytest.mark.parametrize("trigger", SITUATIONS)
def test_N75_the_person_s_situation_calls_for_its_moments(content, trigger):
    moment, bring_about = SITUATIONS[trigger]
    world, game = new(only(sure(content), moment))
    try:
        calm, troubled = person(world), person(world)
        game.do(Talk(world.hero, calm))
        assert began(world.pop_events()) == []  # not in that state: no such moment
        bring_about(world, troubled)
        game.do(Talk(world.hero, troubled))
        assert began(world.pop_events()) == [moment]
    finally:
        world.close()


@pytest.mark.rule("N75")
def test_N75_the_situations_hold_at_the_data_s_thresholds(content):
    world, game = new(content)
    try:
        eid = person(world)
        triggers = {t.name: t for t in world.content.moments.triggers}
        needs, hp = world.get(eid, Needs), world.get(eid, Body)
        needs.hunger = 50
        assert not moments.holds(world, triggers["hungry"], eid)
        needs.hunger = 51
        assert moments.holds(world, triggers["hungry"], eid)
        hp.health = hp.card.health // 2
        assert moments.holds(world, triggers["wounded"], eid) == (hp.health < 0.5 * hp.card.health)
        world.turn = 79  # 08:00 + 79 quarter hours: 03:45 the next day
        assert world.minutes % (24 * 60) == 3 * 60 + 45 and moments.holds(world, triggers["night"], eid)
        world.turn = 80  # 04:00
        assert not moments.holds(world, triggers["night"], eid)
        world.turn = 64  # 00:00
        assert moments.holds(world, triggers["night"], eid)
        assert not moments.holds(world, triggers["fought"], eid)  # never fought
        talks_of(world, eid).fought, world.turn = 10, 15
        assert moments.holds(world, triggers["fought"], eid)
        world.turn = 16
        assert not moments.holds(world, triggers["fought"], eid)
    finally:
        world.close()


@pytest.mark.rule("N75")
def test_N75_fighting_side_by_side_in_the_hero_s_room_is_remembered(content):
    world, game = new(content, seed=3)
    try:
        villager = person(world)
        far = person(world, 2)
        spawn(world, "giant_rat", 0)
        spawn(world, "giant_rat", 2)
        game.end_turn()
        blows = [e for e in world.events if e.kind in ("hit", "miss", "dodge")]
        assert any(world.uid(villager) in (e.actor, e.target) for e in blows)
        assert any(world.uid(far) in (e.actor, e.target) for e in blows)
        assert talks_of(world, villager).fought == 1
        assert talks_of(world, far).fought == -1  # it fought, but not beside the hero
    finally:
        world.close()


# -- N76: the waits ----------------------------------------------------------------------------------------
@pytest.mark.rule("N76")
def test_N76_none_for_15_turns_after_any_moment_40_with_the_same_person_and_each_once(content):
    world, game = new(only(sure(content), "letter_home", "question_of_faith"))
    try:
        ada, bran = person(world), person(world)

        def talk(eid, turn):
            world.turn = turn
            perform(world, Ask(world.hero, eid, "goodbye"))
            perform(world, Talk(world.hero, eid))
            return began(world.pop_events())

        assert len(talk(ada, 0)) == 1
        assert talk(bran, 14) == []  # after any moment, none for 15 turns
        assert len(talk(bran, 15)) == 1
        assert talk(ada, 39) == []  # the same person: not for 40 (the hero's 15 are over at 30)
        first = talks_of(world, ada).shared["hero"]
        assert len(talk(ada, 40)) == 1
        assert talks_of(world, ada).shared["hero"] > first  # the other moment: each only once
        assert talk(ada, 200) == []  # none left to share
        assert talk(bran, 200) != []
    finally:
        world.close()


@pytest.mark.rule("N76")
def test_N76_a_seeded_run_of_chance_moments_never_breaks_the_waits(content):
    """Many people, chances as shipped, talks at random turns: every moment keeps the seed's waits."""
    world, game = new(content, seed=11)
    rng = random.Random(5)
    try:
        people = [person(world, background=rng.choice(list(SEED_TABLE)), outlook=rng.choice(list(OUTLOOKS)))
                  for _ in range(8)]
        for eid in people:
            world.get(eid, Needs).hunger = rng.choice((0, 60))
        turn, starts = 0, []
        for _ in range(3000):
            turn += rng.choice((0, 0, 1, 2, 3))
            world.turn = turn
            eid = rng.choice(people)
            perform(world, Talk(world.hero, eid))
            starts += [(turn, world.uid(eid), m) for m in began(world.pop_events())]
            perform(world, Ask(world.hero, eid, "goodbye"))
        assert len(starts) > 25
        for (t1, p1, m1), (t2, p2, m2) in zip(starts, starts[1:]):
            assert t2 - t1 >= 15
        for who in {p for _, p, _ in starts}:
            mine = [(t, m) for t, p, m in starts if p == who]
            assert all(b[0] - a[0] >= 40 for a, b in zip(mine, mine[1:]))
            assert len({m for _, m in mine}) == len(mine)
    finally:
        world.close()


# -- N77, N83: the approach dice of the seed's table -------------------------------------------------------
@pytest.mark.rule("N77")
@pytest.mark.rule("N83")
@pytest.mark.parametrize("background", [*SEED_TABLE, ""])
@pytest.mark.parametrize("outlook", OUTLOOKS)
def test_N83_a_background_and_an_outlook_each_add_or_remove_a_die(content, background, outlook):
    world, game = new(content)
    try:
        kind = "notable" if not background else "world"
        eid = person(world, kind=kind, background=background, outlook=outlook)
        for approach in APPROACHES:
            expected = 0
            for welcomes, resents in (SEED_TABLE.get(background, (set(), set())), OUTLOOKS[outlook]):
                expected += (approach in welcomes) - (approach in resents)
            assert moments.approach_dice(world, eid, approach) == expected
    finally:
        world.close()


@pytest.mark.rule("N77")
@pytest.mark.rule("N83")
@pytest.mark.parametrize("trait", TRAITS)
def test_N83_a_personality_adds_or_removes_another_die_and_two_is_the_most(content, trait):
    world, game = new(content)
    try:
        approach, die = TRAITS[trait]
        plain = person(world, background="wanderer", outlook="neutral", traits=[trait])
        assert moments.approach_dice(world, plain, approach) == die
        good = person(world, background="survivor", outlook="good", traits=[trait])  # survivor+good: kind +2
        base = {"kind": 2, "deceitful": -1, "threatening": -2}[approach]
        assert moments.approach_dice(world, good, approach) == max(-2, min(2, base + die))  # N77: at most two
    finally:
        world.close()


@pytest.mark.rule("N77")
def test_N77_a_reply_rolls_its_points_plus_the_approach_dice_and_at_least_one(content):
    world, game = new(only(sure(content), "the_dare"))
    try:
        rival = person(world, background="rival", outlook="good")  # flattering -1; blunt +1
        outlaw = person(world, background="outlaw", outlook="evil")  # threatening +1 (evil); blunt +1
        for eid, approach, dice in ((rival, "flattering", 1), (rival, "blunt", 3), (outlaw, "threatening", 3)):
            talks_of(world, eid).shared.clear()
            talks_of(world, eid).last_moment.clear()
            talks_of(world, eid).tried.clear()
            world.turn += 100
            perform(world, Talk(world.hero, eid))
            world.get(world.hero, Body).ap = 2
            assert perform(world, Reply(world.hero, eid, approach)).ok
            (measure,) = [e for e in world.pop_events() if e.kind == "measure"]
            assert len(measure.data["dice"]) == measure.data["points"] == dice
        # the dare's flattering reply has 1 point: 1 - 1 = 0, but a test always rolls at least one die
    finally:
        world.close()


# -- N78, N79, N81: the Measure, loyalty, and what is remembered -------------------------------------------
def exact_net_successes(dice: int) -> dict[int, Fraction]:
    law: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=dice):
        net = max(0, sum(f >= 4 for f in faces) - faces.count(1))
        law[net] = law.get(net, 0) + Fraction(1, 6 ** dice)
    return law


@pytest.mark.rule("N78")
@pytest.mark.rule("N79")
@pytest.mark.rule("N81")
@pytest.mark.parametrize("charisma, scale", [(2, 1.0), (4, 1.5)])
def test_N78_N79_N81_the_dice_shown_have_the_exact_law_and_loyalty_moves_as_they_say(content, charisma, scale):
    world, game = new(only(sure(content), "letter_home"), seed=17)
    try:
        hero = world.get(world.hero, Hero)
        hero.sheet = replace(hero.sheet, charisma=charisma)
        # survivor (kind +1, threatening -1) and good (kind +1): a kind reply of 2 points rolls 4 dice
        villager = person(world, background="survivor", outlook="good")
        perform(world, Talk(world.hero, villager))
        world.pop_events()
        moment, loyalty = world.content.moments.moments["letter_home"], world.get(villager, Loyalty)
        counts: dict[int, int] = {}
        n = 4000
        for i in range(n):
            talks_of(world, villager).open["hero"] = moment.id
            world.get(world.hero, Body).ap = 1
            approach = "kind" if i % 4 else "humorous"  # humorous: no die either way, 1 point
            before = loyalty.to.get("hero", 0)
            world.get(villager, Memories).known.clear()  # (a creature keeps only its newest)
            assert perform(world, Reply(world.hero, villager, approach)).ok
            events = world.pop_events()
            (m,) = [e for e in events if e.kind == "measure"]
            faces = m.data["dice"]
            net = max(0, sum(f >= 4 for f in faces) - faces.count(1))
            assert m.data["successes"] == net and m.data["success"] == (net >= 1)  # N78
            assert m.data["earned"] == (2 if approach == "kind" else 0)
            change = expected_change(net >= 1, net, m.data["earned"], scale)
            assert loyalty.to["hero"] == max(0, before + change)  # N79: never below 0
            (said,) = [e for e in events if e.kind == "says"]
            reply = moment.reply(approach)
            assert said.data["line"] == (reply.success if net >= 1 else reply.failure)
            assert said.data["result"] == world.content.dialogue.results["success" if net >= 1 else "failure"]
            known = world.get(villager, Memories).known
            if abs(change) >= 5:  # N81
                assert len(known) == 1
                assert known[-1].deed == ("help" if change > 0 else "slight") and known[-1].source == world.uid(villager)
            else:
                assert known == []
            if approach == "kind":
                counts[net] = counts.get(net, 0) + 1
        kind_rolls = sum(counts.values())
        for net, p in exact_net_successes(4).items():  # N78: four d6, the exact law of net successes
            p = float(p)
            assert abs(counts.get(net, 0) / kind_rolls - p) < 4 * (p * (1 - p) / kind_rolls) ** 0.5 + 1e-9
    finally:
        world.close()


@pytest.mark.rule("N79")
def test_N79_loyalty_never_falls_below_zero_and_a_poor_approach_costs_even_on_a_success(content):
    world, game = new(only(sure(content), "letter_home"), seed=4)
    try:
        rival = person(world, background="rival", outlook="evil")  # kind -1 (rival)
        outcomes = set()
        for _ in range(300):
            talks_of(world, rival).open["hero"] = "letter_home"
            world.get(rival, Loyalty).to["hero"] = 1
            world.get(world.hero, Body).ap = 1
            perform(world, Reply(world.hero, rival, "kind"))
            events = world.pop_events()
            (m,) = [e for e in events if e.kind == "measure"]
            (moved,) = [e for e in events if e.kind == "loyalty"]
            assert moved.data["change"] == expected_change(m.data["success"], m.data["successes"], -1, 1.0)
            assert moved.data["loyalty"] == max(0, 1 + moved.data["change"])
            outcomes.add((m.data["success"], m.data["successes"]))
        assert (True, 1) in outcomes  # 2·1 - 3 = -1 even on a success
    finally:
        world.close()


@pytest.mark.rule("N80")
@pytest.mark.parametrize("background, outlook, face", [("survivor", "good", "pleased"), ("wanderer", "neutral", "neutral"),
                                                       ("rival", "evil", "annoyed")])
def test_N80_the_face_shows_whether_the_approach_pleased_or_annoyed(one, background, outlook, face):
    world, game = one
    eid = person(world, background=background, outlook=outlook)
    perform(world, Talk(world.hero, eid))
    assert talk_view(world, world.hero, eid).face == "neutral"
    perform(world, Reply(world.hero, eid, "kind"))
    assert talk_view(world, world.hero, eid).face == face
    assert [e.data["face"] for e in world.pop_events() if e.kind == "says" and e.data["part"] == "outcome"] == [face]


def test_moment_bookkeeping_what_the_hero_saw_and_the_clock_are_saved(content, tmp_path):
    data = only(sure(content), "letter_home")
    game = new_game(ROOT / "maps" / "village.tmx", 7, content=data)
    world = game.world
    try:
        villager = next(e for e in world.creatures_in(world.hero_room()) if e != world.hero)
        uid = world.uid(villager)
        assert game.do(Talk(world.hero, villager)).ok
        game.end_turn()
        talks, seen, clock = world.get(villager, Talks), witness_of(world, world.hero).seen, world.minutes
        assert clock == 8 * 60 + 15 and uid in seen and talks.open == {"hero": "letter_home"}
        save_world(world, tmp_path / "s.sav")
    finally:
        world.close()
    loaded = load_world(tmp_path / "s.sav", content=data)
    try:
        again = next(e for e in loaded.creatures_in(loaded.hero_room()) if loaded.uid(e) == uid)
        assert loaded.get(again, Talks) == talks
        assert loaded.get(loaded.hero, Witness).seen == seen
        assert loaded.minutes == clock
    finally:
        loaded.close()


def test_shipped_moments_offer_every_background_they_suit_a_reply_it_welcomes(content):
    """Content check (moments.toml against social.toml's backgrounds, N83): whoever a moment may come to
    finds among its replies one its background welcomes, so a player who asked "Tell me about yourself"
    (N80) can always answer in the way that earns a die. Before, survivors and the wounded had none in "A
    question of faith" and "The old stars", and outlaws none in four moments: a survivor's two everyday
    moments of those could never end in help (2 dice and no die earned give at most +4 of the 5 N81 asks)."""
    backgrounds = content.social.backgrounds
    for moment in content.moments.moments.values():
        offered = {reply.approach for reply in moment.replies}
        for name, leaning in backgrounds.items():
            if moment.suits(name):
                welcomed = {approach for approach, dice in leaning.dice.items() if dice > 0}
                assert offered & welcomed, (moment.id, name)
