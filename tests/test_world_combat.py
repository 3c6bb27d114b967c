"""Combat by the same rules for everyone (N19-N25, Reconciliation 2-4, C35)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.rules import combat as rules
from game.world.components import Inventory, Item
from game.world.verbs import combat, factory, loadout, moving
from tests.helpers.world_fixtures import body, kinds, mood, room_id, spawn

NO_ELEMENTS = {s: 0 for s in ("fire", "ice", "acid", "holy", "dark")}


def strike(chance=60, strength=2, dice="d6", elements=None, kind="melee"):
    return rules.Strike(chance, strength, dice, "cutting", elements or NO_ELEMENTS, kind)


def guard(dodge=0, defense=0, resist=None, immune=frozenset()):
    return rules.Guard(dodge, {"cutting": defense}, resist or NO_ELEMENTS, immune)


@pytest.mark.parametrize("chance", [20, 60])
def test_N20_hit_rate_equals_melee_percent(chance):
    """Melee 60 hits about three times in five, melee 20 about once in five (N20)."""
    rng = random.Random(20)
    n = 20000
    hits = sum(rules.resolve(strike(chance), guard(), rng).hit for _ in range(n))
    assert abs(hits / n - chance / 100) < 0.015


def test_N20_roll_below_value_lands_and_at_or_above_misses():
    class Fixed(random.Random):
        def __init__(self, value):
            super().__init__(0)
            self.value = value

        def randrange(self, *_):
            return self.value

    assert rules.to_hit(60, 0, Fixed(59))[0] is True
    assert rules.to_hit(60, 0, Fixed(60))[0] is False


class Rolls(random.Random):
    """A random source whose 0-99 rolls are given in order: the to-hit roll, then the dodge roll."""

    def __init__(self, *values):
        super().__init__(0)
        self.values = list(values)

    def randrange(self, *_):
        return self.values.pop(0)


@pytest.mark.rule("N21")
def test_N21_dodge_roll_below_dodge_dodges_and_at_or_above_does_not():
    """Melee 60 against dodge 50: a to-hit roll of 10 lands, then a dodge roll of 49 dodges it, 50 does not."""
    assert rules.to_hit(60, 50, Rolls(10, 49)) == (False, True, 10)
    assert rules.to_hit(60, 50, Rolls(10, 50)) == (True, False, 10)
    assert rules.to_hit(60, 50, Rolls(10, 0)) == (False, True, 10)
    assert rules.to_hit(60, 1, Rolls(59, 0)) == (False, True, 59)  # dodge 1: only a 0 dodges
    assert rules.to_hit(60, 1, Rolls(59, 1)) == (True, False, 59)
    assert rules.to_hit(60, 0, Rolls(59)) == (True, False, 59)  # no dodge: no second roll
    assert rules.to_hit(60, 50, Rolls(60)) == (False, False, 60)  # a miss is never a dodge


@pytest.mark.rule("N20")
def test_N20_the_to_hit_roll_is_0_to_99():
    """Every value 0-99 comes up and nothing else: melee 100 always lands, melee 99 misses on a 99 only."""
    rng = random.Random(100)
    rolls = [rules.to_hit(100, 0, rng) for _ in range(5000)]
    assert {roll for _, _, roll in rolls} == set(range(100))
    assert all(hit for hit, _, _ in rolls)
    assert all(rules.to_hit(99, 0, Rolls(r))[0] == (r != 99) for r in range(100))


def test_N21_dodge_must_also_be_cleared():
    """Melee 60 against dodge 50: 0.6 x 0.5 = 30 % of attacks land (N21)."""
    rng = random.Random(21)
    n = 20000
    outcomes = [rules.resolve(strike(60), guard(dodge=50), rng) for _ in range(n)]
    assert abs(sum(o.hit for o in outcomes) / n - 0.30) < 0.015
    assert abs(sum(o.dodged for o in outcomes) / n - 0.30) < 0.015


def test_N22_damage_is_strength_minus_defense_plus_die():
    rng = random.Random(22)
    for _ in range(500):
        o = rules.resolve(strike(100, strength=5, dice="d4"), guard(defense=3), rng)
        assert o.hit
        assert o.physical == max(0, 5 - 3 + sum(o.faces))
        assert 1 <= o.faces[0] <= 4


def test_N22_no_defense_against_the_type_takes_nothing_off_and_a_miss_keeps_its_roll():
    plain = rules.Guard(0, {}, NO_ELEMENTS)  # no resistance listed for the weapon's type
    o = rules.resolve(strike(100, strength=5, dice="d2"), plain, random.Random(5))
    assert o.physical == 5 + o.faces[0]
    assert rules.resolve(strike(60), guard(), Rolls(70)) == rules.Outcome(False, False, 70)


def test_N22_elemental_reduced_by_its_own_resistance_not_by_defense():
    """A heavily armoured defender shrugs off the blow but not the fire (N22)."""
    rng = random.Random(2)
    fire = dict(NO_ELEMENTS, fire=6, dark=2)
    o = rules.resolve(strike(100, strength=0, dice="d2", elements=fire), guard(defense=50, resist=dict(NO_ELEMENTS, fire=2)), rng)
    assert o.physical == 0
    assert o.elemental == {"fire": 4, "dark": 2}


@pytest.mark.rule("N22")
def test_N22_each_school_on_its_own():
    """Every school present counts, even 1; a school missing from the strike deals nothing; a school missing
    from the defender's resistances is not reduced; resistance floors a school at 0, never below, never 1."""
    rng = random.Random(9)
    o = rules.resolve(rules.Strike(100, 0, "d2", "cutting", {"fire": 1, "dark": 3}), rules.Guard(0, {}, {}), rng)
    assert o.elemental == {"fire": 1, "dark": 3}
    o = rules.resolve(strike(100, elements=dict(NO_ELEMENTS, fire=2, dark=4)), guard(resist=dict(NO_ELEMENTS, fire=5)), rng)
    assert o.elemental == {"fire": 0, "dark": 4}
    # an immune school deals 0 and the schools after it still land
    o = rules.resolve(strike(100, elements=dict(NO_ELEMENTS, fire=9, holy=2)), guard(immune=frozenset({"fire"})), rng)
    assert o.elemental == {"fire": 0, "holy": 2}
    hit = rules.resolve(strike(60), guard(), Rolls(42, 0))
    assert hit.hit and hit.roll == 42


