"""What a new hero may choose (assets/data/heroes.toml, issue 14, Reconciliation 8): points to spread over
Charisma, Dexterity, Patience and the card's combat attributes, proficiency points, one perk, a portrait,
the moral outlook and the ethic. `problems` checks a sheet against these limits (the creation screen and
a loaded save use it); `random_sheet` is the "Random hero" button.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

from game.content.codex import ETHICS, MORALS, PROFICIENCIES, HeroSheet
from game.content.errors import ContentError
from game.content.fields import Fields
from game.content.toml_file import read_toml
from game.rules.definitions import frozen

SHEET_STATS = ("charisma", "dexterity", "patience")
ATTRIBUTES = ("strength", "agility", "physique", "endurance", "intelligence", "wisdom", "charisma", "perception")
NAME_MOST = 24  # characters of a hero's name


@dataclass(frozen=True)
class Perk:
    id: str
    name: str
    text: str
    kit: tuple[str, ...]  # items it sets out with besides world.toml's hero kit


@dataclass(frozen=True)
class Portrait:
    id: str
    name: str
    sprite: str  # under assets/sprites/


@dataclass(frozen=True)
class HeroOptions:
    points: int
    proficiency_points: int
    limits: dict[str, int]  # charisma, dexterity, patience, proficiency
    attributes: tuple[str, ...]
    step: int
    most: int
    perks: dict[str, Perk]
    portraits: dict[str, Portrait]
    names: tuple[str, ...]

    def spent(self, sheet: HeroSheet, base: HeroSheet) -> int:
        """Points the sheet spent over hero.toml's."""
        return sum(getattr(sheet, s) - getattr(base, s) for s in SHEET_STATS) + sum(sheet.raises.values())

    def proficiency_spent(self, sheet: HeroSheet, base: HeroSheet) -> int:
        return sum(sheet.proficiencies[p] - base.proficiencies[p] for p in PROFICIENCIES)

    def problems(self, sheet: HeroSheet, base: HeroSheet) -> list[str]:
        """Every way `sheet` breaks these limits, as sentences (empty when it is a hero one may make)."""
        found = []
        if not 1 <= len(sheet.name.strip()) <= NAME_MOST or not sheet.name.isprintable() \
                or sheet.name != sheet.name.strip():
            found.append(f"the name must be 1 to {NAME_MOST} printable characters, not {sheet.name!r}")
        if sheet.portrait not in self.portraits:
            found.append(f"unknown portrait {sheet.portrait!r}")
        if sheet.moral not in MORALS or sheet.ethic not in ETHICS:
            found.append(f"the outlook must be one of {', '.join(MORALS)} and one of {', '.join(ETHICS)}")
        for stat in SHEET_STATS:
            value = getattr(sheet, stat)
            if not getattr(base, stat) <= value <= max(self.limits[stat], getattr(base, stat)):
                found.append(f"{stat} must be from {getattr(base, stat)} to {self.limits[stat]}, not {value}")
        for name, points in sheet.raises.items():
            if name not in self.attributes or not 0 <= points <= self.most:
                found.append(f"{name} may take 0 to {self.most} points ({', '.join(self.attributes)}), not {points}")
        if set(sheet.proficiencies) != set(PROFICIENCIES):
            found.append(f"the proficiencies must be {', '.join(PROFICIENCIES)}")
        else:
            for name in PROFICIENCIES:
                value, least = sheet.proficiencies[name], base.proficiencies[name]
                if not least <= value <= max(self.limits["proficiency"], least):
                    found.append(f"{name} must be from {least} to {self.limits['proficiency']}, not {value}")
            if self.proficiency_spent(sheet, base) > self.proficiency_points:
                found.append(f"at most {self.proficiency_points} proficiency points")
        if len(sheet.perks) > 1 or any(p not in self.perks for p in sheet.perks):
            found.append(f"one perk of {', '.join(self.perks)}")
        if not found and self.spent(sheet, base) > self.points:
            found.append(f"at most {self.points} points")
        return found

    def random_sheet(self, base: HeroSheet, rng: random.Random) -> HeroSheet:
        """A hero one may make, every choice drawn: name, portrait, outlook, a perk, every point spent."""
        sheet = replace(base, name=rng.choice(self.names), portrait=rng.choice(sorted(self.portraits)),
                        moral=rng.choice(MORALS), ethic=rng.choice(ETHICS), perks=(rng.choice(sorted(self.perks)),),
                        raises=frozen({}))
        for _ in range(self.points):
            options = [s for s in SHEET_STATS if getattr(sheet, s) < self.limits[s]]
            options += [a for a in self.attributes if sheet.raises.get(a, 0) < self.most]
            if not options:
                break
            pick = rng.choice(options)
            if pick in SHEET_STATS:
                sheet = replace(sheet, **{pick: getattr(sheet, pick) + 1})
            else:
                sheet = replace(sheet, raises=frozen({**sheet.raises, pick: sheet.raises.get(pick, 0) + 1}))
        proficiencies = dict(sheet.proficiencies)
        for _ in range(self.proficiency_points):
            options = [p for p in PROFICIENCIES if proficiencies[p] < self.limits["proficiency"]]
            if options:
                pick = rng.choice(options)
                proficiencies[pick] += 1
        return replace(sheet, proficiencies=frozen(proficiencies))


