"""Build a creature's stat block from its definition (C1-C3, C5-C7, C13, C17, C19, C21, C24-C32,
C41-C42). Every number the builder tool prints comes from here.

Where the seed stops (Leader to Legendary), AP and ability slots are this project's choices,
written down in docs/rules.md: `AP` and `SLOTS` below.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from game.rules import dice
from game.rules.classification import MUNDANE_TYPES, Package, package, tag_line
from game.rules.definitions import (CATEGORY_ATTRIBUTE, Ability, CreatureDef, Equipment, MobTrait, Motivation,
                                    NaturalWeapon, Weapon, frozen, size_label)
from game.rules.tables import (ABBREVIATIONS, ATTRIBUTES, BAND_TABLE_HEADS, attribute_die,
                               attribute_tier, band, division, division_die, resistance_budget,
                               size_bonus, tier_budget, tier_die, trial_die)

# Choices where the seed is open (docs/rules.md): action points and ability slots per rank.
# Minions and Adepts follow the seed (C30: 2 AP shared, Mob trait only; C42: 2 AP, 1-2 abilities).
AP = {"minion": 2, "adept": 2, "leader": 2, "champion": 3, "master": 3, "epic": 4, "legendary": 4}
SLOTS = {"minion": 0, "adept": 2, "leader": 3, "champion": 4, "master": 5, "epic": 5, "legendary": 6}
UNARMED = NaturalWeapon("Unarmed", "crushing")


@dataclass(frozen=True)
class AttributeLine:
    name: str
    score: int
    tier: int
    die: str


@dataclass(frozen=True)
class AttackLine:
    """C28: one attack; a minion's dice are per head (C30)."""

    name: str
    weapon: str | None  # equipment id, None for natural weapons and unarmed blows
    kind: str
    damage_type: str
    element: str | None
    attribute: str
    dice: str
    expected: float  # exploding (C9)
    speed: str | None


@dataclass(frozen=True)
class DefenseLine:
    """C29: defense dice with one melee weapon, resistance added on top."""

    name: str
    attribute: str
    dice: str


@dataclass(frozen=True)
class BandLine:
    """C41: one row of a minion band table."""

    name: str
    heads: int
    health: int
    attack: str
    defense: str
    mob_dc: int


@dataclass(frozen=True)
class StatBlock:
    """Everything the builder prints for one creature, in the seed's shape."""

    id: str
    name: str
    tag: str
    squares: float
    tier: int
    rank: str
    division: int
    tier_die: str
    dtd: str
    trial_die: str
    attributes: tuple[AttributeLine, ...]
    tier_total: int
    tier_budget: int
    armoured: bool
    health_formula: str
    health_dice: str
    health_average: float
    health: int
    durability: int  # C25 current durability of the body armour, 0 unarmoured
    armour: tuple[str, ...]
    resistance: Mapping[str, int]  # total by damage type, armour included
    natural_resistance: Mapping[str, int]
    resistance_spent: int
    resistance_budget: int
    attacks: tuple[AttackLine, ...]
    defenses: tuple[DefenseLine, ...]
    trials: Mapping[str, str]
    ap: int
    slots: int
    slots_used: int
    package: Package
    motivation: Motivation
    size_bonus: int
    heads: int
    bands: tuple[BandLine, ...]
    mob_dc: int  # C40 at the default heads
    attack_budget: int | None  # authored N25 override; None: the bridge's rank default
    abilities: tuple[Ability, ...]
    mob_trait: MobTrait | None
    conditions: tuple[str, ...]
    tags: tuple[str, ...]
    text: str


def scores(defn: CreatureDef) -> dict[str, int]:
    """Attribute scores; a minion's attributes are all T1 (C30), written as score 1 if absent."""
    return {name: defn.attributes.get(name, 1) for name in ATTRIBUTES}


def higher(defn: CreatureDef, first: str, second: str) -> str:
    """The higher-scoring of two attributes (C28 natural attack, C29 natural defense)."""
    values = scores(defn)
    return first if values[first] >= values[second] else second


