"""assets/data/spells.toml: the binding spells (N50-N59), checked on load: each spell's proficiency, cost in
AP and mana, the creatures it takes hold of (RULES.md Reconciliation 6, C14) and its blank lines (N53)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.codex import PROFICIENCIES
from game.content.errors import ContentError
from game.content.lines import entries, line, lines, table
from game.content.toml_file import read_toml
from game.rules.classification import CLASSIFICATIONS, CONDITIONS, MAGICAL_TYPES

FIELDS = ("name", "proficiency", "state", "ends", "ap", "mana", "connected", "targets", "blank")
OPTIONAL = ("kingdom", "condition")
KINGDOMS = sorted({k for _, _, kingdoms in CLASSIFICATIONS.values() for k in kingdoms})
ENDS = ("hostile", "bones")  # N57: turns hostile; N58: crumbles into Bones
ORDERS = ("stay", "explore", "come", "wait")  # N54
MOST = {"ap": 10, "mana": 100, "turns_per_level": 1000, "mana_back_every": 1000}


@dataclass(frozen=True)
class Spell:
    id: str
    name: str
    proficiency: str  # the hero sheet's proficiency it is cast with
    state: str  # what the binding makes the creature: charmed, dominated, necrotized
    ends: str  # what it does when the binding runs out (ENDS)
    ap: int
    mana: int
    connected: str  # C14: the Connected Form a target needs
    kingdom: str | None  # and its kingdom, when the spell asks for one
    condition: str | None  # and a cross-domain condition (C18), when it asks for one
    targets: str  # how the refusal names the creatures it binds
    blank: tuple[str, ...]  # N53: what a bound creature says, "{name}" its name


@dataclass(frozen=True)
class Spells:
    spells: Mapping[str, Spell]
    turns_per_level: int  # N50-N52
    mana_back_every: int
    orders: Mapping[str, str]  # N54: the dialogue's line for each order


def _whole(data: dict[str, Any], key: str, path: Path, where: str, least: int = 0) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= MOST[key]:
        raise ContentError(f"{path}: {where}.{key}: must be a whole number from {least} to {MOST[key]}, not {value!r}")
    return value


def _one_of(data: dict[str, Any], key: str, known: Any, path: Path, where: str) -> str:
    value = data.get(key)
    if value not in known:
        raise ContentError(f"{path}: {where}.{key}: must be one of {', '.join(known)}, not {value!r}")
    return value


def _text(data: dict[str, Any], key: str, path: Path, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > 40:
        raise ContentError(f"{path}: {where}.{key}: must be a short text (1 to 40 characters)")
    return value


def load_spells(path: Path) -> Spells:
    data = read_toml(path)
    entries(data, ("binding", "orders", "spells"), path, "spells.toml")
    binding, found, orders = table(data, "binding", path), table(data, "spells", path), table(data, "orders", path)
    entries(orders, ORDERS, path, "orders")
    entries(binding, ("turns_per_level", "mana_back_every"), path, "binding")
    spells = {}
    for spell_id, spell in found.items():
        where = f"spells.{spell_id}"
        if not isinstance(spell, dict):
            raise ContentError(f"{path}: {where}: must be a table")
        entries(spell, FIELDS, path, where, OPTIONAL)
        kingdom = _one_of(spell, "kingdom", KINGDOMS, path, where) if "kingdom" in spell else None
        condition = _one_of(spell, "condition", CONDITIONS, path, where) if "condition" in spell else None
        spells[spell_id] = Spell(spell_id, _text(spell, "name", path, where),
                                 _one_of(spell, "proficiency", PROFICIENCIES, path, where),
                                 _text(spell, "state", path, where), _one_of(spell, "ends", ENDS, path, where),
                                 _whole(spell, "ap", path, where),
                                 _whole(spell, "mana", path, where),
                                 _one_of(spell, "connected", MAGICAL_TYPES, path, where), kingdom, condition,
                                 _text(spell, "targets", path, where),
                                 lines(spell["blank"], ("name",), f"{where}.blank", path))
    if not spells:
        raise ContentError(f"{path}: spells: needs at least one spell")
    return Spells(spells, _whole(binding, "turns_per_level", path, "binding", 1),
                  _whole(binding, "mana_back_every", path, "binding", 1),
                  {order: line(orders[order], (), f"orders.{order}", path) for order in ORDERS})
