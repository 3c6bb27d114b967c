"""The codex: every creature of the game, the equipment table, the bridge and the hero.

    codex = load_codex()
    codex.stat_block("guard")      # C stat block (game.rules.statblock.StatBlock)
    codex.card("rat_swarm", heads=12)  # the bridged N card of its natural stats
    codex.weapon_attack("guard", "shortsword")  # (Attack, hit percent)
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Mapping

from game.content.bridge import load_bridge
from game.content.creatures import read_creature
from game.content.equipment import read_equipment
from game.content.errors import ContentError
from game.content.fields import Fields
from game.paths import DATA
from game.rules.bridge import Bridge, card, weapon_card_attack
from game.rules.card import Attack, Card
from game.rules.checks import Problem, check
from game.rules.definitions import Armour, CreatureDef, Equipment, frozen
from game.rules.statblock import StatBlock, build, weapon_attack

PROFICIENCIES = ("druidic", "illusion", "necromancy", "stealing")
ETHICS = ("lawful", "neutral", "chaotic")
MORALS = ("good", "neutral", "evil")
HERO_ID = "hero"


@dataclass(frozen=True)
class HeroSheet:
    """Reconciliation 8: the hero's small integers the N rules name, and what the creation screen chose:
    its name, its portrait and the points it put into the card's combat attributes (`raises`: attribute ->
    points, each worth heroes.toml's `step` of score)."""

    charisma: int
    dexterity: int
    patience: int
    proficiencies: Mapping[str, int]
    perks: tuple[str, ...]
    ethic: str
    moral: str
    name: str = "Hero"
    portrait: str = "hero"
    raises: Mapping[str, int] = field(default_factory=frozen)

    @property
    def makes(self) -> tuple[str, tuple[tuple[str, int], ...]]:
        """What of the sheet makes the hero's definition (Codex.with_hero): its name and its points."""
        return self.name, tuple(sorted(self.raises.items()))


@dataclass(frozen=True)
class Hero:
    definition: CreatureDef
    sheet: HeroSheet


def raise_first_error(problems: list[Problem]) -> None:
    """ContentError with the first error of `problems` (and how many more), if any."""
    errors = [p for p in problems if p.error]
    if errors:
        more = f" (and {len(errors) - 1} more; run tools/creature.py check)" if len(errors) > 1 else ""
        raise ContentError(str(errors[0]) + more)


def _sheet(table: dict, file: str) -> tuple[HeroSheet | None, list[Problem]]:
    fields = Fields(table.get("sheet", {}), file, "hero", "sheet.")
    fields.unknown({"charisma", "dexterity", "patience", "proficiencies", "perks", "ethic", "moral"})
    proficiencies = fields.integers("proficiencies")
    for name in set(PROFICIENCIES) - set(proficiencies):
        proficiencies[name] = 0
    for name in set(proficiencies) - set(PROFICIENCIES):
        fields.problem(f"proficiencies.{name}", f"unknown; expected {', '.join(PROFICIENCIES)}")
    sheet = HeroSheet(fields.integer("charisma"), fields.integer("dexterity"),
                      fields.integer("patience"), frozen(proficiencies), fields.texts("perks"),
                      fields.text("ethic", "neutral"), fields.text("moral", "neutral"),
                      name=table.get("name", "Hero") if isinstance(table.get("name"), str) else "Hero")
    if sheet.ethic not in ETHICS:
        fields.problem("ethic", f"must be one of {', '.join(ETHICS)}")
    if sheet.moral not in MORALS:
        fields.problem("moral", f"must be one of {', '.join(MORALS)}")
    return sheet, fields.problems


