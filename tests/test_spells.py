"""Binding spells (N50-N59, N74) through the commands a scripted hero and the screens send: Animal Charm,
Mind Control and Necrotize on the right kind of creature only (Reconciliation 6), 50 x proficiency turns
counted down one a turn, the bound creature's missing needs and stillness, its blank line and its three
orders, and the end: turning hostile (a companion first steps into the nearest adjacent room with space,
waiting while there is none) or crumbling into Bones where it stood; and saves."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.launch import new_game
from game.paths import ROOT
from game.save import load_world, save_world
from game.world.commands import Ask, Attack, Cast, Compel, EndTurn, Hand, Move, Order, Recruit, Talk
from game.world.components import Binding, Body, Hero, Identity, Inventory, Item, Mana, Mood, MoodState, Needs, Position, Ties
from game.world.driver import Driver
from game.world.verbs import company, spells
from game.world.verbs.combat import die
from game.world.verbs.factory import spawn_item
from game.world.verbs.moving import relocate
from tests.helpers.world_fixtures import kinds, make_world, room_id, row_map, spawn

SPELLS = {"animal_charm": ("druidic", "wolf"), "mind_control": ("illusion", "outlaw"),
          "necrotize": ("necromancy", "ghoul")}


def skilled(world, **levels: int) -> None:
    """The hero's sheet with these proficiency levels."""
    hero = world.get(world.hero, Hero)
    hero.sheet = replace(hero.sheet, proficiencies={**hero.sheet.proficiencies, **levels})


def rested(world) -> None:
    """Full AP and mana again, so one test may cast many times."""
    body = world.get(world.hero, Body)
    body.ap = body.card.ap
    if world.has(world.hero, Mana):
        world.remove(world.hero, Mana)


def charmed_wolf(game, level: int = 1) -> int:
    world = game.world
    skilled(world, druidic=level)
    wolf = spawn(world, "wolf")
    assert game.do(Cast(world.hero, wolf, "animal_charm")).ok
    return wolf


@pytest.mark.rule("N50")
@pytest.mark.rule("N51")
@pytest.mark.rule("N52")
@pytest.mark.parametrize("spell", SPELLS)
def test_N50_N51_N52_a_binding_holds_50_turns_per_proficiency_level(game, spell):
    world = game.world
    proficiency, codex_id = SPELLS[spell]
    for level in (1, 2, 3):
        skilled(world, **{proficiency: level})
        rested(world)
        target = spawn(world, codex_id)
        assert game.do(Cast(world.hero, target, spell)).ok
        assert world.get(target, Binding).turns == 50 * level
        assert not world.is_enemy(target, world.hero) and not world.is_enemy(world.hero, target)


def binding_free(world, *eids: int) -> bool:
    return all(spells.binding_of(world, eid) is None for eid in eids)


@pytest.mark.rule("N50")
def test_N50_the_wrong_kind_of_creature_fails_with_the_reason_and_proficiency_0_cannot_cast(game):
    world = game.world
    wolf, ghoul, outlaw = spawn(world, "wolf"), spawn(world, "ghoul"), spawn(world, "outlaw")
    assert game.do(Cast(world.hero, wolf, "animal_charm")).reason == \
        "You have no Druidic proficiency to cast Animal Charm."
    skilled(world, druidic=1, illusion=1, necromancy=1)
    assert game.do(Cast(world.hero, ghoul, "animal_charm")).reason == \
        "Animal Charm binds only Mortal Beasts; Ghoul is Daeva Druj Gestalt, connected to Profane."
    assert game.do(Cast(world.hero, wolf, "mind_control")).reason == \
        "Mind Control binds only Mortal Folk; Wolf is Mortal Beast, connected to Primal."
    name = world.get(outlaw, Identity).name  # a person's name
    assert game.do(Cast(world.hero, outlaw, "necrotize")).reason == \
        f"Necrotize binds only the undead (Daeva Gestalt); {name} is Mortal Folk, connected to Void."
    assert binding_free(world, wolf, ghoul, outlaw)


def test_a_cast_costs_the_spells_ap_and_mana_from_the_data(game):
    world = game.world
    skilled(world, druidic=1)
    spell = world.content.spells.spells["animal_charm"]
    assert (spell.ap, spell.mana) == (1, 3)
    mana, ap = spells.mana_left(world, world.hero), world.get(world.hero, Body).ap
    charmed_wolf(game)
    assert spells.mana_left(world, world.hero) == mana - 3
    assert world.get(world.hero, Body).ap == ap - 1
    rested(world)
    world.add(world.hero, Mana(spent=mana - 2))
    assert game.do(Cast(world.hero, spawn(world, "wolf"), "animal_charm")).reason == \
        "Animal Charm needs 3 mana; you have 2."


