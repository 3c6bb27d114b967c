"""Find everything in a creature definition that breaks the seed (C4, C10-C42, N29).

Errors make a creature unusable; warnings are the seed's diagnostics (C23 tier budget, C15
redundant passives, unspent budget) that a designer may keep on purpose.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.classification import (CLASSIFICATIONS, CONDITIONS, DAMAGE_TYPES, GESTALT,
                                       MAGICAL_TYPES, MUNDANE_TYPES, package)
from game.rules.definitions import (ABILITY_KINDS, MOB_TRIGGERS, UNLOCK_BEHAVIOURS,
                                    CreatureDef, Equipment, squares)
from game.rules.motives import GIFTS, WANTS
from game.rules.tables import (ATTRIBUTES, EXCEPTIONAL, HUMAN_CEILING, MAX_HEADS, MAX_SCORE, RANKS,
                               TIER_BUDGET_SLACK, TIERS, attribute_tier, resistance_budget, tier_budget)
from game.rules.statblock import SLOTS, armour_durability, scores
from game.rules.tags import HUMANOID, MINDLESS



@dataclass(frozen=True)
class Problem:
    """One finding, printed as `file: creature: field: message`."""

    file: str
    creature: str
    field: str
    message: str
    error: bool = True

    def __str__(self) -> str:
        level = "" if self.error else "warning: "
        return f"{self.file}: {self.creature}: {self.field}: {level}{self.message}"


class Findings:
    def __init__(self, defn: CreatureDef) -> None:
        self.defn = defn
        self.problems: list[Problem] = []

    def error(self, field: str, message: str) -> None:
        self.problems.append(Problem(self.defn.source, self.defn.id, field, message))

    def warn(self, field: str, message: str) -> None:
        self.problems.append(Problem(self.defn.source, self.defn.id, field, message, error=False))


def check(defn: CreatureDef, equipment: Equipment) -> list[Problem]:
    """Every problem of `defn` against the seed and the equipment table."""
    found = Findings(defn)
    if defn.tier not in TIERS:
        found.error("tier", f"must be 1-7 (C1), not {defn.tier!r}")
    if defn.rank not in RANKS:
        found.error("rank", f"must be one of {', '.join(RANKS)} (C2), not {defn.rank!r}")
    try:
        squares(defn.size)
    except ValueError as exc:
        found.error("size", str(exc))
    _check_classification(found)
    _check_motivation(found)
    _check_equipment_ids(found, equipment)
    _check_behaviour(found)
    if found.problems and any(p.error for p in found.problems):
        return found.problems  # the numbers below need a sound tier, rank, size and tag
    _check_attributes(found)
    if defn.is_minion:
        _check_minion(found)
    else:
        _check_individual(found, equipment)
    return found.problems


def _check_classification(found: Findings) -> None:
    defn = found.defn
    for form in defn.forms:
        if form not in MAGICAL_TYPES:
            found.error("forms", f"{form!r} is not a Form; forms are {', '.join(MAGICAL_TYPES)} (C11)")
    try:
        pack = package(defn.classification, defn.kingdom, defn.forms)
    except ValueError as exc:
        field = "classification" if defn.classification not in CLASSIFICATIONS else (
            "kingdom" if "kingdom" in str(exc) else "forms")
        found.error(field, f"{exc} (C11-C13)")
        return
    if pack.connected not in defn.forms:
        found.error("forms", f"must include the connected form {pack.connected!r} (C13-C14)")
    for condition in defn.conditions:
        if condition not in CONDITIONS:
            found.error("conditions", f"unknown cross-domain condition {condition!r}; "
                                      f"expected {', '.join(CONDITIONS)} (C18)")
    if "gestalt" in defn.conditions and defn.classification not in GESTALT:
        found.error("conditions", "Gestalt means undead (Daeva Gestalt) or lycanthrope "
                                  "(Fae Gestalt); classification must be daeva or fae (C18)")
    numen = CLASSIFICATIONS[defn.classification][2][defn.kingdom].numen
    if numen is True and "numen" not in defn.conditions:
        found.error("conditions", f"kingdom {defn.kingdom} is numen; add \"numen\" (C12, C18)")
    if numen is False and "numen" in defn.conditions:
        found.error("conditions", f"kingdom {defn.kingdom} is non-numen (C12)")


def _check_motivation(found: Findings) -> None:
    motivation = found.defn.motivation
    for scale in ("major", "moderate", "minor"):
        if not getattr(motivation, scale).strip():
            found.error(f"motivation.{scale}", "every creature wants something: write it (C4)")
    if motivation.wants not in WANTS:
        found.error("motivation.wants", f"must be one of {', '.join(WANTS)} (C4), not {motivation.wants!r}")
    for gift in motivation.takes:
        if gift not in GIFTS:
            found.error("motivation.takes", f"unknown gift {gift!r}; expected some of {', '.join(GIFTS)} (C4)")
    if motivation.takes and MINDLESS in found.defn.tags:
        found.error("motivation.takes", "a mindless creature cannot be bargained with: leave takes empty (C4)")


def _check_equipment_ids(found: Findings, equipment: Equipment) -> None:
    defn = found.defn
    for weapon in defn.weapons:
        if weapon not in equipment.weapons:
            found.error("weapons", f"unknown weapon {weapon!r} (not in the equipment table)")
    slots: dict[str, str] = {}
    for piece in defn.armour:
        if piece not in equipment.armour:
            found.error("armour", f"unknown armour piece {piece!r} (not in the equipment table)")
            continue
        slot = equipment.armour[piece].slot
        if slot in slots:
            found.error("armour", f"{piece!r} and {slots[slot]!r} both take the {slot} slot")
        slots[slot] = piece
    for natural in defn.natural_weapons:
        if natural.damage_type not in MUNDANE_TYPES:
            found.error("natural_weapons", f"{natural.name}: damage type must be mundane "
                                           f"({', '.join(MUNDANE_TYPES)}), not {natural.damage_type!r}")
        if natural.element is not None and natural.element not in MAGICAL_TYPES:
            found.error("natural_weapons", f"{natural.name}: element {natural.element!r} is not a "
                                           f"magical damage type (C20)")
        if natural.kind not in ("melee", "ranged"):
            found.error("natural_weapons", f"{natural.name}: kind must be melee or ranged")


def _check_behaviour(found: Findings) -> None:
    defn = found.defn
    for level, behaviour in defn.unlocks.items():
        if behaviour not in UNLOCK_BEHAVIOURS:
            found.error("unlocks", f"unknown behaviour {behaviour!r}; expected one of "
                                   f"{', '.join(UNLOCK_BEHAVIOURS)} (N29)")
        if level < 1:
            found.error("unlocks", f"level {level} must be 1 or more (N29)")
    if defn.attack_budget is not None and defn.attack_budget < 1:
        found.error("attack_budget", "must be at least 1 strike per turn (N25)")


def _check_attributes(found: Findings) -> None:
    defn = found.defn
    unknown = sorted(set(defn.attributes) - set(ATTRIBUTES))
    if unknown:
        found.error("attributes", f"unknown attributes {unknown}; expected {', '.join(ATTRIBUTES)}")
    for name, score in defn.attributes.items():
        if not isinstance(score, int) or score < 1:
            found.error(f"attributes.{name}", f"score must be a whole number of at least 1, not {score!r}")
        elif score > MAX_SCORE:
            found.error(f"attributes.{name}", f"score {score} is beyond the table: T13 ends at {MAX_SCORE} (C7)")
    if any(p.field.startswith("attributes") for p in found.problems):
        return
    if defn.is_minion:
        high = [name for name, score in defn.attributes.items() if attribute_tier(score) > 1]
        if high:
            found.error("attributes", f"minion attributes are all T1 (d2), total 8 (C23, C30); "
                                      f"{', '.join(high)} above T1")
        return
    missing = [name for name in ATTRIBUTES if name not in defn.attributes]
    if missing:
        found.error("attributes", f"missing {', '.join(missing)}: adepts and above have all eight (C42)")
        return
    tiers = {name: attribute_tier(score) for name, score in defn.attributes.items()}
    if HUMANOID in defn.tags or defn.kingdom == "folk":
        for name, tier in tiers.items():
            if tier > HUMAN_CEILING:
                found.error(f"attributes.{name}", f"humanoid attribute at T{tier}: mortal humanoids "
                                                  f"cap at T{HUMAN_CEILING} (C7, C23)")
    least = EXCEPTIONAL.get(defn.rank)
    if least and max(tiers.values()) < least:
        found.error("attributes", f"{defn.rank.capitalize()} needs an attribute at T{least}+ (C23)")
    total, budget = sum(tiers.values()), tier_budget(defn.tier, defn.rank)
    if abs(total - budget) > TIER_BUDGET_SLACK:
        found.warn("attributes", f"attribute tiers total {total}, tier budget {budget} "
                                 f"(off by {total - budget:+d}; C23 wants within {TIER_BUDGET_SLACK})")


def _check_minion(found: Findings) -> None:
    defn = found.defn
    if defn.armour:
        found.error("armour", "minions wear no armour: flat Tier resistance (C21, C30)")
    if defn.resistance:
        found.error("resistance", "minions spend their budget as flat Tier resistance on the "
                                  "5 mundane types, no magical (C21, C30)")
    if defn.abilities:
        found.error("abilities", "minions get one Mob trait and the classification package, "
                                 "nothing else (C16, C30)")
    if defn.heads < 1:
        found.error("heads", "a group has at least one head (C31, C39)")
    elif defn.heads > MAX_HEADS:
        found.error("heads", f"a group has at most {MAX_HEADS} heads, not {defn.heads} (C31, C39)")
    trait = defn.mob_trait
    if trait is None:
        found.error("mob_trait", "every minion has one Mob trait (C30, C40)")
        return
    if trait.trigger not in MOB_TRIGGERS:
        found.error("mob_trait.trigger", f"must be damage or presence (C40), not {trait.trigger!r}")
    if trait.chained and defn.tier < 3 and trait.condition_tier > defn.tier:
        found.error("mob_trait.condition_tier", f"a Mob trait cannot advance a chained condition past "
                                                f"the Creature Tier ({defn.tier}) below Tier 3 (C40)")
    if not trait.chained and trait.condition_tier >= 2 and defn.tier < trait.condition_tier + 1:
        found.error("mob_trait.condition_tier", f"a [T{trait.condition_tier}] condition unlocks at "
                                                f"Tier {trait.condition_tier + 1} (C40)")


def _check_individual(found: Findings, equipment: Equipment) -> None:
    defn = found.defn
    if defn.mob_trait is not None:
        found.error("mob_trait", "only minions have a Mob trait (C40)")
    pack = package(defn.classification, defn.kingdom, defn.forms)
    _check_abilities(found, pack.immune)
    _check_resistance(found, equipment, pack.immune)
    if defn.armour and all(p in equipment.armour for p in defn.armour):
        _check_armour(found, equipment)


def _check_abilities(found: Findings, immune: str | None) -> None:
    defn = found.defn
    for ability in defn.abilities:
        if ability.kind not in ABILITY_KINDS:
            found.error("abilities", f"{ability.name}: kind must be active, passive or free (C17), "
                                     f"not {ability.kind!r}")
        if ability.immunity is not None and ability.immunity == immune:
            found.warn("abilities", f"{ability.name}: redundant passive: the classification package "
                                    f"already makes it immune to {immune} (C15)")
    used = sum(1 for a in defn.abilities if a.kind in ("active", "passive"))
    if used > SLOTS[defn.rank]:
        found.error("abilities", f"{used} abilities take slots; rank {defn.rank} has "
                                 f"{SLOTS[defn.rank]} (C17)")
    if defn.rank == "adept" and used == 0:
        found.warn("abilities", "an adept has 1-2 abilities, a signature ability at least (C42)")


def _check_resistance(found: Findings, equipment: Equipment, immune: str | None) -> None:
    defn = found.defn
    for kind, points in defn.resistance.items():
        if kind not in DAMAGE_TYPES:
            found.error("resistance", f"unknown damage type {kind!r} (C20)")
        elif not isinstance(points, int) or points < 0:
            found.error(f"resistance.{kind}", "points must be a whole number of 0 or more (C22)")
        elif kind == immune and points:
            found.warn(f"resistance.{kind}", f"points spent on {kind}, which the package already "
                                             f"makes it immune to (C13, C15)")
    if any(p.field.startswith("resistance") and p.error for p in found.problems):
        return
    armour = sum(equipment.armour[p].points for p in defn.armour if p in equipment.armour)
    spent = sum(defn.resistance.values()) + armour
    budget = resistance_budget(defn.tier, defn.rank)
    if spent > budget:
        found.error("resistance", f"over budget: {spent} points spent ({armour} in armour), "
                                  f"budget {budget} (C19, C21, C26)")
    elif spent < budget:
        found.warn("resistance", f"{budget - spent} of {budget} budget points unspent (C21)")


def _check_armour(found: Findings, equipment: Equipment) -> None:
    """C25-C26: the body piece carries the durability; its maximum must reach it."""
    defn = found.defn
    end = scores(defn)["endurance"]
    durability = armour_durability(defn)
    body = [equipment.armour[p] for p in defn.armour if equipment.armour[p].slot == "body"]
    if durability <= 0:
        found.error("armour", f"durability 2 × (END {end} + avg DTD − Tier {defn.tier}) = "
                              f"{durability}: too little to wear armour (C25)")
    elif not body:
        found.error("armour", "armoured creatures wear a body piece that carries the durability (C25)")
    elif body[0].durability is not None and body[0].durability < durability:  # None: equipment.toml says why
        found.error("armour", f"{body[0].id} has {body[0].durability} durability, the creature needs "
                              f"{durability} (C26)")