@dataclass
class Codex:
    """Creatures by id, equipment, the bridge and the hero; all checked on load."""

    creatures: dict[str, CreatureDef]
    equipment: Equipment
    bridge: Bridge
    hero_def: Hero
    shipped_hero: Hero | None = None  # hero.toml's, when hero_def is one made on the creation screen
    _blocks: dict[str, StatBlock] = field(default_factory=dict)

    def creature(self, creature_id: str) -> CreatureDef:
        """A creature by id; "hero" is the hero's definition (so weapon_attack works for it)."""
        if creature_id == HERO_ID and creature_id not in self.creatures:
            return self.hero_def.definition
        try:
            return self.creatures[creature_id]
        except KeyError:
            raise ContentError(f"codex: {creature_id}: id: no such creature") from None

    def stat_block(self, creature_id: str) -> StatBlock:
        if creature_id not in self._blocks:
            self._blocks[creature_id] = build(self.creature(creature_id), self.equipment)
        return self._blocks[creature_id]

    def card(self, creature_id: str, heads: int | None = None) -> Card:
        """The bridged card of its natural stats; `heads` for a minion group's current heads."""
        return card(self.stat_block(creature_id), self.bridge, heads)

    def weapon_attack(self, creature_id: str, weapon_id: str,
                      heads: int | None = None) -> tuple[Attack, int]:
        """C28 attack with that weapon's category attribute, and its N20 hit percent."""
        if weapon_id not in self.equipment.weapons:
            raise ContentError(f"equipment: {weapon_id}: id: no such weapon")
        line = weapon_attack(self.creature(creature_id), self.equipment.weapons[weapon_id])
        return weapon_card_attack(self.stat_block(creature_id), line, self.bridge, heads)

    def armour(self, armour_id: str) -> Armour:
        """Resistance by mundane type and maximum durability of an armour piece (C26)."""
        try:
            return self.equipment.armour[armour_id]
        except KeyError:
            raise ContentError(f"equipment: {armour_id}: id: no such armour piece") from None

    def starting_gear(self, creature_id: str) -> list[str]:
        """Equipment ids it is authored with: weapons, then armour pieces."""
        defn = self.creature(creature_id)
        return [*defn.weapons, *defn.armour]

    def durability(self, creature_id: str) -> int:
        """C25: current durability of its starting body armour (0 when unarmoured)."""
        return self.stat_block(creature_id).durability

    def hero(self) -> Hero:
        return self.hero_def

    def with_hero(self, sheet: HeroSheet, step: int) -> Codex:
        """This codex with a hero made on the creation screen: hero.toml's definition under the sheet's name,
        each combat attribute raised by `step` score per point the sheet put into it."""
        shipped = self.shipped_hero or self.hero_def
        base = shipped.definition
        attributes = dict(base.attributes)
        for name, points in sheet.raises.items():
            attributes[name] = attributes.get(name, 0) + step * points
        definition = replace(base, name=sheet.name, attributes=frozen(attributes))
        return Codex(self.creatures, self.equipment, self.bridge, Hero(definition, sheet), shipped)

    def shipped_sheet(self) -> HeroSheet:
        """hero.toml's sheet: where a new hero starts on the creation screen."""
        return (self.shipped_hero or self.hero_def).sheet

    def hero_card(self) -> Card:
        """The hero's bridged card (N19, N32); its gear is equipped by the world."""
        return self.card(HERO_ID)


def read_all(data_dir: Path, extra: tuple[Path, ...] = ()
             ) -> tuple[dict[str, CreatureDef], Equipment, list[Problem]]:
    """Every creature file (the data folder's, then `extra`: a mod's file replaces the creature of its id)
    and the equipment table, with every problem found (for the tool)."""
    equipment, problems = read_equipment(data_dir / "equipment.toml")
    creatures = {}
    for path in [*sorted((data_dir / "creatures").glob("*.toml")), *extra]:
        defn, found, _ = read_creature(path)
        problems += found
        if defn is not None:
            problems += check(defn, equipment)
            creatures[defn.id] = defn
    return creatures, equipment, problems


def load_hero(path: Path, equipment: Equipment) -> Hero:
    defn, problems, table = read_creature(path, frozenset({"sheet"}))
    sheet, sheet_problems = _sheet(table, str(path))
    problems += sheet_problems
    if defn is not None:
        problems += check(defn, equipment)
    raise_first_error(problems)
    return Hero(defn, sheet)


def load_codex(data_dir: Path | None = None, extra: tuple[Path, ...] = ()) -> Codex:
    """Load and check everything under `data_dir` (assets/data) and the creature files `extra` (mods); raise
    ContentError on errors."""
    data_dir = data_dir or DATA
    creatures, equipment, problems = read_all(data_dir, extra)
    raise_first_error(problems)
    return Codex(creatures, equipment, load_bridge(data_dir / "bridge.toml"),
                 load_hero(data_dir / "hero.toml", equipment))
