"""Minion groups in play: firing in (C36), areas (C37), single targets (C38), a group of one (C39)."""
from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest

from game.maps.model import Trap
from game.rules.bridge import group_aim_percent
from game.ui.card import card_lines
from game.world import views
from game.world.verbs import combat, moving
from tests.helpers.data_edits import content_error
from tests.helpers.world_fixtures import body, kinds, make_world, room_id, row_map, spawn

ROOM_1 = room_id(1)  # squares x 6-9, y 1-3


@pytest.mark.rule("C36")
def test_C36_the_bridge_eases_a_shot_into_a_group_by_two_points_of_E(content):
    """100 - (100 - chance) x 0.85^2: a lowly archer's 21% becomes 42%, 59% becomes 70%; never above the
    cap of 95 (its top rolls are the seed's 1, a miss) and never below the chance it had."""
    bridge = content.codex.bridge
    assert [group_aim_percent(c, bridge) for c in (0, 21, 50, 59, 66, 90, 94, 95, 97)] == \
        [27, 42, 63, 70, 75, 92, 95, 95, 97]


def shots(world, target, n):
    """The hero fires `n` times at `target`, whose card cannot die or dodge; the hit rate."""
    before = len(kinds(world, "hit"))
    for _ in range(n):
        combat.strike(world, world.hero, target)
    return (len(kinds(world, "hit")) - before) / n


def archer(world, ranged):
    hero = body(world, world.hero)
    hero.card = replace(hero.card, ranged=ranged, strength=-100,
                        attack=replace(hero.card.attack, kind="ranged"))


def steady(world, eid):
    """No dodge, and never killed by the test's (strength -100) shots."""
    body(world, eid).card = replace(body(world, eid).card, dodge=0)


@pytest.mark.rule("C36")
@pytest.mark.rule("C39")
def test_C36_C39_firing_into_a_rat_swarm_hits_42_in_100_a_lone_rat_21(world):
    archer(world, 21)
    swarm = spawn(world, "rat_swarm", 0, heads=6)
    lone = spawn(world, "rat_swarm", 0, heads=1)
    for eid in (swarm, lone):
        steady(world, eid)
    world.rng.seed(36)
    assert abs(shots(world, swarm, 4000) - 0.42) < 0.025
    assert abs(shots(world, lone, 4000) - 0.21) < 0.025  # a group of one: no easing


@pytest.mark.rule("C36")
def test_C36_the_seeds_1_still_misses_a_group(world):
    """An archer of 94% fires at 95% into a group, not more: one shot in twenty still misses."""
    archer(world, 94)
    swarm = spawn(world, "rat_swarm", 0, heads=12)
    steady(world, swarm)
    world.rng.seed(1)
    assert abs(shots(world, swarm, 4000) - 0.95) < 0.01


@pytest.mark.rule("C36")
def test_C36_melee_into_a_group_is_not_eased(world):
    hero = body(world, world.hero)
    hero.card = replace(hero.card, melee=21, strength=-100, attack=replace(hero.card.attack, kind="melee"))
    swarm = spawn(world, "rat_swarm", 0, heads=6)
    steady(world, swarm)
    world.rng.seed(2)
    assert abs(shots(world, swarm, 4000) - 0.21) < 0.025


def trap_world(content, kind, stun=2):
    """Room 1 holds a trap at (7, 2) dealing a flat 5 that is always sprung (DC 99)."""
    trap = Trap(300, kind, ROOM_1, (7, 2), kind, "5", dc=99, stun=stun)
    return make_world(content, row_map(2, traps=(trap,)), seed=37)


def spring_on(world, eid, cells):
    moving.relocate(world, eid, ROOM_1, cells)
    world.trap_spent.clear()
    moving.spring_traps(world, eid, ROOM_1)


@pytest.mark.rule("C37")
@pytest.mark.parametrize("cells, stunned", [
    ([(8, 1), (8, 2), (9, 3)], 2),  # the 3x3 rockfall covers 2 of the 3 squares of 6 rats
    ([(8, 1), (9, 2), (9, 3)], 0),  # 1 of 3: less than half, no stun
    ([(8, 1), (8, 3), (9, 1), (9, 2)], 2),  # 8 rats on 4 squares, 2 covered: half is enough
    ([(8, 1), (9, 1), (9, 2), (9, 3)], 0),  # 1 of 4
])
def test_C37_an_area_stuns_a_group_only_over_half_its_squares_and_always_hurts(content, cells, stunned):
    world = trap_world(content, "rockfall")
    try:
        assert world.content.traps.kinds["rockfall"].area == 1
        rats = spawn(world, "rat_swarm", 1, heads=2 * len(cells))
        spring_on(world, rats, cells)
        assert body(world, rats).stunned == stunned
        covered = sum(1 for x, y in cells if abs(x - 7) <= 1 and abs(y - 2) <= 1)
        assert [e.text for e in kinds(world, "stun_spread")] == ([] if stunned else [
            f"Rat Swarm is spread too wide to be stunned by a rockfall ({covered} of {len(cells)} squares caught)."])
        assert kinds(world, "trap")[-1].data["damage"] == 5 - 1  # crushing defense 1, covered or not
        assert body(world, rats).heads == 2 * len(cells) - 1
    finally:
        world.close()


@pytest.mark.rule("C38")
@pytest.mark.rule("C39")
@pytest.mark.parametrize("codex_id, heads, stunned", [
    ("rat_swarm", 6, 0),  # a group: the spikes' damage only (C38)
    ("rat_swarm", 2, 0),  # two heads are a group
    ("rat_swarm", 1, 2),  # a group of one takes the stun in full (C39)
    ("wolf", 0, 2),  # one creature
])
def test_C38_a_single_target_trap_only_hurts_a_group(content, codex_id, heads, stunned):
    world = trap_world(content, "spikes")
    try:
        assert world.content.traps.kinds["spikes"].area == 0
        eid = spawn(world, codex_id, 1, heads=heads)
        spring_on(world, eid, moving.space_for(world, eid, ROOM_1, (8, 2)))
        assert kinds(world, "trap")[-1].data["damage"] > 0
        assert [e.data["turns"] for e in kinds(world, "stun")] == ([stunned] if stunned else [])
        assert [e.text for e in kinds(world, "stun_single")] == ([] if stunned else [
            "Rat Swarm loses one to a spike trap, but the rest press on unstunned."])
    finally:
        world.close()


@pytest.mark.rule("C39")
def test_C39_the_last_head_is_shown_as_a_creature_alone(world):
    rats = spawn(world, "rat_swarm", 0, heads=3)
    combat.apply_damage(world, world.hero, rats, 2, {}, kill_heads=2)
    view = views.creature(world, rats)
    assert view.heads == 1 and view.card.attack.dice == "d2" and view.card.melee == 21
    text = [line for line, _ in card_lines(view)]
    assert "The last of its group: it fights alone" in text
    assert not [line for line in text if line.startswith("A group of")]
    assert "A group of 3" in [line for line, _ in card_lines(dataclasses.replace(view, heads=3))]


@pytest.mark.parametrize("bad, message", [
    ("area = -1", "rockfall: area: must be a whole number of squares from 0 to 20, not -1"),
    ("area = 1000000", "rockfall: area: must be a whole number of squares from 0 to 20, not 1000000"),
    ('area = "big"', "rockfall: area: must be a whole number of squares from 0 to 20, not 'big'"),
])
def test_a_bad_trap_area_is_refused_with_its_kind(tmp_path, bad, message):
    error = str(content_error(tmp_path, "traps.toml", "area = 1", bad))
    assert "traps.toml" in error and message in error
