"""Load the equipment table (assets/data/equipment.toml): weapons (C28) and armour pieces (C26)."""
from __future__ import annotations

from pathlib import Path

from game.content.errors import ContentError
from game.content.fields import Fields
from game.content.toml_file import read_toml
from game.rules.checks import Problem
from game.rules.classification import MUNDANE_TYPES
from game.rules.definitions import (ARMOUR_SLOTS, CATEGORY_ATTRIBUTE, SPEEDS, Armour, Equipment,
                                    Weapon, frozen)


def _weapon(weapon_id: str, fields: Fields) -> Weapon:
    fields.unknown({"name", "category", "damage_type", "speed", "kind"})
    weapon = Weapon(weapon_id, fields.text("name"), fields.text("category"),
                    fields.text("damage_type"), fields.text("speed"), fields.text("kind"))
    if weapon.category is not None and weapon.category not in CATEGORY_ATTRIBUTE:
        fields.problem("category", f"unknown category {weapon.category!r}; expected "
                                   f"{', '.join(CATEGORY_ATTRIBUTE)} (C28)")
    if weapon.damage_type is not None and weapon.damage_type not in MUNDANE_TYPES:
        fields.problem("damage_type", f"must be mundane ({', '.join(MUNDANE_TYPES)}) (C20)")
    if weapon.speed is not None and weapon.speed not in SPEEDS:
        fields.problem("speed", f"must be one of {', '.join(SPEEDS)}")
    if weapon.kind is not None and weapon.kind not in ("melee", "ranged"):
        fields.problem("kind", "must be melee or ranged (N20)")
    return weapon


def _armour(armour_id: str, fields: Fields) -> Armour:
    fields.unknown({"name", "slot", "durability", "resistance"})
    resistance = fields.integers("resistance")
    armour = Armour(armour_id, fields.text("name"), fields.text("slot"), frozen(resistance),
                    fields.integer("durability"))
    if armour.slot is not None and armour.slot not in ARMOUR_SLOTS:
        fields.problem("slot", f"must be one of {', '.join(ARMOUR_SLOTS)}")
    if armour.durability is not None and armour.durability < 1:
        fields.problem("durability", "maximum durability must be at least 1 (C26)")
    for kind, points in resistance.items():
        if kind not in MUNDANE_TYPES:
            fields.problem(f"resistance.{kind}", f"armour resists mundane types only "
                                                 f"({', '.join(MUNDANE_TYPES)})")
        elif points < 0:
            fields.problem(f"resistance.{kind}", "cannot be negative (C22)")
    return armour


def read_equipment(path: Path) -> tuple[Equipment, list[Problem]]:
    """The equipment table and every problem in it."""
    data = read_toml(path)
    problems: list[Problem] = []
    tables = {}
    for section, reader in (("weapons", _weapon), ("armour", _armour)):
        entries = {}
        for entry_id, table in data.get(section, {}).items():
            fields = Fields(table if isinstance(table, dict) else {}, str(path), entry_id)
            entries[entry_id] = reader(entry_id, fields)
            problems += fields.problems
        tables[section] = frozen(entries)
    for section in sorted(set(data) - {"weapons", "armour"}):
        problems.append(Problem(str(path), section, "", "unknown section (expected weapons, armour)"))
    return Equipment(tables["weapons"], tables["armour"]), problems


def load_equipment(path: Path) -> Equipment:
    """The equipment table; raise ContentError naming the first problem."""
    equipment, problems = read_equipment(path)
    if problems:
        raise ContentError(str(problems[0]))
    return equipment
