"""Companions (N4, N11, N12, N38, N39, N46, N48) through the commands a scripted hero and the dialogue screen
send: recruiting gated by loyalty, a party of two, following through doors, waiting, exploring an adjacent
room and reporting, gear handed over both ways, fighting on the hero's side, complaining to the hero,
a drawn weapon setting the companion down first, and saves."""
from __future__ import annotations

import dataclasses

import pytest

from game.launch import new_game
from game.paths import DEFAULT_MAP
from game.save import load_world, save_world
from game.world.commands import DrawWeapon, EndTurn, Hand, Move, Order, Recruit, TakeBack
from game.world.components import (Body, Companion, Identity, Inventory, Loyalty, Mood, MoodState, Needs, Position,
                                   Persona)
from game.world import views
from game.world.driver import Driver
from game.world.partyview import party_view
from game.world.talkview import talk_view
from game.world.verbs import company
from game.world.verbs.factory import spawn_creature, spawn_item
from game.world.verbs.moving import relocate


def residents(world) -> list[int]:
    return [a.eid for a in world.actors.all() if world.has(a.eid, Persona)
            and a.ident.kind not in ("notable", "merchant") and not world.is_enemy(a.eid, world.hero)]


def goto(world, room: int) -> None:
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])


def joined(game, eid: int) -> int:
    """`eid` made loyal enough and recruited where it stands."""
    world = game.world
    goto(world, world.room_of(eid))
    world.get(eid, Loyalty).to["hero"] = world.content.companions.loyalty
    assert game.do(Recruit(world.hero, eid)).ok and company.companion_of(world, eid) is not None
    return eid


def said(world) -> list[str]:
    return [e.data["line"] for e in world.pop_events() if e.kind == "says"]


@pytest.mark.rule("N39")
@pytest.mark.rule("N38")
def test_N39_loyalty_gates_recruitment_at_the_threshold_of_the_data(village):
    world = village.world
    person = residents(world)[0]
    goto(world, world.room_of(person))
    assert world.content.companions.loyalty == 30
    world.get(person, Loyalty).to["hero"] = 29
    world.pop_events()
    assert village.do(Recruit(world.hero, person)).ok
    assert said(world) == [world.content.companions.lines["refuses"]] and company.companion_of(world, person) is None
    world.get(person, Loyalty).to["hero"] = 30
    assert village.do(Recruit(world.hero, person)).ok
    assert said(world) == [world.content.companions.lines["joins"]]
    assert company.party(world, world.hero) == [person]
    assert world.get(person, Identity).faction == "hero"  # fights on the hero's side
    assert [c.key for c in talk_view(world, world.hero, person).choices][3:5] == ["company:behind", "company:wait"]


def test_a_party_holds_two_and_merchants_and_notable_people_stay_put(village):
    world = village.world
    first, second, third = residents(world)[:3]
    joined(village, first)
    joined(village, second)
    goto(world, world.room_of(third))
    world.get(third, Loyalty).to["hero"] = 99
    world.pop_events()
    assert village.do(Recruit(world.hero, third)).ok
    assert said(world) == [world.content.companions.lines["full"]] and len(company.party(world, world.hero)) == 2
    notable = next(a.eid for a in world.actors.all() if a.ident.kind == "notable")
    goto(world, world.room_of(notable))
    assert village.do(Recruit(world.hero, notable)).reason.endswith("will not leave this place.")
    assert "company:recruit" not in [c.key for c in talk_view(world, world.hero, notable).choices]


@pytest.mark.rule("N4")
def test_N4_a_companion_moves_where_the_hero_moves_and_waits_where_told(village):
    world = village.world
    person = joined(village, residents(world)[0])
    start = world.room_of(person)
    next_room = world.map.exits_of(start)[0][1]
    assert village.do(Move(world.hero, next_room)).ok
    assert world.room_of(person) == next_room == world.hero_room()
    assert village.do(Order(world.hero, person, "wait")).ok
    assert village.do(Move(world.hero, start)).ok
    for _ in range(3):
        village.end_turn()
    assert world.room_of(person) == next_room  # it waits
    goto(world, next_room)
    assert village.do(Order(world.hero, person, "follow")).ok
    goto(world, start)  # the hero went on without it: it catches up in the company stage
    village.end_turn()
    assert world.room_of(person) == start


