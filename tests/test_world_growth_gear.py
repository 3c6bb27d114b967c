"""Growth (N27-N29), gear (N30-N36) and room runes (N37) in the world."""
from __future__ import annotations

from dataclasses import replace

import esper
import pytest

from game.world import views
from game.rules.growth import grown, level_for_xp, xp_for_level
from game.world.verbs import combat, factory, loadout, provisions
from game.world.components import Growth, Inventory, Item
from game.world.systems import abilities, growth, scavenge
from tests.world_fixtures import body, kinds, make_world, mood, room_id, row_map, spawn


def test_N27_thresholds_100_then_doubling():
    assert [xp_for_level(n) for n in range(1, 5)] == [100, 300, 700, 1500]
    assert level_for_xp(99) == 0 and level_for_xp(100) == 1 and level_for_xp(299) == 1 and level_for_xp(300) == 2


def test_N27_one_xp_per_turn_alive(world):
    wolf = spawn(world, "wolf", 2)
    for _ in range(7):
        growth.run(world)
    assert esper.component_for_entity(wolf, Growth).xp == 7


def test_N28_each_stat_plus_ten_percent_of_natural_at_least_one_zero_stays_zero(content):
    card = content.codex.card("wolf")
    card = replace(card, health=30, strength=3, mana=0, melee=40, element_damage={"fire": 0})
    two = grown(card, 2)
    assert two.health == 36  # 10 % of 30 is 3, twice
    assert two.strength == 5  # 10 % of 3 rounds to 0: at least 1 a level
    assert two.mana == 0  # stats it does not have stay at zero
    assert two.melee == 48
    assert two.element_damage["fire"] == 0


def test_N28_ten_percent_of_natural_per_level_told_apart_from_nine_and_eleven(content):
    """N28 with values whose 9 %, 10 % and 11 % round apart, worked by hand (not through grown()):
    health 60 -> +6 a level (9 %: 5, 11 %: 7), stamina 80 -> +8 (7, 9), melee 70 -> +7 (6, 8),
    dodge 30 -> +3, sneak 37 -> 3.7 rounds to +4 (not 3), each defense and elemental value likewise."""
    card = replace(content.codex.card("wolf"), health=60, stamina=80, mana=0, strength=3, speed=12, dodge=30,
                   sneak=37, melee=70, ranged=95, defense={"cutting": 20, "crushing": 0},
                   element_damage={"fire": 40, "ice": 0}, element_resist={"acid": 50})
    one, three = grown(card, 1), grown(card, 3)
    assert (one.health, one.stamina, one.melee, one.dodge, one.sneak) == (66, 88, 77, 33, 41)
    assert (three.health, three.stamina, three.melee, three.dodge, three.sneak) == (78, 104, 91, 39, 49)
    assert (one.strength, three.strength) == (4, 6)  # 0.3 rounds to 0: at least 1 a level
    assert (one.speed, three.speed) == (13, 15)  # 1.2 rounds to 1
    assert (one.mana, three.mana) == (0, 0)  # zero stays zero
    assert (one.ranged, three.ranged) == (99, 99)  # 95 + 10 % stops at 99 (a percentage below 100)
    assert (three.defense["cutting"], three.defense["crushing"]) == (26, 0)
    assert (three.element_damage["fire"], three.element_damage["ice"]) == (52, 0)
    assert three.element_resist["acid"] == 65
    assert grown(card, 0) == card
    assert grown(replace(card, speed=1), 2).speed == 3  # a 1 grows by 1 a level too


def test_N28_max_health_rises_and_heals_by_the_rise_gear_excluded(world):
    guard = spawn(world, "guard", 2)
    b = body(guard)
    natural_before = b.natural
    b.health = b.card.health - 2
    hp_before, max_before = b.health, b.card.health
    esper.component_for_entity(guard, Growth).xp = 99
    growth.run(world)
    assert esper.component_for_entity(guard, Growth).level == 1
    rise = b.card.health - max_before
    assert rise >= 1 and b.health == hp_before + rise
    assert b.natural == natural_before
    assert b.base == grown(natural_before, 1)  # growth from natural stats only, not gear