def test_spent_mana_comes_back_a_point_every_5_turns(game):
    world = game.world
    charmed_wolf(game)
    left = spells.mana_left(world, world.hero)
    for turn in range(1, 11):
        game.end_turn()
        assert world.turn == turn and spells.mana_left(world, world.hero) == left + turn // 5


def test_a_hero_a_bound_creature_a_companion_or_one_in_another_room_is_refused(game):
    world = game.world
    wolf = charmed_wolf(game)
    rested(world)
    assert game.do(Cast(world.hero, wolf, "animal_charm")).reason == "Wolf is bound already."
    far = spawn(world, "wolf", 1)
    assert game.do(Cast(world.hero, far, "animal_charm")).reason == "Wolf is not in this room."
    assert game.do(Cast(world.hero, world.hero, "animal_charm")).reason == "You mutter to yourself for a while."
    assert game.do(Cast(world.hero, wolf, "fireball")).reason.startswith("Unknown spell 'fireball'")


@pytest.mark.rule("N56")
def test_N56_a_binding_counts_down_one_step_each_turn(game):
    wolf = charmed_wolf(game)
    for turn in range(1, 8):
        game.end_turn()
        assert game.world.get(wolf, Binding).turns == 50 - turn


@pytest.mark.rule("N55")
def test_N55_bound_it_has_no_hunger_or_thirst_scavenges_nothing_and_moves_only_when_told_to_explore(game):
    world = game.world
    wolf = charmed_wolf(game, level=2)
    needs = world.get(wolf, Needs)
    needs.hunger = needs.thirst = 90  # hungry and thirsty enough to eat, stock up and complain
    spawn_item(world, "ration", room_id(0), (2, 1))
    spawn_item(world, "water_bottle", room_id(0), (2, 2))
    carried = list(world.get(wolf, Inventory).items)
    for _ in range(20):
        game.end_turn()
        assert world.room_of(wolf) == room_id(0)  # it stays where it was bound
    assert (needs.hunger, needs.thirst) == (90, 90)
    assert world.get(wolf, Inventory).items == carried
    assert not kinds(world, "complain_hunger")
    assert game.do(Compel(world.hero, wolf, "explore")).ok
    rooms = set()
    for _ in range(30):
        game.end_turn()
        rooms.add(world.room_of(wolf))
    assert rooms - {room_id(0)}  # told to explore, it roams
    relocate(world, world.hero, world.room_of(wolf), [world.rooms.free_spot(world.room_of(wolf))])
    assert game.do(Compel(world.hero, wolf, "stay")).ok
    here = world.room_of(wolf)
    for _ in range(20):
        game.end_turn()
        assert world.room_of(wolf) == here


@pytest.mark.rule("N55")
def test_N55_attacked_it_fights_back_where_it_stands_and_does_not_follow(game):
    world = game.world
    wolf = charmed_wolf(game)
    game.do(Attack(world.hero, wolf))
    assert world.get(wolf, Mood).state == MoodState.ANGERED
    game.finish_turn()
    relocate(world, world.hero, room_id(1), [world.rooms.free_spot(room_id(1))])
    for _ in range(5):
        game.end_turn()
        assert world.room_of(wolf) == room_id(0)


@pytest.mark.rule("N53")
def test_N53_talk_gets_one_blank_line_from_the_data_and_nothing_else(game):
    world = game.world
    wolf = charmed_wolf(game)
    world.events.clear()
    assert game.do(Talk(world.hero, wolf)).ok
    said = [e for e in world.events if e.kind in ("says", "narrates")]
    assert len(said) == 1 and said[0].data["line"] in \
        [line.format(name="Wolf") for line in world.content.spells.spells["animal_charm"].blank]
    for command in (Ask(world.hero, wolf, "news"), Ask(world.hero, wolf, "about")):
        assert game.do(command).reason == "Wolf gives only a blank stare: a spell holds it."