def test_N23_C13_immune_school_deals_zero():
    o = rules.resolve(strike(100, elements=dict(NO_ELEMENTS, fire=9)), guard(immune=frozenset({"fire"})), random.Random(1))
    assert o.elemental["fire"] == 0


def test_N37_room_rune_amplifies_its_school():
    rng = random.Random(3)
    o = rules.resolve(strike(100, elements=dict(NO_ELEMENTS, fire=2)), guard(), rng, {"fire": 3})
    assert o.elemental["fire"] == 5


def test_C35_melee_kills_a_head_per_kept_die_capped_by_damage_ranged_one_per_hit():
    o = rules.Outcome(True, faces=(6, 3, 1), physical=2)
    assert rules.heads_killed(o, "melee") == 2
    o = rules.Outcome(True, faces=(6, 3, 1), physical=9)
    assert rules.heads_killed(o, "melee") == 3
    assert rules.heads_killed(o, "ranged") == 1
    assert rules.heads_killed(rules.Outcome(False), "melee") == 0
    # a hit that does no damage kills no head, melee or ranged; one point of damage kills one
    assert rules.heads_killed(rules.Outcome(True, faces=(1,), physical=0), "ranged") == 0
    assert rules.heads_killed(rules.Outcome(True, faces=(1,), physical=0), "melee") == 0
    assert rules.heads_killed(rules.Outcome(True, faces=(2,), physical=1), "ranged") == 1
    assert rules.heads_killed(rules.Outcome(True, faces=(2, 1), physical=1), "melee") == 1


def test_C33_group_attacks_with_a_d2_per_head():
    assert rules.group_dice(7) == "7d2"
    assert rules.group_dice(1) == "1d2"  # a group of one (C39)
    assert rules.group_dice(0) == "1d2"  # never no dice at all


