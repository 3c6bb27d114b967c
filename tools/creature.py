"""The creature builder: stat blocks, checks, odds and threat for codex creatures (C1-C42).

    python tools/creature.py show ID_OR_PATH [--json | --markdown]
    python tools/creature.py check [PATHS ...]          (default: every creature file; exit 1 when the game
                                                        would refuse them, read over the shipped data)
    python tools/creature.py odds ID_OR_PATH --vs ID_OR_PATH [--heads N] [--vs-heads N] [--json]
    python tools/creature.py threat ID_OR_PATH [--heads N] [--fights N] [--seed N] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.bridge import load_bridge  # noqa: E402
from game.content.codex import HERO_ID, Codex, load_codex, raise_first_error  # noqa: E402
from game.content.content import Overlay, load_content  # noqa: E402
from game.content.creatures import read_creature  # noqa: E402
from game.content.equipment import load_equipment, read_equipment  # noqa: E402
from game.content.errors import ContentError, printable  # noqa: E402
from game.content.motives import load_motives  # noqa: E402
from game.content.threat import load_threat  # noqa: E402
from game.maps.data_ids import read_data_ids  # noqa: E402
from game.paths import DATA  # noqa: E402
from game.rules import dice  # noqa: E402
from game.rules.bridge import Bridge, card, natural_line, weapon_card_attack  # noqa: E402
from game.rules.card import Card  # noqa: E402
from game.rules.checks import Problem, check  # noqa: E402
from game.rules.combat import Guard, Strike  # noqa: E402
from game.rules.definitions import CreatureDef, Equipment  # noqa: E402
from game.rules.duel import Fighter, duel  # noqa: E402
from game.rules.motives import GOLD, gold_price  # noqa: E402
from game.rules.odds import damage_distribution, hit_chance, mean  # noqa: E402
from game.rules.statblock import StatBlock, build, weapon_attack  # noqa: E402

PERCENTILES = (0.1, 0.5, 0.9, 0.99)
JSON_FORMAT = 1  # the "format" of every --json document (docs/rules.md, "The builder tool"); raise it on a change
JSON_DIGITS = 4  # decimals a float keeps in --json output
MOTIVES = load_motives(DATA / "motives.toml")  # what each want looks like in play (C4)


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line."""

    def error(self, message: str) -> None:
        raise UsageError(message)


# ---------------------------------------------------------------- loading

def looks_like_path(arg: str) -> bool:
    return arg.endswith(".toml") or "/" in arg


def read_any(path: Path):
    """A creature file; the hero's file may also carry its [sheet] (Reconciliation 8)."""
    return read_creature(path, frozenset({"sheet"}) if path.stem == HERO_ID else frozenset())


def creature_from(arg: str) -> tuple[CreatureDef, Equipment, Bridge]:
    """A creature by codex id, or from a file (checked, so a broken file stops here)."""
    if not looks_like_path(arg):
        codex = load_codex()
        return codex.creature(arg), codex.equipment, codex.bridge
    equipment = load_equipment(DATA / "equipment.toml")
    defn, problems, _ = read_any(Path(arg))
    if defn is not None:
        problems += check(defn, equipment)
    raise_first_error(problems)
    return defn, equipment, load_bridge(DATA / "bridge.toml")


def group_heads(defn: CreatureDef, heads: int | None) -> int | None:
    """--heads is a minion group's current heads (C31): at least 1, and only for minions."""
    if heads is not None and (heads < 1 or not defn.is_minion):
        raise UsageError(f"--heads {heads}: give 1 or more heads, and only for a minion group "
                         f"({defn.id} is rank {defn.rank})")
    return heads


def fighter(defn: CreatureDef, equipment: Equipment, bridge: Bridge,
            heads: int | None = None) -> Fighter:
    """The creature as spawned: its first authored weapon (else its natural attack) and armour."""
    block = build(defn, equipment)
    played = card(block, bridge, heads)
    if defn.weapons:
        line = weapon_attack(defn, equipment.weapons[defn.weapons[0]])
    else:
        line = natural_line(block)
    attack, chance = weapon_card_attack(block, line, bridge, played.heads)
    defense = dict(played.defense)
    for piece in defn.armour:
        for kind, points in equipment.armour[piece].resistance.items():
            defense[kind] += points
    strike = Strike(chance, played.strength, attack.dice, attack.damage_type, attack.elements,
                    attack.kind)
    guard = Guard(played.dodge, defense, played.element_resist, played.immune)
    return Fighter(defn.name, played.health, strike, guard, played.attack_budget,
                   block.durability, played.heads)


