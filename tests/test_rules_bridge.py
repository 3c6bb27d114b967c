"""The bridge from stat block to card (Reconciliation 1-3): anchors, caps, schools, monotonicity."""
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.bridge import load_bridge
from game.content.equipment import load_equipment
from game.paths import DATA
from game.rules import dice
from game.rules.bridge import card, dodge_percent, hit_percent
from game.rules.creature import RANKS, CreatureDef, MobTrait, Motivation, NaturalWeapon, build
from game.rules.definitions import frozen
from game.rules.tables import ATTRIBUTES

BRIDGE = load_bridge(DATA / "bridge.toml")
EQUIPMENT = load_equipment(DATA / "equipment.toml")
STATS = ("health", "stamina", "mana", "strength", "speed", "dodge", "sneak", "melee", "ranged",
         "attack_budget", "ap")


def creature(tier=1, rank="adept", armour=(), **scores) -> CreatureDef:
    attributes = {name: 7 for name in ATTRIBUTES} | scores
    return CreatureDef(id="probe", name="Probe", tier=tier, rank=rank, size="1x1",
                       classification="eidos", kingdom="beast", forms=("primal",),
                       motivation=Motivation("a", "b", "c"), attributes=frozen(attributes),
                       natural_weapons=(NaturalWeapon("Bite", "piercing"),), armour=armour,
                       resistance=frozen({"crushing": 2, "fire": 1}))


def stats(defn: CreatureDef) -> dict[str, int]:
    played = card(build(defn, EQUIPMENT), BRIDGE)
    return {name: getattr(played, name) for name in STATS} | dict(played.defense)


def not_lower(low: dict[str, int], high: dict[str, int]) -> list[str]:
    return [name for name in low if high[name] < low[name]]


def test_reconciliation_1_anchors_lowly_and_seasoned():
    lone_head = hit_percent(dice.expected("d2"), BRIDGE)
    seasoned = hit_percent(dice.expected("d3+d3"), BRIDGE)  # a Tier 1 adept, attribute T2
    assert 17 <= lone_head <= 23, lone_head  # "a lowly fighter near 20%"
    assert 57 <= seasoned <= 63, seasoned  # "a seasoned one near 60%"


def test_reconciliation_1_percentages_stay_below_100():
    assert hit_percent(dice.expected("4d8+d12+8"), BRIDGE) < 100
    assert dodge_percent(13, BRIDGE) < 100
    assert [hit_percent(e, BRIDGE) for e in (1, 3, 6, 10)] == sorted(hit_percent(e, BRIDGE) for e in (1, 3, 6, 10))


def test_reconciliation_1_dodge_grows_with_agility():
    values = [dodge_percent(tier, BRIDGE) for tier in range(1, 14)]
    assert values == sorted(values) and values[0] < values[-1]
    assert stats(creature(agility=30))["dodge"] > stats(creature(agility=5))["dodge"]


@settings(max_examples=40, deadline=None)
@given(tier=st.integers(1, 6), rank=st.sampled_from(RANKS[1:]), armoured=st.booleans())
def test_reconciliation_1_higher_tier_never_lowers_a_card_stat(tier, rank, armoured):
    armour = ("leather_jerkin",) if armoured else ()
    low = stats(creature(tier, rank, armour))
    high = stats(creature(tier + 1, rank, armour))
    assert not_lower(low, high) == []


@settings(max_examples=40, deadline=None)
@given(tier=st.integers(1, 7), index=st.integers(1, len(RANKS) - 2))
def test_reconciliation_1_higher_rank_never_lowers_a_card_stat(tier, index):
    low = stats(creature(tier, RANKS[index]))
    high = stats(creature(tier, RANKS[index + 1]))
    assert not_lower(low, high) == []


@settings(max_examples=60, deadline=None)
@given(attribute=st.sampled_from(ATTRIBUTES), score=st.integers(1, 60), extra=st.integers(1, 20),
       armoured=st.booleans())
def test_reconciliation_1_higher_attribute_never_lowers_a_card_stat(attribute, score, extra, armoured):
    armour = ("leather_jerkin",) if armoured else ()
    low = stats(creature(2, "leader", armour, **{attribute: score}))
    high = stats(creature(2, "leader", armour, **{attribute: score + extra}))
    assert not_lower(low, high) == []


def test_reconciliation_1_minion_groups_grow_with_heads_and_tier():
    group = replace(creature(rank="minion"), attributes=frozen({}), resistance=frozen({}),
                    mob_trait=MobTrait("Gnaw", "damage", "bleeding"), heads=6)
    block = build(group, EQUIPMENT)
    few, many = card(block, BRIDGE, heads=3), card(block, BRIDGE, heads=16)
    assert (few.health, few.heads, few.attack.dice) == (3, 3, "3d2")
    assert (many.health, many.heads, many.attack.dice) == (16, 16, "16d2")
    assert few.melee == hit_percent(1.5, BRIDGE)  # below 4 heads: a lowly fighter
    assert many.melee == hit_percent(1.5 + 6, BRIDGE)  # Swarm bonus +6 (C32)
    assert card(build(replace(group, tier=3), EQUIPMENT), BRIDGE).dodge >= card(block, BRIDGE).dodge


@pytest.mark.parametrize("kind, school", [("fire", "fire"), ("sea", "ice"), ("sky", "ice"),
                                          ("stone", "acid"), ("primal", "acid"), ("sacred", "holy"),
                                          ("profane", "dark"), ("void", "dark")])
def test_reconciliation_3_magical_types_map_to_schools(kind, school):
    assert BRIDGE.schools[kind] == school