def test_C29_weapon_damage_wears_durability_before_health():
    assert rules.soak(10, 4) == (6, 4)
    assert rules.soak(3, 19) == (0, 3)


def set_card(world, eid, **changes):
    b = body(world, eid)
    b.card = replace(b.card, **changes)
    b.base = b.card


def test_N25_attack_budget_limits_strikes_per_turn(world, game):
    """The Noxious Ooze makes a single attack each turn however large it has grown (N25)."""
    ooze = spawn(world, "noxious_ooze", 0)
    assert body(world, ooze).card.attack_budget == 1
    set_card(world, ooze, ap=5, melee=99)
    game.end_turn()
    strikes = [e for e in world.events if e.actor == world.uid(ooze) and e.kind in ("hit", "miss", "dodge")]
    assert len(strikes) == 1


def test_N13_N24_stunned_creature_skips_combat(world, game):
    wolf = spawn(world, "wolf", 0)
    body(world, wolf).stunned = 2
    game.end_turn()
    assert not [e for e in world.events if e.actor == world.uid(wolf) and e.kind in ("hit", "miss", "dodge")]
    assert body(world, wolf).stunned == 1
    game.end_turn()
    assert body(world, wolf).stunned == 0
    assert kinds(world, "stun_over")


def test_N13_fleeing_creature_does_not_fight(world, game):
    wolf = spawn(world, "wolf", 0)
    body(world, wolf).health = 1
    game.end_turn()
    assert not [e for e in world.events if e.actor == world.uid(wolf) and e.kind in ("hit", "miss", "dodge")]


def test_N19_hero_and_creature_hit_by_the_same_rule(world):
    """Hero and wolf, each with melee 60 against dodge 0, land about 60 % of their strikes (N19)."""
    wolf = spawn(world, "wolf", 0)
    for eid in (wolf, world.hero):
        set_card(world, eid, melee=60, dodge=0, health=10**6)
        body(world, eid).health = 10**6
    world.rng.seed(19)
    for _ in range(3000):
        combat.strike(world, world.hero, wolf)
        combat.strike(world, wolf, world.hero)
    for uid in ("hero", world.uid(wolf)):
        rolls = [e for e in world.events if e.kind in ("hit", "miss") and e.actor == uid]
        assert len(rolls) == 3000
        assert abs(sum(e.kind == "hit" for e in rolls) / 3000 - 0.60) < 0.03


def test_N18_damage_from_the_hero_angers_target_and_witnesses(world):
    a = spawn(world, "wolf", 0)
    b = spawn(world, "wolf", 0)
    combat.anger(world, world.hero, a)
    assert mood(world, a).state == "angered" and mood(world, b).state == "angered"
    assert mood(world, a).last_seen == room_id(0)


def test_N31_gear_falls_into_the_room_where_it_died(world):
    guard_ = spawn(world, "guard", 0)
    carried = list(world.get(guard_, Inventory).items)
    assert carried
    combat.die(world, guard_, world.hero)
    for item in carried:
        assert world.get(item, Item).room == room_id(0)
    assert set(carried) <= set(world.rooms.floor(room_id(0)))
    assert not world.alive(guard_)


@pytest.mark.rule("C32")
def test_C35_minion_group_loses_heads_not_health(world):
    rats = spawn(world, "rat_swarm", 0, heads=8)
    assert body(world, rats).heads == 8
    combat.apply_damage(world, world.hero, rats, 5, {}, kill_heads=3)
    assert body(world, rats).heads == 5
    assert [e for e in world.events if e.kind == "heads_lost"][-1].data["left"] == 5
    assert body(world, rats).card.melee == world.content.codex.card("rat_swarm", 5).melee  # C32 band at 5 heads
    assert body(world, rats).card.melee < world.content.codex.card("rat_swarm", 8).melee
    combat.apply_damage(world, world.hero, rats, 5, {}, kill_heads=2)  # 3 heads: below a Cluster, +0
    assert body(world, rats).card.melee == world.content.codex.card("rat_swarm", 3).melee
    assert body(world, rats).card.melee < world.content.codex.card("rat_swarm", 5).melee


