"""tools/creature.py: show, check, odds and threat as a designer runs them."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.codex import load_codex
from game.paths import ROOT

SCRIPT = ROOT / "tools" / "creature.py"
BAD = ROOT / "tests" / "data" / "creatures_bad"
spec = importlib.util.spec_from_file_location("creature_tool", SCRIPT)
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)


def run(capsys, *argv):
    code = tool.main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


# Each broken file and the one problem it must report (after "file: creature: ").
BROKEN = {
    "over_budget": "resistance: over budget: 25 points spent (0 in armour), budget 20 (C19, C21, C26)",
    "unknown_weapon": "weapons: unknown weapon 'vorpal_blade' (not in the equipment table)",
    "too_many_abilities": "abilities: 3 abilities take slots; rank adept has 2 (C17)",
    "redundant_passive": "abilities: warning: Fire Body: redundant passive: the classification "
                         "package already makes it immune to fire (C15)",
    "humanoid_over_t7": "attributes.strength: humanoid attribute at T9: mortal humanoids cap at T7 (C7, C23)",
    "epic_without_t5": "attributes: Epic needs an attribute at T5+ (C23)",
    "tier_budget_off": "attributes: warning: attribute tiers total 27, tier budget 18 (off by +9; "
                       "C23 wants within 2)",
    "minion_with_armour": "armour: minions wear no armour: flat Tier resistance (C21, C30)",
    "minion_no_mob_trait": "mob_trait: every minion has one Mob trait (C30, C40)",
    "bad_kingdom": "kingdom: daeva has no kingdom 'tuatha'; expected one of div, druj (C11-C13)",
    "missing_connected_form": "forms: must include the connected form 'primal' (C13-C14)",
    "armour_too_worn": "armour: leather_jerkin has 40 durability, the creature needs 49 (C26)",
    "bad_unlock": "unlocks: unknown behaviour 'dance'; expected one of arm_itself, meditate, "
                  "reshape_room, pack_howl (N29)",
    "missing_motivation": "motivation.minor: every creature wants something: write it (C4)",
    "bad_toml": "file: not valid TOML: Invalid value (at line 3, column 8)",
    "wrong_type": "tier: must be a whole number, not 'two'",
    "chained_mob_past_tier": "mob_trait.condition_tier: a Mob trait cannot advance a chained "
                             "condition past the Creature Tier (1) below Tier 3 (C40)",
    "gestalt_wrong": "conditions: Gestalt means undead (Daeva Gestalt) or lycanthrope (Fae "
                     "Gestalt); classification must be daeva or fae (C18)",
    "unknown_field": "helth: unknown field (expected some of abilities, armour, attack_budget, "
                     "attributes, classification, conditions, forms, heads, kingdom, mob_trait, "
                     "motivation, name, natural_weapons, rank, resistance, size, tags, text, "
                     "tier, unlocks, weapons)",
}


def test_every_broken_file_is_in_the_table():
    assert {p.stem for p in BAD.glob("*.toml")} == set(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_check_reports_the_specific_problem(capsys, name):
    path = BAD / f"{name}.toml"
    code, out, _ = run(capsys, "check", path)
    lines = out.splitlines()
    assert lines[0] == f"{path}: {name}: {BROKEN[name]}"
    assert len(lines) == 2  # that problem, then the summary
    assert code == (0 if "warning:" in BROKEN[name] else 1)


def test_check_the_whole_codex_is_clean(capsys):
    code, out, _ = run(capsys, "check")
    assert (code, out) == (0, "0 error(s), 0 warning(s)\n")


def test_check_a_directory_exits_1_on_errors(capsys):
    code, out, _ = run(capsys, "check", BAD)
    assert code == 1
    assert out.splitlines()[-1] == "17 error(s), 2 warning(s)"


@pytest.mark.rule("C25")
@pytest.mark.rule("C4")
@pytest.mark.parametrize("creature, wants, bargain", [
    ("wolf", "Wants       food: It seems hungry. Stops: Food it takes, or its own wounds.", "Bargain     food (C4)"),
    ("goblin_cutters", "Wants       pack: It seems to run with its pack. Stops: A bargain its pack takes, or its "
                       "own wounds.", "Bargain     10 gold (C4)"),
    ("zombie", "Wants       hunt: It seems to be hunting. Stops: Nothing but its own wounds: it flees when "
               "badly hurt.", "Bargain     none: it is mindless (C4)"),
    ("cave_bear", "Wants       territory: It seems to guard this place. Stops: Leaving its ground: it warns "
                  "first and lets a retreating intruder go.", "Bargain     none: it takes nothing (C4)"),
])
def test_C4_show_tells_what_it_wants_and_takes(capsys, creature, wants, bargain):
    code, out, _ = run(capsys, "show", creature)
    assert code == 0 and wants in out.splitlines() and bargain in out.splitlines()


@pytest.mark.rule("C41")
def test_show_guard_in_the_seed_shape(capsys):
    code, out, _ = run(capsys, "show", "guard")
    assert code == 0
    for line in ("GUARD", "            1×1 Mortal Folk (Void)", "Tier        2 (TD d3)",
                 "Rank        Adept (trial die d3)", "Division    3 (DTD d4)",
                 "Tier budget 19 of 18",
                 "Health      8 (armoured: Division 3 × END d3 + Tier 2 = 3d3+2, average 8)",
                 "Durability  19 (Gambeson: 19 of 46)",
                 "AP          2", "Slots       1 of 2", "Motivation  major: Keep the peace, keep the pay."):
        assert line in out.splitlines(), line
    assert "Attack      Spear (melee, piercing, moderate, STR): 2d4, exploding, average 6.67" in out
    assert "(budget 20 of 20; armour: Gambeson, Helmet)" in out
    assert "STR 10 (T3 d4)" in out and "PER d3+d4" in out


@pytest.mark.rule("C41")
def test_show_minion_band_table(capsys):
    _, out, _ = run(capsys, "show", "skeleton_rabble")
    assert "Cluster   6         6         6d2       6d2+2     4" in out
    assert "Brood     12        12        12d2      12d2+2    6" in out
    assert "Swarm     16        16        16d2      16d2+2    8" in out
    assert "d2 per head, d2s never explode" in out
    assert "Cluster DC 4, Brood DC 6, Swarm DC 8" in out


def test_show_json_and_markdown(capsys):
    _, out, _ = run(capsys, "show", "guard", "--json")
    data = json.loads(out)
    assert data["stat_block"]["durability"] == 19
    assert data["stat_block"]["trials"]["STR"] == "d3+d4"
    assert data["card"]["melee"] == load_codex().card("guard").melee
    _, out, _ = run(capsys, "show", "rat_swarm", "--markdown")
    assert out.startswith("### Rat Swarm")
    assert "| Cluster | 6 | 6 | 6d2 | 6d2+1 | 3 |" in out


def floats(value):
    """Every float in a JSON document."""
    if isinstance(value, float):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from floats(item)
    elif isinstance(value, list):
        for item in value:
            yield from floats(item)


@pytest.mark.parametrize("argv", [("show", "wolf"), ("odds", "wolf", "--vs", "rat_swarm"),
                                  ("threat", "giant_rat", "--fights", "20")])
def test_every_json_output_has_a_format_version_and_rounded_numbers(capsys, argv):
    code, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert code == 0 and data["format"] == tool.JSON_FORMAT == 1
    numbers = list(floats(data))
    assert numbers and all(round(x, 4) == x for x in numbers)
    assert "6.666666" not in out and "0.633599" not in out


@pytest.mark.rule("N20")
def test_odds_json_holds_the_numbers_the_text_prints(capsys):
    codex = load_codex()
    wolf, swarm = codex.card("wolf"), codex.card("rat_swarm")
    _, out, _ = run(capsys, "odds", "wolf", "--vs", "rat_swarm", "--json")
    first, second = json.loads(out)["odds"]
    assert (first["attacker"], first["defender"], second["attacker"]) == ("Wolf", "Rat Swarm", "Rat Swarm")
    assert first["hit_chance"] == round(wolf.melee / 100 * (1 - swarm.dodge / 100), 4)
    assert first["damage_mean"] == 8.6667  # 2d4 exploding + strength 3 - piercing defense 1
    _, text, _ = run(capsys, "odds", "wolf", "--vs", "rat_swarm")
    assert f"hit chance {first['hit_chance'] * 100:.2f}%" in text
    assert f"mean {first['damage_mean']:.2f}" in text


def test_odds_and_threat_take_a_creature_file_as_a_mod_makes_it(capsys):
    frost = ROOT / "tests" / "data" / "mods" / "frost_pack" / "creatures" / "frost_wolf.toml"
    code, out, _ = run(capsys, "odds", frost, "--vs", "wolf")
    assert code == 0 and out.startswith("Frost Wolf -> Wolf: 2d4 piercing")
    _, wolf, _ = run(capsys, "odds", "wolf", "--vs", "wolf")
    assert out.splitlines()[1] == wolf.splitlines()[1]  # the same numbers as the wolf it was copied from
    code, out, _ = run(capsys, "threat", frost, "--fights", "10", "--json")
    assert code == 0 and json.loads(out)["creature"] == "frost_wolf"
    code, _, err = run(capsys, "threat", BAD / "over_budget.toml")
    assert code == 1 and "over budget" in err


def test_threat_json_is_the_table_in_numbers(capsys):
    _, out, _ = run(capsys, "threat", "giant_rat", "--fights", "40", "--seed", "3", "--json")
    data = json.loads(out)
    _, text, _ = run(capsys, "threat", "giant_rat", "--fights", "40", "--seed", "3")
    rows = [line.split() for line in text.splitlines() if line.startswith("T")]
    assert [f"T{h['hero_tier']}" for h in data["heroes"]] == [row[0] for row in rows]
    assert [f"{100 * h['creature_wins']:.0f}%" for h in data["heroes"]] == [row[1] for row in rows]
    assert all(h["fights"] == 40 and abs(h["creature_wins"] + h["hero_wins"] + h["draws"] - 1) < 1e-3
               for h in data["heroes"])
    assert (data["seed"], data["verdict"]) == (3, text.splitlines()[-1])


def test_show_a_file_path_and_errors(capsys):
    code, out, _ = run(capsys, "show", ROOT / "assets" / "data" / "creatures" / "wolf.toml")
    assert code == 0 and out.startswith("WOLF")
    code, _, err = run(capsys, "show", BAD / "over_budget.toml")
    assert code == 1 and "over budget" in err and "Traceback" not in err
    code, _, err = run(capsys, "show", "no_such_beast")
    assert (code, err) == (1, "codex: no_such_beast: id: no such creature\n")
    code, _, err = run(capsys, "odds", "wolf")
    assert code == 2 and err.startswith("creature.py: ") and len(err.splitlines()) == 1
    code, _, err = run(capsys, "threat", "rat_swarm", "--heads", "0")
    assert code == 2 and "give 1 or more heads" in err
    code, _, err = run(capsys, "odds", "wolf", "--vs", "guard", "--heads", "5")
    assert code == 2 and "only for a minion group (wolf is rank adept)" in err


def test_odds_are_the_exact_bridge_numbers(capsys):
    codex = load_codex()
    wolf, guard = codex.card("wolf"), codex.card("guard")
    code, out, _ = run(capsys, "odds", "wolf", "--vs", "guard")
    chance = wolf.melee / 100 * (1 - guard.dodge / 100)
    assert code == 0
    assert f"hit chance {chance * 100:.2f}%" in out
    # wolf bite 2d4 exploding + strength 3 - guard piercing 4 (gambeson 3 + helmet 1), at least 0
    assert "piercing defense 4" in out
    assert "target health 8 behind 19 durability" in out


def test_threat_is_seeded_and_plausible(capsys):
    _, first, _ = run(capsys, "threat", "giant_rat", "--fights", "40", "--seed", "3")
    _, again, _ = run(capsys, "threat", "giant_rat", "--fights", "40", "--seed", "3")
    assert first == again
    rows = [line.split() for line in first.splitlines() if line.startswith("T")]
    assert [row[0] for row in rows] == [f"T{t}" for t in range(1, 8)]
    assert rows[-1][1] == "0%"  # a giant rat never beats a tier 7 hero
    _, dragon, _ = run(capsys, "threat", "ancient_dragon", "--fights", "20")
    assert "T1    100%" in dragon


def test_runs_as_a_script_from_the_repo_root():
    result = subprocess.run([sys.executable, str(Path("tools") / "creature.py"), "show", "wolf"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("WOLF")
