"""The codex: the bestiary, the equipment table, the hero and the Codex API other layers call."""
import shutil

import pytest

from game.content.codex import load_codex
from game.content.errors import ContentError
from game.paths import DATA
from game.rules.checks import check
from game.rules.classification import ELEMENTS
from game.rules.creature import RANKS
from game.rules.definitions import UNLOCK_BEHAVIOURS


@pytest.fixture(scope="module")
def codex():
    return load_codex()


# id: (tier, rank, tag start) as the maps and art expect them.
EXPECTED = {
    "rat_swarm": (1, "minion", "½ Mortal Beast (Primal)"),
    "goblin_cutters": (1, "minion", "1×1 Mortal Folk (Void)"),
    "skeleton_rabble": (2, "minion", "1×1 Daeva Druj (Profane), Gestalt (undead)"),
    "cave_bats": (2, "minion", "½ Mortal Beast (Primal)"),
    "ember_imps": (3, "minion", "½ Daeva Druj (Profane, Fire)"),
    "cultist_mob": (3, "minion", "1×1 Mortal Folk (Void)"),
    "giant_rat": (1, "adept", "1×1 Mortal Beast"),
    "wolf": (2, "adept", "1×1 Mortal Beast"),
    "guard": (2, "adept", "1×1 Mortal Folk"),
    "outlaw": (2, "adept", "1×1 Mortal Folk"),
    "wanderer": (1, "adept", "1×1 Mortal Folk"),
    "villager": (1, "adept", "1×1 Mortal Folk"),
    "merchant": (1, "adept", "1×1 Mortal Folk"),
    "zombie": (2, "adept", "1×1 Daeva Druj (Profane), Gestalt (undead)"),
    "ember_spirit": (3, "adept", "1×1 Primordial Autochthon (Fire)"),
    "storm_hawk": (2, "adept", "1×1 Primordial Autochthon (Sky)"),
    "wisp": (2, "adept", "½ Fae Sídhe (Primal)"),
    "cherub": (3, "adept", "1×1 Asura Yazata (Sacred)"),
    "tower_defender": (2, "adept", "1×1 Mortal Folk"),
    "noxious_ooze": (2, "leader", "1×1 Primordial Autochthon (Stone)"),
    "cave_bear": (3, "leader", "2×1 Mortal Beast"),
    "bandit_chief": (3, "leader", "1×1 Mortal Folk"),
    "siege_captain": (2, "leader", "1×1 Mortal Folk"),
    "ghoul": (3, "leader", "1×1 Daeva Druj (Profane), Gestalt (undead)"),
    "redcap": (3, "leader", "1×1 Fae Tuatha (Primal)"),
    "tide_wraith": (4, "leader", "1×1 Primordial Autochthon (Sea)"),
    "revenant": (3, "champion", "1×1 Daeva Druj (Profane), Gestalt (undead)"),
    "stone_golem": (4, "champion", "2×2 Primordial Autochthon (Stone)"),
    "void_stalker": (4, "champion", "1×1 Eidos Morphon Sora (Void)"),
    "werewolf": (4, "champion", "1×1 Fae Tuatha (Primal), Gestalt (lycanthrope)"),
    "warlord": (5, "master", "1×1 Mortal Folk"),
    "druj_fiend": (4, "master", "2×1 Daeva Druj (Profane, Fire)"),
    "akasha_mind": (6, "master", "2×2 Eidos Morphon Akasha (Void), Numen"),
    "lich": (5, "master", "1×1 Daeva Div (Profane), Numen, Gestalt (undead)"),
    "stone_behemoth": (6, "epic", "3×2 Primordial Behemoth (Stone)"),
    "fravashi": (6, "epic", "1×1 Asura Amesha Spenta (Sacred), Numen"),
    "ancient_dragon": (7, "legendary", "3×3 Primordial Protogenoi (Fire), Numen, Dragon"),
    "kraken": (7, "legendary", "3×3 Primordial Behemoth (Sea)"),
}
ARMOURED = {"guard", "outlaw", "wanderer", "merchant", "tower_defender", "bandit_chief", "revenant",
            "warlord", "siege_captain"}


@pytest.mark.parametrize("creature_id", sorted(EXPECTED))
def test_codex_ids_the_maps_use(codex, creature_id):
    tier, rank, tag = EXPECTED[creature_id]
    block = codex.stat_block(creature_id)
    assert (block.tier, block.rank) == (tier, rank)
    assert block.tag.startswith(tag)
    assert block.armoured == (creature_id in ARMOURED)


def test_every_codex_creature_passes_check_without_warnings(codex):
    for defn in codex.creatures.values():
        assert check(defn, codex.equipment) == [], defn.id


@pytest.mark.rule("C11")
@pytest.mark.rule("C12")
def test_bestiary_coverage(codex):
    defs = codex.creatures.values()
    assert len(codex.creatures) >= 30
    assert {d.classification for d in defs} == {"asura", "daeva", "fae", "eidos", "primordial"}
    assert {d.rank for d in defs} == set(RANKS)
    assert {d.tier for d in defs} == set(range(1, 8))
    assert sum(d.rank == "minion" for d in defs) >= 5
    assert {d.forms[0] for d in defs if d.classification == "primordial"} >= set(ELEMENTS)
    assert any(d.kingdom == "beast" for d in defs) and any(d.kingdom == "folk" for d in defs)
    assert all("undead" in d.tags for d in defs if "gestalt" in d.conditions and d.classification == "daeva")


