"""Everything the world reads from assets/data, loaded and validated once."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from game.content.codex import Codex, HeroSheet, load_codex
from game.content.goal import Goal, load_goal
from game.content.errors import ContentError
from game.content.items import GearRules, ItemDef, load_gear_rules, load_items
from game.content.names import Names, load_names
from game.paths import DATA
from game.content.companions import Companions, load_companions
from game.content.conditions import Condition, load_conditions
from game.content.contracts import Contracts, load_contracts
from game.content.dialogue import Dialogue, load_dialogue
from game.content.heroes import HeroOptions, load_heroes
from game.content.moments import Moments, load_moments
from game.content.motives import Motives, load_motives
from game.content.social import SocialRules, load_social
from game.content.texts import Texts
from game.content.trade import Trade, load_trade
from game.content.spells import Spells, load_spells
from game.content.traps import Traps, load_traps
from game.content.tuning import Tuning, load_tuning


@dataclass(frozen=True)
class Content:
    codex: Codex
    items: dict[str, ItemDef]
    gear: GearRules
    texts: Texts
    tuning: Tuning
    traps: Traps
    conditions: dict[str, Condition]
    social: SocialRules
    dialogue: Dialogue
    moments: Moments
    names: Names
    motives: Motives
    trade: Trade
    contracts: Contracts
    companions: Companions
    heroes: HeroOptions
    spells: Spells
    goal: Goal

    def with_hero(self, sheet: HeroSheet) -> Content:
        """This content with a hero made on the creation screen (ContentError when the sheet breaks
        heroes.toml's limits: the screen and a save both check it)."""
        self.check_hero(sheet)
        return replace(self, codex=self.codex.with_hero(sheet, self.heroes.step))

    def check_hero(self, sheet: HeroSheet) -> None:
        """ContentError naming heroes.toml when `sheet` breaks its limits."""
        problems = self.heroes.problems(sheet, self.codex.shipped_sheet())
        if problems:
            raise ContentError(f"{DATA / 'heroes.toml'}: hero {sheet.name!r}: {problems[0]}")


@dataclass(frozen=True)
class Overlay:
    """Files read over the data folder's (mods, docs/modding.md): creature files added to creatures/ (one of a
    shipped id replaces it) and item files whose items join items.toml's (one of a shipped id replaces it)."""

    creatures: tuple[Path, ...] = ()
    items: tuple[Path, ...] = ()

    def __add__(self, other: Overlay) -> Overlay:
        return Overlay(self.creatures + other.creatures, self.items + other.items)


def _items(data_dir: Path, overlay: Overlay) -> tuple[dict[str, ItemDef], dict[str, Path]]:
    """items.toml's items, then the overlay's, with the file each came from."""
    items, sources = {}, {}
    for path in (data_dir / "items.toml", *overlay.items):
        for item_id, item in load_items(path).items():
            items[item_id], sources[item_id] = item, path
    return items, sources


IN_PLAY = [Overlay()]  # the mods' files the game reads over its data (game/mods.py, activate)


def use_overlay(overlay: Overlay) -> None:
    """Read `overlay` over the data from now on wherever the game loads its content (game/mods.py)."""
    IN_PLAY[0] = overlay
    load_content.cache_clear()


@lru_cache(maxsize=4)
def load_content(data_dir: Path = DATA, overlay: Overlay | None = None) -> Content:
    """Load and cross-check the data files, and the overlay's over them (None: the one in play, use_overlay);
    raises ContentError naming the file and entry."""
    overlay = IN_PLAY[0] if overlay is None else overlay
    codex = load_codex(data_dir, overlay.creatures)
    items, sources = _items(data_dir, overlay)
    for item in items.values():
        known = codex.equipment.weapons if item.kind == "weapon" else codex.equipment.armour
        if item.equipment and item.equipment not in known:
            raise ContentError(f"{sources[item.id]}: {item.id}: equipment: unknown equipment {item.equipment!r}")
    by_equipment = {item.equipment: item for item in items.values() if item.equipment}
    for cid in [*codex.creatures, "hero"]:
        for equipment_id in codex.starting_gear(cid):
            if equipment_id not in by_equipment:
                where = codex.creature(cid).source or data_dir / "items.toml"
                raise ContentError(f"{where}: {cid}: no item for equipment {equipment_id!r} it starts with "
                                   f"(items.toml names each weapon and armour piece)")
    for item in by_equipment.values():
        armour = codex.equipment.armour.get(item.equipment)
        if armour is not None and armour.slot != item.slot:
            raise ContentError(f"{sources[item.id]}: {item.id}: slot: {item.slot!r} but "
                               f"equipment.toml puts {item.equipment} on {armour.slot!r}")
    tuning = load_tuning(data_dir / "world.toml")
    for name, kit in tuning.kits.items():
        for item_id in kit:
            if item_id not in items:
                raise ContentError(f"{data_dir / 'world.toml'}: kits.{name}: unknown item {item_id!r}")
    for cid in tuning.peaceful:
        if cid not in codex.creatures:
            raise ContentError(f"{data_dir / 'world.toml'}: peaceful: unknown codex id {cid!r}")
    conditions = load_conditions(data_dir / "conditions.toml")
    for creature in codex.creatures.values():
        if creature.mob_trait and creature.mob_trait.condition not in conditions:
            raise ContentError(f"{creature.source}: {creature.id}: mob_trait.condition: "
                               f"{creature.mob_trait.condition!r} is not a condition of conditions.toml "
                               f"(expected one of {', '.join(sorted(conditions))})")
    social = load_social(data_dir / "social.toml", set(codex.creatures))
    names = load_names(data_dir / "names.toml", {social.people_of[cid] for cid in social.people}, set(codex.creatures))
    return Content(codex, items, load_gear_rules(data_dir / "gear.toml"), Texts(data_dir / "texts.toml"), tuning,
                   load_traps(data_dir / "traps.toml"), conditions, social,
                   load_dialogue(data_dir / "dialogue.toml", social),
                   load_moments(data_dir / "moments.toml", frozenset(social.backgrounds)), names,
                   load_motives(data_dir / "motives.toml"),
                   load_trade(data_dir / "trade.toml", items),
                   load_contracts(data_dir / "contracts.toml", items, social.backgrounds),
                   load_companions(data_dir / "companions.toml"),
                   load_heroes(data_dir / "heroes.toml", set(items)),
                   load_spells(data_dir / "spells.toml"), load_goal(data_dir / "goal.toml", set(codex.creatures)))
