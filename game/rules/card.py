"""The playing card of N1/N32: the stats every creature (and the hero) is played with.

A card is what the bridge (RULES.md Reconciliation 1) makes of a C stat block. It holds a
creature's *natural* stats: what it has without wielded weapons or worn armour. Gear and levels
are applied on top by the world (N28, N32).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

MUNDANE = ("cutting", "cleaving", "crushing", "piercing", "puncturing")
SCHOOLS = ("fire", "ice", "acid", "holy", "dark")
ATTACK_KINDS = ("melee", "ranged")


def frozen_map(values: Mapping[str, int] | None, keys: tuple[str, ...]) -> Mapping[str, int]:
    """A read-only map with every key of `keys`, missing ones at 0."""
    values = dict(values or {})
    unknown = set(values) - set(keys)
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}; expected some of {list(keys)}")
    return MappingProxyType({k: int(values.get(k, 0)) for k in keys})


@dataclass(frozen=True)
class Attack:
    """One way of striking (N20-N22): natural weapon, unarmed blow or a wielded weapon's profile."""

    name: str
    kind: str  # "melee" or "ranged" (N20)
    dice: str  # C28 attack dice in the seed's notation, e.g. "d4+d6+2"; a minion group rolls 1d2 per head
    damage_type: str  # one of MUNDANE (Reconciliation 2)
    elements: Mapping[str, int] = field(default_factory=lambda: frozen_map({}, SCHOOLS))

    def __post_init__(self) -> None:
        if self.kind not in ATTACK_KINDS:
            raise ValueError(f"attack {self.name!r}: kind must be melee or ranged, not {self.kind!r}")
        if self.damage_type not in MUNDANE:
            raise ValueError(f"attack {self.name!r}: unknown damage type {self.damage_type!r}")
        object.__setattr__(self, "elements", frozen_map(self.elements, SCHOOLS))


@dataclass(frozen=True)
class Card:
    """Natural stats of one creature card (N32). Percentages are 0-99 (N20-N21)."""

    name: str
    health: int  # maximum health
    stamina: int
    mana: int
    strength: int
    speed: int
    dodge: int  # N21, percent
    sneak: int
    melee: int  # N20, percent
    ranged: int  # N20, percent
    defense: Mapping[str, int]  # C resistance per mundane type (Reconciliation 2)
    element_damage: Mapping[str, int]  # N23, per school
    element_resist: Mapping[str, int]  # N22, per school
    attack: Attack  # natural or unarmed attack
    attack_budget: int = 1  # N25 strikes per turn
    ap: int = 2  # C42 action points
    durability: int = 0  # C25 armour durability carried by authored natural armour (0: none)
    heads: int = 0  # C30-C31: heads of a minion group, 0 for an individual
    immune: frozenset[str] = frozenset()  # schools dealing 0 (classification package, C13)
    impotent: frozenset[str] = frozenset()  # schools whose trials roll twice, lower kept (C13, C22)

    def __post_init__(self) -> None:
        object.__setattr__(self, "defense", frozen_map(self.defense, MUNDANE))
        object.__setattr__(self, "element_damage", frozen_map(self.element_damage, SCHOOLS))
        object.__setattr__(self, "element_resist", frozen_map(self.element_resist, SCHOOLS))
        object.__setattr__(self, "immune", frozenset(self.immune))
        object.__setattr__(self, "impotent", frozenset(self.impotent))
        for school in self.immune | self.impotent:
            if school not in SCHOOLS:
                raise ValueError(f"card {self.name!r}: unknown school {school!r}")
