"""Load the bridge numbers (assets/data/bridge.toml) for game.rules.bridge (Reconciliation 1-3)."""
from __future__ import annotations

from pathlib import Path

from game.content.errors import ContentError
from game.content.fields import Fields
from game.content.toml_file import read_toml
from game.rules.bridge import CARD_STATS, Bridge, Linear
from game.rules.card import SCHOOLS
from game.rules.classification import MAGICAL_TYPES
from game.rules.definitions import frozen
from game.rules.tables import ATTRIBUTES, RANKS


def load_bridge(path: Path) -> Bridge:
    """The bridge; raise ContentError naming the first bad value."""
    data = read_toml(path)
    top = Fields(data, str(path), "bridge")
    top.unknown({"hit", "dodge", "card", "element", "schools", "attack_budget"})
    hit = top.sub(top.table_of("hit", {}) or {}, "hit.")
    dodge = top.sub(top.table_of("dodge", {}) or {}, "dodge.")
    element = top.sub(top.table_of("element", {}) or {}, "element.")
    stats = {}
    cards = top.table_of("card", {}) or {}
    for stat in CARD_STATS:
        rule = top.sub(cards.get(stat, {}), f"card.{stat}.")
        per_tier = rule.integers("per_tier")
        for attribute, weight in per_tier.items():
            if attribute not in ATTRIBUTES or weight < 0:
                rule.problem(f"per_tier.{attribute}", "must name an attribute with a weight of 0 or "
                                                      "more (a higher attribute never lowers a stat)")
        stats[stat] = Linear(rule.integer("base"), frozen(per_tier))
    schools = top.table_of("schools", {}) or {}
    for kind in MAGICAL_TYPES:
        if schools.get(kind) not in SCHOOLS:
            top.problem(f"schools.{kind}", f"must map to one of {', '.join(SCHOOLS)}")
    budgets = top.sub(top.table_of("attack_budget", {}) or {}, "attack_budget.")
    attack_budget = {rank: budgets.integer(rank) for rank in RANKS}
    bridge = Bridge(hit.number("base"), hit.integer("cap"), dodge.number("base"),
                    dodge.integer("cap"), frozen(stats), element.integer("damage_per_tier"),
                    frozen(schools), frozen(attack_budget))
    for name, base in (("hit.base", bridge.hit_base), ("dodge.base", bridge.dodge_base)):
        if base is not None and not 0 < base < 1:
            top.problem(name, "must lie between 0 and 1 so percentages grow and stay below 100")
    for name, cap in (("hit.cap", bridge.hit_cap), ("dodge.cap", bridge.dodge_cap)):
        if cap is not None and not 0 < cap < 100:
            top.problem(name, "must lie between 1 and 99 (N20-N21)")
    if top.problems:
        raise ContentError(str(top.problems[0]))
    return bridge
