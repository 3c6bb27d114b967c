"""docs/rules.md stays true: its worked bridge examples are what the code computes."""
import re

import pytest

from game.content.codex import load_codex
from game.paths import ROOT

DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
CODEX = load_codex()


def card_line(codex, creature_id, heads=None):
    c = codex.card(creature_id, heads)
    where = f" at {heads} heads" if heads else ""
    return (f"- Card `{creature_id}`{where}: health {c.health}, stamina {c.stamina}, mana {c.mana}, "
            f"strength {c.strength}, speed {c.speed}, dodge {c.dodge}%, sneak {c.sneak}, "
            f"melee {c.melee}%, ranged {c.ranged}%, attack {c.attack.dice} {c.attack.damage_type}, "
            f"strikes {c.attack_budget}, AP {c.ap}")


@pytest.mark.parametrize("creature_id, heads", [("wolf", None), ("guard", None),
                                                ("ember_spirit", None), ("rat_swarm", 12)])
def test_worked_bridge_examples_match_the_code(creature_id, heads):
    assert card_line(CODEX, creature_id, heads) in DOC.splitlines()


def test_worked_example_details():
    codex = CODEX
    ember = codex.card("ember_spirit")
    assert (ember.element_damage["fire"], ember.element_resist["ice"]) == (6, 4)
    assert codex.stat_block("wolf").health_dice == "4d4+10"
    assert codex.weapon_attack("guard", "spear")[1] == 66


def test_doc_sections():
    assert "## Creature rules (C)" in DOC and "## The bridge" in DOC
    dungeon = DOC.split("## Dungeon rules (N)")[1]
    named = {int(n) for n in re.findall(r"\bN(\d+)\b", dungeon)}
    for first, last in re.findall(r"\bN(\d+)[–-]N(\d+)\b", dungeon):
        named |= set(range(int(first), int(last) + 1))
    assert set(range(6, 38)) <= named  # every rule of the living dungeon is written down


def test_bestiary_section_names_every_creature_and_only_real_ones():
    section = DOC.split("### The bestiary by setting")[1].split("### The builder tool")[0]
    named = set(re.findall(r"`([a-z_]+)`", section))
    assert named == set(CODEX.creatures)
    armoured = set(re.findall(r"`([a-z_]+)`", section.split("Armoured (C25):")[1]))
    assert armoured == {cid for cid in named if CODEX.stat_block(cid).armoured}
