"""The first hour, played headless through the commands and views the screens use (issue 23): a new player
talks to a villager, reads what the work pays before taking it, walks to the target room by room, hands the
parcel over, claims the pay, is told what following needs and where the villager stands, earns it with more
work and recruits."""
from __future__ import annotations

import re

from game.launch import new_game
from game.paths import ROOT
from game.world.commands import EndTurn, Move, Recruit, Reply, Talk, Work
from game.world.talkview import talk_view
from game.world.verbs import company, contracts

VILLAGE = ROOT / "maps" / "village.tmx"


def say(game, person, key: str) -> None:
    """Choose the choice whose key is `key` in the dialogue's view, as the screen would."""
    world = game.world
    choice = next(c for c in talk_view(world, world.hero, person).choices if c.key == key)
    command = Recruit(world.hero, person) if key == "company:recruit" else Work(world.hero, person, key[5:])
    assert game.do(command).ok, choice


def walk_to(game, person: int) -> None:
    """Room by room along the shortest way to where `person` stands now (people walk too), ending turns when
    the action points run out."""
    world = game.world
    for _ in range(60):
        room = world.room_of(person)
        if world.hero_room() == room:
            return
        steps = world.rooms.distances_from(room)
        nearer = min((steps[o], o) for _, o in world.map.exits_of(world.hero_room()) if o in steps)[1]
        if not game.do(Move(world.hero, nearer)).ok:
            game.do(EndTurn(world.hero))
        if game.busy:
            game.finish_turn()
    raise AssertionError(f"never caught up with {world.room_name(world.room_of(person))}")


def talk(game, person) -> None:
    """Talk, answering any moment that begins with its first reply (as a player picking 1 would)."""
    world = game.world
    assert game.do(Talk(world.hero, person)).ok
    for _ in range(10):
        view = talk_view(world, world.hero, person)
        if not view.moment:
            return
        assert game.do(Reply(world.hero, person, view.choices[0].approach)).ok
        if game.busy:
            game.finish_turn()
    raise AssertionError("a moment that never ends")


def test_a_new_player_takes_work_knows_its_pay_does_it_learns_what_recruiting_needs_and_recruits():
    game = new_game(VILLAGE, 7)
    try:
        world = game.world
        person = next(a.eid for a in world.actors.all() if a.ident.kind == "world" and a.body.health > 0)
        name = talk_view(world, world.hero, person).name
        told, done = "", 0
        for _job in range(12):
            walk_to(game, person)
            talk(game, person)
            recruit = next(c for c in talk_view(world, world.hero, person).choices if c.key == "company:recruit")
            if recruit.terms.startswith(f"{name} is loyal enough"):
                break
            told = recruit.terms  # what following needs, and where the person stands
            assert re.fullmatch(rf"{re.escape(name)} will follow at loyalty 30; it is \d+ now\.", told)
            if contracts.cooldown_left(world, world.hero, person):
                for _ in range(31):  # N40: a giver offers work again 30 turns after the last was done
                    game.do(EndTurn(world.hero))
                    if game.busy:
                        game.finish_turn()
                continue
            offered = None
            for _ in range(20):  # "Any work?", then "Anything else?" until it is a parcel to carry
                say(game, person, "work:ask")
                offered = contracts.of_giver(world, world.hero, person, "offered")
                if offered is not None and offered.kind == "deliver":
                    break
                if offered is not None and offered.kind == "mini":
                    say(game, person, "work:decline")
            view = talk_view(world, world.hero, person)
            accept = next((c for c in view.choices if c.key == "work:accept"), None)
            assert accept is not None, (offered, view.moment, [c.key for c in view.choices])
            assert accept.terms.startswith(f"Pays {offered.gold} gold")  # the pay, before accepting
            say(game, person, "work:accept")
            addressee = world.actors.by_uid(offered.target).eid
            walk_to(game, addressee)
            talk(game, addressee)
            say(game, addressee, "work:deliver")
            walk_to(game, person)
            talk(game, person)
            say(game, person, "work:claim")
            done += 1
        else:
            raise AssertionError("twelve jobs did not earn the loyalty to follow")
        assert told and done, "the player was never told what following needs, or earned it without work"
        say(game, person, "company:recruit")
        assert company.companion_of(world, person) is not None
    finally:
        game.close()