def load_heroes(path: Path, items: set[str]) -> HeroOptions:
    """heroes.toml, checked: ContentError names the file, the entry and the field of the first problem."""
    data = read_toml(path)
    fields = Fields(data, str(path), "heroes")
    fields.unknown({"points", "proficiency_points", "limits", "attributes", "perks", "portraits", "random"})
    points, proficiency_points = fields.integer("points"), fields.integer("proficiency_points")
    for name, value in (("points", points), ("proficiency_points", proficiency_points)):
        if isinstance(value, int) and not 0 <= value <= 20:
            fields.problem(name, f"must be from 0 to 20, not {value}")
    limits_fields = fields.sub(fields.table_of("limits", {}) or {}, "limits.")
    limits_fields.unknown({*SHEET_STATS, "proficiency"})
    limits = {}
    for name in (*SHEET_STATS, "proficiency"):
        value = limits_fields.integer(name)
        if isinstance(value, int) and not 0 <= value <= 10:
            limits_fields.problem(name, f"must be from 0 to 10, not {value}")
        limits[name] = value
    attr = fields.sub(fields.table_of("attributes", {}) or {}, "attributes.")
    attr.unknown({"names", "step", "most"})
    attributes = attr.texts("names")
    for name in attributes:
        if name not in ATTRIBUTES:
            attr.problem("names", f"unknown attribute {name!r} (expected some of {', '.join(ATTRIBUTES)})")
    step, most = attr.integer("step"), attr.integer("most")
    for name, value in (("step", step), ("most", most)):
        if isinstance(value, int) and not 0 <= value <= 10:
            attr.problem(name, f"must be from 0 to 10, not {value}")
    perks = {}
    for i, table in enumerate(fields.tables("perks")):
        perk = fields.sub(table, f"perks[{i}].")
        perk.unknown({"id", "name", "text", "kit"})
        made = Perk(perk.text("id"), perk.text("name"), perk.text("text"), perk.texts("kit"))
        for item_id in made.kit:
            if item_id not in items:
                perk.problem("kit", f"unknown item {item_id!r}")
        if made.id in perks:
            perk.problem("id", f"{made.id!r} twice")
        perks[made.id] = made
    portraits = {}
    for i, table in enumerate(fields.tables("portraits")):
        entry = fields.sub(table, f"portraits[{i}].")
        entry.unknown({"id", "name", "sprite"})
        made = Portrait(entry.text("id"), entry.text("name"), entry.text("sprite"))
        if isinstance(made.sprite, str) and (".." in Path(made.sprite).parts or Path(made.sprite).is_absolute()
                                             or not made.sprite.endswith(".png")):
            entry.problem("sprite", f"must be a .png path under assets/sprites/, not {made.sprite!r}")
        portraits[made.id] = made
    rand = fields.sub(fields.table_of("random", {}) or {}, "random.")
    rand.unknown({"names"})
    names = rand.texts("names")
    for name in names:
        if not 1 <= len(name) <= NAME_MOST:
            rand.problem("names", f"a name must be 1 to {NAME_MOST} characters, not {name!r}")
    for what, found in (("perks", perks), ("portraits", portraits), ("random.names", names)):
        if not found:
            fields.problem(what, "must list at least one")
    if fields.problems:
        raise ContentError(str(fields.problems[0]))
    return HeroOptions(points, proficiency_points, limits, attributes, step, most, perks, portraits, names)