def attribute_dice(defn: CreatureDef, attribute: str) -> str:
    """An attribute's tier die; a minion uses its Creature Tier (C30)."""
    return tier_die(defn.tier) if defn.is_minion else attribute_die(scores(defn)[attribute])


def attack_dice(defn: CreatureDef, attribute: str) -> str:
    """C28: DTD + attribute die + size bonus; a minion rolls 1d2 per head plus one head's size bonus."""
    bonus = size_bonus(defn.squares)
    if defn.is_minion:
        return dice.notation(dice.add("d2", bonus))
    return dice.notation(dice.add(division_die(defn.tier, defn.rank),
                                  attribute_dice(defn, attribute), bonus))


def group_attack(per_head: str, heads: int) -> str:
    """C33: a group rolls 1d2 per current head, plus the size bonus of one head once."""
    one = dice.parse(per_head)
    return dice.notation(dice.add(dice.times("d2", heads), one.bonus))


def weapon_attack(defn: CreatureDef, weapon: Weapon) -> AttackLine:
    attribute = CATEGORY_ATTRIBUTE[weapon.category]
    notation = attack_dice(defn, attribute)
    return AttackLine(weapon.name, weapon.id, weapon.kind, weapon.damage_type, None, attribute,
                      notation, dice.expected(notation), weapon.speed)


def natural_attack(defn: CreatureDef, natural: NaturalWeapon) -> AttackLine:
    attribute = higher(defn, "strength", "physique")
    notation = attack_dice(defn, attribute)
    return AttackLine(natural.name, None, natural.kind, natural.damage_type, natural.element,
                      attribute, notation, dice.expected(notation), None)


def natural_weapons(defn: CreatureDef) -> tuple[NaturalWeapon, ...]:
    """Its natural weapons, or an unarmed blow (crushing) when it has none."""
    return defn.natural_weapons or (UNARMED,)


def _defenses(defn: CreatureDef, weapons: list[Weapon]) -> tuple[DefenseLine, ...]:
    lines = []
    for weapon in weapons:
        if weapon.kind == "melee":
            attribute = CATEGORY_ATTRIBUTE[weapon.category]
            lines.append(DefenseLine(weapon.name, attribute, _defense_dice(defn, attribute)))
    attribute = higher(defn, "agility", "physique")
    name = "Natural" if defn.natural_weapons else "Unarmed"
    lines.append(DefenseLine(name, attribute, _defense_dice(defn, attribute)))
    return tuple(lines)


def _defense_dice(defn: CreatureDef, attribute: str) -> str:
    if defn.is_minion:
        return "d2"
    return dice.notation(dice.add(division_die(defn.tier, defn.rank), attribute_dice(defn, attribute)))


def armour_durability(defn: CreatureDef) -> int:
    """C25: Durability = 2 x (END score + average DTD - Tier), always a whole number."""
    end = scores(defn)["endurance"]
    return round(2 * (end + dice.average(division_die(defn.tier, defn.rank)) - defn.tier))


def _health(defn: CreatureDef, armoured: bool) -> tuple[str, str, float, int]:
    """C24-C25, C30: formula text, dice, average and durability."""
    if defn.is_minion:
        return "1 per head", "1", 1.0, 0
    tier, rank = defn.tier, defn.rank
    end = scores(defn)["endurance"]
    end_die = attribute_die(end)
    div = division(tier, rank)
    size_dice = size_bonus(defn.squares)
    dtd = division_die(tier, rank)
    count = f"({div} + {size_dice} size)" if size_dice else f"{div}"
    if armoured:
        total = dice.add(dice.times(end_die, div + size_dice), tier)
        durability = armour_durability(defn)
        text = f"Division {count} × END {end_die} + Tier {tier}"
    else:
        total = dice.add(dice.times(end_die, div + size_dice), dtd, end)
        durability = 0
        text = f"END {end} + Division {count} × END {end_die} + DTD {dtd}"
    return text, dice.notation(total), dice.average(total), durability


