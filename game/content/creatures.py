"""Read one creature file (assets/data/creatures/<id>.toml) into a CreatureDef.

The file format is documented in docs/rules.md ("Creature files"). Structural mistakes (missing
or mistyped fields) become Problems here; rule problems come from game.rules.checks.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game.content.fields import MISSING, Fields
from game.content.toml_file import read_toml
from game.rules.checks import Problem
from game.rules.tags import TAGS, unknown_tags
from game.rules.definitions import (Ability, CreatureDef, MobTrait, Motivation, NaturalWeapon,
                                    frozen)

FIELDS = {"name", "tier", "rank", "size", "classification", "kingdom", "forms", "conditions",
          "motivation", "attributes", "weapons", "natural_weapons", "armour", "resistance",
          "abilities", "mob_trait", "heads", "attack_budget", "tags", "unlocks", "text"}


def _motivation(fields: Fields) -> Motivation:
    table = fields.table_of("motivation") or {}
    sub = fields.sub(table, "motivation.")
    sub.unknown({"major", "moderate", "minor", "wants", "takes"})
    return Motivation(sub.text("major", "") or "", sub.text("moderate", "") or "",
                      sub.text("minor", "") or "", sub.text("wants", "") or "", sub.texts("takes"))


def _natural(fields: Fields) -> tuple[NaturalWeapon, ...]:
    weapons = []
    for index, table in enumerate(fields.tables("natural_weapons")):
        sub = fields.sub(table, f"natural_weapons[{index}].")
        sub.unknown({"name", "damage_type", "kind", "element"})
        weapons.append(NaturalWeapon(sub.text("name", "?"), sub.text("damage_type", "crushing"),
                                     sub.text("kind", "melee"), sub.text("element", None)))
    return tuple(weapons)


def _abilities(fields: Fields) -> tuple[Ability, ...]:
    abilities = []
    for index, table in enumerate(fields.tables("abilities")):
        sub = fields.sub(table, f"abilities[{index}].")
        sub.unknown({"name", "kind", "text", "immunity"})
        abilities.append(Ability(sub.text("name", "?"), sub.text("kind", "active"),
                                 sub.text("text", ""), sub.text("immunity", None)))
    return tuple(abilities)


def _mob_trait(fields: Fields) -> MobTrait | None:
    table = fields.table_of("mob_trait", None)
    if table is None:
        return None
    sub = fields.sub(table, "mob_trait.")
    sub.unknown({"name", "trigger", "condition", "text", "condition_tier", "chained"})
    return MobTrait(sub.text("name", "?"), sub.text("trigger", "damage"), sub.text("condition", ""),
                    sub.text("text", ""), sub.integer("condition_tier", 1),
                    sub.boolean("chained", False))


def _unlocks(fields: Fields) -> dict[int, str]:
    unlocks = {}
    for level, behaviour in (fields.table_of("unlocks", {}) or {}).items():
        if not re.fullmatch(r"[0-9]{1,4}", level) or not isinstance(behaviour, str):
            fields.problem(f"unlocks.{level}", "write level = \"behaviour\", e.g. 3 = \"arm_itself\"")
            continue
        unlocks[int(level)] = behaviour
    return unlocks


def parse_creature(table: dict[str, Any], file: str, creature_id: str,
                   extra: frozenset[str] = frozenset()) -> tuple[CreatureDef | None, list[Problem]]:
    """A CreatureDef from one TOML table, or None and the problems that prevent it."""
    fields = Fields(table, file, creature_id)
    fields.unknown(FIELDS | extra)
    defn = CreatureDef(
        id=creature_id, name=fields.text("name"), tier=fields.integer("tier"),
        rank=fields.text("rank"), size=fields.text("size", "1x1"),
        classification=fields.text("classification"), kingdom=fields.text("kingdom"),
        forms=fields.texts("forms", MISSING), motivation=_motivation(fields),
        attributes=frozen(fields.integers("attributes")),
        conditions=fields.texts("conditions"), weapons=fields.texts("weapons"),
        natural_weapons=_natural(fields), armour=fields.texts("armour"),
        resistance=frozen(fields.integers("resistance")), abilities=_abilities(fields),
        mob_trait=_mob_trait(fields), heads=fields.integer("heads", 1),
        attack_budget=fields.integer("attack_budget", None), tags=fields.texts("tags"),
        unlocks=frozen(_unlocks(fields)), text=fields.text("text", ""), source=file,
    )
    for tag in unknown_tags(defn.tags):
        fields.problem("tags", f"unknown tag {tag!r} (the tags are {', '.join(sorted(TAGS))}; game/rules/tags.py)")
    return (None if fields.problems else defn), fields.problems


def read_creature(path: Path, extra: frozenset[str] = frozenset()
                  ) -> tuple[CreatureDef | None, list[Problem], dict[str, Any]]:
    """Parse a creature file; the raw table comes back too (the hero keeps its sheet there)."""
    table = read_toml(path)
    defn, problems = parse_creature(table, str(path), path.stem, extra)
    return defn, problems, table
