"""Minion groups in play: their squares (C31), enveloping (C34), Mob traits and conditions (C40)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules.tables import band
from game.world.commands import Attack
from game.world.components import Position
from game.world.systems import combat as combat_stage
from game.world.systems import conditions as conditions_stage
from game.world.systems import presence
from game.world.verbs import combat, conditions
from game.world.verbs.moving import relocate
from tests.helpers.world_fixtures import body, kinds, room_id, spawn


@pytest.mark.rule("C40")
@pytest.mark.parametrize("heads", [3, 6, 12, 16])
def test_mob_dc_is_tier_plus_band_bonus_at_current_heads(world, heads):
    rats = spawn(world, "rat_swarm", 2, heads=heads)
    assert conditions.mob_dc(world, rats) == 1 + band(heads)[1]  # rat swarm: Tier 1
    assert conditions.mob_dc(world, rats) == {3: 1, 6: 3, 12: 5, 16: 7}[heads]


@pytest.mark.rule("C40")
def test_damage_trait_inflicts_bleeding_that_costs_health_each_turn_then_ends(world):
    goblins = spawn(world, "goblin_cutters", 1)
    wanderer = spawn(world, "wanderer", 1)
    body(world, wanderer).card = replace(body(world, wanderer).card, health=50)
    body(world, wanderer).health = 50
    dc = conditions.mob_dc(world, goblins)
    world.rng.seed(3)
    while "bleeding" not in body(world, wanderer).conditions:  # trials until one fails against the DC
        conditions.afflict(world, goblins, wanderer)
    failed = kinds(world, "afflicted")[-1]
    assert failed.data["roll"] < dc and failed.data["turns"] == 3
    health = body(world, wanderer).health
    for turn in range(3):
        conditions_stage.run(world)
    assert body(world, wanderer).health == health - 3
    assert "bleeding" not in body(world, wanderer).conditions and kinds(world, "condition_over")


@pytest.mark.rule("C40")
def test_trial_against_the_dc_is_statistical_as_the_dice_say(world):
    """A wanderer's END trial (d3 + END die) against the goblins' DC: pass rate matches the exact odds."""
    from game.rules import dice
    from game.world.verbs.conditions import trial_dice

    goblins = spawn(world, "goblin_cutters", 1, heads=6)
    wanderer = spawn(world, "wanderer", 1)
    dc = conditions.mob_dc(world, goblins)
    law = dice.distribution(trial_dice(world, wanderer, "endurance"), explode=False)
    expected = sum(p for total, p in law.items() if total >= dc)
    world.rng.seed(40)
    n = 4000
    for _ in range(n):
        body(world, wanderer).conditions.clear()
        conditions.afflict(world, goblins, wanderer)
    resisted = len(kinds(world, "resisted"))
    assert abs(resisted / n - expected) < 0.025


@pytest.mark.rule("C40")
def test_presence_trait_frightens_and_the_frightened_do_not_strike(world, game):
    skeletons = spawn(world, "skeleton_rabble", 0, heads=8)
    world.rng.seed(1)
    while not body(world, world.hero).conditions:
        presence.run(world)
    assert "frightened" in body(world, world.hero).conditions
    assert game.do(Attack(world.hero, skeletons)).reason == "You cannot fight while frightened."


@pytest.mark.rule("C40")
def test_C40_a_presence_trait_tries_each_enemy_once_and_spares_its_friends_and_the_dead(world):
    skeletons = spawn(world, "skeleton_rabble", 0, heads=4)  # a Cluster: DC 2 + 2 against the hero's d3+d2
    spawn(world, "giant_rat", 0)  # a monster too: a friend
    dead_rat = spawn(world, "giant_rat", 0)
    body(world, dead_rat).health = 0
    world.rng.seed(3)
    for turn in range(1, 400):
        body(world, world.hero).conditions.clear()
        presence.run(world)
        trials = [e for e in world.events if e.kind in ("afflicted", "resisted")]
        assert [(e.actor, e.target) for e in trials] == [(world.uid(skeletons), "hero")] * turn  # no rat
        if {e.kind for e in trials} == {"afflicted", "resisted"}:
            break  # both outcomes seen, each naming the group
    assert {e.kind for e in trials} == {"afflicted", "resisted"}


@pytest.mark.rule("C40")
def test_a_group_triggers_its_trait_when_its_blow_lands(world):
    rats = spawn(world, "rat_swarm", 0, heads=12)
    body(world, rats).card = replace(body(world, rats).card, melee=99)
    body(world, world.hero).card = replace(body(world, world.hero).card, dodge=0, health=10**6)
    body(world, world.hero).health = 10**6
    world.rng.seed(2)
    for _ in range(20):
        combat.strike(world, rats, world.hero)
    hits = [e for e in world.events if e.kind == "hit" and e.actor == world.uid(rats) and e.data["damage"] > 0]
    trials = [e for e in world.events if e.kind in ("afflicted", "resisted")]
    assert hits and len(trials) == len(hits)


def test_deafened_lowers_dodge(world):
    body(world, world.hero).card = replace(body(world, world.hero).card, dodge=30)
    body(world, world.hero).conditions["deafened"] = 2
    assert combat.guard_of(world, body(world, world.hero)).dodge == 20


def test_immune_creature_does_not_burn(world):
    spirit = spawn(world, "ember_spirit", 2)
    assert "fire" in body(world, spirit).card.immune
    body(world, spirit).conditions["burning"] = 2
    health = body(world, spirit).health
    conditions_stage.run(world)
    assert body(world, spirit).health == health


@pytest.mark.rule("C31")
def test_a_group_covers_its_heads_squares_and_frees_them_as_heads_fall(world):
    rats = spawn(world, "rat_swarm", 2, heads=6)  # half-square heads: 6 heads on 3 squares
    goblins = spawn(world, "goblin_cutters", 1, heads=6)  # one square a head
    assert len(world.get(rats, Position).cells) == 3
    assert len(world.get(goblins, Position).cells) == 6
    free = world.rooms.free_squares(room_id(1))
    combat.apply_damage(world, world.hero, goblins, 9, {}, kill_heads=2)
    assert len(world.get(goblins, Position).cells) == 4
    assert world.rooms.free_squares(room_id(1)) == free + 2


@pytest.mark.rule("C34")
def test_heads_close_in_and_flank_for_plus_two(world):
    from game.rules.groups import flanks

    wanderer = spawn(world, "wanderer", 1)  # in the middle of the room: it can be flanked
    goblins = spawn(world, "goblin_cutters", 1, heads=6)
    free = world.rooms.free_squares(room_id(1))
    combat_stage.close_in(world, goblins, wanderer)
    cells = world.get(goblins, Position).cells
    target = world.get(wanderer, Position).square
    assert flanks(cells, target) and combat.envelops(world, goblins, wanderer)
    # the six heads take six of the eight squares round the target, and the room knows it
    assert len(cells) == 6 and all(max(abs(x - target[0]), abs(y - target[1])) == 1 for x, y in cells)
    assert world.rooms.free_squares(room_id(1)) == free
    assert world.rooms.free_cells(room_id(1), free) is not None
    assert not set(cells) & set(world.rooms.free_cells(room_id(1), free))
    body(world, goblins).card = replace(body(world, goblins).card, melee=99)
    body(world, wanderer).card = replace(body(world, wanderer).card, dodge=0, health=10**6)
    body(world, wanderer).health = 10**6
    world.rng.seed(34)
    combat.strike(world, goblins, wanderer)
    hit = kinds(world, "hit")[-1]
    # C34 +2 on the attack: damage = strength - defense + the d2s + 2
    b = body(world, goblins).card
    assert hit.data["physical"] == max(0, b.strength - body(world, wanderer).card.defense[b.attack.damage_type]
                                       + sum(hit.data["faces"]) + 2)


@pytest.mark.rule("C34")
def test_C34_heads_round_a_target_off_the_room_s_middle_stay_where_they_are(world):
    """Room 1 is 4 x 3 squares from (6, 1); a target at (7, 2) has all eight squares round it in the room."""
    wanderer = spawn(world, "wanderer", 1)
    relocate(world, wanderer, room_id(1), [(7, 2)])
    goblins = spawn(world, "goblin_cutters", 1, heads=6)
    combat_stage.close_in(world, goblins, wanderer)
    cells = world.get(goblins, Position).cells
    assert len(cells) == 6 and all(max(abs(x - 7), abs(y - 2)) == 1 for x, y in cells)
    combat_stage.close_in(world, goblins, wanderer)  # already round it: the heads keep their squares
    assert world.get(goblins, Position).cells == cells


@pytest.mark.rule("C40")
def test_burning_costs_one_health_a_turn_for_two_turns_out_loud(world):
    wolf = spawn(world, "wolf", 2)  # no armour, not immune to fire
    health = body(world, wolf).health
    body(world, wolf).conditions["burning"] = 2
    conditions_stage.run(world)
    suffered = kinds(world, "suffers")
    assert body(world, wolf).health == health - 1
    assert [(e.actor, e.room, e.data["condition"], e.data["damage"]) for e in suffered] == [
        (world.uid(wolf), room_id(2), "burning", 1)]
    assert suffered[0].text == "Wolf suffers 1 damage from burning."  # it read "1 from being burning"
    conditions_stage.run(world)
    assert body(world, wolf).health == health - 2 and "burning" not in body(world, wolf).conditions


@pytest.mark.rule("C35")
def test_attrition_takes_one_head_an_instance_from_a_group(world):
    rats = spawn(world, "rat_swarm", 2, heads=8)
    body(world, rats).conditions["bleeding"] = 3
    for left in (7, 6, 5):
        conditions_stage.run(world)
        assert body(world, rats).heads == left


@pytest.mark.rule("C22")
@pytest.mark.rule("C40")
def test_C22_impotence_on_the_trial_against_a_trait_of_the_vulnerable_school(world):
    """The Tide Wraith is impotent against fire (C13: Primordial Sea). Ember Imps' Cinders (burning, fire, an
    AGI trial) against DC 3 + 2 = 5: it resists with probability p = P(AGI trial >= 5) normally, p² with
    Impotence (the trial rolled twice, the lower kept)."""
    from game.rules import dice
    from game.world.verbs.conditions import trial_dice

    imps = spawn(world, "ember_imps", 1, heads=6)
    wraith = spawn(world, "tide_wraith", 1)
    assert body(world, wraith).card.impotent == {"fire"} and conditions.mob_dc(world, imps) == 5
    law = dice.distribution(trial_dice(world, wraith, "agility"), explode=False)
    p = sum(chance for total, chance in law.items() if total >= 5)
    world.rng.seed(22)
    n = 3000

    def resisted_share():
        world.events.clear()
        for _ in range(n):
            body(world, wraith).conditions.clear()
            conditions.afflict(world, imps, wraith)
        return len(kinds(world, "resisted")) / n

    assert abs(resisted_share() - p * p) < 0.03
    body(world, wraith).card = replace(body(world, wraith).card, impotent=frozenset())
    assert abs(resisted_share() - p) < 0.03
    assert abs(p - p * p) > 0.15  # the two are told apart