def test_C29_armoured_creature_loses_durability_first(world):
    guard_ = spawn(world, "guard", 0)
    armour = world.get(guard_, Inventory).equipped["body"]
    before_dur = world.get(armour, Item).durability
    before_hp = body(world, guard_).health
    combat.apply_damage(world, world.hero, guard_, 3, {}, kill_heads=0)
    assert world.get(armour, Item).durability == before_dur - 3
    assert body(world, guard_).health == before_hp
    combat.apply_damage(world, world.hero, guard_, 0, {"fire": 2}, kill_heads=0)
    assert body(world, guard_).health == before_hp - 2  # elemental damage goes straight to health


def test_C25_C26_authored_armour_starts_at_the_creatures_durability(world):
    """The seed's Guard wears a gambeson with 19 of its 46 durability left."""
    guard_ = spawn(world, "guard", 0)
    inv = world.get(guard_, Inventory)
    gambeson = world.get(inv.equipped["body"], Item)
    assert (gambeson.item_id, gambeson.durability) == ("gambeson", 19)
    assert world.content.codex.equipment.armour["gambeson"].durability == 46


def test_N25_the_hero_has_no_budget_and_strikes_once_per_action_point(world, game):
    from game.world.commands import Attack

    wolf = spawn(world, "wolf", 0)
    set_card(world, wolf, health=10**6)
    body(world, wolf).health = 10**6
    ap = body(world, world.hero).ap
    for _ in range(ap):
        assert game.do(Attack(world.hero, wolf)).ok
    strikes = [e for e in world.events if e.actor == "hero" and e.kind in ("hit", "miss", "dodge")]
    assert len(strikes) == ap


def test_N23_elemental_damage_is_the_base_plus_the_weapon_counted_once(world):
    ooze = spawn(world, "noxious_ooze", 0)
    base = world.content.codex.card("noxious_ooze").element_damage["acid"]
    assert base > 0
    assert combat.strike_of(body(world, ooze)).elements["acid"] == base  # the natural Engulf is the base
    outlaw = spawn(world, "outlaw", 2, gear=())
    blade = factory.spawn_item(world, "shortsword", owner=outlaw, rune="fire")
    loadout.equip(world, outlaw, blade)
    assert combat.strike_of(body(world, outlaw)).elements["fire"] == world.content.gear.rune_weapon_damage


def test_N24_a_stun_costs_the_creatures_next_turn_then_wears_off(world, game):

    wolf = spawn(world, "wolf", 0)
    moving.stun(world, wolf, 1)  # e.g. a trap in this turn's movement stage
    game.end_turn()
    assert not [e for e in world.events if e.actor == world.uid(wolf) and e.kind in ("hit", "miss", "dodge", "leave")]
    assert body(world, wolf).stunned == 0 and kinds(world, "stun_over")


def test_N24_a_stunned_hero_can_neither_fight_nor_move(world, game):
    from game.world.commands import Attack, Move

    wolf = spawn(world, "wolf", 0)
    moving.stun(world, world.hero, 1)
    assert game.do(Attack(world.hero, wolf)).reason == "You are stunned and cannot fight."
    assert game.do(Move(world.hero, room_id(1))).reason == "You are stunned and cannot move."


@pytest.mark.rule("N24")
def test_N24_a_stun_counts_down_from_the_turn_after_it_came_whatever_the_health(world):
    from game.world.systems import recover

    wolf = spawn(world, "wolf", 0)
    body(world, wolf).health = 1
    world.turn = 5
    moving.stun(world, wolf, 2)
    recover.run(world)  # the end of the turn it came: no count yet
    assert body(world, wolf).stunned == 2
    world.turn = 6
    recover.run(world)
    assert body(world, wolf).stunned == 1
    moving.stun(world, world.hero, 1)  # the hero likewise
    recover.run(world)
    assert body(world, world.hero).stunned == 1
    world.turn = 7
    recover.run(world)
    assert body(world, wolf).stunned == 0 and body(world, world.hero).stunned == 0
    assert [e.actor for e in kinds(world, "stun_over")] == [world.uid(wolf), "hero"]
    assert body(world, world.hero).ap == body(world, world.hero).card.ap


