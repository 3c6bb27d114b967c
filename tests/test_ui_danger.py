"""The low-health warning (issue 28): under a third of the hero's health, or foes that would kill it within two
of their turns by the card's exact odds; a log line, a sound and a flashing health bar, once per danger."""
from __future__ import annotations

import pytest

from game.paths import DEFAULT_MAP
from game.ui import danger, snapshot, theme
from game.ui.app import scene_stack
from game.ui.session import Session
from game.world.commands import EndTurn
from game.world.components import Body
from game.world.fightodds import one_way
from game.world.verbs import factory
from tests.helpers.world_fixtures import spawn

pytestmark = pytest.mark.usefixtures("display")


def hurt(world, health: int) -> None:
    world.get(world.hero, Body).health = health


def test_health_under_a_third_is_low_and_a_third_is_not(world):
    most = world.get(world.hero, Body).card.health
    hurt(world, most // 3 + (1 if most % 3 else 0))  # the least health that is not under a third
    assert danger.peril(world, snapshot.read(world)) is None
    hurt(world, -(-most // 3) - 1)
    found = danger.peril(world, snapshot.read(world))
    assert found.kind == danger.LOW and f"{-(-most // 3) - 1} of {most}" in found.line


def test_foes_that_would_kill_the_hero_within_two_turns_are_deadly(world):
    wolf = spawn(world, "wolf")
    a_turn = one_way(world, wolf, world.hero).per_turn
    assert a_turn > 0
    hurt(world, int(2 * a_turn) + 1)  # more than two of its turns take
    shown = snapshot.read(world)
    assert not any(v.hostile for v in shown.views if v.eid == wolf) or danger.peril(world, shown) is None \
        or danger.peril(world, shown).kind == danger.LOW
    hurt(world, max(1, int(2 * a_turn)))  # within two of its turns
    found = danger.peril(world, snapshot.read(world))
    hostile = next(v for v in snapshot.read(world).views if v.eid == wolf).hostile
    assert hostile and found.kind == danger.DEADLY and "within 2 turns" in found.line


def test_the_warning_comes_once_per_danger_and_again_after_it_passed(world):
    warning, most = danger.Warning(), world.get(world.hero, Body).card.health
    assert warning.check(world, snapshot.read(world)) is None
    hurt(world, 1)
    assert warning.check(world, snapshot.read(world)).kind == danger.LOW and warning.flash == danger.FLASH_SECONDS
    hurt(world, 2)
    assert warning.check(world, snapshot.read(world)) is None  # still low: no second line
    warning.update(danger.FLASH_SECONDS)
    assert warning.flash == 0 and warning.now is not None  # the flash is over, the red frame stays
    hurt(world, most)
    assert warning.check(world, snapshot.read(world)) is None and warning.now is None
    hurt(world, 1)
    assert warning.check(world, snapshot.read(world)).kind == danger.LOW


def test_a_hero_left_to_die_sees_the_warning_before_death():
    """Played as a player would: the hero of the default map waits turn after turn wherever the foes find it."""
    session = Session(DEFAULT_MAP, 5)
    try:
        stack = scene_stack(session)
        dungeon = stack.reset("dungeon")
        assert factory.spawn_creature(dungeon.world, "cave_bear", dungeon.hero_view().room) is not None
        for _ in range(400):
            if dungeon.world.over:
                break
            if not dungeon.driver.busy:
                dungeon._do(EndTurn(dungeon.world.hero))
            for _ in range(200):
                dungeon.update(1 / 60)
                if not dungeon.driver.busy:
                    break
        lines = [words for words, _ in dungeon.log.lines]
        warned = [i for i, (words, colour) in enumerate(dungeon.log.lines)
                  if colour == theme.HOSTILE and ("Danger!" in words or "health is low" in words)]
        assert dungeon.world.over and warned, lines[-20:]
        died = next(i for i, words in enumerate(lines) if "is slain" in words and dungeon.hero_view().name in words) \
            if any("is slain" in w for w in lines) else len(lines)
        assert warned[0] < died
    finally:
        session.close()