def test_N29_level_shown_and_note_to_players_in_the_room(world):
    wolf = spawn(world, "wolf", 0)
    esper.component_for_entity(wolf, Growth).xp = 99
    growth.run(world)
    note = kinds(world, "level_up")[-1]
    assert note.actor == world.uid(wolf) and world.hears(note)
    assert views.creature(world, wolf).level == 1


def test_N29_behaviour_unlocks_at_a_level(content):
    holders = {cid: d.unlocks for cid, d in content.codex.creatures.items() if d.unlocks}
    assert len({b for u in holders.values() for b in u.values()}) >= 3
    cid, unlocks = next((c, u) for c, u in holders.items() if "meditate" in u.values())
    level = next(lvl for lvl, b in unlocks.items() if b == "meditate")
    world = make_world(content, seed=1)
    try:
        eid = spawn(world, cid, 2)
        body(eid).health = max(1, body(eid).card.health // 2)
        mood(eid).state = "resting"
        abilities.run(world)
        assert not kinds(world, "meditate")
        esper.component_for_entity(eid, Growth).level = level
        hurt = body(eid).health
        abilities.run(world)
        assert kinds(world, "meditate")
        assert body(eid).health == hurt + 2  # docs/rules.md: a meditator recovers 2 health a turn at rest
        body(eid).health = body(eid).card.health - 1
        abilities.run(world)
        assert body(eid).health == body(eid).card.health  # never past its maximum
    finally:
        world.close()


def test_N30_picks_up_and_equips_a_better_weapon(world):
    wanderer = spawn(world, "wanderer", 2, gear=("club",))
    before = body(wanderer).card.melee
    sword = factory.spawn_item(world, "longsword", room_id(2), (12, 2), quality="masterwork")
    body(wanderer).ap = 2
    scavenge.run(world)
    inv = esper.component_for_entity(wanderer, Inventory)
    assert inv.equipped["weapon"] == sword
    assert body(wanderer).card.attack.name == "Longsword" and body(wanderer).card.melee > before
    assert kinds(world, "equip")


@pytest.mark.rule("N30")
def test_N30_a_creature_at_1_health_still_arms_itself_and_one_at_0_does_not(world):
    wanderer = spawn(world, "wanderer", 2, gear=("club",))
    sword = factory.spawn_item(world, "longsword", room_id(2), (12, 2), quality="masterwork")
    body(wanderer).ap, body(wanderer).health = 3, 0
    scavenge.run(world)
    assert esper.component_for_entity(wanderer, Inventory).equipped["weapon"] != sword
    body(wanderer).health = 1
    scavenge.run(world)
    assert esper.component_for_entity(wanderer, Inventory).equipped["weapon"] == sword
    assert body(wanderer).ap == 2  # arming cost one of its three


@pytest.mark.rule("N30")
@pytest.mark.rule("N35")
@pytest.mark.parametrize("first, second", [(dict(quality="common"), dict(quality="fine", durability=1)),
                                           (dict(quality="common"), dict(quality="common", rune="fire"))])
def test_N30_N35_armour_is_weighed_by_quality_and_rune_before_its_wear(world, first, second):
    """docs/rules.md: an armour piece scores its resistance points (a fine one +1 on each of the five
    mundane types: +5), a tenth of its durability and a rune's bonus. A fine gambeson worn down to 1 beats a common one at 46 (5.1 > 4.6);
    of two common ones alike, the runed one is taken."""
    wanderer = spawn(world, "wanderer", 2, gear=("club",))
    assert "body" not in esper.component_for_entity(wanderer, Inventory).equipped
    factory.spawn_item(world, "gambeson", room_id(2), (11, 2), **first)
    better = factory.spawn_item(world, "gambeson", room_id(2), (12, 2), **second)
    body(wanderer).ap = 2
    scavenge.run(world)
    assert esper.component_for_entity(wanderer, Inventory).equipped["body"] == better


def test_N29_N30_arming_waits_for_the_unlock_level(world):
    outlaw = spawn(world, "outlaw", 2, gear=("club",))
    level = next(lvl for lvl, b in world.actors.of(outlaw).unlocks.items() if b == "arm_itself")
    factory.spawn_item(world, "longsword", room_id(2), (12, 2), quality="masterwork")
    body(outlaw).ap = 2
    scavenge.run(world)
    assert kinds(world, "equip") == []
    esper.component_for_entity(outlaw, Growth).level = level
    scavenge.run(world)
    assert kinds(world, "equip")


def test_N30_animals_do_not_arm_themselves(world):
    wolf = spawn(world, "wolf", 2)
    factory.spawn_item(world, "longsword", room_id(2), (12, 2))
    body(wolf).ap = 2
    scavenge.run(world)
    assert "weapon" not in esper.component_for_entity(wolf, Inventory).equipped


def test_N32_equipping_changes_the_card(world):
    hero = world.hero
    mail = factory.spawn_item(world, "mail_hauberk", owner=hero)
    loadout.equip(world, hero, mail)
    for kind, value in content_armour(world, "mail_hauberk").items():
        assert body(hero).card.defense[kind] == body(hero).base.defense[kind] + value
    provisions.put_down(world, hero, mail)  # dropping worn armour takes it off
    assert "body" not in esper.component_for_entity(hero, Inventory).equipped
    assert body(hero).card.defense == body(hero).base.defense


@pytest.mark.rule("N32")
def test_N32_taking_armour_off_keeps_it_in_the_pack_and_gives_the_natural_card_back(world):
    """Unequip (the inventory's Remove): the piece leaves its slot, stays carried, the card loses it; 1 AP."""
    from game.world.commands import Unequip
    from game.world.driver import Driver

    hero = world.hero
    mail = factory.spawn_item(world, "mail_hauberk", owner=hero)
    loadout.equip(world, hero, mail)
    game = Driver(world)
    ap = body(hero).ap
    assert game.do(Unequip(hero, mail)).ok
    assert "body" not in esper.component_for_entity(hero, Inventory).equipped
    assert mail in esper.component_for_entity(hero, Inventory).items
    assert body(hero).card.defense == body(hero).base.defense
    assert body(hero).ap == ap - 1
    assert [e.text for e in world.pop_events() if e.kind == "unequip"] == ["Hero takes off Mail hauberk."]
    refused = game.do(Unequip(hero, mail))
    assert not refused.ok and refused.reason == "You are not wearing the Mail hauberk."


def content_armour(world, equipment_id):
    return {k: v for k, v in world.content.codex.equipment.armour[equipment_id].resistance.items()
            if k in body(world.hero).card.defense}


def test_N33_capacity_forty_times_base_strength_minimum_forty(world):
    wolf = spawn(world, "wolf", 2)
    s = body(wolf).natural.strength
    assert loadout.capacity(wolf) == max(40, 40 * s)
    body(wolf).natural = replace(body(wolf).natural, strength=0)
    assert loadout.capacity(wolf) == 40


def test_N33_overburdened_picks_up_nothing(world):
    outlaw = spawn(world, "wanderer", 2, gear=("club",))
    cap = loadout.capacity(outlaw)
    while loadout.carried_weight(world, outlaw) < cap - 1:
        factory.spawn_item(world, "bones", owner=outlaw)
    axe = factory.spawn_item(world, "greataxe", room_id(2), (12, 2), quality="masterwork")
    assert not loadout.can_carry(world, outlaw, axe)
    body(outlaw).ap = 2
    scavenge.run(world)
    assert axe in world.rooms.floor(room_id(2))


def test_N35_runed_weapon_adds_its_school_and_travels_as_loot(world):
    outlaw = spawn(world, "outlaw", 2, gear=())
    blade = factory.spawn_item(world, "shortsword", owner=outlaw, rune="fire")
    loadout.equip(world, outlaw, blade)
    assert body(outlaw).card.attack.elements["fire"] == world.content.gear.rune_weapon_damage
    combat.die(world, outlaw, world.hero)
    assert esper.component_for_entity(blade, Item).rune == "fire"


def test_N36_hostile_creature_prefers_the_enchanted_item(world):
    outlaw = spawn(world, "outlaw", 2, gear=())
    esper.component_for_entity(outlaw, Growth).level = 3  # armed from level 3 (its codex unlocks)
    plain = factory.spawn_item(world, "shortsword", room_id(2), (12, 2))
    runed = factory.spawn_item(world, "shortsword", room_id(2), (12, 2), rune="dark")
    body(outlaw).ap = 2
    scavenge.run(world)
    assert esper.component_for_entity(outlaw, Inventory).equipped["weapon"] == runed
    assert plain in world.rooms.floor(room_id(2))


def test_N34_quality_and_material_change_the_weapon(world):
    outlaw = spawn(world, "outlaw", 2, gear=())
    plain = factory.spawn_item(world, "shortsword", owner=outlaw)
    loadout.equip(world, outlaw, plain)
    plain_chance = body(outlaw).card.melee
    fine = factory.spawn_item(world, "shortsword", owner=outlaw, quality="masterwork", material="silver")
    loadout.equip(world, outlaw, fine)
    assert body(outlaw).card.melee == min(99, plain_chance + world.content.gear.qualities["masterwork"].hit)
    assert body(outlaw).card.attack.elements["holy"] == world.content.gear.materials["silver"].amount


def test_N37_room_rune_affects_every_attack_of_its_school_there(content):
    world = make_world(content, row_map(2, runes={1: "fire"}), seed=1)
    try:
        assert world.room_amplify(room_id(1)) == {"fire": world.content.gear.rune_room_amplify}
        assert world.room_amplify(room_id(0)) == {}
    finally:
        world.close()


def test_N29_N37_reshape_room_carves_a_rune_that_serves_everyone(world):
    spirit = spawn(world, "ember_spirit", 2)
    abilities.run(world)
    assert world.room_runes[room_id(2)] is None
    esper.component_for_entity(spirit, Growth).level = 1
    abilities.run(world)
    school = world.room_runes[room_id(2)]
    assert school is not None and body(spirit).card.element_damage[school] > 0
    assert world.room_amplify(room_id(2)) == {school: world.content.gear.rune_room_amplify}


def test_N29_N18_pack_howl_angers_pack_mates_next_door(world):
    wolf = spawn(world, "wolf", 1)
    mate = spawn(world, "wolf", 2)
    esper.component_for_entity(wolf, Growth).level = 2
    m = mood(wolf)
    m.state, m.last_seen, m.aware = "angered", room_id(1), world.aware_full
    abilities.run(world)
    assert mood(mate).state == "angered" and mood(mate).last_seen == room_id(1)
    assert kinds(world, "howl")
    assert mood(mate).aware == world.aware_full
    assert [(e.actor, e.room) for e in kinds(world, "howl")] == [(world.uid(wolf), room_id(1))]


def test_N29_a_howl_with_no_pack_mate_next_door_is_not_heard(world):
    wolf = spawn(world, "wolf", 1)
    other = spawn(world, "giant_rat", 2)  # next door, but not of its kind
    esper.component_for_entity(wolf, Growth).level = 2
    m = mood(wolf)
    m.state, m.last_seen, m.aware = "angered", room_id(1), world.aware_full
    before = mood(other).state
    abilities.run(world)
    assert mood(other).state == before
    assert kinds(world, "howl") == []


def test_N29_unlocked_behaviours_only_when_they_apply(world):
    """meditate: only resting or wandering and hurt; reshape_room: only into a runeless room, its strongest
    school (the first on a tie), and only with elemental damage; pack_howl: only on a fresh sighting while
    angered."""
    spirit = spawn(world, "ember_spirit", 2)
    unlocks = world.actors.of(spirit).unlocks
    esper.component_for_entity(spirit, Growth).level = 5
    world.room_runes[room_id(2)] = "dark"
    body(spirit).card = replace(body(spirit).card, element_damage={"fire": 6, "dark": 6})
    abilities.run(world)
    assert world.room_runes[room_id(2)] == "dark" and kinds(world, "reshape") == []  # already runed
    world.room_runes[room_id(2)] = None
    abilities.run(world)
    assert world.room_runes[room_id(2)] == "fire"  # fire and dark tie: the first school
    assert [(e.actor, e.room, e.data["school"]) for e in kinds(world, "reshape")] == [
        (world.uid(spirit), room_id(2), "fire")]
    assert "reshape_room" in unlocks.values()

    plain = spawn(world, "ember_spirit", 1)
    esper.component_for_entity(plain, Growth).level = 5
    body(plain).card = replace(body(plain).card, element_damage={})
    abilities.run(world)
    assert world.room_runes[room_id(1)] is None  # nothing to carve


def test_N29_meditation_only_at_rest_and_hurt(content):
    holders = {cid: d.unlocks for cid, d in content.codex.creatures.items() if "meditate" in d.unlocks.values()}
    cid, unlocks = next(iter(holders.items()))
    world = make_world(content, seed=1)
    try:
        eid = spawn(world, cid, 2)
        esper.component_for_entity(eid, Growth).level = max(unlocks)
        mood(eid).state = "resting"
        abilities.run(world)  # unhurt
        assert kinds(world, "meditate") == []
        body(eid).health = body(eid).card.health - 5
        mood(eid).state = "angered"
        abilities.run(world)
        assert kinds(world, "meditate") == []
        mood(eid).state = "wandering"
        abilities.run(world)
        assert [(e.actor, e.room, e.data["amount"]) for e in kinds(world, "meditate")] == [(world.uid(eid), room_id(2), 2)]
    finally:
        world.close()


def test_N29_a_pack_howl_needs_an_angered_wolf_that_has_just_seen_the_hero(world):
    wolf = spawn(world, "wolf", 1)
    mate = spawn(world, "wolf", 2)
    esper.component_for_entity(wolf, Growth).level = 2
    m = mood(wolf)
    m.state, m.last_seen, m.aware = "angered", room_id(1), world.aware_full - 1  # lost sight a turn ago
    abilities.run(world)
    m.state, m.aware = "wandering", world.aware_full
    abilities.run(world)
    assert kinds(world, "howl") == [] and mood(mate).state != "angered"


@pytest.mark.rule("N30")
def test_N30_arming_costs_an_action_point_says_what_was_taken_and_waits_for_ap_and_calm(world):
    wanderer = spawn(world, "wanderer", 2, gear=("club",))
    sword = factory.spawn_item(world, "longsword", room_id(2), (12, 2), rune="fire")
    for ap, state in ((0, "resting"), (2, "fleeing")):
        body(wanderer).ap, mood(wanderer).state = ap, state
        scavenge.run(world)
        assert kinds(world, "equip") == []
    body(wanderer).ap, mood(wanderer).state = 2, "resting"
    scavenge.run(world)
    assert body(wanderer).ap == 1
    assert [(e.actor, e.room, e.data["runed"]) for e in kinds(world, "equip")] == [(world.uid(wanderer), room_id(2), True)]
    assert esper.component_for_entity(wanderer, Inventory).equipped["weapon"] == sword
    assert kinds(world, "equip")[0].data["item"].startswith("Longsword")
