"""Talking with creatures through commands (N45, N46, N71, N73, N80, N82): biographies, greetings by
deed, the usual options, drawing a weapon, what is free and what costs an action point."""
from __future__ import annotations

import pytest

from game.content.lines import pick
from game.world.commands import Ask, DrawWeapon, Move, Reply, Talk, perform
from game.world.components import Body, Chronicle, Identity, Loyalty, Memories, Mood, MoodState, Opinions, Talks
from game.world.talkview import acquaintance, talk_view
from game.world.world import pair_of
from game.world.verbs import social, talk
from game.world.verbs.speech import voice_of
from game.world.verbs.witness import witness_of
from tests.helpers.talk_fixtures import new, only, person, said, sure
from tests.helpers.world_fixtures import body, move_hero, room_id, spawn


@pytest.fixture
def calm(content):
    """A world where no moment begins."""
    world, game = new(sure(content, **{t.name: 0.0 for t in content.moments.triggers}))
    yield world, game
    world.close()


def opinion_of(world, eid, other, now):
    social.meet(world, eid, other)
    world.get(eid, Opinions).of[world.uid(other)].now = now


def rename(world, eid, name):
    world.get(eid, Identity).name = name


def named(world, *names: str) -> list[int]:
    """New people in the hero's room, each renamed (an empty name keeps the drawn one)."""
    people = [person(world) for _ in names]
    for eid, name in zip(people, names):
        if name:
            rename(world, eid, name)
    return people


@pytest.mark.rule("N45")
def test_N45_a_first_meeting_gives_a_biography_then_greetings(calm):
    world, game = calm
    dialogue = world.content.dialogue
    hermit = person(world, background="hermit", outlook="good")
    assert game.do(Talk(world.hero, hermit)).ok
    (bio,) = said(world.pop_events(), "biography")
    uid = world.uid(hermit)
    assert bio == " ".join((dialogue.voices["hermit"].first, pick(dialogue.origin["human"], uid, "origin"),
                            pick(dialogue.temperament["good"], uid, "temperament"),
                            pick(dialogue.circumstance["hermit"], uid, "circumstance")))
    assert game.do(Talk(world.hero, hermit)).ok
    assert said(world.pop_events()) == [dialogue.voices["hermit"].greeting["plain"]]  # indifferent to the hero
    opinion_of(world, hermit, world.hero, 20)
    game.do(Talk(world.hero, hermit))
    assert said(world.pop_events()) == [dialogue.voices["hermit"].greeting["warm"]]


@pytest.mark.rule("N45")
@pytest.mark.rule("N83")
def test_N45_notable_people_have_no_background_and_speak_as_notables(calm):
    world, game = calm
    elder = person(world, kind="notable", background="")
    game.do(Talk(world.hero, elder))
    (bio,) = said(world.pop_events(), "biography")
    notable = world.content.dialogue.circumstance["notable"]
    assert bio.startswith(world.content.dialogue.voices["notable"].first) and any(c in bio for c in notable)


@pytest.mark.rule("N45")
@pytest.mark.rule("N73")
def test_N73_a_later_greeting_tells_the_hero_s_deed_and_names_who_told_of_it(calm):
    world, game = calm
    deeds = world.content.dialogue.deeds
    listener, mara = person(world), person(world)
    rename(world, mara, "Mara")
    game.do(Talk(world.hero, listener))
    social.remember(world, listener, world.hero, "help", source=mara)
    world.pop_events()
    game.do(Talk(world.hero, listener))
    assert said(world.pop_events()) == [deeds["help"]["heard"].format(source="Mara", place="Room 0")]
    social.remember(world, listener, world.hero, "slight")  # seen itself, and newer
    game.do(Talk(world.hero, listener))
    assert said(world.pop_events()) == [deeds["slight"]["seen"].format(place="Room 0")]