@pytest.mark.rule("N54")
def test_N54_stay_explore_come_with_me_in_its_room_and_only_wait_here_in_the_party(game):
    world = game.world
    wolf = charmed_wolf(game)
    assert spells.orders(world, world.hero, wolf) == ("stay", "explore", "come")
    assert game.do(Recruit(world.hero, wolf)).ok  # Come with me: at once, no loyalty
    assert company.companion_of(world, wolf) is not None and spells.orders(world, world.hero, wolf) == ("wait",)
    assert game.do(Order(world.hero, wolf, "follow")).reason == "Wolf only takes the orders: wait."
    sword = spawn_item(world, "shortsword", owner=world.hero)
    assert game.do(Hand(world.hero, wolf, sword)).reason == "Wolf gives only a blank stare: a spell holds it."
    assert game.do(Move(world.hero, room_id(1))).ok
    game.finish_turn()
    assert world.room_of(wolf) == room_id(1)  # it comes along
    assert game.do(Compel(world.hero, wolf, "wait")).ok  # Wait here: out of the party, staying in the room
    assert company.companion_of(world, wolf) is None and world.get(wolf, Binding).order == "stay"
    assert world.get(wolf, Identity).faction == "bound"
    assert game.do(Compel(world.hero, wolf, "come")).ok


@pytest.mark.rule("N74")
def test_N74_a_bound_creature_is_held_out_of_the_social_web(game):
    wolf = charmed_wolf(game)
    assert "spellbound" in game.world.get(wolf, Ties).holds


@pytest.mark.rule("N57")
def test_N57_charmed_it_turns_hostile_where_it_stands_when_the_binding_runs_out(game):
    world = game.world
    wolf = charmed_wolf(game)
    world.get(wolf, Binding).turns = 2
    game.end_turn()
    assert spells.binding_of(world, wolf) is not None
    game.end_turn()
    assert spells.binding_of(world, wolf) is None and world.room_of(wolf) == room_id(0)
    assert world.get(wolf, Identity).faction == "monsters"
    assert world.get(wolf, Mood).state == MoodState.ANGERED or not world.alive(wolf)
    assert world.is_enemy(wolf, world.hero)
    assert [e.text for e in kinds(world, "binding_turns")] == ["Wolf is no longer charmed, and turns on you!"]


@pytest.mark.rule("N51")
@pytest.mark.rule("N57")
def test_N51_N57_a_dominated_folk_turns_hostile_where_it_stands(game):
    world = game.world
    skilled(world, illusion=1)
    guard = spawn(world, "villager")
    assert game.do(Cast(world.hero, guard, "mind_control")).ok
    world.get(guard, Binding).turns = 1
    game.end_turn()
    assert world.get(guard, Identity).faction == "hostile"  # folk is no enemy of the hero's
    assert world.is_enemy(guard, world.hero) and world.room_of(guard) == room_id(0)


def crowd(world, room: int) -> list[int]:
    """Fill room `room` with rats bound to stand still for long."""
    rats = []
    while world.rooms.free_squares(room_id(room)):
        rat = spawn(world, "giant_rat", room)
        spells.bind(world, world.hero, rat, world.content.spells.spells["animal_charm"], 500)
        rats.append(rat)
    return rats


@pytest.mark.rule("N57")
@pytest.mark.rule("N59")
def test_N57_N59_a_companion_waits_in_the_party_while_no_adjacent_room_has_space_then_steps_aside_and_turns(content):
    world = make_world(content, row_map(2))
    game = Driver(world)
    wolf = charmed_wolf(game)
    assert game.do(Recruit(world.hero, wolf)).ok
    rats = crowd(world, 1)
    world.get(wolf, Binding).turns = 1
    for _ in range(3):
        game.end_turn()
        assert company.companion_of(world, wolf) is not None and world.room_of(wolf) == room_id(0)  # retried each turn
    assert len(kinds(world, "binding_waits")) == 1
    world.get(rats[0], Body).health = 0  # space opens next door
    world.rooms.remove(rats[0], room_id(1), [world.get(rats[0], Position).square])
    game.end_turn()
    assert company.companion_of(world, wolf) is None and world.room_of(wolf) == room_id(1)
    assert world.get(wolf, Identity).faction == "monsters"
    assert [e.kind for e in world.events if e.kind in ("binding_waits", "parts", "binding_turns")] == \
        ["binding_waits", "parts", "binding_turns"]
    world.close()


@pytest.mark.rule("N52")
@pytest.mark.rule("N58")
def test_N52_N58_necrotized_it_crumbles_into_bones_where_it_stood_and_leaves_the_party(game):
    world = game.world
    skilled(world, necromancy=1)
    ghoul = spawn(world, "ghoul")
    assert game.do(Cast(world.hero, ghoul, "necrotize")).ok
    assert game.do(Recruit(world.hero, ghoul)).ok
    where = world.get(ghoul, Position).square
    world.get(ghoul, Binding).turns = 1
    game.end_turn()
    assert not world.alive(ghoul) and company.party(world, world.hero) == []
    bones = [i for i in world.rooms.floor(room_id(0)) if world.get(i, Item).item_id == "bones"]
    assert len(bones) == 1 and world.get(bones[0], Item).square == where
    assert kinds(world, "binding_crumbles") and kinds(world, "parts")