# ---------------------------------------------------------------- show

def plain(value: Any) -> Any:
    """Dataclasses, mappings and tuples as JSON-ready values."""
    if is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [plain(v) for v in value]
        return sorted(items) if isinstance(value, (frozenset, set)) else items
    return value


def rounded(value: Any) -> Any:
    """JSON-ready `value` with every float rounded to JSON_DIGITS decimals (6.666666666666663 -> 6.6667)."""
    if isinstance(value, float):
        return round(value, JSON_DIGITS)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return value


def print_json(document: dict[str, Any]) -> None:
    """Every --json output: the format version first, then `document` with its numbers rounded."""
    print(json.dumps({"format": JSON_FORMAT, **rounded(document)}, indent=2, ensure_ascii=False))


def number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def explosion(notation: str) -> str:
    """C9: say whether a roll can explode (d2s never do)."""
    return "exploding" if any(size > 2 for size in dice.parse(notation).sizes) else "d2s never explode"


def block_lines(block: StatBlock, equipment: Equipment, played: Card) -> list[tuple[str, str]]:
    """(label, text) rows of a stat block in the seed's shape."""
    rows = [("", block.tag),
            ("Tier", f"{block.tier} (TD {block.tier_die})"),
            ("Rank", f"{block.rank.capitalize()} (trial die {block.trial_die})"),
            ("Division", f"{block.division} (DTD {block.dtd})")]
    if block.rank == "minion":
        rows.append(("Attributes", "Physical d2, Mental d2 (all T1; Creature Tier as attribute tier)"))
    else:
        rows.append(("Attributes", "  ".join(f"{a.name} {a.score} (T{a.tier} {a.die})"
                                             for a in block.attributes)))
    rows.append(("Tier budget", f"{block.tier_total} of {block.tier_budget}"))
    if block.rank == "minion":
        rows.append(("Health", f"1 per head ({block.heads} heads by default)"))
    else:
        kind = "armoured" if block.armoured else "unarmoured"
        rows.append(("Health", f"{block.health} ({kind}: {block.health_formula} = "
                               f"{block.health_dice}, average {number(block.health_average)})"))
    if block.armoured:
        body = next(equipment.armour[p] for p in block.armour if equipment.armour[p].slot == "body")
        rows.append(("Durability", f"{block.durability} ({body.name}: {block.durability} of "
                                   f"{body.durability})"))
    resistance = ", ".join(f"{k} {v}" for k, v in block.resistance.items()) or "none"
    armour = ", ".join(equipment.armour[p].name for p in block.armour)
    rows.append(("Resistance", f"{resistance} (budget {block.resistance_spent} of "
                               f"{block.resistance_budget}" + (f"; armour: {armour})" if armour else ")")))
    pack = block.package
    rows.append(("Package", f"immune to {pack.immune or 'nothing'}; Impotence vs "
                            f"{pack.vulnerable or 'nothing'}; connected form {pack.connected.capitalize()}"))
    minion = block.rank == "minion"
    per = " per head" if minion else ""
    for line in block.attacks:
        attribute = None if minion else line.attribute[:3].upper()
        detail = ", ".join(x for x in (line.kind, line.damage_type, line.element, line.speed,
                                       attribute) if x)
        rows.append(("Attack", f"{line.name} ({detail}): {line.dice}{per}, {explosion(line.dice)}, "
                               f"average {number(line.expected)}"))
    for line in block.defenses:
        attribute = "" if minion else f" ({line.attribute[:3].upper()})"
        rows.append(("Defense", f"{line.name}{attribute}: {line.dice}{per} + resistance, "
                                f"{explosion(line.dice)}; 1 AP"))
    rows.append(("Trials", "  ".join(f"{k} {v}" for k, v in block.trials.items())))
    rows.append(("AP", f"{block.ap}" + (" (shared by the group)" if block.rank == "minion" else "")))
    if block.rank != "minion":
        rows.append(("Slots", f"{block.slots_used} of {block.slots}"))
    for ability in block.abilities:
        tag = "no slot" if ability.kind == "free" else ability.kind
        rows.append(("Ability", f"{ability.name} ({tag}): {ability.text}"))
    if block.mob_trait:
        trait = block.mob_trait
        dcs = ", ".join(f"{b.name} DC {b.mob_dc}" for b in block.bands)
        rows.append(("Mob trait", f"{trait.name} (on {trait.trigger}, {trait.condition}): "
                                  f"{trait.text} DC = Tier + band bonus: {dcs}"))
    motive = block.motivation
    rows += [("Motivation", f"major: {motive.major}"), ("", f"moderate: {motive.moderate}"),
             ("", f"minor: {motive.minor}")]
    want = MOTIVES.wants.get(motive.wants)
    if want is not None:
        rows.append(("Wants", f"{motive.wants}: {want.seems} Stops: {want.stops}"))
    bargain = "none: it is mindless" if "mindless" in block.tags else " or ".join(
        f"{gold_price(block.tier, MOTIVES.gold_per_tier)} gold" if gift == GOLD else gift
        for gift in motive.takes) or "none: it takes nothing"
    rows.append(("Bargain", f"{bargain} (C4)"))
    rows.append(("Card", f"health {played.health}, strength {played.strength}, melee {played.melee}%, "
                         f"ranged {played.ranged}%, dodge {played.dodge}%, attack {played.attack.dice}, "
                         f"strikes {played.attack_budget} (the bridge)"))
    return rows


