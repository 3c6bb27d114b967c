"""Items (assets/data/items.toml) and gear modifiers (assets/data/gear.toml), validated on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.rules.card import SCHOOLS

KINDS = ("food", "drink", "healing", "key", "weapon", "armour", "rune", "misc")
FLAGS = ("unique", "quest", "story")
SLOTS = ("weapon", "body", "head", "shield", "limbs")
PROVISIONS = ("food", "drink")


@dataclass(frozen=True)
class ItemDef:
    id: str
    name: str
    kind: str
    weight: int
    value: int
    nourish: int = 0
    quench: int = 0
    heal: int = 0
    school: str | None = None  # runes
    fixture: bool = False  # a source that stays put: never carried (a spring, a mushroom patch)
    equipment: str | None = None  # weapons and armour: equipment.toml id
    slot: str | None = None
    flags: frozenset[str] = frozenset()  # "unique", "quest", "story": never given away (N70)

    @property
    def provision(self) -> bool:
        return self.kind in PROVISIONS


@dataclass(frozen=True)
class Modifier:
    hit: int = 0
    resist: int = 0
    durability: float = 1.0
    value: float = 1.0
    element: str | None = None
    amount: int = 0


@dataclass(frozen=True)
class GearRules:
    qualities: dict[str, Modifier]
    materials: dict[str, Modifier]
    rune_weapon_damage: int
    rune_armour_resist: int
    rune_room_amplify: int


def _int(path: Path, entry: str, table: dict[str, Any], key: str, default: int | None = None) -> int:
    value = table.get(key, default)
    if value is None:
        raise ContentError(f"{path}: {entry}: {key}: missing")
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ContentError(f"{path}: {entry}: {key}: must be a whole number >= 0, not {value!r}")
    return value


def load_items(path: Path) -> dict[str, ItemDef]:
    data = read_toml(path)
    items: dict[str, ItemDef] = {}
    known = {"name", "kind", "weight", "value", "nourish", "quench", "heal", "school", "equipment", "slot",
             "fixture", "flags"}
    for item_id, table in data.items():
        if not isinstance(table, dict):
            raise ContentError(f"{path}: {item_id}: must be a table")
        unknown = set(table) - known
        if unknown:
            raise ContentError(f"{path}: {item_id}: {sorted(unknown)[0]}: unknown field")
        kind = table.get("kind")
        if kind not in KINDS:
            raise ContentError(f"{path}: {item_id}: kind: must be one of {', '.join(KINDS)}, not {kind!r}")
        name = table.get("name")
        if not isinstance(name, str) or not name:
            raise ContentError(f"{path}: {item_id}: name: missing")
        slot = table.get("slot")
        if kind in ("weapon", "armour"):
            if slot not in SLOTS or (kind == "weapon") != (slot == "weapon"):
                raise ContentError(f"{path}: {item_id}: slot: {slot!r} does not fit a {kind}")
            if not isinstance(table.get("equipment"), str):
                raise ContentError(f"{path}: {item_id}: equipment: a {kind} names its equipment.toml entry")
        school = table.get("school")
        if kind == "rune" and school not in SCHOOLS:
            raise ContentError(f"{path}: {item_id}: school: must be one of {', '.join(SCHOOLS)}, not {school!r}")
        flags = table.get("flags", [])
        if not isinstance(flags, list) or any(flag not in FLAGS for flag in flags):
            raise ContentError(f"{path}: {item_id}: flags: must be a list of {', '.join(FLAGS)}, not {flags!r}")
        items[item_id] = ItemDef(
            id=item_id, name=name, kind=kind,
            weight=_int(path, item_id, table, "weight"), value=_int(path, item_id, table, "value"),
            nourish=_int(path, item_id, table, "nourish", 0), quench=_int(path, item_id, table, "quench", 0),
            heal=_int(path, item_id, table, "heal", 0), school=school,
            equipment=table.get("equipment"), slot=slot, fixture=table.get("fixture", False) is True,
            flags=frozenset(flags),
        )
    return items


# Modifier field -> (whole number?, least, most)
MODIFIER_NUMBERS = {"hit": (True, -100, 100), "resist": (True, -100, 100), "durability": (False, 0.01, 100),
                    "value": (False, 0, 1000), "amount": (True, 0, 100)}
RUNE_NUMBERS = ("weapon_damage", "armour_resist", "room_amplify")


def _number(path: Path, where: str, value: object, whole: bool, least: float, most: float) -> None:
    kind = "a whole number" if whole else "a number"
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)) or not least <= value <= most:
        raise ContentError(f"{path}: {where}: must be {kind} from {least} to {most}, not {value!r}")


def _modifier(path: Path, entry: str, table: object) -> Modifier:
    if not isinstance(table, dict):
        raise ContentError(f"{path}: {entry}: must be a table")
    for key, value in table.items():
        if key == "element":
            if value not in SCHOOLS:
                raise ContentError(f"{path}: {entry}: element: unknown school {value!r}")
        elif key in MODIFIER_NUMBERS:
            _number(path, f"{entry}.{key}", value, *MODIFIER_NUMBERS[key])
        else:
            raise ContentError(f"{path}: {entry}: {key}: unknown field (expected element, {', '.join(MODIFIER_NUMBERS)})")
    return Modifier(**table)


def load_gear_rules(path: Path) -> GearRules:
    data = read_toml(path)
    for section in ("quality", "material", "rune"):
        if not isinstance(data.get(section), dict):
            raise ContentError(f"{path}: {section}: missing [{section}.…] tables")
    qualities = {k: _modifier(path, f"quality.{k}", v) for k, v in data["quality"].items()}
    materials = {k: _modifier(path, f"material.{k}", v) for k, v in data["material"].items()}
    rune = data["rune"]
    for key in RUNE_NUMBERS:
        _number(path, f"rune.{key}", rune.get(key), True, 0, 100)
    return GearRules(qualities, materials, *(rune[key] for key in RUNE_NUMBERS))