@pytest.mark.rule("N46")
def test_N46_draw_weapon_turns_the_person_into_an_ordinary_enemy_where_it_stands(calm):
    world, game = calm
    villager = person(world)
    game.do(Talk(world.hero, villager))
    assert "draw" in [c.key for c in talk_view(world, world.hero, villager).choices]  # offered in every exchange
    world.get(villager, Loyalty).to["hero"] = 12
    square, ap = world.get(villager, Body), body(world, world.hero).ap
    assert not world.is_enemy(villager, world.hero)
    assert game.do(DrawWeapon(world.hero, villager)).ok
    assert body(world, world.hero).ap == ap  # drawing is free; the blows that follow cost as usual
    ident = world.get(villager, Identity)
    assert ident.faction == "hostile" and world.is_enemy(villager, world.hero) and world.is_enemy(world.hero, villager)
    assert world.get(villager, Mood).state == MoodState.ANGERED
    assert world.get(villager, Loyalty).to["hero"] == 0
    assert social.band(world, villager, "hero") == "nemesis"
    assert world.room_of(villager) == room_id(0) and world.get(villager, Body) is square
    assert any(e.kind == "draw_weapon" for e in world.pop_events())
    assert game.do(Talk(world.hero, villager)).reason == f"{ident.name} is in no mood to talk."
    assert game.do(DrawWeapon(world.hero, villager)).reason == f"{ident.name} is already your enemy."
    other = person(world)
    assert not world.is_enemy(other, villager)  # the hero's quarrel: the others do not join it
    game.end_turn()
    assert any(e.kind in ("hit", "miss", "dodge") and e.actor == ident.uid and e.target == "hero" for e in world.events)


@pytest.mark.rule("N46")
def test_N46_a_merchant_only_offers_draw_weapon_and_goodbye(calm):
    world, game = calm
    merchant = spawn(world, "merchant", 0, kind="merchant")
    assert game.do(Talk(world.hero, merchant)).ok
    (told,) = world.pop_events()  # N74: outside the social web, it does not talk; the screen narrates
    assert told.kind == "narrates" and told.text == world.content.dialogue.silent["merchant"][
        "greeting_afield"].format(name="Merchant")  # met in a dungeon: no counter to nod at
    assert [c.key for c in talk_view(world, world.hero, merchant).choices] == ["draw", "goodbye"]
    assert game.do(Ask(world.hero, merchant, "news")).reason == "Merchant has nothing to say about that."
    assert game.do(Ask(world.hero, merchant, "goodbye")).ok


def test_talking_needs_the_person_in_the_room_alive_and_not_hostile(calm):
    world, game = calm
    there = person(world, room=1)
    stalker = spawn(world, "void_stalker", 0)  # hostile, and it takes nothing in a bargain (C4)
    name = world.get(there, Identity).name
    assert game.do(Talk(world.hero, there)).reason == f"{name} is not in this room."
    assert game.do(Talk(world.hero, stalker)).reason == "Void Stalker is in no mood to talk."
    assert game.do(Talk(world.hero, world.hero)).reason == "You mutter to yourself for a while."


@pytest.mark.rule("N71")
def test_N71_others_lists_the_people_the_hero_has_met_or_observed_in_words(calm):
    world, game = calm
    speaker, ada, bran, cole = person(world, 0), person(world, 0), person(world, 1), person(world, 2)
    for eid, name in ((ada, "Ada"), (bran, "Bran"), (cole, "Cole")):
        rename(world, eid, name)
    opinion_of(world, speaker, ada, 27)
    opinion_of(world, speaker, bran, -10)
    opinion_of(world, speaker, cole, 20)  # never observed by the hero: not told
    for other in (ada, bran, cole):  # they do not talk among themselves meanwhile (N66)
        world.pair_cooldown[pair_of(world.uid(speaker), world.uid(other))] = 10**6
    assert game.do(Move(world.hero, room_id(1))).ok  # observed on the way
    assert game.do(Move(world.hero, room_id(0))).ok
    game.finish_turn()
    assert {world.uid(e) for e in (speaker, ada, bran)} <= witness_of(world, world.hero).seen
    assert world.uid(cole) not in witness_of(world, world.hero).seen
    game.do(Talk(world.hero, speaker))
    world.pop_events()
    assert game.do(Ask(world.hero, speaker, "others")).ok
    events = world.pop_events()
    assert events[0].kind == "asks" and events[0].text == f"Hero: “{world.content.dialogue.options['others']}”"
    told = [e for e in events if e.kind == "says"]
    others = world.content.dialogue.others
    assert [e.data["line"] for e in told] == [others["trusted"].format(other="Ada"), others["wary"].format(other="Bran")]
    assert [e.data["band"] for e in told] == ["trusted", "wary"]
    assert "trusted" in told[0].data["line"].lower() and "wary" in told[1].data["line"].lower()