@pytest.mark.rule("N59")
def test_N59_expiry_is_never_silent(game):
    world = game.world
    wolf = charmed_wolf(game)
    world.get(wolf, Binding).turns = 1
    world.events.clear()
    game.end_turn()
    assert kinds(world, "binding_turns")[0].actor == world.uid(wolf)


def test_a_druid_made_on_the_creation_screen_charms_a_caves_wolf_and_a_save_keeps_it(content, tmp_path):
    shipped = content.codex.shipped_sheet()
    druid = replace(shipped, proficiencies={**shipped.proficiencies, "druidic": 2})  # within heroes.toml's points
    game = new_game(ROOT / "maps" / "caves.tmx", 3, content, hero=druid)
    world = game.world
    wolf = next(a.eid for a in world.actors.all() if a.ident.codex_id == "wolf")
    relocate(world, world.hero, world.room_of(wolf), [world.rooms.free_spot(world.room_of(wolf))])
    assert game.do(Cast(world.hero, wolf, "animal_charm")).ok
    game.end_turn()
    save_world(world, tmp_path / "b.sav")
    loaded = load_world(tmp_path / "b.sav")
    again = loaded.actors.by_uid(world.uid(wolf)).eid
    assert loaded.get(again, Binding) == Binding("animal_charm", "hero", 99, "monsters")
    assert loaded.get(again, Identity).faction == "bound"
    assert spells.mana_left(loaded, loaded.hero) == loaded.get(loaded.hero, Body).card.mana - 3
    loaded.close()
    game.close()


@pytest.mark.rule("N54")
@pytest.mark.rule("N57")
@pytest.mark.rule("N59")
def test_a_scripted_druid_charms_a_wolf_orders_it_recruits_it_and_sees_it_wait_and_turn(content):
    """The headless hero of issue 16: rooms 0-3 in a row, a wolf in room 1. It charms the wolf, sends it to
    explore, follows it and tells it to stay, takes it along through three rooms to the dead end, and lets
    the charm run out there while the only room beside it is full: the log shows the wait, then the turn."""
    world = make_world(content, row_map(4), seed=5)
    game = Driver(world)
    skilled(world, druidic=1)
    wolf = spawn(world, "wolf", 1)
    log = []

    def do(command) -> None:
        assert game.do(command).ok, command
        game.finish_turn()
        log.extend(e.text for e in world.pop_events() if world.hears(e))

    do(Move(world.hero, room_id(1)))
    do(Cast(world.hero, wolf, "animal_charm"))
    do(Compel(world.hero, wolf, "explore"))
    while world.room_of(wolf) == room_id(1):
        do(EndTurn(world.hero))
    do(Move(world.hero, world.room_of(wolf)))
    do(Compel(world.hero, wolf, "stay"))
    here = world.room_of(wolf)
    for _ in range(5):
        do(EndTurn(world.hero))
        assert world.room_of(wolf) == here
    do(Recruit(world.hero, wolf))
    for room in (1, 2, 3):
        do(Move(world.hero, room_id(room)))
        assert world.room_of(wolf) == room_id(room)
    rats = crowd(world, 2)
    while world.get(wolf, Binding).turns > 1:
        do(EndTurn(world.hero))
    for _ in range(3):
        do(EndTurn(world.hero))
        assert company.companion_of(world, wolf) is not None and world.room_of(wolf) == room_id(3)
    die(world, rats[0], None)  # space opens next door
    do(EndTurn(world.hero))
    assert world.room_of(wolf) == room_id(2) and company.companion_of(world, wolf) is None
    assert world.is_enemy(wolf, world.hero)
    told = [line for line in log if "Wolf" in line and ("charm" in line or "Wolf joins" in line or "roam" in line
                                                          or "stops" in line or "binding" in line
                                                          or "turns on you" in line)]
    assert told == ["Hero casts Animal Charm on Wolf: charmed for 50 turns.", "Wolf sets off to roam.",
                    "Wolf stops where it stands.", "Wolf joins Hero's party.",
                    "Wolf's binding has run out, but there is no room to turn in; it stays charmed for now.",
                    "Wolf is no longer charmed, and turns on you!"]