def _resistance(defn: CreatureDef, equipment: Equipment) -> dict[str, int]:
    """C21: minions flat Tier on the mundane types; others natural points plus armour pieces."""
    if defn.is_minion:
        return {kind: defn.tier for kind in MUNDANE_TYPES}
    total = dict(defn.resistance)
    for armour_id in defn.armour:
        for kind, points in equipment.armour[armour_id].resistance.items():
            total[kind] = total.get(kind, 0) + points
    return {kind: points for kind, points in total.items() if points}


def _trials(defn: CreatureDef) -> dict[str, str]:
    """C3: minions d2 + Tier die for every trial; others the rank die + the attribute's die."""
    if defn.is_minion:
        return {"all": dice.notation(dice.add("d2", tier_die(defn.tier)))}
    base = trial_die(defn.rank)
    return {ABBREVIATIONS[name]: dice.notation(dice.add(base, attribute_die(score)))
            for name, score in scores(defn).items()}


def _bands(defn: CreatureDef, per_head: str) -> tuple[BandLine, ...]:
    """C41: Cluster 6, Brood 12, Swarm 16; defense adds resistance once (C33)."""
    lines = []
    for name, heads in BAND_TABLE_HEADS:
        bonus = band(heads)[1]
        lines.append(BandLine(name, heads, heads, group_attack(per_head, heads),
                              f"{heads}d2+{defn.tier}", defn.tier + bonus))
    return tuple(lines)


def build(defn: CreatureDef, equipment: Equipment) -> StatBlock:
    """The stat block of `defn`; assumes `check(defn, equipment)` found no errors."""
    values = scores(defn)
    attributes = tuple(AttributeLine(ABBREVIATIONS[name], values[name], attribute_tier(values[name]),
                                     attribute_die(values[name])) for name in ATTRIBUTES)
    armoured = bool(defn.armour) and not defn.is_minion
    formula, health_dice, health_average, durability = _health(defn, armoured)
    resistance = _resistance(defn, equipment)
    weapons = [equipment.weapons[w] for w in defn.weapons]
    attacks = tuple([weapon_attack(defn, w) for w in weapons]
                    + [natural_attack(defn, n) for n in natural_weapons(defn)])
    slots_used = sum(1 for a in defn.abilities if a.kind != "free")
    tier, rank = defn.tier, defn.rank
    bands = _bands(defn, attacks[0].dice) if defn.is_minion else ()
    return StatBlock(
        id=defn.id, name=defn.name,
        tag=tag_line(size_label(defn.size), defn.classification, defn.kingdom, defn.forms,
                     defn.conditions),
        squares=defn.squares, tier=tier, rank=rank, division=division(tier, rank),
        tier_die=tier_die(tier), dtd=division_die(tier, rank), trial_die=trial_die(rank),
        attributes=attributes, tier_total=sum(a.tier for a in attributes),
        tier_budget=tier_budget(tier, rank), armoured=armoured,
        health_formula=formula, health_dice=health_dice, health_average=health_average,
        health=int(health_average + 0.5), durability=durability, armour=defn.armour,
        resistance=frozen(resistance),
        natural_resistance=frozen(resistance if defn.is_minion
                                  else {k: v for k, v in defn.resistance.items() if v}),
        resistance_spent=sum(resistance.values()), resistance_budget=resistance_budget(tier, rank),
        attacks=attacks, defenses=_defenses(defn, weapons), trials=frozen(_trials(defn)),
        ap=AP[rank], slots=SLOTS[rank], slots_used=slots_used,
        package=package(defn.classification, defn.kingdom, defn.forms),
        motivation=defn.motivation,
        size_bonus=size_bonus(defn.squares), heads=defn.heads if defn.is_minion else 0,
        bands=bands, mob_dc=tier + band(defn.heads)[1] if defn.is_minion else 0,
        attack_budget=defn.attack_budget, abilities=defn.abilities, mob_trait=defn.mob_trait,
        conditions=defn.conditions, tags=defn.tags, text=defn.text,
    )
