"""Conditions a Mob trait inflicts (assets/data/conditions.toml), validated on load (C40)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.rules.card import SCHOOLS
from game.rules.tables import ATTRIBUTES

FIELDS = {"name", "attribute", "turns", "damage", "school", "no_strikes", "dodge"}


@dataclass(frozen=True)
class Condition:
    id: str
    name: str  # as the log says it: "is {name}"
    attribute: str  # the trial's attribute (C3)
    turns: int
    damage: int = 0
    school: str | None = None
    no_strikes: bool = False
    dodge: int = 0


def load_conditions(path: Path) -> dict[str, Condition]:
    conditions = {}
    for cid, table in read_toml(path).items():
        where = f"{path}: {cid}"
        if not isinstance(table, dict):
            raise ContentError(f"{where}: must be a table")
        unknown = set(table) - FIELDS
        if unknown:
            raise ContentError(f"{where}: {sorted(unknown)[0]}: unknown field")
        if table.get("attribute") not in ATTRIBUTES:
            raise ContentError(f"{where}: attribute: must be one of {', '.join(ATTRIBUTES)}")
        if table.get("school") not in (None, *SCHOOLS):
            raise ContentError(f"{where}: school: must be one of {', '.join(SCHOOLS)}")
        for key in ("turns", "damage"):
            value = table.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0 or (key == "turns" and not value):
                raise ContentError(f"{where}: {key}: must be a whole number{' above 0' if key == 'turns' else ''}")
        dodge = table.get("dodge", 0)
        if not isinstance(dodge, int) or isinstance(dodge, bool) or not -100 <= dodge <= 100:
            raise ContentError(f"{where}: dodge: must be a whole number of percentage points from -100 to 100")
        if not isinstance(table.get("name"), str):
            raise ContentError(f"{where}: name: missing")
        conditions[cid] = Condition(cid, table["name"], table["attribute"], table["turns"], table.get("damage", 0),
                                    table.get("school"), table.get("no_strikes", False) is True,
                                    dodge)
    return conditions