@pytest.mark.rule("N4")
@pytest.mark.rule("N38")
def test_N38_sent_to_explore_an_adjacent_room_it_goes_looks_comes_back_and_reports(village):
    world = village.world
    person = joined(village, residents(world)[0])
    here = world.room_of(person)
    there = world.map.exits_of(here)[0][1]
    far = next(r for r in world.map.rooms if r not in (here, there))
    assert village.do(Order(world.hero, person, "explore", far)).reason.endswith("is not next to this room.")
    assert village.do(Order(world.hero, person, "explore", there)).ok
    expected = company.look(world, person, there)
    world.pop_events()
    village.end_turn()
    assert world.room_of(person) == there
    village.end_turn()
    assert world.room_of(person) == here
    report = world.content.companions.lines["seen"].format(room=world.room_name(there), seen=expected)
    assert report in said(world)
    assert world.get(person, Companion).order == "follow"


@pytest.mark.rule("N4")
@pytest.mark.rule("N48")
def test_N4_N48_gear_from_the_pack_is_equipped_and_handed_back_on_request(village):
    world = village.world
    person = joined(village, residents(world)[0])
    hero = world.hero
    sword = spawn_item(world, "longsword", owner=hero, quality="fine")
    worn = world.get(hero, Inventory).equipped["weapon"]
    assert village.do(Hand(hero, person, worn)).reason == "Take it off before you hand it over."
    ap = world.get(hero, Body).ap
    assert "company:hand:%d" % sword in [c.key for c in talk_view(world, hero, person).choices]
    assert village.do(Hand(hero, person, sword)).ok
    assert world.get(person, Inventory).equipped["weapon"] == sword
    assert world.get(person, Body).card.melee >= world.get(person, Body).base.melee
    assert world.get(hero, Body).ap == ap - 1
    village.end_turn()
    assert village.do(TakeBack(hero, person, sword)).ok
    assert sword in world.get(hero, Inventory).items
    assert "weapon" not in world.get(person, Inventory).equipped or \
        world.get(person, Inventory).equipped["weapon"] != sword


@pytest.mark.rule("N12")
def test_N12_a_companion_fights_the_heros_enemies_and_does_not_wander_off_by_mood(village):
    world = village.world
    person = joined(village, residents(world)[0])
    room = world.room_of(person)
    wolf = spawn_creature(world, "wolf", room)
    assert world.is_enemy(person, wolf) and world.is_enemy(wolf, person)
    world.get(person, Body).health = 999  # it will not flee
    blows = []
    for _ in range(6):
        world.pop_events()
        village.end_turn()
        blows += [e for e in world.pop_events() if e.kind in ("hit", "miss", "dodge") and e.actor == world.uid(person)]
        if not world.alive(wolf):
            break
    assert blows  # it struck the wolf
    needs = world.get(person, Needs)
    needs.hunger = 60
    world.get(person, Mood).state = MoodState.EXPLORING
    assert village.do(Order(world.hero, person, "wait")).ok
    for _ in range(5):
        village.end_turn()
    assert world.room_of(person) == room


@pytest.mark.rule("N11")
def test_N11_a_companion_complains_to_the_hero_directly_wherever_the_hero_is(village):
    world = village.world
    person = joined(village, residents(world)[0])
    assert village.do(Order(world.hero, person, "wait")).ok
    goto(world, next(r for r in world.map.rooms if r != world.room_of(person)))
    world.get(person, Needs).thirst = 85
    for item in list(world.get(person, Inventory).items):
        world.get(person, Inventory).items.remove(item)  # nothing to drink
    world.pop_events()
    village.end_turn()
    (complaint,) = [e for e in world.pop_events() if e.kind == "complain_thirst" and e.actor == world.uid(person)]
    assert complaint.target == "hero" and world.hears(complaint)


@pytest.mark.rule("N46")
def test_N46_drawing_a_weapon_on_a_companion_sets_it_down_first(village):
    world = village.world
    person = joined(village, residents(world)[0])
    assert village.do(DrawWeapon(world.hero, person)).ok
    assert company.companion_of(world, person) is None and company.party(world, world.hero) == []
    assert world.get(person, Identity).faction == "hostile"
    assert world.room_of(person) == world.hero_room()


def test_the_party_view_and_a_save_keep_the_companions_and_their_orders(village, tmp_path):
    world = village.world
    person = joined(village, residents(world)[0])
    assert village.do(Order(world.hero, person, "wait")).ok
    assert [(v.name, order) for v, order in party_view(world, world.hero)] == \
        [(world.get(person, Identity).name, "wait")]
    save_world(world, tmp_path / "p.sav")
    loaded = Driver(load_world(tmp_path / "p.sav"))
    try:
        again = loaded.world
        assert [(v.uid, order) for v, order in party_view(again, again.hero)] == [(world.uid(person), "wait")]
        mate = company.party(again, again.hero)[0]
        assert again.get(mate, Companion).faction == "folk"
        loaded.do(EndTurn(again.hero))
        loaded.finish_turn()
    finally:
        loaded.close()