def test_reconciliation_2_card_defense_is_natural_mundane_resistance():
    played = card(build(creature(), EQUIPMENT), BRIDGE)
    assert played.defense["crushing"] == 2 and played.element_resist["fire"] == 1
    assert played.attack.dice == "2d3"  # DTD d3 + PHY/STR 7 (T2 d3)
    assert played.strength == 2  # STR tier


def test_reconciliation_1_melee_from_the_attack_dice_ranged_from_an_aimed_shot():
    """A T1 adept biting with DTD d3 + STR/PHY 7 (d3): E = 3 + 3 = 6 -> melee floor(100(1 - 0.85^6)) = 62.
    Its aimed shot (C28 crossbow rule) is DTD d3 + PER 20 (d8): E = 3 + 4.5 · 8/7 = 8.14 -> ranged 73.
    A creature whose natural weapon is ranged aims as it strikes: ranged 62 too."""
    biter = card(build(creature(perception=20), EQUIPMENT), BRIDGE)
    assert (biter.melee, biter.ranged) == (62, 73)
    spitter = replace(creature(perception=20), natural_weapons=(NaturalWeapon("Spit", "piercing", kind="ranged"),))
    spit = card(build(spitter, EQUIPMENT), BRIDGE)
    assert (spit.attack.kind, spit.melee, spit.ranged) == ("ranged", 62, 62)


def test_reconciliation_1_a_minion_group_uses_its_creature_tier_for_every_attribute():
    """A Tier 3 group (C30): every attribute tier 3, so stamina 10 + 5·3 + 2·3 = 31, mana 3·3 + 3·3 + 3 = 21,
    speed 1 + 3 = 4, sneak 2·3 + 3 = 9, strength 3, dodge floor(100(1 - 0.96^3)) = 11; a group aims and shoots
    alike: 1.5 (one head) + its band at 6 heads (+2) -> floor(100(1 - 0.85^3.5)) = 43 for both."""
    group = replace(creature(tier=3, rank="minion"), attributes=frozen({}), resistance=frozen({}),
                    mob_trait=MobTrait("Gnaw", "damage", "bleeding"), heads=6)
    played = card(build(group, EQUIPMENT), BRIDGE)
    assert (played.stamina, played.mana, played.speed, played.sneak, played.strength, played.dodge) == (
        31, 21, 4, 9, 3, 11)
    assert (played.melee, played.ranged) == (43, 43)


def test_reconciliation_3_schools_add_up_and_the_card_keeps_the_ranks_ap():
    """Sea 2 and sky 3 both become ice resistance: 5. A champion's card carries its 3 AP (docs/rules.md)."""
    both = replace(creature(), resistance=frozen({"sea": 2, "sky": 3, "crushing": 5}))
    assert card(build(both, EQUIPMENT), BRIDGE).element_resist["ice"] == 5
    assert card(build(creature(rank="champion"), EQUIPMENT), BRIDGE).ap == 3
    assert card(build(creature(rank="epic"), EQUIPMENT), BRIDGE).ap == 4


def test_a_card_fills_every_school_and_type_and_refuses_unknown_ones():
    from game.rules.card import Attack, Card

    bite = Attack("Bite", "melee", "d4", "piercing", {"fire": 2})
    assert dict(bite.elements) == {"fire": 2, "ice": 0, "acid": 0, "holy": 0, "dark": 0}
    played = Card("Probe", 5, 1, 1, 1, 1, 0, 0, 50, 50, {"cutting": 1}, {"fire": 2}, {"ice": 1}, bite)
    assert dict(played.element_damage) == {"fire": 2, "ice": 0, "acid": 0, "holy": 0, "dark": 0}
    assert dict(played.element_resist) == {"fire": 0, "ice": 1, "acid": 0, "holy": 0, "dark": 0}
    assert played.defense["crushing"] == 0 and played.defense["cutting"] == 1
    with pytest.raises(TypeError):
        played.element_damage["fire"] = 9  # read-only
    spirit = replace(played, immune={"fire"}, impotent={"ice"})
    assert (spirit.immune, spirit.impotent) == (frozenset({"fire"}), frozenset({"ice"}))
    assert isinstance(spirit.immune, frozenset) and isinstance(spirit.impotent, frozenset)
    for make_bad, message in [
        (lambda: Attack("Zap", "thrown", "d4", "piercing"), "attack 'Zap': kind must be melee or ranged, not 'thrown'"),
        (lambda: Attack("Zap", "melee", "d4", "lightning"), "attack 'Zap': unknown damage type 'lightning'"),
        (lambda: Attack("Zap", "melee", "d4", "piercing", {"lightning": 1}),
         "unknown keys ['lightning']; expected some of ['fire', 'ice', 'acid', 'holy', 'dark']"),
        (lambda: replace(played, immune=frozenset({"sea"})), "card 'Probe': unknown school 'sea'"),
    ]:
        with pytest.raises(ValueError) as raised:
            make_bad()
        assert str(raised.value) == message


def test_reconciliation_1_the_curves_point_by_point():
    """bridge.toml: melee floor(100(1 − 0.85^E)) capped at 95; dodge floor(100(1 − 0.96^tier)) capped at 75."""
    assert [hit_percent(e, BRIDGE) for e in (1.5, 3, 6, 12, 20)] == [21, 38, 62, 85, 95]
    assert [dodge_percent(t, BRIDGE) for t in range(1, 14)] == [4, 7, 11, 15, 18, 21, 24, 27, 30, 33, 36, 38, 41]
    assert dodge_percent(40, BRIDGE) == 75