def test_tags_and_unlocks_are_known(codex):
    for defn in codex.creatures.values():
        assert set(defn.unlocks.values()) <= set(UNLOCK_BEHAVIOURS)
        if defn.kingdom == "beast":
            assert "animal" in defn.tags, defn.id
        if defn.kingdom == "folk":
            assert "humanoid" in defn.tags, defn.id


@pytest.mark.rule("N25")
def test_N25_noxious_ooze_makes_one_attack(codex):
    assert codex.card("noxious_ooze").attack_budget == 1
    assert codex.card("ancient_dragon").attack_budget == 3


@pytest.mark.rule("C26")
def test_C26_the_seed_guard_wears_a_gambeson_at_19_of_46(codex):
    assert codex.durability("guard") == 19
    assert codex.armour("gambeson").durability == 46
    assert codex.starting_gear("guard") == ["spear", "gambeson", "helmet"]
    assert codex.durability("wolf") == 0


def test_equipment_ids_items_use(codex):
    assert {"dagger", "shortsword", "longsword", "spear", "greataxe", "warhammer", "club",
            "shortbow", "crossbow"} <= set(codex.equipment.weapons)
    assert {"gambeson", "leather_jerkin", "byrnie", "mail_hauberk", "helmet",
            "round_shield"} <= set(codex.equipment.armour)


@pytest.mark.rule("C28")
def test_C28_weapon_attack_through_the_codex(codex):
    attack, chance = codex.weapon_attack("guard", "spear")  # DTD d4 + STR 10 (d4)
    assert (attack.dice, attack.damage_type, attack.kind) == ("2d4", "piercing", "melee")
    assert chance == codex.card("guard").melee
    bolt, _ = codex.weapon_attack("tower_defender", "crossbow")  # PER 10 (d4)
    assert (bolt.dice, bolt.kind) == ("2d4", "ranged")
    group, _ = codex.weapon_attack("goblin_cutters", "dagger", heads=4)
    assert group.dice == "4d2"
    whole, _ = codex.weapon_attack("goblin_cutters", "dagger")  # at its authored 6 heads (C33)
    assert whole.dice == "6d2"


@pytest.mark.rule("C13")
def test_C13_package_on_the_card(codex):
    assert (codex.card("ember_spirit").immune, codex.card("ember_spirit").impotent) == ({"fire"}, {"ice"})
    assert (codex.card("tide_wraith").immune, codex.card("tide_wraith").impotent) == ({"ice"}, {"fire"})
    assert (codex.card("noxious_ooze").immune, codex.card("noxious_ooze").impotent) == ({"acid"}, {"ice"})
    assert (codex.card("zombie").immune, codex.card("zombie").impotent) == ({"dark"}, {"holy"})
    assert (codex.card("wolf").immune, codex.card("wolf").impotent) == (frozenset(), frozenset())


def test_card_holds_natural_stats_only(codex):
    guard = codex.card("guard")
    assert guard.attack.name == "Unarmed" and sum(guard.defense.values()) == 0
    assert guard.health == codex.stat_block("guard").health
    ember = codex.card("ember_spirit")
    assert ember.element_damage["fire"] == 3 * 2  # Tier x damage_per_tier
    swarm = codex.card("rat_swarm", heads=16)
    assert (swarm.heads, swarm.health, swarm.attack.dice) == (16, 16, "16d2")


def test_hero(codex):
    hero = codex.hero()
    assert hero.definition.tier == 1 and hero.definition.rank == "adept"
    assert hero.definition.kingdom == "folk"
    assert "shortsword" in codex.starting_gear("hero")
    assert hero.sheet.proficiencies["stealing"] == 1 and hero.sheet.charisma == 2
    played = codex.hero_card()
    assert played.name == "Hero" and played.health > 0


def test_unknown_id_is_a_clear_error(codex):
    with pytest.raises(ContentError, match="no_such: id: no such creature"):
        codex.card("no_such")


@pytest.fixture
def data_copy(tmp_path):
    shutil.copytree(DATA, tmp_path / "data")
    return tmp_path / "data"


def test_broken_creature_file_raises_content_error_naming_it(data_copy):
    path = data_copy / "creatures" / "wolf.toml"
    path.write_text(path.read_text().replace("tags = ", 'weapons = ["vorpal_blade"]\ntags = '),
                    encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_codex(data_copy)
    assert str(caught.value) == f"{path}: wolf: weapons: unknown weapon 'vorpal_blade' (not in the equipment table)"


def test_broken_bridge_and_equipment_are_named(data_copy):
    bridge = data_copy / "bridge.toml"
    bridge.write_text(bridge.read_text().replace("base = 0.85", "base = 1.5"), encoding="utf-8")
    with pytest.raises(ContentError, match="bridge.toml: bridge: hit.base: must lie between 0 and 1"):
        load_codex(data_copy)
    equipment = data_copy / "equipment.toml"
    equipment.write_text(equipment.read_text().replace('category = "crossbow"', 'category = "sling"'),
                         encoding="utf-8")
    with pytest.raises(ContentError, match="equipment.toml: crossbow: category: unknown category 'sling'"):
        load_codex(data_copy)