@pytest.mark.rule("N71")
def test_N71_others_tells_of_six_people_at_most_the_most_liked_first(calm):
    """docs/rules.md: up to six; seven known and seen, opinions 1 to 7: the six from 7 down to 2."""
    world, _ = calm
    speaker = person(world)
    known = [person(world) for _ in range(7)]
    for opinion, other in enumerate(known, start=1):
        opinion_of(world, speaker, other, opinion)
        seen = witness_of(world, world.hero)
        seen.seen = seen.seen | {world.uid(other)}
    told = talk.others(world, speaker, world.hero)
    assert [uid for uid, _, _ in told] == [world.uid(e) for e in reversed(known[1:])]


@pytest.mark.rule("N71")
def test_N71_the_hero_observes_who_comes_into_its_room(calm):
    world, game = calm
    visitor = person(world, 1)
    assert world.uid(visitor) not in witness_of(world, world.hero).seen
    game.end_turn()
    assert world.uid(visitor) not in witness_of(world, world.hero).seen
    move_hero(world, 1)
    game.end_turn()  # the witness stage, after movement
    assert world.uid(visitor) in witness_of(world, world.hero).seen


@pytest.mark.rule("N71")
@pytest.mark.rule("N73")
def test_N71_any_news_favours_a_strong_opinion_of_someone_known_then_a_deed_heard(calm):
    world, game = calm
    dialogue = world.content.dialogue
    speaker, ada, mara = named(world, "", "Ada", "Mara")
    game.do(Talk(world.hero, speaker))
    social.remember(world, speaker, world.hero, "help", source=mara)
    world.pop_events()
    game.do(Ask(world.hero, speaker, "news"))  # no opinion of Ada yet: the deed it heard of
    deed = dialogue.deeds["help"]["heard"].format(source="Mara", place="Room 0")
    assert said(world.pop_events()) == [dialogue.news["deed"].format(line=deed)]
    opinion_of(world, speaker, ada, 2)  # indifferent is no news, and the deed was told once (N73)
    game.do(Ask(world.hero, speaker, "news"))
    assert said(world.pop_events()) == [dialogue.voices[voice_of(world, speaker)].news_none]
    opinion_of(world, speaker, ada, -10)
    game.do(Ask(world.hero, speaker, "news"))
    wary = dialogue.others["wary"].format(other="Ada")
    (news,) = [e for e in world.pop_events() if e.kind == "says"]
    assert (news.data["line"], news.data["about"], news.data["band"]) == \
        (dialogue.news["opinion"].format(line=wary), world.uid(ada), "wary")
    lonely = person(world, background="wanderer")
    game.do(Talk(world.hero, lonely))
    world.pop_events()
    game.do(Ask(world.hero, lonely, "news"))
    assert said(world.pop_events()) == [dialogue.voices["wanderer"].news_none]


