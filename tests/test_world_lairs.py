"""Lairs (N12, N15, N32; docs/rules.md "Lairs"): a needless creature lurks in the room it is placed in until it
notices the hero by Perception against Sneak, by scent, or by a fight in its room or next door.

The world of tests/helpers/world_fixtures.py: rooms in a row, the hero in Room 0."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.world.components import MoodState
from game.world.driver import Driver
from game.world.systems import behaviour
from game.world.verbs import noticing
from tests.helpers.world_fixtures import body, make_world, mood, move_hero, room_id, room_of, row_map, spawn

TRIALS = 2000


def tough(world) -> None:
    """A hero nothing here can kill."""
    hero = body(world, world.hero)
    hero.card = replace(hero.card, health=10**6)
    hero.health = 10**6


def set_sneak(world, sneak: int) -> None:
    hero = body(world, world.hero)
    hero.card = replace(hero.card, sneak=sneak)


def notices(world):
    return [e for e in world.events if e.kind == "notice"]


@pytest.mark.rule("N15")
def test_N12_N15_lairs_stay_put_for_300_turns_until_noticed_and_a_roamer_roams(content):
    """Four rooms from the hero (whose scent there stays near 0.06, below every threshold), three needless
    lurkers stay in their lair, lurking, for 300 whole turns; a zombie placed with `wanders` leaves that room."""
    world = make_world(content, row_map(5, size=(8, 8)), seed=24)
    game = Driver(world)
    try:
        tough(world)
        lurkers = [spawn(world, codex_id, 4, wanders=False) for codex_id in ("zombie", "skeleton_rabble", "stone_golem")]
        roamer = spawn(world, "zombie", 4)
        assert all(mood(world, eid).state == MoodState.LURKING for eid in lurkers)
        assert mood(world, roamer).state == MoodState.WANDERING
        roamed = set()
        for _ in range(300):
            game.end_turn()
            roamed.add(room_of(world, roamer))
            assert all(room_of(world, eid) == room_id(4) for eid in lurkers)
        assert all(mood(world, eid).state == MoodState.LURKING for eid in lurkers)
        assert not notices(world)
        assert len(roamed) >= 3
    finally:
        world.close()


@pytest.mark.rule("N32")
@pytest.mark.parametrize("codex_id, perception, sneak, expected", [
    ("skeleton_rabble", 6, 6, 0.50),  # Tier 2 minion group: 3 x 2
    ("skeleton_rabble", 6, 2, 0.70),
    ("skeleton_rabble", 6, 14, 0.10),
    ("skeleton_rabble", 6, 30, 0.05),  # kept at least 5 %
    ("stone_golem", 9, 0, 0.95),  # PER tier 3; kept at most 95 %
    ("stone_golem", 9, 9, 0.50),
])
def test_N32_noticing_rates_follow_perception_against_sneak(content, codex_id, perception, sneak, expected):
    """In its room a lurker notices the hero with 0.5 + 0.05 x (Perception - Sneak), within 5-95 %; next door
    half that. 2,000 behaviour stages each (fixed seed): within 0.035 of the formula (3 sigma at 50 %)."""
    for hero_room, share in ((1, expected), (0, expected / 2)):
        world = make_world(content, row_map(3, size=(8, 8)), seed=32)
        try:
            set_sneak(world, sneak)
            assert noticing.perception(world, codex_id) == perception
            assert noticing.notice_chance(world, codex_id) == pytest.approx(expected)
            move_hero(world, hero_room)
            lurker = spawn(world, codex_id, 1, wanders=False)
            seen = 0
            for _ in range(TRIALS):
                mood(world, lurker).state = MoodState.LURKING
                behaviour.run(world)
                seen += mood(world, lurker).state != MoodState.LURKING
            assert abs(seen / TRIALS - share) < 0.035, (hero_room, seen / TRIALS, share)
        finally:
            world.close()


@pytest.mark.rule("N15")
def test_N15_a_lurker_notices_the_scent_in_its_lair_and_a_scent_hunter_smells_it_next_door(content):
    """The hero's scent rouses a lurker at 0.6 in its room (not at 0.5); a scent hunter at 0.30."""
    world = make_world(content, row_map(5), seed=15)
    try:
        zombie = spawn(world, "zombie", 4, wanders=False)
        ghoul = spawn(world, "ghoul", 3, wanders=False, provisions=False)
        assert mood(world, ghoul).state == MoodState.LURKING  # undead: no needs
        world.scent_field.hero[room_id(4)] = 0.5
        world.scent_field.hero[room_id(3)] = 0.3
        behaviour.run(world)
        assert mood(world, zombie).state == MoodState.LURKING
        assert mood(world, ghoul).state != MoodState.LURKING
        world.scent_field.hero[room_id(4)] = 0.6
        behaviour.run(world)
        assert mood(world, zombie).state == MoodState.WANDERING
        assert [e.data["how"] for e in notices(world)] == ["scent", "scent"]
        assert "catches Hero's scent" in notices(world)[-1].text
    finally:
        world.close()


@pytest.mark.rule("N15")
def test_N15_the_noise_of_a_fight_next_door_rouses_a_lurker_and_a_lurker_starts_no_fight(content):
    """A wanderer (folk) and a zombie share Room 2: the lurker in Room 3 hears it at once; the one in Room 4,
    two doors off, does not. Lurking, a skeleton beside the hero is not its enemy."""
    world = make_world(content, row_map(5), seed=16)
    try:
        set_sneak(world, 100)
        near = spawn(world, "skeleton_rabble", 3, wanders=False)
        far = spawn(world, "skeleton_rabble", 4, wanders=False)
        beside = spawn(world, "skeleton_rabble", 0, wanders=False)
        assert not world.is_enemy(beside, world.hero) and not world.is_enemy(world.hero, beside)
        spawn(world, "wanderer", 2)
        spawn(world, "zombie", 2)
        behaviour.run(world)
        assert mood(world, near).state == MoodState.WANDERING
        assert mood(world, far).state == MoodState.LURKING
        assert [e.data["how"] for e in notices(world) if e.actor == world.uid(near)] == ["fight"]
        assert "hears the fighting" in notices(world)[0].text
    finally:
        world.close()
