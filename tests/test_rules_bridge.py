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
