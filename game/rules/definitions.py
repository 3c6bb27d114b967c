"""What a creature file and the equipment table say, as frozen values (C4, C10-C42).

These are the authored inputs; `game.rules.statblock.build` turns a `CreatureDef` into numbers
and `game.rules.checks.check` finds what breaks the seed. The content layer reads TOML into them.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

# C28: weapon category -> attribute used for attack and defense.
CATEGORY_ATTRIBUTE = {
    "light": "physique", "bow": "physique",
    "versatile": "strength", "heavy_one_handed": "strength", "two_handed": "strength",
    "heavy_thrown": "strength",
    "crossbow": "perception",
}
SPEEDS = ("fast", "moderate", "slow")
ARMOUR_SLOTS = ("body", "head", "shield", "limbs")
ABILITY_KINDS = ("active", "passive", "free")  # C17: free = senses and detection traits
MOB_TRIGGERS = ("damage", "presence")  # C40
UNLOCK_BEHAVIOURS = ("arm_itself", "meditate", "reshape_room", "pack_howl")  # N29
MAX_SIDE = 8  # squares a side of the largest footprint (C10 sizes go to 3x3)


def frozen(mapping: Mapping | None = None) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Weapon:
    """A wielded weapon from the equipment table (C28): category, mundane type, speed."""

    id: str
    name: str
    category: str
    damage_type: str
    speed: str
    kind: str  # "melee" or "ranged"


@dataclass(frozen=True)
class Armour:
    """An armour piece (C26): resistance by mundane type and maximum durability."""

    id: str
    name: str
    slot: str
    resistance: Mapping[str, int]
    durability: int

    @property
    def points(self) -> int:
        return sum(self.resistance.values())


@dataclass(frozen=True)
class Equipment:
    weapons: Mapping[str, Weapon] = field(default_factory=frozen)
    armour: Mapping[str, Armour] = field(default_factory=frozen)


@dataclass(frozen=True)
class NaturalWeapon:
    """A natural weapon (C28): attacks with the higher of STR/PHY, defends with AGI/PHY (C29)."""

    name: str
    damage_type: str
    kind: str = "melee"
    element: str | None = None  # magical damage type it adds (C20), e.g. "fire"


@dataclass(frozen=True)
class Ability:
    """C17: an active ability or passive feature takes a slot; a free trait does not."""

    name: str
    kind: str
    text: str = ""
    immunity: str | None = None  # a damage type the passive makes it immune to (checked by C15)


@dataclass(frozen=True)
class MobTrait:
    """C40: what the mob does beyond damage; DC = Tier + band bonus."""

    name: str
    trigger: str
    condition: str
    text: str = ""
    condition_tier: int = 1  # bracket of a simple condition, or the step a chained one reaches
    chained: bool = False


@dataclass(frozen=True)
class Motivation:
    """C4: major (its nature), moderate (its current arc), minor (why it is here now), and the part play
    reads: what it wants (game/rules/motives.py WANTS) and what it takes in a bargain."""

    major: str
    moderate: str
    minor: str
    wants: str = ""
    takes: tuple[str, ...] = ()


@dataclass(frozen=True)
class CreatureDef:
    """One creature file of the codex, in C terms."""

    id: str
    name: str
    tier: int
    rank: str
    size: str  # "1x1", "2x2", "3x2", "1/2"
    classification: str
    kingdom: str
    forms: tuple[str, ...]
    motivation: Motivation
    attributes: Mapping[str, int] = field(default_factory=frozen)
    conditions: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    natural_weapons: tuple[NaturalWeapon, ...] = ()
    armour: tuple[str, ...] = ()
    resistance: Mapping[str, int] = field(default_factory=frozen)
    abilities: tuple[Ability, ...] = ()
    mob_trait: MobTrait | None = None
    heads: int = 1
    attack_budget: int | None = None  # N25 override (the Noxious Ooze: 1)
    tags: tuple[str, ...] = ()
    unlocks: Mapping[int, str] = field(default_factory=frozen)
    text: str = ""
    source: str = ""  # the file it came from, for messages

    @property
    def is_minion(self) -> bool:
        return self.rank == "minion"

    @property
    def squares(self) -> float:
        return squares(self.size)


def squares(size: str) -> float:
    """Squares a footprint covers: "1/2" -> 0.5, "3x2" -> 6; raise ValueError otherwise."""
    text = size.replace("×", "x").strip()
    if text in ("1/2", "½"):
        return 0.5
    match = re.fullmatch(r"([0-9]{1,9})x([0-9]{1,9})", text)
    if not match or not all(int(side) > 0 for side in match.groups()):
        raise ValueError(f"size must look like 1x1, 2x2, 3x2 or 1/2, not {size!r}")
    w, h = (int(side) for side in match.groups())
    if max(w, h) > MAX_SIDE:
        raise ValueError(f"size {size!r} is beyond the largest footprint, {MAX_SIDE}x{MAX_SIDE}")
    return w * h


@functools.lru_cache(maxsize=256)  # a save's load asks it of every creature (C10 is checked)
def footprint(size: str) -> tuple[int, int]:
    """Whole squares a creature stands on, "WxH"; smaller than a square ("1/2") still takes one
    (Reconciliation 5)."""
    squares(size)  # ValueError for a size that is not one
    text = size.replace("×", "x").strip()
    if "x" not in text:
        return 1, 1
    w, h = text.split("x", 1)
    return int(w), int(h)


def size_label(size: str) -> str:
    text = size.replace("x", "×")
    return "½" if text in ("1/2", "½") else text
