"""What the creation screen says of the row under the mouse or chosen (issue 23): what a card attribute feeds
on the card and what one more point would change there, worked out through the bridge (so two points raising
Physique by three is explained: a point adds heroes.toml's step to the score, the card reads it in tiers);
which spell a proficiency unlocks; what Charisma, Dexterity and Patience do (sheet.toml). Words in guide.toml
[creation]."""
from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from game.content.codex import HeroSheet
from game.content.content import Content
from game.content.errors import ContentError
from game.content.heroes import SHEET_STATS
from game.content.toml_file import read_toml
from game.rules.definitions import frozen
from game.ui.character import attribute_texts
from game.ui.guide import GUIDE

CARD_FIELDS = (("health", "Health", ""), ("stamina", "Stamina", ""), ("mana", "Mana", ""), ("melee", "Melee", "%"),
               ("ranged", "Ranged", "%"), ("dodge", "Dodge", "%"), ("strength", "Strength", ""),
               ("speed", "Speed", ""), ("sneak", "Sneak", ""))
LINES = ("next_point", "no_change", "two_points", "at_most", "strength", "agility", "physique", "endurance",
         "perception", "spell", "stealing")


@cache
def words(path: Path = GUIDE) -> dict[str, str]:
    table = read_toml(path).get("creation")
    if not isinstance(table, dict):
        raise ContentError(f"{path}: [creation]: missing (the creation screen's explanations)")
    for key in LINES:
        if not isinstance(table.get(key), str):
            raise ContentError(f"{path}: creation.{key}: missing or not text")
    return {key: table[key] for key in LINES}


def card_changes(content: Content, before: HeroSheet, after: HeroSheet, step: int) -> str:
    """"Health 21 → 26, Stamina 31 → 36": what the card shows differently for `after`."""
    old = content.codex.with_hero(before, step).hero_card()
    new = content.codex.with_hero(after, step).hero_card()
    said = [f"{label} {getattr(old, f)}{unit} → {getattr(new, f)}{unit}" for f, label, unit in CARD_FIELDS
            if getattr(old, f) != getattr(new, f)]
    if old.attack.dice != new.attack.dice:
        said.append(f"Attack {old.attack.dice} → {new.attack.dice}")
    return ", ".join(said)


def raised(sheet: HeroSheet, stat: str, points: int) -> HeroSheet:
    return replace(sheet, raises=frozen({**sheet.raises, stat: sheet.raises.get(stat, 0) + points}))


def explain(key: str, content: Content, sheet: HeroSheet, fits, base_score) -> str:
    """The words for row `key` ("stat:physique", "prof:druidic"); "" for rows that explain themselves.
    `fits(sheet)` says whether a sheet keeps heroes.toml's limits, `base_score(attribute)` the score before
    the points."""
    said, step = words(), content.heroes.step
    kind, _, name = key.partition(":")
    if kind == "stat" and name in SHEET_STATS:
        return f"{name.capitalize()}: {attribute_texts()[name]}"
    if kind == "stat":
        if not fits(raised(sheet, name, 1)):
            return f"{said[name]} {said['at_most']}"
        old = base_score(name) + step * sheet.raises.get(name, 0)
        scores = {"old": old, "new": old + step}
        once = card_changes(content, sheet, raised(sheet, name, 1), step)
        if once:
            return f"{said[name]} {said['next_point'].format(changes=once, **scores)}"
        twice = card_changes(content, sheet, raised(sheet, name, 2), step) if fits(raised(sheet, name, 2)) else ""
        return " ".join((said[name], said["no_change"].format(**scores),
                         said["two_points"].format(changes=twice) if twice else "")).strip()
    if kind == "prof":
        spell = next((s for s in content.spells.spells.values() if s.proficiency == name), None)
        if spell is None:
            return said.get(name, "")
        return said["spell"].format(name=name.capitalize(), spell=spell.name, targets=spell.targets,
                                    turns=content.spells.turns_per_level)
    return ""