@pytest.mark.rule("N80")
def test_N80_tell_me_about_yourself_reveals_what_it_values_most_and_cannot_abide(calm):
    world, game = calm
    dialogue = world.content.dialogue
    # hermit (honest +1, pious +1, flattering -1, humorous -1), good (kind +1, honest +1, deceitful -1,
    # threatening -1), hates lies (deceitful -1): honest +2 is valued most, deceitful -2 abhorred
    hermit = person(world, background="hermit", outlook="good", traits=["hates_lies"])
    game.do(Talk(world.hero, hermit))
    world.pop_events()
    game.do(Ask(world.hero, hermit, "about"))
    (event,) = [e for e in world.pop_events() if e.kind == "says"]
    assert (event.data["part"], event.data["welcomes"], event.data["resents"]) == ("about", "honest", "deceitful")
    assert dialogue.values["welcomes"].format(what=dialogue.welcome["honest"]) in event.data["line"]
    assert dialogue.values["resents"].format(what=dialogue.resent["deceitful"]) in event.data["line"]
    plain = person(world, kind="notable", background="", outlook="neutral")
    game.do(Talk(world.hero, plain))
    world.pop_events()
    game.do(Ask(world.hero, plain, "about"))
    assert said(world.pop_events()) == [f"{dialogue.voices['notable'].about} {dialogue.values['none']}"]


@pytest.mark.rule("N82")
def test_N82_leaving_a_moment_early_costs_nothing_and_the_usual_options_continue(content):
    world, game = new(only(sure(content), "letter_home"))
    try:
        villager = person(world)
        ap = body(world, world.hero).ap
        game.do(Talk(world.hero, villager))
        view = talk_view(world, world.hero, villager)
        assert view.moment == "A letter home"
        assert [c.key for c in view.choices] == ["kind", "honest", "humorous", "practical", "blunt", "draw", "goodbye"]
        assert game.do(Ask(world.hero, villager, "others")).reason == "Answer first, or say goodbye."
        assert game.do(Ask(world.hero, villager, "goodbye")).ok
        assert body(world, world.hero).ap == ap and world.get(villager, Loyalty).to.get("hero", 0) == 0
        assert world.get(villager, Memories).known == []
        assert game.do(Reply(world.hero, villager, "kind")).reason == "There is nothing to answer."
        game.do(Talk(world.hero, villager))
        assert [c.key for c in talk_view(world, world.hero, villager).choices] == \
            ["others", "news", "about", "work:ask", "company:recruit", "draw", "goodbye"]
    finally:
        world.close()


def test_talking_asking_and_drawing_are_free_and_a_reply_costs_one_action_point(content):
    world, game = new(only(sure(content), "letter_home"))
    try:
        villager = person(world)
        ap = body(world, world.hero).ap
        for command in (Talk(world.hero, villager), Ask(world.hero, villager, "goodbye"), Talk(world.hero, villager)):
            assert perform(world, command).ok and body(world, world.hero).ap == ap
        world.turn = 100  # a fresh moment may begin
        world.get(villager, Talks).shared.clear()
        perform(world, Talk(world.hero, villager))
        assert perform(world, Reply(world.hero, villager, "kind")).ok
        assert body(world, world.hero).ap == ap - 1
        assert perform(world, Ask(world.hero, villager, "about")).ok and body(world, world.hero).ap == ap - 1
        body(world, world.hero).ap = 0
        world.turn = 200
        world.get(villager, Talks).shared.clear()
        assert perform(world, Talk(world.hero, villager)).ok  # talking needs no action point...
        assert perform(world, Reply(world.hero, villager, "kind")).reason == \
            "You have no action points left this turn."  # ...a reply does
    finally:
        world.close()


def test_the_card_knows_you_and_lists_friends_and_enemies_of_those_observed(calm):
    world, game = calm
    mara, ada, bran = person(world, 1), person(world, 1), person(world, 1)
    rename(world, ada, "Ada")
    rename(world, bran, "Bran")
    opinion_of(world, mara, ada, 26)
    opinion_of(world, mara, bran, -25)
    card = acquaintance(world, world.hero, mara)
    assert card.regard is None and card.loyalty == 0 and not card.observed and card.friends == ()
    assert acquaintance(world, world.hero, spawn(world, "wolf", 2)) is None  # no opinions (N74)
    move_hero(world, 1)
    game.do(Talk(world.hero, mara))
    world.get(mara, Loyalty).to["hero"] = 7
    card = acquaintance(world, world.hero, mara)
    assert (card.regard, card.loyalty, card.observed) == ("indifferent", 7, True)
    assert (card.friends, card.enemies) == (("Ada",), ("Bran",))


