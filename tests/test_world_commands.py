"""Commands carry their actor: the hero, a companion or a scripted bot act through the same commands and
get the same Result, paid from their own Action Points (docs/architecture.md)."""
from __future__ import annotations

from game.world.commands import Attack, EndTurn, Move, PickUp, Result, perform
from game.world.components import Inventory
from game.world.verbs import factory
from tests.helpers.world_fixtures import body, kinds, room_id, room_of, spawn


def test_an_npc_moves_and_picks_up_through_the_hero_commands(world, game):
    npc = spawn(world, "wanderer", 0)
    body(world, npc).ap = 2
    hero_ap = body(world, world.hero).ap
    dagger = factory.spawn_item(world, "dagger", room_id(0), (3, 1))
    assert game.do(PickUp(npc, dagger)) == Result(True)
    assert dagger in world.get(npc, Inventory).items
    assert body(world, npc).ap == 1
    assert game.do(Move(npc, room_id(1))) == Result(True)
    assert room_of(world, npc) == room_id(1) and body(world, npc).ap == 0
    assert kinds(world, "enter")[-1].actor == world.uid(npc)
    assert body(world, world.hero).ap == hero_ap  # the NPC paid, not the hero
    assert not game.busy  # and the world turn waits for the hero


def test_an_npc_gets_the_reasons_the_hero_gets(world, game):
    npc = spawn(world, "wanderer", 0)  # beside the hero at the entrance
    body(world, npc).ap = body(world, world.hero).ap = 1
    assert game.do(Move(npc, room_id(0))) == game.do(Move(world.hero, room_id(0))) == \
        Result(False, "You are already there.")
    assert game.do(Move(npc, room_id(2))) == game.do(Move(world.hero, room_id(2))) == \
        Result(False, "Room 2 is not next to this room.")
    body(world, npc).ap = body(world, world.hero).ap = 0
    assert perform(world, Move(npc, room_id(1))) == perform(world, Move(world.hero, room_id(1))) == \
        Result(False, "You have no action points left this turn.")


def test_an_npc_strikes_through_the_attack_command(world, game):
    npc = spawn(world, "outlaw", 0)
    rat = spawn(world, "giant_rat", 0)
    body(world, npc).ap = 1
    assert game.do(Attack(npc, rat)).ok
    blow = [e for e in world.events if e.kind in ("hit", "miss", "dodge")][-1]
    assert (blow.actor, blow.target) == (world.uid(npc), world.uid(rat))
    assert game.do(Attack(npc, rat)) == Result(False, "You have no action points left this turn.")


def test_end_turn_spends_the_actors_points_and_only_the_hero_s_starts_the_world_turn(world, game):
    npc = spawn(world, "wanderer", 0)
    body(world, npc).ap = 2
    assert game.do(EndTurn(npc)).ok and body(world, npc).ap == 0
    assert not game.busy
    assert game.do(EndTurn(world.hero)).ok and game.busy
    game.finish_turn()
    assert world.turn == 1


def test_the_hero_waits_only_on_a_turn_it_spent_doing_nothing(world, game):
    """"Hero waits." is a turn ended with every action point unspent; a turn that moved and then ended (as
    travel and auto-explore end theirs) says nothing more."""
    hero = world.hero
    body(world, hero).ap = body(world, hero).card.ap
    assert game.do(EndTurn(hero)).ok
    assert [e.actor for e in kinds(world, "hero_wait")] == [world.uid(hero)]
    game.finish_turn()
    body(world, hero).ap = 2
    assert game.do(Move(hero, room_id(1))).ok and body(world, hero).ap == 1
    assert game.do(EndTurn(hero)).ok
    assert len(kinds(world, "hero_wait")) == 1


def test_a_dead_actor_is_refused(world, game):
    npc = spawn(world, "wanderer", 0)
    body(world, npc).health = 0
    assert game.do(Move(npc, room_id(1))) == Result(False, "You are dead.")
