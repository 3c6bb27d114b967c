"""Issue 12's "done means", played by a bot through the commands the screens send: a hero starts on the region
map, goes to Ashby Vale, helps Aldric Millwood in a moment, travels to the Ruined Keep, fights, comes back,
and finds that word of what it did for him has reached another villager; a second hero in the same world is
a stranger there; quitting and continuing loses nothing (N3, N45, N62, N73, N81)."""
from __future__ import annotations

import esper
import pytest

from game.launch import new_realm
from game.paths import REGION_MAP
from game.save.worldsave import load_realm, save_realm
from game.world.commands import Ask, Attack, Move, Reply, Talk
from game.world.components import Body, Identity, Memories
from game.world.driver import Driver
from game.world.talkview import talk_view
from tests.world_fixtures import step_towards

VILLAGE, KEEP, TOWER = 1, 3, 2
SEED = 2


def walk_to(driver: Driver, room_of, limit: int = 80) -> None:
    """Move room by room until the hero stands where `room_of()` says (it may move meanwhile)."""
    for _ in range(limit):
        if step(driver, room_of()):
            return
    raise AssertionError(f"the hero never reached room {room_of()}")


def step(driver: Driver, goal: int) -> bool:
    """One room towards `goal` (or a turn waited when the way is shut); whether the hero stands there."""
    world = driver.world
    world.ecs.activate()
    if world.hero_room() == goal:
        return True
    towards = step_towards(world, {goal})
    if towards is None or not driver.do(Move(world.hero, towards)).ok:
        driver.end_turn()
    driver.finish_turn()
    return False


def person(world, name: str) -> int:
    world.ecs.activate()
    return next(eid for eid, ident in esper.get_component(Identity) if ident.name == name)


def deeds_of(world, eid: int, hero_uid: str) -> list:
    world.ecs.activate()
    memories = esper.try_component(eid, Memories)  # none for those who do not think (an animal)
    return [m for m in memories.known if m.hero == hero_uid] if memories else []


def help_out(driver: Driver, target: int, tries: int = 300) -> None:
    """Talk with `target` until a moment opens, answer it in the approach it welcomes most, until it
    remembers the hero's help (N75-N81)."""
    world = driver.world
    for _ in range(tries):
        walk_to(driver, lambda: world.room_of(target))
        assert driver.do(Talk(world.hero, target)).ok
        view = talk_view(world, world.hero, target)
        if view.moment and not driver.busy:
            choice = max((c for c in view.choices if c.approach), key=lambda c: c.points)
            assert driver.do(Reply(world.hero, target, choice.approach)).ok
        if not driver.busy:
            driver.do(Ask(world.hero, target, "goodbye"))
        driver.finish_turn()
        if any(m.deed == "help" for m in deeds_of(world, target, world.uid(world.hero))):
            return
        driver.end_turn()
    raise AssertionError("no moment ended in help")


def told_of_help(world, aldric: int) -> list[int]:
    """The living who heard (not saw) of the first hero's help, by word of mouth (N73)."""
    return [e for e in world.creatures() if e != aldric and world.uid(e) != "hero" and
            any(m.deed == "help" and m.source != world.uid(e) for m in deeds_of(world, e, "hero"))]


def climb_out(realm) -> None:
    driver = Driver(realm.here)
    site = realm.sites[realm.hero.place]
    walk_to(driver, lambda: site.surface)
    assert realm.leave().ok


def said(world) -> list[str]:
    return [e.text for e in world.pop_events() if e.kind == "says"]


@pytest.mark.rule("N3")
@pytest.mark.rule("N73")
def test_N3_a_hero_helps_aldric_fights_in_the_keep_and_comes_back_to_news_a_second_hero_never_hears(tmp_path):
    realm = new_realm(REGION_MAP, SEED)
    try:
        assert realm.here is None and realm.hero.place == VILLAGE  # the game starts on the region map
        assert realm.travel(VILLAGE).ok
        village = realm.here
        driver = Driver(village)
        aldric = person(village, "Aldric Millwood")
        help_out(driver, aldric)
        climb_out(realm)
        knew = told_of_help(village, aldric)  # those who had heard by the time the hero left

        assert realm.travel(KEEP).ok
        keep = realm.here
        driver = Driver(keep)
        hits = 0
        for _ in range(60):
            keep.ecs.activate()
            foes = [e for e in keep.creatures() if e != keep.hero and keep.is_enemy(keep.hero, e)]
            here = [e for e in foes if keep.room_of(e) == keep.hero_room()]
            if here:
                if driver.do(Attack(keep.hero, here[0])).ok:
                    hits += 1
                driver.finish_turn()
            elif foes:
                step(driver, keep.room_of(foes[0]))
            if hits >= 3 or esper.component_for_entity(keep.hero, Body).health <= 10:
                break
        assert hits and not keep.over, "the hero fought and lived"
        climb_out(realm)
        assert realm.travel(TOWER).ok  # the long way home, by Varr's Watch: news has days to spread
        climb_out(realm)

        assert realm.travel(VILLAGE).ok and realm.here is village
        hero = village.hero
        heard = [e for e in told_of_help(village, aldric) if e not in knew]
        assert heard, "word of the help reached no one else while the hero was away"
        other = heard[0]
        driver = Driver(village)
        walk_to(driver, lambda: village.room_of(other))
        village.pop_events()
        for _ in range(2):  # a first meeting tells who they are (N45); the greeting after tells the news (N73)
            assert driver.do(Talk(hero, other)).ok
            if not driver.busy:
                driver.do(Ask(hero, other, "goodbye"))
            driver.finish_turn()
        greetings = said(village)
        news = next(m for m in deeds_of(village, other, "hero") if m.deed == "help")
        teller = esper.component_for_entity(village.actors.by_uid(news.source).eid, Identity).name
        assert news.told and any(teller in line and "what you did" in line for line in greetings), greetings

        climb_out(realm)
        second = realm.new_hero()
        assert realm.play(second.uid).ok and realm.travel(VILLAGE).ok
        stranger = village.hero
        walk_to(Driver(village), lambda: village.room_of(other))
        village.pop_events()
        assert Driver(village).do(Talk(stranger, other)).ok
        first_words = said(village)
        assert first_words and not any("Aldric" in line for line in first_words)  # it knows nothing of this one
        assert not deeds_of(village, other, second.uid)

        path = tmp_path / "world1.sav"
        Driver(village).finish_turn()
        village.ecs.activate()
        other_name = esper.component_for_entity(other, Identity).name
        save_realm(realm, path)  # quit...
        continued = load_realm(path)  # ...and continue: nothing lost
        try:
            assert continued.now == realm.now and continued.heroes.keys() == {"hero", "hero#2"}
            again = continued.sites[VILLAGE].world
            assert deeds_of(again, person(again, "Aldric Millwood"), "hero")[0].deed == "help"
            assert any(m.deed == "help" and m.told for m in deeds_of(again, person(again, other_name), "hero"))
        finally:
            continued.close()
    finally:
        realm.close()