@pytest.mark.rule("N72")
def test_N72_any_news_recommends_someone_trusted_and_the_one_sent_to_greets_warmer_naming_the_sender(calm):
    world, game = calm
    dialogue = world.content.dialogue
    speaker, bryn = person(world), person(world, room=1)
    rename(world, speaker, "Mara")
    rename(world, bryn, "Bryn")
    opinion_of(world, speaker, world.hero, 28)  # trusts the hero...
    opinion_of(world, speaker, bryn, 27)  # ...and Bryn
    world.pair_cooldown[pair_of(world.uid(speaker), world.uid(bryn))] = 10**6
    game.do(Talk(world.hero, speaker))
    world.pop_events()
    game.do(Ask(world.hero, speaker, "news"))
    assert said(world.pop_events()) == [dialogue.news["recommend"].format(other="Bryn", room="Room 1")]
    assert game.do(Move(world.hero, room_id(1))).ok
    before = social.hero_impression(world, world.hero)
    world.pop_events()
    game.do(Talk(world.hero, bryn))
    assert said(world.pop_events())[0] == dialogue.news["sent"].format(source="Mara")  # then who it is (N45)
    assert social.opinion(world, bryn, "hero") == before + world.content.social.sent_warmth  # starts warmer


@pytest.mark.rule("N73")
def test_N73_a_witnessed_deed_passed_on_is_told_in_a_greeting_naming_the_source(calm):
    world, game = calm
    listener, mara = person(world), person(world)
    rename(world, mara, "Mara")
    social.remember(world, listener, world.hero, "defended", source=mara)
    game.do(Talk(world.hero, listener))  # the first meeting: a biography
    world.pop_events()
    game.do(Talk(world.hero, listener))
    heard = world.content.dialogue.deeds["defended"]["heard"].format(source="Mara", place="Room 0")
    assert said(world.pop_events()) == [heard]
    game.do(Talk(world.hero, listener))  # told once: now a greeting by its opinion of the hero
    assert said(world.pop_events()) != [heard]


@pytest.mark.rule("N69")
@pytest.mark.rule("N87")
def test_N69_any_news_tells_a_feud_of_the_place_with_its_day_once_and_the_chronicle_names_who_told(calm):
    world, game = calm
    dialogue = world.content.dialogue
    speaker, ada, mara = named(world, "Odo", "Ada", "Mara")
    per_day = 24 * 60 // int(world.content.tuning["clock"]["minutes_per_turn"])
    world.turn = per_day + 1  # day 2 (the clock reads the turn): the feud began on turn 1, day 1
    world.feuds[pair_of(world.uid(ada), world.uid(mara))] = 1
    game.do(Talk(world.hero, speaker))
    world.pop_events()
    game.do(Ask(world.hero, speaker, "news"))
    first, second = sorted(("Ada", "Mara"), key=lambda n: world.uid(ada if n == "Ada" else mara))
    line = dialogue.news["feud"].format(first=first, second=second, day="1")
    assert said(world.pop_events()) == [line]
    (entry,) = [e for e in world.get(world.hero, Chronicle).entries if line in e[1]]
    assert (entry[0], entry[2]) == (2, "told by Odo")  # the day the hero was told, and who told it
    game.do(Ask(world.hero, speaker, "news"))  # the hero has heard it: other news now
    assert line not in said(world.pop_events())
    game.do(Talk(world.hero, ada))
    world.pop_events()
    game.do(Ask(world.hero, ada, "news"))  # one of the two sides tells it in its own words
    assert said(world.pop_events()) == [dialogue.news["feud_own"].format(other="Mara", day="1")]
