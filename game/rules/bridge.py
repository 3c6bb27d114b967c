"""Reconciliation 1-3: turn a C stat block into the N card, with numbers from bridge.toml.

The card holds natural stats only (game/rules/card.py): the natural weapon or an unarmed blow,
natural resistance, and the health the creature is built with (C24, or C25 when armoured; the
armour's durability lives on the armour item the world equips at spawn).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

from game.rules import dice
from game.rules.groups import GROUP_AIM_EASIER
from game.rules.card import MUNDANE, Attack, Card
from game.rules.statblock import AttackLine, StatBlock, group_attack
from game.rules.tables import ABBREVIATIONS, ATTRIBUTES, band, division_die

CARD_STATS = ("strength", "stamina", "mana", "speed", "sneak")


@dataclass(frozen=True)
class Linear:
    """A card integer: base + sum(per_tier[attribute] x attribute tier)."""

    base: int
    per_tier: Mapping[str, int]


@dataclass(frozen=True)
class Bridge:
    """The numbers of bridge.toml."""

    hit_base: float
    hit_cap: int
    dodge_base: float
    dodge_cap: int
    stats: Mapping[str, Linear]
    element_per_tier: int
    schools: Mapping[str, str]  # C magical type -> N23 school
    attack_budget: Mapping[str, int]  # rank -> N25 strikes per turn


def hit_percent(expected: float, bridge: Bridge) -> int:
    """N20 chance from the expected attack dice: floor(100(1 - base^E)), capped (Reconciliation 1)."""
    return min(bridge.hit_cap, math.floor(100 * (1 - bridge.hit_base ** expected)))


def dodge_percent(agility_tier: int, bridge: Bridge) -> int:
    """N21 dodge from the Agility tier: floor(100(1 - base^tier)), capped."""
    return min(bridge.dodge_cap, math.floor(100 * (1 - bridge.dodge_base ** agility_tier)))


def group_aim_percent(chance: int, bridge: Bridge) -> int:
    """C36 on the card: a shot into a minion group is the seed's 2 easier, read as 2 more points of E on
    the hit curve, so the miss share shrinks by base^2: floor(100 - (100 - chance) * base^2). It stays
    at most the hit cap, whose top rolls are the seed's 1 that still misses; it never lowers a chance."""
    eased = math.floor(100 - (100 - chance) * bridge.hit_base ** GROUP_AIM_EASIER + 1e-9)
    return max(chance, min(bridge.hit_cap, eased))


def attribute_tiers(block: StatBlock) -> dict[str, int]:
    """Tier per attribute name; a minion uses its Creature Tier for every attribute (C30)."""
    if block.rank == "minion":
        return {name: block.tier for name in ATTRIBUTES}
    by_abbreviation = {line.name: line.tier for line in block.attributes}
    return {name: by_abbreviation[ABBREVIATIONS[name]] for name in ATTRIBUTES}


def natural_line(block: StatBlock) -> AttackLine:
    """The first natural weapon, or the unarmed blow every stat block carries last."""
    return next(line for line in block.attacks if line.weapon is None)


def line_attack(line: AttackLine, block: StatBlock, bridge: Bridge, heads: int) -> Attack:
    """The N attack of one stat-block line; a group rolls 1d2 per current head (C33)."""
    notation = group_attack(line.dice, heads) if block.rank == "minion" else line.dice
    elements = {}
    if line.element:
        elements[bridge.schools[line.element]] = block.tier * bridge.element_per_tier
    return Attack(line.name, line.kind, notation, line.damage_type, elements)


def weapon_card_attack(block: StatBlock, line: AttackLine, bridge: Bridge,
                       heads: int | None = None) -> tuple[Attack, int]:
    """A weapon's N attack (C28 dice, its mundane type) and its N20 hit percent (Reconciliation 1)."""
    heads = block.heads if heads is None else heads
    return line_attack(line, block, bridge, heads), hit_percent(aim(block, line, heads), bridge)


def aim(block: StatBlock, line: AttackLine, heads: int) -> float:
    """The E of the hit curve: the line's expected attack dice; a minion group aims as one
    head (a lowly fighter) plus its band bonus read at the current heads (C32)."""
    return line.expected + band(heads)[1] if block.rank == "minion" else line.expected


def aim_expected(block: StatBlock) -> float:
    """E of an individual's aimed shot (C28 crossbow rule: DTD + PER die + size bonus)."""
    perception = next(line.die for line in block.attributes if line.name == "PER")
    return dice.expected(dice.add(division_die(block.tier, block.rank), perception,
                                  block.size_bonus))


def card(block: StatBlock, bridge: Bridge, heads: int | None = None) -> Card:
    """The N card of `block` (Reconciliation 1); `heads` sets a minion group's current size."""
    group = block.rank == "minion"
    heads = (heads if heads is not None else block.heads) if group else 0
    tiers = attribute_tiers(block)
    stats = {name: rule.base + sum(per * tiers[attr] for attr, per in rule.per_tier.items())
             for name, rule in bridge.stats.items()}
    natural = natural_line(block)
    attack = line_attack(natural, block, bridge, heads)
    attack_expected = aim(block, natural, heads)
    aims_alike = group or attack.kind == "ranged"  # a group aims like it strikes (C32)
    ranged_expected = attack_expected if aims_alike else aim_expected(block)
    resist: dict[str, int] = {}
    for kind, points in block.natural_resistance.items():
        if kind not in MUNDANE:
            school = bridge.schools[kind]
            resist[school] = resist.get(school, 0) + points
    pack = block.package
    return Card(
        name=block.name,
        health=heads if group else block.health,
        dodge=dodge_percent(tiers["agility"], bridge),
        melee=hit_percent(attack_expected, bridge),
        ranged=hit_percent(ranged_expected, bridge),
        defense={k: v for k, v in block.natural_resistance.items() if k in MUNDANE},
        element_damage=dict(attack.elements),
        element_resist=resist,
        attack=attack,
        attack_budget=block.attack_budget or bridge.attack_budget[block.rank],
        ap=block.ap,
        heads=heads,
        immune=frozenset({bridge.schools[pack.immune]} if pack.immune else ()),
        impotent=frozenset({bridge.schools[pack.vulnerable]} if pack.vulnerable else ()),
        **stats,
    )
