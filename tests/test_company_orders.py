"""Companions who live (N4, N12, N16, N17; issue 24): below a quarter of health a companion breaks off, leaves the
fight and does not follow the hero back into it until it has recovered; "stay behind me" keeps it at the hero's
side fighting only what wounds it. Through the commands a scripted hero and the dialogue screen send."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.world.commands import Move, Order
from game.world.components import Body, MoodState
from game.world.talkview import talk_view
from game.world.verbs import company
from tests.helpers.world_fixtures import body, make_world, mood, move_hero, room_id, room_of, row_map, spawn
from game.world.driver import Driver

BLOWS = ("hit", "miss", "dodge")


def party_of_one(content, rooms: int = 3, seed: int = 69):
    """Rooms in a row, the hero in Room 1 with a guard who has joined it (a thinking creature)."""
    world = make_world(content, row_map(rooms, size=(8, 8)), seed=seed)
    game = Driver(world)
    move_hero(world, 1)
    mate = spawn(world, "guard", 1)
    company.join(world, world.hero, mate)
    sturdy(world, world.hero, 10**6)  # nothing here kills the hero
    return game, world, mate


def sturdy(world, eid: int, health: int, now: int | None = None) -> None:
    """`eid`'s maximum health set to `health`, its health to `now` (default: full)."""
    the_body = body(world, eid)
    the_body.card = replace(the_body.card, health=health)
    the_body.health = health if now is None else now


def blows_by(events, world, eid):
    return [e for e in events if e.kind in BLOWS and e.actor == world.uid(eid)]


@pytest.mark.rule("N12")
def test_N12_N16_a_companion_below_a_quarter_breaks_off_and_comes_back_once_recovered(content):
    """At 24 % with a wolf in its room it flees (no blow), leaves for the room holding no enemy, stays out
    of the fight while the hero walks back in, and follows the hero again once it has healed to 40 %."""
    game, world, mate = party_of_one(content)
    try:
        wolf = spawn(world, "wolf", 1)
        sturdy(world, wolf, 10**6)
        sturdy(world, spawn(world, "wolf", 2), 10**6)
        sturdy(world, mate, 1000, 240)
        mate_body = body(world, mate)
        world.pop_events()
        game.end_turn()
        assert mood(world, mate).state == MoodState.FLEEING
        assert not blows_by(world.pop_events(), world, mate)
        assert room_of(world, mate) == room_id(0)  # Room 2 holds a zombie too: Room 0 holds none
        for _ in range(5):  # the hero stays in the fight; the companion stays out of it
            game.end_turn()
            assert room_of(world, mate) == room_id(0)
        assert game.do(Move(world.hero, room_id(0))).ok and game.do(Move(world.hero, room_id(1))).ok
        assert room_of(world, mate) == room_id(0)  # it did not come along into the fight
        move_hero(world, 2)
        body(world, wolf).health = 0
        mate_body.health = 400
        game.end_turn()
        game.end_turn()
        assert mood(world, mate).state != MoodState.FLEEING
        assert room_of(world, mate) != room_id(0)  # recovered, it catches up a room a turn
    finally:
        world.close()


@pytest.mark.rule("N4")
def test_N4_stay_behind_me_fights_only_what_wounds_it_and_follows_the_hero(content):
    """Ordered "behind", the companion strikes nothing while a wolf that has not wounded it fights the hero
    (10 turns); once the wolf turns on it (now the weaker), the blow that wounds it makes the wolf its target.
    It follows the hero through a door."""
    game, world, mate = party_of_one(content)
    try:
        assert game.do(Order(world.hero, mate, "behind")).ok
        assert company.companion_of(world, mate).order == "behind"
        assert [e.data["line"] for e in world.pop_events() if e.kind == "says"] == [
            world.content.companions.lines["keeps_behind"]]
        keys = [c.key for c in talk_view(world, world.hero, mate).choices]
        assert "company:follow" in keys and "company:wait" in keys and "company:behind" not in keys
        sturdy(world, mate, 2 * 10**6)  # stronger than the hero: the wolf goes for the hero
        assert game.do(Move(world.hero, room_id(2))).ok
        assert room_of(world, mate) == room_id(2)  # it keeps with the hero
        assert game.do(Move(world.hero, room_id(1))).ok and room_of(world, mate) == room_id(1)
        wolf = spawn(world, "wolf", 1)
        sturdy(world, wolf, 10**6)
        for _ in range(10):
            world.pop_events()
            game.end_turn()
            events = world.pop_events()
            assert blows_by(events, world, wolf) and not blows_by(events, world, mate)
        sturdy(world, mate, 10**5)  # now the weaker: the wolf turns on it
        struck_back = []
        for _ in range(40):
            game.end_turn()
            struck_back = blows_by(world.pop_events(), world, mate)
            if struck_back:
                break
        assert body(world, mate).killer == world.uid(wolf)
        assert struck_back and all(e.target == world.uid(wolf) for e in struck_back)
    finally:
        world.close()
