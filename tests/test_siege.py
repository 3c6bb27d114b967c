"""The world's goal (issue 24, docs/rules.md "The siege of Varr's Watch"): the Captain asks for it and the
journal keeps it; a scripted hero who has grown and gathered a party wins it through the screen's commands;
when it falls the camp's spawner stops, the tower's people remember it and think better of the hero, the word
passes on (N73), the work is claimed, a save keeps it, and the world goes on."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.launch import new_game
from game.paths import MAPS
from game.save import load_world, save_world
from game.world.commands import Attack, Equip, Recruit, Reply, Talk, Work
from game.world.components import Identity, Item, Journal, Loyalty, Memories
from game.world.systems import siege
from game.world.verbs import experience, moments, social
from game.world.verbs.items import give
from tests.helpers.realm import named, walk_to

SEED = 1
GROWN_XP = 1600  # level 4: a hero who has grown (N27)
GEAR = ("longsword", "mail_hauberk", "helmet")  # what the tower's armourer sells
FRIENDS = ("Corporal Ulla", "Halvard")  # two of the garrison, loyal enough to join (N39)


def act(driver, command) -> None:
    """Carry out a command as the screen does, and let a world turn it began run to its end."""
    assert driver.do(command).ok
    if driver.busy:
        driver.finish_turn()


def ask_captain(driver) -> int:
    """Walk to the Captain, answer a moment she opens, and ask for work (the screen's Talk, Reply, Work)."""
    world = driver.world
    captain = named(world, world.content.goal.giver)
    walk_to(driver, lambda: world.room_of(captain), limit=100)
    act(driver, Talk(world.hero, captain))
    moment = moments.open_moment(world, world.hero, captain)
    if moment is not None:
        act(driver, Reply(world.hero, captain, moment.replies[0].approach))
    act(driver, Work(world.hero, captain, "ask"))
    return captain


def grow(driver) -> None:
    """The hero as it comes back from the crypt and the shop: level 4, a longsword, mail and a helmet."""
    world = driver.world
    experience.gain(world, world.hero, GROWN_XP)
    for item in GEAR:
        act(driver, Equip(world.hero, give(world, world.create(Item(item)), world.hero)))


def gather(driver) -> None:
    """Recruit two of the garrison (their loyalty earned, as by work for them)."""
    world = driver.world
    for name in FRIENDS:
        friend = named(world, name)
        world.ensure(friend, Loyalty).to[world.uid(world.hero)] = world.content.companions.loyalty + 10
        walk_to(driver, lambda: world.room_of(friend), limit=50)
        act(driver, Recruit(world.hero, friend))


def storm_the_camp(driver, limit: int = 300) -> None:
    """Go to the war camp and fight every enemy there until the siege falls."""
    world = driver.world
    camp = siege.camp_of(world)
    for _ in range(limit):
        if world.over or siege.lifted(world):
            return
        if world.hero_room() != camp.room:
            walk_to(driver, lambda: camp.room, limit=100)
            continue
        foes = [e for e in world.creatures_in(camp.room) if world.alive(e) and world.is_enemy(e, world.hero)]
        if foes and driver.do(Attack(world.hero, foes[0])).ok:
            if driver.busy:
                driver.finish_turn()
            continue
        driver.end_turn()


@pytest.fixture(scope="module")
def won():
    """A scripted hero's siege on the test seed, with every event it posted."""
    driver = new_game(MAPS / "tower.tmx", SEED)
    world = driver.world
    grow(driver)
    captain = ask_captain(driver)
    act(driver, Work(world.hero, captain, "accept"))
    gather(driver)
    storm_the_camp(driver)
    events = world.pop_events()
    yield driver, captain, events
    driver.close()


def test_the_captain_asks_to_lift_the_siege_before_any_other_work_and_the_journal_keeps_it():
    driver = new_game(MAPS / "tower.tmx", SEED)
    world = driver.world
    ask_captain(driver)
    journal = world.get(world.hero, Journal)
    [offer] = [c for c in journal.contracts if c.state == "offered"]
    assert offer.kind == "siege" and offer.giver_name == "Captain Ysolt Varr"
    assert offer.target_name == "Siege Captain" and world.room_name(offer.room) == "Enemy Camp"
    assert "lift the siege" in offer.objective
    driver.close()


def test_the_leader_is_a_leader_with_a_motivation_in_the_war_camp():
    driver = new_game(MAPS / "tower.tmx", SEED)
    world = driver.world
    block = world.content.codex.stat_block(world.content.goal.leader)
    assert block.rank == "leader" and block.tier == 2
    assert world.content.codex.creature(world.content.goal.leader).motivation.major
    leader = siege.leader(world)
    assert world.room_of(leader) == siege.camp_of(world).room
    assert siege.standing(world) and not siege.lifted(world)
    driver.close()


def test_a_grown_hero_with_a_party_lifts_the_siege(won):
    driver, captain, events = won
    world = driver.world
    assert world.over is None and siege.lifted(world) and siege.leader(world) is None
    [fell] = [e for e in events if e.kind == "siege_lifted"]
    assert fell.actor == world.uid(world.hero)
    assert "the siege of Varr's Watch is lifted" in fell.text
    assert world.turn < 60  # from the Siege Road to the Gate Hall, the Barracks, and back to the camp


def test_the_camps_spawner_stops_once_the_siege_falls(won):
    driver, _, _ = won
    world = driver.world
    camp = siege.camp_of(world)
    assert camp.id in world.stopped_spawners
    for _ in range(3 * camp.interval):
        driver.end_turn()
    assert not [e for e in world.pop_events() if e.kind in ("spawn", "spawn_blocked")
                and e.data.get("spawner") == camp.id]


def test_the_towers_people_remember_it_think_better_of_the_hero_and_pass_it_on(won):
    driver, captain, _ = won
    world = driver.world
    hero_uid = world.uid(world.hero)
    residents = [eid for eid, (ident, _) in world.join(Identity, Memories)
                 if ident.kind in ("world", "notable", "merchant") and world.alive(eid)]
    assert len(residents) >= 10
    for eid in residents:
        assert any(m.deed == siege.DEED and m.hero == hero_uid for m in world.get(eid, Memories).known)
    assert social.opinion(world, captain, hero_uid) >= world.content.goal.opinion
    listener = next(eid for eid in residents if eid != captain)  # one who has not heard it yet
    known = world.get(listener, Memories).known
    known[:] = [m for m in known if m.deed != siege.DEED]
    social.shift(world, captain, listener, world.content.social.high)  # a friend the Captain tells (N73)
    heard = social.news_for(world, captain, listener)
    assert heard is not None and heard.deed == siege.DEED and world.content.social.deeds[siege.DEED].passes


def test_the_work_is_claimed_and_the_world_goes_on(won, tmp_path: Path):
    driver, captain, _ = won
    world = driver.world
    walk_to(driver, lambda: world.room_of(captain), limit=100)
    act(driver, Work(world.hero, captain, "claim"))
    journal = world.get(world.hero, Journal)
    assert [c.state for c in journal.contracts if c.kind == "siege"] == ["done"]
    act(driver, Work(world.hero, captain, "ask"))  # no second siege is offered
    assert not [c for c in journal.contracts if c.kind == "siege" and c.state == "offered"]
    turn = world.turn
    for _ in range(20):
        driver.end_turn()
    assert world.turn == turn + 20 and siege.lifted(world)
    path = tmp_path / "after.sav"
    save_world(world, path)
    again = load_world(path)
    assert siege.lifted(again) and again.stopped_spawners == world.stopped_spawners