@pytest.mark.rule("N13")
@pytest.mark.rule("N18")
def test_N13_N18_an_angered_creature_strikes_the_hero_first_else_the_weakest_enemy(world):
    from game.world.systems import combat as combat_stage

    wolf = spawn(world, "wolf", 0)
    weak = spawn(world, "wanderer", 0)
    strong = spawn(world, "villager", 0)
    body(world, weak).health, body(world, strong).health, body(world, world.hero).health = 2, 4, 5
    assert combat_stage.pick_target(world, wolf, room_id(0), mood(world, wolf)) == weak
    mood(world, wolf).state = "angered"
    assert combat_stage.pick_target(world, wolf, room_id(0), mood(world, wolf)) == world.hero
    body(world, weak).health = 9
    mood(world, wolf).state = "wandering"
    assert combat_stage.pick_target(world, wolf, room_id(0), mood(world, wolf)) == strong
    assert combat_stage.pick_target(world, weak, room_id(0), mood(world, weak)) == wolf  # folk strike monsters


@pytest.mark.rule("N25")
def test_N25_the_combat_stage_spends_a_strike_and_an_AP_a_blow_in_every_room(world):
    """Budget 2 and 2 AP: two blows. Budget 2 and 1 AP: one. Frightened: none. A fight in another room
    runs too."""
    from game.world.systems import combat as combat_stage

    def blows(eid):
        return [e for e in world.events if e.actor == world.uid(eid) and e.kind in ("hit", "miss", "dodge")]

    wolf = spawn(world, "wolf", 1)
    other = spawn(world, "wolf", 2)
    for target in (spawn(world, "wanderer", 1), spawn(world, "villager", 2)):
        set_card(world, target, health=10**6)
        body(world, target).health = 10**6
    for eid in (wolf, other):
        set_card(world, eid, attack_budget=2)
        body(world, eid).strikes, body(world, eid).ap = 2, 2
    combat_stage.run(world)
    assert len(blows(wolf)) == 2 and (body(world, wolf).strikes, body(world, wolf).ap) == (0, 0)
    assert len(blows(other)) == 2
    body(world, wolf).strikes, body(world, wolf).ap = 2, 1
    combat_stage.run(world)
    assert len(blows(wolf)) == 3 and (body(world, wolf).strikes, body(world, wolf).ap) == (1, 0)
    body(world, wolf).strikes, body(world, wolf).ap = 2, 2
    body(world, wolf).conditions["frightened"] = 1
    combat_stage.run(world)
    assert len(blows(wolf)) == 3
    body(world, wolf).conditions.clear()
    body(world, wolf).conditions["deafened"] = 1  # a condition that does not stop blows
    combat_stage.run(world)
    assert len(blows(wolf)) == 5


@pytest.mark.rule("N20")
def test_N20_a_ranged_attack_rolls_against_ranged_and_a_melee_one_against_melee(world):
    """The shipped ranged attacker (the Akasha Mind) has melee and ranged alike, so the wolf's card is
    given a bow's numbers: melee 40, ranged 65."""
    wolf = spawn(world, "wolf", 1)
    card = replace(body(world, wolf).card, melee=40, ranged=65)
    body(world, wolf).card = card
    assert combat.strike_of(body(world, wolf)).chance == 40
    body(world, wolf).card = replace(card, attack=replace(card.attack, kind="ranged"))
    assert combat.strike_of(body(world, wolf)).chance == 65


@pytest.mark.rule("C29")
def test_C29_damage_wears_the_worn_armour_first_and_says_how_much_it_held(world):
    """A leather jerkin has 40 durability: 7 damage is all soaked (33 left), then 40 more: 33 soaked, 7
    reach health. (The hero sets out unarmoured: it puts one on first.)"""
    loadout.equip(world, world.hero, factory.spawn_item(world, "leather_jerkin", owner=world.hero))
    room = world.room_of(world.hero)
    assert combat.wear_armour(world, world.hero, 7, room) == 0
    assert combat.wear_armour(world, world.hero, 40, room) == 7
    assert [(e.data["soaked"], e.data["durability"]) for e in kinds(world, "soaked")] == [(7, 33), (33, 0)]