def _without_room(dungeon, gone: int):
    """`dungeon` as a designer might save it again: room `gone`, its exits and its contents taken out."""
    def kept(things):
        return tuple(t for t in things if t.room != gone)
    return dataclasses.replace(dungeon, rooms={k: r for k, r in dungeon.rooms.items() if k != gone},
                               exits=tuple(e for e in dungeon.exits if gone not in e.rooms),
                               placements=kept(dungeon.placements), items=kept(dungeon.items),
                               traps=kept(dungeon.traps), spawners=kept(dungeon.spawners),
                               supplies=kept(dungeon.supplies))


@pytest.mark.rule("N4")
@pytest.mark.rule("N38")
def test_N4_the_designers_F5_reload_keeps_the_party_with_its_packs_orders_and_places(village):
    """F5 (docs/maps.md): the map's population is laid out afresh, but the hero's companions stay with their
    packs, loyalty and orders: one following beside the hero, one waiting in its room. After a reload that
    took that room away, the one waiting stands beside the hero, and one sent to explore it follows again."""
    world = village.world
    fresh = len(world.creatures())
    duplicates = fresh - len({world.get(e, Identity).name for e in world.creatures()})
    waiter = joined(village, residents(world)[1])
    assert village.do(Order(world.hero, waiter, "wait")).ok
    waiting = world.room_of(waiter)
    follower = joined(village, residents(world)[0])
    beside = world.map.exits_of(waiting)[0][1]
    goto(world, beside)
    relocate(world, follower, beside, [world.rooms.free_spot(beside)])
    before = {world.uid(e): (world.room_of(e), company.companion_of(world, e).order,
                             sorted(i.item_id for i in views.carried_by(world, e)),
                             world.get(e, Loyalty).to["hero"]) for e in (follower, waiter)}
    assert before[world.uid(follower)][0] == beside != waiting

    village.reload_map(world.map)

    party = company.party(world, world.hero)
    assert {world.uid(e): (world.room_of(e), company.companion_of(world, e).order,
                           sorted(i.item_id for i in views.carried_by(world, e)),
                           world.get(e, Loyalty).to["hero"]) for e in party} == before
    assert len(world.creatures()) == fresh  # the map's people anew, the two who joined not laid out twice
    names = [world.get(e, Identity).name for e in world.creatures()]
    assert len(names) - len(set(names)) == duplicates  # no one of the party stands there twice
    village.end_turn()  # the reloaded world runs with its party

    follower = next(e for e in party if company.companion_of(world, e).order == "follow")
    assert village.do(Order(world.hero, follower, "explore", waiting)).ok
    village.reload_map(_without_room(world.map, waiting))
    party = company.party(world, world.hero)
    assert len(party) == 2 and {world.room_of(e) for e in party} == {beside} == {world.hero_room()}
    assert sorted((c.order, c.room) for c in (company.companion_of(world, e) for e in party)) == [("follow", -1), ("wait", -1)]
    village.end_turn()


@pytest.mark.rule("C31")
def test_C31_a_group_in_the_party_stands_its_heads_beside_the_hero_when_its_room_is_gone():
    """A minion group bound to the hero (here forced into its party) keeps its heads together through F5 (and
    any journey, which brings companions in the same way): each on a free square of the hero's room."""
    game = new_game(DEFAULT_MAP, 3)
    world = game.world
    try:
        group = next(a.eid for a in world.actors.all() if a.body.heads)
        company.join(world, world.hero, group, forced=True)
        company.companion_of(world, group).order = "wait"  # it stays in its room, away from the hero
        gone = world.room_of(group)
        assert gone != world.hero_room()
        heads = len(world.get(group, Position).cells)
        game.reload_map(_without_room(world.map, gone))
        group = company.party(world, world.hero)[0]
        pos = world.get(group, Position)
        room = world.map.rooms[world.hero_room()]
        assert pos.room == room.id and len(set(pos.cells)) == heads and pos.square == pos.cells[0]
        assert all(room.contains(cell) for cell in pos.cells) and group in world.rooms.occupants(room.id)
        assert world.get(world.hero, Position).square not in pos.cells
        for _ in range(3):
            game.end_turn()
    finally:
        game.close()