def band_table(block: StatBlock) -> list[list[str]]:
    header = ["Band", "Heads", "Health", "Attack", "Defense", "Mob DC"]
    return [header] + [[b.name, str(b.heads), str(b.health), b.attack, b.defense, str(b.mob_dc)]
                       for b in block.bands]


def render_text(block: StatBlock, equipment: Equipment, played: Card) -> str:
    out = [block.name.upper()]
    out += [f"{label:<12}{text}" for label, text in block_lines(block, equipment, played)]
    if block.bands:
        out.append("")
        out += ["  ".join(f"{cell:<8}" for cell in row).rstrip() for row in band_table(block)]
    if block.text:
        out += ["", block.text]
    return "\n".join(out)


def render_markdown(block: StatBlock, equipment: Equipment, played: Card) -> str:
    out = [f"### {block.name}", ""]
    out += [f"- **{label}** {text}" if label else f"- *{text}*"
            for label, text in block_lines(block, equipment, played)]
    if block.bands:
        rows = band_table(block)
        out += ["", "| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        out += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    if block.text:
        out += ["", f"> {block.text}"]
    return "\n".join(out)


def cmd_show(args: argparse.Namespace) -> int:
    defn, equipment, bridge = creature_from(args.creature)
    block = build(defn, equipment)
    played = card(block, bridge)
    if args.json:
        print_json({"stat_block": plain(block), "card": plain(played)})
    elif args.markdown:
        print(render_markdown(block, equipment, played))
    else:
        print(render_text(block, equipment, played))
    return 0


# ---------------------------------------------------------------- check

def check_paths(paths: list[Path]) -> list[Problem]:
    """Every problem in the given creature files (directories: their *.toml)."""
    equipment, problems = read_equipment(DATA / "equipment.toml")
    files = []
    for path in paths:
        files += sorted(path.glob("*.toml")) if path.is_dir() else [path]
    for path in files:
        try:
            defn, found, _ = read_any(path)
        except ContentError as exc:
            problems.append(Problem(str(path), path.stem, "file", str(exc).split(": ", 1)[-1]))
            continue
        problems += found
        if defn is not None:
            problems += check(defn, equipment)
    return problems


def game_refusal(paths: list[Path]) -> str | None:
    """What the game says when it loads the shipped data with the creature files among `paths` read over it,
    as a mod's (game/mods.py): its first refusal, or None when it starts. The hero's file is
    checked on its own above."""
    files = []
    for path in paths:
        files += sorted(path.glob("*.toml")) if path.is_dir() else [path]
    creatures = tuple(p for p in files if p.stem != HERO_ID)
    try:
        load_content(DATA, Overlay(creatures))
        read_data_ids(DATA, creatures)  # what a map is checked against when the game starts it
    except ContentError as exc:
        return printable(exc)
    return None


def cmd_check(args: argparse.Namespace) -> int:
    """Every problem of the files, then, when they have none, the game's own verdict on them: the check
    passes exactly when the game starts with them (a Mob trait's unknown condition, gear without an item)."""
    paths = args.paths or [DATA / "creatures", DATA / "hero.toml"]
    problems = check_paths(paths)
    for problem in problems:
        print(printable(problem))
    errors = sum(p.error for p in problems)
    refusal = None if errors else game_refusal(args.paths)
    if refusal is not None:
        print(refusal)
        errors += 1
    print(f"{errors} error(s), {len(problems) - sum(p.error for p in problems)} warning(s)")
    return 1 if errors else 0


# ---------------------------------------------------------------- odds

def odds_numbers(attacker: Fighter, defender: Fighter) -> dict[str, Any]:
    """One direction of `odds`: the strike, the guard it meets and the exact numbers (N20-N22)."""
    strike, guard = attacker.strike, defender.guard
    law = damage_distribution(strike, guard)
    chance = hit_chance(strike, guard)
    return {"attacker": attacker.name, "defender": defender.name, "dice": strike.dice,
            "damage_type": strike.damage_type, "kind": strike.kind, "chance": strike.chance,
            "strength": strike.strength, "dodge": guard.dodge, "defense": guard.defense[strike.damage_type],
            "hit_chance": chance, "damage_mean": mean(law),
            "damage_percentiles": {f"p{round(f * 100)}": dice.percentile(law, f) for f in PERCENTILES},
            "damage_max_shown": max(v for v, p in law.items() if p > 1e-6),
            "expected_per_strike": chance * mean(law), "strikes": attacker.strikes,
            "target_health": defender.health, "target_durability": defender.durability,
            "target_heads": defender.heads}


def odds_lines(odds: Mapping[str, Any]) -> list[str]:
    cuts = "  ".join(f"{name} {value}" for name, value in odds["damage_percentiles"].items())
    return [f"{odds['attacker']} -> {odds['defender']}: {odds['dice']} {odds['damage_type']} "
            f"({odds['kind']}, chance {odds['chance']}%, strength {odds['strength']}) against "
            f"dodge {odds['dodge']}%, {odds['damage_type']} defense {odds['defense']}",
            f"  hit chance {odds['hit_chance'] * 100:.2f}%   damage on a hit: mean {odds['damage_mean']:.2f}  "
            f"{cuts}  max shown {odds['damage_max_shown']}",
            f"  expected damage per strike {odds['expected_per_strike']:.2f}; {odds['strikes']} strike(s) "
            f"per turn; target health {odds['target_health']}"
            + (f" behind {odds['target_durability']} durability" if odds["target_durability"] else "")
            + (f", {odds['target_heads']} heads" if odds["target_heads"] else "")]


def cmd_odds(args: argparse.Namespace) -> int:
    one, equipment, bridge = creature_from(args.creature)
    other, _, _ = creature_from(args.vs)
    first = fighter(one, equipment, bridge, group_heads(one, args.heads))
    second = fighter(other, equipment, bridge, group_heads(other, args.vs_heads))
    both = [odds_numbers(first, second), odds_numbers(second, first)]
    if args.json:
        print_json({"odds": both})
    else:
        print("\n".join(odds_lines(both[0]) + odds_lines(both[1])))
    return 0


# ---------------------------------------------------------------- threat

THREAT_HEADER = ["Hero", "Creature wins", "Hero wins", "Draws", "Rounds to kill hero", "Rounds to fall"]


def threat_results(codex: Codex, creature: Fighter, fights: int, seed: int) -> list[dict[str, Any]]:
    """Per reference hero tier: the creature's and the hero's win rates, draws and median rounds."""
    setup = load_threat(DATA / "threat.toml", codex)
    rng = random.Random(seed)
    out = []
    for tier, defn in setup.heroes.items():
        hero = fighter(defn, codex.equipment, codex.bridge)
        results = []
        for index in range(fights or setup.fights):
            first, second = (creature, hero) if index % 2 == 0 else (hero, creature)
            result = duel(first, second, rng, setup.max_rounds)
            winner = None if result.winner is None else (first, second)[result.winner]
            results.append((winner is creature, winner is hero, result.rounds))
        total = len(results)
        won = [r for c, h, r in results if c]
        lost = [r for c, h, r in results if h]
        out.append({"hero_tier": tier, "fights": total, "creature_wins": len(won) / total,
                    "hero_wins": len(lost) / total, "draws": (total - len(won) - len(lost)) / total,
                    "rounds_to_kill_hero": statistics.median(won) if won else None,
                    "rounds_to_fall": statistics.median(lost) if lost else None})
    return out


def threat_rows(results: list[dict[str, Any]]) -> list[list[str]]:
    def rounds(value: float | None) -> str:
        return "-" if value is None else number(value)
    return [THREAT_HEADER] + [[f"T{r['hero_tier']}", f"{100 * r['creature_wins']:.0f}%",
                               f"{100 * r['hero_wins']:.0f}%", f"{100 * r['draws']:.0f}%",
                               rounds(r["rounds_to_kill_hero"]), rounds(r["rounds_to_fall"])] for r in results]


def cmd_threat(args: argparse.Namespace) -> int:
    codex = load_codex()  # the reference heroes' gear and bridge
    defn = creature_from(args.creature)[0]
    block = build(defn, codex.equipment)
    creature = fighter(defn, codex.equipment, codex.bridge, group_heads(defn, args.heads))
    results = threat_results(codex, creature, args.fights, args.seed)
    if args.json:
        print_json({"creature": defn.id, "name": defn.name, "tier": block.tier, "rank": block.rank,
                    "division": block.division, "heads": creature.heads, "seed": args.seed,
                    "heroes": results, "verdict": verdict(results)})
        return 0
    size = f", {creature.heads} heads" if creature.heads else ""
    print(f"{defn.name}: nominal Tier {block.tier} {block.rank.capitalize()} "
          f"(Division {block.division}{size}); seed {args.seed}")
    rows = threat_rows(results)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    print(verdict(results))
    return 0


def verdict(results: list[dict[str, Any]]) -> str:
    """The highest hero tier the creature beats in at least half the fights (as the table rounds it)."""
    rates = [(f"T{r['hero_tier']}", round(100 * r["creature_wins"])) for r in results]
    beaten = [tier for tier, rate in rates if rate >= 50]
    if beaten:
        return f"measured: beats reference heroes up to {beaten[-1]} in at least half the fights"
    tier, rate = max(rates, key=lambda pair: pair[1])
    return f"measured: beats no reference hero in half the fights (best {rate:.0f}% against {tier})"


# ---------------------------------------------------------------- main

def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(prog="creature.py", description="Creature builder (C1-C42).")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    show = commands.add_parser("show", help="print a stat block")
    show.add_argument("creature", help="codex id or path to a creature file")
    form = show.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true")
    form.add_argument("--markdown", action="store_true")
    checking = commands.add_parser("check", help="validate creature files")
    checking.add_argument("paths", nargs="*", type=Path)
    odds = commands.add_parser("odds", help="exact hit chances and damage of one creature against another")
    odds.add_argument("creature")
    odds.add_argument("--vs", required=True)
    odds.add_argument("--heads", type=int, default=None)
    odds.add_argument("--vs-heads", type=int, default=None)
    odds.add_argument("--json", action="store_true")
    threat = commands.add_parser("threat", help="simulated fights against reference heroes")
    threat.add_argument("creature")
    threat.add_argument("--heads", type=int, default=None)
    threat.add_argument("--fights", type=int, default=0, help="fights per hero tier (default: threat.toml)")
    threat.add_argument("--seed", type=int, default=1)
    threat.add_argument("--json", action="store_true")
    return parser.parse_args(argv)


COMMANDS = {"show": cmd_show, "check": cmd_check, "odds": cmd_odds, "threat": cmd_threat}


def main(argv: list[str]) -> int:
    try:
        args = parse_args(argv)
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"creature.py: {exc}", file=sys.stderr)
        return 2
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stdout = open(os.devnull, "w")
        sys.exit(0)
