"""Reference heroes for threat reports (assets/data/threat.toml): the hero raised to each tier."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from game.content.codex import Codex
from game.content.errors import ContentError
from game.content.fields import Fields
from game.content.toml_file import read_toml
from game.rules.checks import check
from game.rules.definitions import CreatureDef, frozen
from game.rules.tables import HUMAN_CEILING, TIERS

HUMAN_MAX_SCORE = 5 * HUMAN_CEILING - 1  # 34: the top of attribute T7 (C7)


@dataclass(frozen=True)
class ThreatSetup:
    fights: int
    max_rounds: int
    heroes: dict[int, CreatureDef]  # tier -> reference hero


def load_threat(path: Path, codex: Codex) -> ThreatSetup:
    """The reference heroes, each checked like a creature; raise ContentError on a bad file."""
    data = read_toml(path)
    fields = Fields(data, str(path), "threat")
    fields.unknown({"fights", "max_rounds", "tiers"})
    fights, max_rounds = fields.integer("fights"), fields.integer("max_rounds")
    tiers = fields.table_of("tiers") or {}
    base = codex.hero().definition
    heroes = {}
    for tier in TIERS:
        entry = fields.sub(tiers.get(str(tier), {}), f"tiers.{tier}.")
        bonus, weapon = entry.integer("bonus"), entry.text("weapon")
        armour = entry.texts("armour")
        if bonus is None or weapon is None:
            continue
        scores = {k: min(HUMAN_MAX_SCORE, v + bonus) for k, v in base.attributes.items()}
        hero = replace(base, id=f"hero_t{tier}", name=f"Tier {tier} hero", tier=tier,
                       attributes=frozen(scores), weapons=(weapon,), armour=armour, resistance=frozen(),
                       source=str(path))  # its armour carries its resistance budget
        fields.problems += [p for p in check(hero, codex.equipment) if p.error]
        heroes[tier] = hero
    if fields.problems:
        raise ContentError(str(fields.problems[0]))
    return ThreatSetup(fights, max_rounds, heroes)
