"""A world of sites: the hero climbing out, people found by name, walking to someone."""
from __future__ import annotations

from game.world.commands import Move
from game.world.components import Identity, Position
from game.world.driver import Driver
from tests.helpers.world_fixtures import step_towards


def named(world, name: str) -> int:
    return next(eid for eid, ident in world.query(Identity) if ident.name == name)


def go_up(realm) -> None:
    """Put the hero in its site's room with the way up (as if it had walked there) and leave."""
    world, site = realm.here, realm.sites[realm.hero.place]
    pos = world.get(world.hero, Position)
    world.rooms.remove(world.hero, pos.room, [pos.square])
    pos.room, pos.square = site.surface, world.rooms.free_spot(site.surface)
    world.rooms.place(world.hero, pos.room, [pos.square])
    assert realm.leave().ok


def walk_to(driver: Driver, room_of, limit: int = 80) -> None:
    """Move room by room until the hero stands where `room_of()` says (it may move meanwhile)."""
    for _ in range(limit):
        if step(driver, room_of()):
            return
    raise AssertionError(f"the hero never reached room {room_of()}")


def step(driver: Driver, goal: int) -> bool:
    """One room towards `goal` (or a turn waited when the way is shut); whether the hero stands there."""
    world = driver.world
    if world.hero_room() == goal:
        return True
    towards = step_towards(world, {goal})
    if towards is None or not driver.do(Move(world.hero, towards)).ok:
        driver.end_turn()
    driver.finish_turn()
    return False
