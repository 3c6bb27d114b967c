"""A settlement's chronicle (N87, issue 23): the notable things a hero witnessed or was told, each with its day
and source, kept per hero and saved with it; only what reached this hero (another hero, elsewhere in the same
village, has another chronicle)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.launch import new_game
from game.paths import ROOT
from game.rules import clock
from game.save import load_world, save_world
from game.world.chronicle import SEEN
from game.world.commands import EndTurn, Lift
from game.world.components import Chronicle, Identity, Memories
from game.world.systems import pairs, siege
from game.world.verbs import combat, social, talk
from game.world.verbs.factory import spawn_creature, spawn_item
from game.world.journalview import journal_view
from game.world.verbs.moving import relocate
from tests.helpers.talk_fixtures import beside, resident, set_sheet

VILLAGE = ROOT / "maps" / "village.tmx"
TURNS = 120


def lived(room_name: str, seed: int = 7):
    """A hero standing in `room_name` of the village for TURNS turns, and every event text it heard."""
    game = new_game(VILLAGE, seed)
    world = game.world
    room = next(r.id for r in world.map.rooms.values() if r.name == room_name)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
    heard = set()
    for _ in range(TURNS):
        game.do(EndTurn(world.hero))
        if game.busy:
            game.finish_turn()
        heard |= {e.text for e in world.pop_events() if world.hears(e)}
    return game, heard


@pytest.mark.rule("N87")
def test_N87_the_chronicle_keeps_only_what_reached_this_hero_with_its_day_and_source():
    game, heard = lived("Village Green")
    try:
        world = game.world
        told = journal_view(world, world.hero).chronicle
        assert told, "a hero on the village green for 120 turns saw nothing notable"
        assert all(t.words in heard for t in told)  # never more than the hero heard
        assert all(1 <= t.day <= clock.day(world.minutes) for t in told)
        assert all(t.source == SEEN or t.source.startswith(("told by ", "overheard from ")) for t in told)
        other, heard_there = lived("Millwood House")
        try:
            elsewhere = journal_view(other.world, other.world.hero).chronicle
            assert [t.words for t in elsewhere] != [t.words for t in told]  # a second hero, another chronicle
            assert all(t.words in heard_there for t in elsewhere)
        finally:
            other.close()
    finally:
        game.close()


@pytest.mark.rule("N87")
def test_N87_the_chronicle_is_saved_with_the_hero(tmp_path):
    game, _ = lived("Village Green")
    try:
        world = game.world
        before = list(world.get(world.hero, Chronicle).entries)
        save_world(world, tmp_path / "slot.sav")
        again = load_world(tmp_path / "slot.sav")
        told = [(t.day, t.words, t.source) for t in journal_view(again, again.hero).chronicle]
        assert before and told[::-1] == before
    finally:
        game.close()


# -- the hero's own deeds as the village retells them (N87, N73, issue 23) ---------------------------------------
def seen_defending(world, witness: int):
    """`witness` saw the hero defend the folk where it stands (N73): its memory of it."""
    social.remember(world, witness, world.hero, "defended")
    return world.get(witness, Memories).known[-1]


def entries_of(world) -> list[tuple[int, str, str]]:
    chronicle = world.try_get(world.hero, Chronicle)
    return list(chronicle.entries) if chronicle is not None else []


@pytest.mark.rule("N87")
def test_N87_the_heros_kill_of_a_feared_creature_is_a_deed_it_saw_and_a_rats_is_not(village):
    world = village.world
    room = world.hero_room()
    day = clock.day(world.minutes)
    assert world.content.tuning["chronicle"]["feared_division"] == 5
    rat, ghoul = spawn_creature(world, "giant_rat", room), spawn_creature(world, "ghoul", room)  # Division 2, 5
    before = len(entries_of(world))
    combat.die(world, rat, world.hero)
    assert len(entries_of(world)) == before  # a rat is nothing to tell of
    combat.die(world, ghoul, world.hero)
    [(when, words, source)] = entries_of(world)[before:]
    assert (when, source) == (day, SEEN) and "Ghoul" in words and "Hero" in words


@pytest.mark.rule("N87")
@pytest.mark.rule("N48")
def test_N87_a_theft_found_out_is_in_the_chronicle_and_one_that_worked_is_not(village):
    world = village.world
    set_sheet(world, perks=("thief",), dexterity=3, patience=0, proficiencies={})  # 50 %
    results = []
    for n in range(8):  # one try on each of eight people: some work, some are found out
        person = resident(world, n)
        beside(world, person)
        item = spawn_item(world, "dagger", owner=person)
        before = len(entries_of(world))
        world.pop_events()
        assert village.do(Lift(world.hero, person, item)).ok
        (tried,) = [e for e in world.pop_events() if e.kind == "lift"]
        results.append((tried.data["success"], entries_of(world)[before:]))  # what the try itself wrote
        if village.busy:
            village.finish_turn()
    worked = [new for ok, new in results if ok]
    found_out = [new for ok, new in results if not ok]
    assert worked and found_out
    assert all(new == [] for new in worked)  # a quiet theft leaves no line
    assert all(len(new) == 1 and new[0][2] == SEEN for new in found_out)


@pytest.mark.rule("N87")
@pytest.mark.rule("N73")
def test_N87_a_person_who_heard_of_the_heros_deed_retells_it_and_the_chronicle_names_who_told(village):
    world = village.world
    hero = world.hero
    witness, listener = resident(world, 0), resident(world, 1)
    social.pass_on(world, witness, listener, seen_defending(world, witness))  # the listener heard it (N73)
    beside(world, listener)
    talk.start(world, hero, listener)  # a first meeting: the biography
    talk.start(world, hero, listener)  # then the greeting tells what it heard
    teller, source = world.get(listener, Identity).name, world.get(witness, Identity).name
    retold = [e for e in entries_of(world) if e[2] == f"told by {teller}"]
    assert len(retold) == 1 and source in retold[0][1] and retold[0][0] == clock.day(world.minutes)
    talk.start(world, hero, listener)  # told once: the next greeting does not retell it
    assert len([e for e in entries_of(world) if e[2] == f"told by {teller}"]) == 1


@pytest.mark.rule("N87")
@pytest.mark.rule("N73")
def test_N87_gossip_of_this_heros_deed_overheard_is_kept_and_of_another_heros_is_not(village):
    world = village.world
    teller, listener = resident(world, 0), resident(world, 1)
    room = world.room_of(teller)
    relocate(world, listener, room, [world.rooms.free_spot(room)])
    beside(world, teller)
    ours = seen_defending(world, teller)
    theirs = replace(ours, hero="hero#99")  # a deed of a hero of another world, passing the same way
    social.meet(world, teller, listener)  # they know each other, as the pair stage has them (N66)
    held = {teller: 60, listener: 60}
    before = len(entries_of(world))
    pairs.talk(world, teller, listener, room, held, news=theirs)
    assert [e for e in entries_of(world)[before:] if e[2].startswith("overheard")] == []
    pairs.talk(world, teller, listener, room, held, news=ours)
    [(day, words, source)] = [e for e in entries_of(world)[before:] if e[2].startswith("overheard")]
    assert source == f"overheard from {world.get(teller, Identity).name}" and day == clock.day(world.minutes)


@pytest.mark.rule("N87")
def test_N87_the_siege_lifted_is_in_the_chronicle_of_the_hero_who_lifted_it():
    game = new_game(ROOT / "maps" / "tower.tmx", 1)
    try:
        world = game.world
        siege.fall(world, siege.camp_of(world))
        [(day, words, source)] = [e for e in entries_of(world) if "siege" in e[1]]
        assert source == SEEN and day == 1 and "the siege of Varr's Watch is lifted" in words
    finally:
        game.close()


@pytest.mark.rule("N87")
def test_N87_a_second_hero_elsewhere_in_the_village_hears_no_retelling_of_the_firsts_deeds():
    first, _ = lived("Village Green")
    second, _ = lived("Millwood House")
    try:
        for game in (first, second):
            world = game.world
            social.pass_on(world, resident(world, 3), resident(world, 2), seen_defending(world, resident(world, 3)))
        beside(first.world, resident(first.world, 2))
        talk.start(first.world, first.world.hero, resident(first.world, 2))
        talk.start(first.world, first.world.hero, resident(first.world, 2))
        name = first.world.get(resident(first.world, 2), Identity).name
        assert any(e[2] == f"told by {name}" for e in entries_of(first.world))
        assert not any(e[2] == f"told by {name}" for e in entries_of(second.world))  # it never met that person
    finally:
        first.close()
        second.close()
