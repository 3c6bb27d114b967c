"""Building and checking creatures (C3, C4, C10-C31, C33, C40-C42) on small hand-made definitions."""
from dataclasses import replace

import pytest

from game.content.equipment import load_equipment
from game.paths import DATA
from game.rules import dice
from game.rules.creature import (AP, SLOTS, Ability, CreatureDef, MobTrait, Motivation,
                                 NaturalWeapon, build, check, package, tag_line)
from game.rules.definitions import frozen

EQUIPMENT = load_equipment(DATA / "equipment.toml")
MIND = Motivation("hunt", "this season's arc", "why now", "hunt")
FOLK = dict(strength=10, agility=8, physique=10, endurance=9, intelligence=6, wisdom=8,
            charisma=6, perception=10)


def make(**changes) -> CreatureDef:
    """A T2 Adept of Mortal Folk with a spear and 20 natural resistance points, then `changes`."""
    base = CreatureDef(id="test", name="Test", tier=2, rank="adept", size="1x1",
                       classification="eidos", kingdom="folk", forms=("void",), motivation=MIND,
                       attributes=frozen(FOLK), weapons=("spear",),
                       resistance=frozen({"cutting": 4, "cleaving": 4, "crushing": 4,
                                          "piercing": 4, "puncturing": 4}),
                       abilities=(Ability("Jab", "active"),), tags=("humanoid",), source="test.toml")
    attributes = changes.pop("attributes", None)
    if attributes is not None:
        changes["attributes"] = frozen({**FOLK, **attributes})
    if "resistance" in changes:
        changes["resistance"] = frozen(changes["resistance"])
    return replace(base, **changes)


def minion(**changes) -> CreatureDef:
    """A 6-head T2 group of Mortal Folk with a Mob trait, then `changes`."""
    group = replace(make(), rank="minion", attributes=frozen({}), resistance=frozen({}),
                    abilities=(), heads=6, mob_trait=MobTrait("Gnaw", "damage", "bleeding", condition_tier=1, chained=True))
    return replace(group, **changes)


def errors(defn):
    return [str(p) for p in check(defn, EQUIPMENT) if p.error]


def warnings(defn):
    return [str(p) for p in check(defn, EQUIPMENT) if not p.error]


def test_the_base_test_creature_is_clean():
    assert check(make(), EQUIPMENT) == []


@pytest.mark.rule("C3")
def test_C3_adept_trials_rank_die_plus_attribute_die():
    block = build(make(), EQUIPMENT)
    assert block.trials["STR"] == "d3+d4"  # Adept d3 + STR 10 (T3 d4)
    assert block.trials["AGI"] == "2d3"  # AGI 8 (T2 d3)
    assert build(make(rank="master", tier=5), EQUIPMENT).trials["STR"] == "d8+d4"


@pytest.mark.rule("C3")
def test_C3_minion_trials_d2_plus_tier_die():
    assert build(minion(tier=3), EQUIPMENT).trials == {"all": "d2+d4"}


@pytest.mark.rule("C4")
def test_C4_motivation_needs_all_three_scales():
    found = errors(make(motivation=Motivation("hunt", "", "now", "hunt")))
    assert found == ["test.toml: test: motivation.moderate: every creature wants something: write it (C4)"]


@pytest.mark.rule("C4")
def test_C4_the_want_and_the_gifts_are_checked():
    found = errors(make(motivation=Motivation("a", "b", "c", "glory", ("food", "cake"))))
    assert found == ["test.toml: test: motivation.wants: must be one of hunt, food, pack, revenge, duty, "
                     "territory, hoard, left_alone (C4), not 'glory'",
                     "test.toml: test: motivation.takes: unknown gift 'cake'; expected some of food, drink, "
                     "healing, weapon, armour, rune, gold (C4)"]
    mindless = errors(make(motivation=Motivation("a", "b", "c", "food", ("food",)), tags=("mindless",)))
    assert mindless == ["test.toml: test: motivation.takes: a mindless creature cannot be bargained with: "
                        "leave takes empty (C4)"]


@pytest.mark.rule("C10")
def test_C10_tag_line():
    assert build(make(), EQUIPMENT).tag == "1×1 Mortal Folk (Void)"
    fiend = make(classification="daeva", kingdom="druj", forms=("profane", "fire"), size="1x1")
    assert build(fiend, EQUIPMENT).tag == "1×1 Daeva Druj (Profane, Fire)"
    assert tag_line("3×2", "primordial", "behemoth", ("stone",), ()) == "3×2 Primordial Behemoth (Stone)"


@pytest.mark.rule("C11")
@pytest.mark.rule("C12")
def test_C11_C12_unknown_classification_and_kingdom():
    assert any("unknown classification 'elf'" in e for e in errors(make(classification="elf")))
    assert any("daeva has no kingdom 'tuatha'" in e
               for e in errors(make(classification="daeva", kingdom="tuatha", forms=("profane",))))


@pytest.mark.rule("C13")
@pytest.mark.parametrize("classification, kingdom, forms, immune, vulnerable, connected", [
    ("daeva", "druj", ("profane",), "profane", "sacred", "profane"),
    ("asura", "yazata", ("sacred",), "sacred", "profane", "sacred"),
    ("primordial", "autochthon", ("fire",), "fire", "sea", "fire"),
    ("primordial", "autochthon", ("sea",), "sea", "fire", "sea"),
    ("primordial", "autochthon", ("sky",), "sky", "stone", "sky"),
    ("primordial", "behemoth", ("stone",), "stone", "sky", "stone"),
    ("fae", "sidhe", ("primal",), "primal", "void", "primal"),
    ("eidos", "sora", ("void",), "void", "primal", "void"),
    ("eidos", "folk", ("void",), None, None, "void"),
    ("eidos", "beast", ("primal",), None, None, "primal"),
])
def test_C13_classification_package_table(classification, kingdom, forms, immune, vulnerable, connected):
    pack = package(classification, kingdom, forms)
    assert (pack.immune, pack.vulnerable, pack.connected) == (immune, vulnerable, connected)


@pytest.mark.rule("C13")
def test_C13_the_forms_must_include_the_connected_form():
    """The checker refuses a stat block whose Forms leave out the C13 table's Connected Form (a Mortal
    Beast connects to Primal). The binding spells that need that form (C14) are not built yet."""
    beast = make(kingdom="beast", forms=("void",), tags=())
    assert "must include the connected form 'primal'" in " ".join(errors(beast))


@pytest.mark.rule("C15")
def test_C15_redundant_passive_warns():
    spirit = make(classification="primordial", kingdom="autochthon", forms=("fire",), tags=(),
                  abilities=(Ability("Fire Body", "passive", immunity="fire"),))
    assert any("redundant passive" in w and "immune to fire" in w for w in warnings(spirit))


@pytest.mark.rule("C16")
def test_C16_minions_get_the_package_and_no_abilities():
    imp = minion(classification="daeva", kingdom="druj", forms=("profane", "fire"))
    assert build(imp, EQUIPMENT).package.immune == "profane"
    with_ability = replace(imp, abilities=(Ability("Fly", "active"),))
    assert any("one Mob trait and the classification package" in e for e in errors(with_ability))


@pytest.mark.rule("C17")
def test_C17_slots_hold_actives_or_passives_free_traits_cost_nothing():
    three = (Ability("A", "active"), Ability("B", "passive"), Ability("C", "active"))
    assert any("3 abilities take slots; rank adept has 2" in e for e in errors(make(abilities=three)))
    two_and_free = three[:2] + (Ability("Keen Nose", "free"),)
    assert errors(make(abilities=two_and_free)) == []
    assert build(make(abilities=two_and_free), EQUIPMENT).slots_used == 2


@pytest.mark.rule("C18")
def test_C18_gestalt_and_numen():
    undead = make(classification="daeva", kingdom="druj", forms=("profane",), conditions=("gestalt",))
    assert build(undead, EQUIPMENT).tag.endswith("Gestalt (undead)")
    assert any("Gestalt means undead" in e for e in errors(make(conditions=("gestalt",))))
    lich = make(classification="daeva", kingdom="div", forms=("profane",), tags=())
    assert any("kingdom div is numen" in e for e in errors(lich))


@pytest.mark.rule("C20")
def test_C20_damage_types():
    assert any("unknown damage type 'lightning'" in e
               for e in errors(make(resistance={"lightning": 20})))


@pytest.mark.rule("C21")
def test_C21_minion_resistance_is_flat_tier_on_mundane_only():
    block = build(minion(tier=3), EQUIPMENT)
    assert dict(block.resistance) == {k: 3 for k in ("cutting", "cleaving", "crushing", "piercing", "puncturing")}
    assert block.resistance_spent == block.resistance_budget == 15
    assert any("flat Tier resistance" in e for e in errors(replace(minion(), resistance=frozen({"fire": 1}))))


@pytest.mark.rule("C19")
@pytest.mark.rule("C21")
def test_C21_over_and_under_budget():
    over = make(resistance={"cutting": 15, "fire": 6})
    assert any("over budget: 21 points spent (0 in armour), budget 20" in e for e in errors(over))
    under = make(resistance={"cutting": 15})
    assert any("5 of 20 budget points unspent" in w for w in warnings(under))


@pytest.mark.rule("C21")
def test_C21_resistance_points_are_0_or_more():
    """Resistance points are distributed from the budget (C21), so none is negative. Vulnerability as
    Impotence rather than negative resistance (C22) is tested on trials: test_rules_dice.py and
    test_world_moods.py."""
    assert any("0 or more" in e for e in errors(make(resistance={"cutting": -2, "crushing": 22})))


@pytest.mark.rule("C23")
def test_C23_tier_budget_humanoid_cap_and_exceptional_attributes():
    strong = make(attributes={"strength": 36})
    assert any("humanoid attribute at T8" in e for e in errors(strong))
    assert any("tier budget 18 (off by +6" in w for w in warnings(strong))
    epic = make(rank="epic", tier=1, resistance={"cutting": 30})
    assert any("Epic needs an attribute at T5+" in e for e in errors(epic))
    legendary = make(rank="legendary", tier=1, resistance={"cutting": 35},
                     attributes={"strength": 24})  # T5 is not enough
    assert any("Legendary needs an attribute at T6+" in e for e in errors(legendary))


@pytest.mark.rule("C23")
def test_C23_minion_attributes_all_t1():
    assert build(minion(), EQUIPMENT).tier_total == 8
    assert any("minion attributes are all T1" in e
               for e in errors(replace(minion(), attributes=frozen({"strength": 9}))))


@pytest.mark.rule("C24")
def test_C24_unarmoured_health():
    block = build(make(), EQUIPMENT)  # END 9 (d3), Division 3, DTD d4
    assert block.health_dice == "3d3+d4+9"
    assert block.health_average == 9 + 3 * 2 + 2.5
    assert block.health == 18  # 17.5 rounds up


@pytest.mark.rule("C24")
def test_C24_size_adds_two_endurance_dice_per_size_step():
    small = build(make(), EQUIPMENT)
    large = build(make(size="2x2", tags=()), EQUIPMENT)  # 4 squares: +4 size bonus, +4 END dice
    assert large.health_average - small.health_average == 4 * 2.0
    assert dice.parse(large.health_dice).sizes.count(3) == 3 + 4


@pytest.mark.rule("C25")
def test_C25_armoured_health_and_the_seed_guard_durability():
    guard = make(weapons=("spear",), armour=("gambeson", "helmet"), resistance={})
    block = build(guard, EQUIPMENT)
    assert block.health_dice == "3d3+2"  # Division 3 x END d3 + Tier 2, no DTD, no END score
    assert block.durability == 19  # 2 x (9 + 2.5 - 2)
    assert EQUIPMENT.armour["gambeson"].durability == 46
    assert check(guard, EQUIPMENT) == []


@pytest.mark.rule("C26")
def test_C26_armour_must_reach_the_creature_durability_and_fit_the_budget():
    tough = make(attributes={"endurance": 30}, armour=("leather_jerkin",), resistance={"cutting": 10})
    # durability 2 x (30 + 2.5 - 2) = 61 > the jerkin's 40
    assert any("leather_jerkin has 40 durability, the creature needs 61" in e for e in errors(tough))
    heavy = make(armour=("mail_hauberk",), resistance={})
    assert any("over budget: 35 points spent (35 in armour), budget 20" in e for e in errors(heavy))
    two_bodies = make(armour=("gambeson", "byrnie"), resistance={})
    assert "test.toml: test: armour: 'byrnie' and 'gambeson' both take the body slot" in errors(two_bodies)


@pytest.mark.rule("C27")
def test_C27_creature_first_and_armour_first_both_fill_the_budget():
    # creature-first: a war dog's natural hide, then a jerkin as barding fills the rest (6 + 10 + 4)
    dog = make(kingdom="beast", forms=("primal",), tags=("animal",), weapons=(),
               natural_weapons=(NaturalWeapon("Bite", "piercing"),), armour=("leather_jerkin",),
               resistance={"crushing": 6, "cutting": 4})
    # armour-first: the armour covers the budget, nothing natural is left (14 + 6)
    soldier = make(armour=("gambeson", "helmet"), resistance={})
    for defn in (dog, soldier):
        block = build(defn, EQUIPMENT)
        assert errors(defn) == []
        assert block.resistance_spent == block.resistance_budget == 20
    assert build(dog, EQUIPMENT).resistance["crushing"] == 6 + 2  # hide + jerkin
    assert build(soldier, EQUIPMENT).resistance["crushing"] == 3 + 2  # gambeson + helmet


@pytest.mark.rule("C28")
@pytest.mark.parametrize("weapon, attribute", [
    ("dagger", "physique"), ("shortbow", "physique"), ("longsword", "strength"),
    ("warhammer", "strength"), ("greataxe", "strength"), ("javelin", "strength"),
    ("crossbow", "perception"),
])
def test_C28_weapon_category_attribute(weapon, attribute):
    creature = make(weapons=(weapon,), attributes={"strength": 20, "physique": 1, "perception": 1}
                    if attribute == "strength" else {"strength": 1, attribute: 20})
    line = build(creature, EQUIPMENT).attacks[0]
    assert line.attribute == attribute
    assert line.dice == "d4+d8"  # DTD d4 + the T5 attribute's d8


@pytest.mark.rule("C28")
def test_C28_natural_weapon_uses_higher_of_str_phy_plus_size():
    bear = make(weapons=(), natural_weapons=(NaturalWeapon("Claws", "cleaving"),), size="3x3",
                attributes={"strength": 10, "physique": 25}, tags=(), kingdom="beast", forms=("primal",))
    line = build(bear, EQUIPMENT).attacks[0]
    assert (line.attribute, line.dice) == ("physique", "d4+d10+8")
    assert line.expected == pytest.approx(10 / 3 + 5.5 * 10 / 9 + 8)


@pytest.mark.rule("C28")
def test_C28_weapon_lines_name_their_weapon_and_the_unarmed_blow_comes_last():
    block = build(make(), EQUIPMENT)
    assert [(a.name, a.weapon, a.damage_type) for a in block.attacks] == [
        ("Spear", "spear", "piercing"), ("Unarmed", None, "crushing")]


@pytest.mark.rule("C29")
def test_C29_defense_uses_weapon_attribute_or_higher_of_agi_phy():
    creature = make(attributes={"agility": 25})
    block = build(creature, EQUIPMENT)
    spear, unarmed = block.defenses
    assert (spear.attribute, spear.dice) == ("strength", "2d4")
    assert (unarmed.attribute, unarmed.dice) == ("agility", "d4+d10")


@pytest.mark.rule("C30")
def test_C30_minion_stats():
    block = build(minion(tier=4), EQUIPMENT)
    assert block.attacks[0].dice == "d2"
    assert block.health == 1 and block.health_formula == "1 per head"
    assert block.ap == 2 and block.dtd == "d2" and block.trial_die == "d2"
    assert block.defenses[-1].dice == "d2"


@pytest.mark.rule("C31")
def test_C31_group_size_modifiers_from_one_head_no_size_health():
    big = build(minion(size="2x1", tags=()), EQUIPMENT)
    assert big.attacks[0].dice == "d2+2"  # one head's +2, once
    assert big.bands[0].attack == "6d2+2"
    assert big.health == 1


@pytest.mark.rule("C33")
@pytest.mark.rule("C41")
def test_C33_C41_band_table():
    block = build(minion(tier=2), EQUIPMENT)
    rows = [(b.name, b.heads, b.health, b.attack, b.defense, b.mob_dc) for b in block.bands]
    assert rows == [("Cluster", 6, 6, "6d2", "6d2+2", 4), ("Brood", 12, 12, "12d2", "12d2+2", 6),
                    ("Swarm", 16, 16, "16d2", "16d2+2", 8)]


@pytest.mark.rule("C40")
def test_C40_mob_dc_and_condition_limits():
    assert build(minion(tier=3), EQUIPMENT).mob_dc == 3 + 2  # 6 heads: Cluster
    chained = replace(minion(tier=1), mob_trait=MobTrait("Rot", "damage", "tainted", condition_tier=2, chained=True))
    assert any("cannot advance a chained condition past the Creature Tier (1)" in e for e in errors(chained))
    assert errors(replace(chained, tier=3)) == []  # from Tier 3 the full chain
    prone = replace(minion(tier=2), mob_trait=MobTrait("Trip", "presence", "prone", condition_tier=2))
    assert any("a [T2] condition unlocks at Tier 3" in e for e in errors(prone))
    assert errors(replace(prone, tier=3)) == []
    assert any("must be damage or presence" in e
               for e in errors(replace(minion(), mob_trait=MobTrait("X", "touch", "y"))))


@pytest.mark.rule("C42")
def test_C42_adept_stat_table():
    block = build(make(), EQUIPMENT)
    assert block.ap == AP["adept"] == 2
    assert block.slots == SLOTS["adept"] == 2
    assert block.trial_die == "d3"
    assert any("1-2 abilities" in w for w in warnings(make(abilities=())))


@pytest.mark.rule("C7")
@pytest.mark.rule("C10")
@pytest.mark.rule("C31")
def test_sizes_scores_and_heads_beyond_the_tables_are_errors():
    assert errors(make(size="9x1")) == ["test.toml: test: size: size '9x1' is beyond the largest footprint, 8x8"]
    assert errors(make(size="99999999999x1")) == [
        "test.toml: test: size: size must look like 1x1, 2x2, 3x2 or 1/2, not '99999999999x1'"]
    assert errors(make(size="²x1")) == ["test.toml: test: size: size must look like 1x1, 2x2, 3x2 or 1/2, not '²x1'"]
    assert not errors(make(size="8x8"))
    assert any("score 65 is beyond the table: T13 ends at 64 (C7)" in e
               for e in errors(make(tags=(), kingdom="folk", attributes={"wisdom": 65})))
    assert not any("beyond the table" in e  # 64 is the last row of the C7 table, not beyond it
                   for e in errors(make(tags=(), kingdom="folk", attributes={"wisdom": 64})))
    assert errors(minion(heads=65)) == ["test.toml: test: heads: a group has at most 64 heads, not 65 (C31, C39)"]
    assert not errors(minion(heads=64))


def problems(defn):
    return [str(p) for p in check(defn, EQUIPMENT)]


T = "test.toml: test: "
NO_SIGNATURE = T + "abilities: warning: an adept has 1-2 abilities, a signature ability at least (C42)"
CHECKER = {  # a definition with one thing wrong -> everything the checker says of it, word for word
    "not a Form (C11)": (lambda: make(forms=("void", "lightning")), [
        T + "forms: 'lightning' is not a Form; forms are fire, sea, sky, stone, void, profane, sacred, primal (C11)"]),
    "unknown classification (C11)": (lambda: make(classification="elf"), [
        T + "classification: unknown classification 'elf'; expected one of asura, daeva, fae, eidos, primordial "
            "(C11-C13)"]),
    "kingdom of another classification (C12)": (
        lambda: make(classification="daeva", kingdom="tuatha", forms=("profane",)), [
            T + "kingdom: daeva has no kingdom 'tuatha'; expected one of div, druj (C11-C13)"]),
    "a Primordial's first form is its element (C11)": (
        lambda: make(classification="primordial", kingdom="autochthon", forms=("void",), tags=()), [
            T + "forms: a Primordial's first form must be its element (fire, sea, sky, stone), not 'void' (C11-C13)"]),
    "unknown cross-domain condition (C18)": (lambda: make(conditions=("cursed",)), [
        T + "conditions: unknown cross-domain condition 'cursed'; expected numen, gestalt, dragon (C18)"]),
    "numen kingdom without numen (C12, C18)": (
        lambda: make(classification="daeva", kingdom="div", forms=("profane",), tags=()), [
            T + 'conditions: kingdom div is numen; add "numen" (C12, C18)']),
    "non-numen kingdom with numen (C12)": (
        lambda: make(classification="daeva", kingdom="druj", forms=("profane",), tags=(), conditions=("numen",)), [
            T + "conditions: kingdom druj is non-numen (C12)"]),
    "unknown armour piece": (lambda: make(armour=("tin_can",)), [
        T + "armour: unknown armour piece 'tin_can' (not in the equipment table)"]),
    "two unknown armour pieces, both named": (lambda: make(armour=("tin_can", "paper_hat")), [
        T + "armour: unknown armour piece 'tin_can' (not in the equipment table)",
        T + "armour: unknown armour piece 'paper_hat' (not in the equipment table)"]),
    "two unknown weapons, both named": (lambda: make(weapons=("spear", "vorpal", "sling")), [
        T + "weapons: unknown weapon 'vorpal' (not in the equipment table)",
        T + "weapons: unknown weapon 'sling' (not in the equipment table)"]),
    "natural weapon of a magical type (C20, Reconciliation 2)": (
        lambda: make(natural_weapons=(NaturalWeapon("Zap", "lightning"),)), [
            T + "natural_weapons: Zap: damage type must be mundane (cutting, cleaving, crushing, piercing, "
                "puncturing), not 'lightning'"]),
    "natural weapon element not a magical type (C20)": (
        lambda: make(natural_weapons=(NaturalWeapon("Spit", "piercing", element="slime"),)), [
            T + "natural_weapons: Spit: element 'slime' is not a magical damage type (C20)"]),
    "natural weapon neither melee nor ranged": (
        lambda: make(natural_weapons=(NaturalWeapon("Throw", "crushing", kind="thrown"),)), [
            T + "natural_weapons: Throw: kind must be melee or ranged"]),
    "a ranged fire claw is fine (C20, C28)": (
        lambda: make(natural_weapons=(NaturalWeapon("Claw", "cutting", kind="ranged", element="fire"),)), []),
    "minion with two attributes above T1 (C23, C30)": (
        lambda: replace(minion(), attributes=frozen({"strength": 9, "wisdom": 9})), [
            T + "attributes: minion attributes are all T1 (d2), total 8 (C23, C30); strength, wisdom above T1"]),
    "negative resistance points, and no budget read from them (C21, C22)": (
        lambda: make(resistance={"cutting": -2, "crushing": 10}), [
            T + "resistance.cutting: points must be a whole number of 0 or more (C22)"]),
    "durability 1 may wear armour (C25: 2 × (0 + 2.5 − 2))": (
        lambda: make(attributes={"endurance": 0}, armour=("leather_jerkin",), resistance={"cutting": 10}), [
            T + "attributes.endurance: score must be a whole number of at least 1, not 0"]),
    "unlock below level 1 (N29)": (lambda: make(unlocks={0: "meditate"}), [
        T + "unlocks: level 0 must be 1 or more (N29)"]),
    "an attack budget of no strikes (N25)": (lambda: make(attack_budget=0), [
        T + "attack_budget: must be at least 1 strike per turn (N25)"]),
    "an unlock at level 1 and a budget of 1 are fine (N25, N29)": (
        lambda: make(unlocks={1: "meditate"}, attack_budget=1), []),
    "tier out of range (C1)": (lambda: make(tier=0), [T + "tier: must be 1-7 (C1), not 0"]),
    "unknown rank (C2)": (lambda: make(rank="boss"), [
        T + "rank: must be one of minion, adept, leader, champion, master, epic, legendary (C2), not 'boss'"]),
    "bad size (C10)": (lambda: make(size="huge"), [T + "size: size must look like 1x1, 2x2, 3x2 or 1/2, not 'huge'"]),
    "unknown attribute (C7)": (lambda: make(attributes={"luck": 5}), [
        T + "attributes: unknown attributes ['luck']; expected strength, agility, physique, endurance, "
            "intelligence, wisdom, charisma, perception"]),
    "score below 1 (C7)": (lambda: make(attributes={"wisdom": 0}), [
        T + "attributes.wisdom: score must be a whole number of at least 1, not 0"]),
    "minion above T1 (C23, C30)": (lambda: replace(minion(), attributes=frozen({"strength": 9, "wisdom": 1})), [
        T + "attributes: minion attributes are all T1 (d2), total 8 (C23, C30); strength above T1"]),
    "adept missing attributes (C42)": (lambda: replace(make(), attributes=frozen({"strength": 10})), [
        T + "attributes: missing agility, physique, endurance, intelligence, wisdom, charisma, perception: "
            "adepts and above have all eight (C42)"]),
    "Mortal Folk cap at T7 without the humanoid tag (C7, C23)": (
        lambda: make(tags=(), attributes={"strength": 36}), [
            T + "attributes.strength: humanoid attribute at T8: mortal humanoids cap at T7 (C7, C23)",
            T + "attributes: warning: attribute tiers total 24, tier budget 18 (off by +6; C23 wants within 2)"]),
    "Epic with an attribute at exactly T5 (C23)": (
        lambda: make(rank="epic", tier=1, resistance={"cutting": 30}, attributes={"strength": 20}), []),
    "minion with magical resistance (C21)": (lambda: replace(minion(), resistance=frozen({"fire": 1})), [
        T + "resistance: minions spend their budget as flat Tier resistance on the 5 mundane types, "
            "no magical (C21, C30)"]),
    "minion with an ability (C16)": (lambda: replace(minion(), abilities=(Ability("Fly", "active"),)), [
        T + "abilities: minions get one Mob trait and the classification package, nothing else (C16, C30)"]),
    "group of no heads (C31)": (lambda: minion(heads=0), [T + "heads: a group has at least one head (C31, C39)"]),
    "group of one head (C39)": (lambda: minion(heads=1), []),
    "bad Mob trigger (C40)": (lambda: replace(minion(), mob_trait=MobTrait("X", "touch", "y")), [
        T + "mob_trait.trigger: must be damage or presence (C40), not 'touch'"]),
    "chained condition past the Tier at Tier 3 (C40: the full chain)": (
        lambda: replace(minion(tier=3), mob_trait=MobTrait("Rot", "damage", "tainted", condition_tier=4,
                                                           chained=True)), []),
    "[T2] condition at Tier 2 (C40)": (
        lambda: replace(minion(tier=2), mob_trait=MobTrait("Trip", "presence", "prone", condition_tier=2)), [
            T + "mob_trait.condition_tier: a [T2] condition unlocks at Tier 3 (C40)"]),
    "individual with a Mob trait (C40)": (lambda: make(mob_trait=MobTrait("X", "damage", "y")), [
        T + "mob_trait: only minions have a Mob trait (C40)"]),
    "points on the immune type (C13, C15)": (
        lambda: make(classification="primordial", kingdom="autochthon", forms=("fire",), tags=(),
                     resistance={"fire": 4, "cutting": 16}), [
            T + "resistance.fire: warning: points spent on fire, which the package already makes it immune to "
                "(C13, C15)"]),
    "unknown ability kind (C17)": (lambda: make(abilities=(Ability("Jab", "secret"),)), [
        T + "abilities: Jab: kind must be active, passive or free (C17), not 'secret'", NO_SIGNATURE]),
    "adept without abilities (C42)": (lambda: make(abilities=()), [NO_SIGNATURE]),
    "unknown damage type (C20)": (lambda: make(resistance={"lightning": 20}), [
        T + "resistance: unknown damage type 'lightning' (C20)"]),
    "zero points are fine (C21)": (lambda: make(resistance={"cutting": 0, "crushing": 20}), []),
    "an ability error does not hide the budget (C19)": (
        lambda: make(abilities=(Ability("Jab", "secret"),), resistance={"cutting": 25}), [
            T + "abilities: Jab: kind must be active, passive or free (C17), not 'secret'", NO_SIGNATURE,
            T + "resistance: over budget: 25 points spent (0 in armour), budget 20 (C19, C21, C26)"]),
    "unspent budget (C21)": (lambda: make(resistance={"cutting": 15}), [
        T + "resistance: warning: 5 of 20 budget points unspent (C21)"]),
    "durability 0 cannot wear armour (C25)": (
        lambda: make(tier=1, attributes={"endurance": -1}, armour=("leather_jerkin",), resistance={}), [
            T + "attributes.endurance: score must be a whole number of at least 1, not -1",
            T + "armour: durability 2 × (END -1 + avg DTD − Tier 1) = 0: too little to wear armour (C25)"]),
    "armour without a body piece (C25)": (lambda: make(armour=("helmet",), resistance={"cutting": 14}), [
        T + "armour: armoured creatures wear a body piece that carries the durability (C25)"]),
    "a body piece of exactly the durability needed (C26: 2 × (19 + 2 − 1) = 40)": (
        lambda: make(tier=1, attributes={"endurance": 19}, armour=("leather_jerkin",), resistance={}), [
            T + "attributes: warning: attribute tiers total 21, tier budget 12 (off by +9; C23 wants within 2)"]),
    "a body piece 2 short (C26)": (
        lambda: make(tier=1, attributes={"endurance": 20}, armour=("leather_jerkin",), resistance={}), [
            T + "attributes: warning: attribute tiers total 22, tier budget 12 (off by +10; C23 wants within 2)",
            T + "armour: leather_jerkin has 40 durability, the creature needs 42 (C26)"]),
}


@pytest.mark.parametrize("case", CHECKER)
def test_the_checker_names_file_creature_field_and_rule_word_for_word(case):
    defn, expected = CHECKER[case]
    assert problems(defn()) == expected


def test_rank_choices_match_docs_rules_md():
    """The seed stops after Adepts; docs/rules.md chooses AP and ability slots for every rank (C30, C42 for
    the first two)."""
    assert AP == {"minion": 2, "adept": 2, "leader": 2, "champion": 3, "master": 3, "epic": 4, "legendary": 4}
    assert SLOTS == {"minion": 0, "adept": 2, "leader": 3, "champion": 4, "master": 5, "epic": 5, "legendary": 6}


@pytest.mark.rule("C10")
def test_C10_sizes_read_as_squares_and_whole_squares_stood_on():
    from game.rules.definitions import footprint, squares

    assert [squares(s) for s in ("1/2", "½", "1x1", "3x2", "3×2", " 2x2 ")] == [0.5, 0.5, 1, 6, 6, 4]
    assert [footprint(s) for s in ("1/2", "1x1", "3x2", "3×2", "2×1")] == [(1, 1), (1, 1), (3, 2), (3, 2), (2, 1)]
    for bad in ("0x2", "3x", "x3", "3x2x1", "big"):
        with pytest.raises(ValueError, match="size must look like 1x1, 2x2, 3x2 or 1/2"):
            footprint(bad)


@pytest.mark.rule("C24")
@pytest.mark.rule("C25")
def test_C24_C25_health_formula_as_printed_with_size_dice():
    """A 2x2 body (+4 size bonus) adds 4 END dice to the Division's 3, armoured or not; only the armoured
    one has durability (2 × (9 + 2.5 − 2) = 19)."""
    big = build(make(size="2x2", tags=()), EQUIPMENT)
    assert (big.health_formula, big.health_dice, big.durability) == (
        "END 9 + Division (3 + 4 size) × END d3 + DTD d4", "7d3+d4+9", 0)
    armoured = build(make(size="2x2", tags=(), armour=("gambeson", "helmet"), resistance={}), EQUIPMENT)
    assert (armoured.health_formula, armoured.health_dice, armoured.durability) == (
        "Division (3 + 4 size) × END d3 + Tier 2", "7d3+2", 19)
    small = build(make(), EQUIPMENT)
    assert (small.health_formula, small.durability, small.id, small.bands) == (
        "END 9 + Division 3 × END d3 + DTD d4", 0, "test", ())
    group = build(minion(), EQUIPMENT)
    assert (group.health_formula, group.health_dice, group.durability) == ("1 per head", "1", 0)


@pytest.mark.rule("C28")
@pytest.mark.rule("C29")
def test_C28_C29_line_names_and_ties_take_the_first_of_the_pair():
    armed = build(make(), EQUIPMENT)
    assert [(d.name, d.attribute, d.dice) for d in armed.defenses] == [
        ("Spear", "strength", "2d4"), ("Unarmed", "physique", "2d4")]
    biter = build(make(natural_weapons=(NaturalWeapon("Bite", "piercing"),)), EQUIPMENT)
    assert [(a.name, a.weapon) for a in biter.attacks] == [("Spear", "spear"), ("Bite", None)]
    assert [d.name for d in biter.defenses] == ["Spear", "Natural"]
    tie = build(make(weapons=(), attributes={"strength": 10, "physique": 10, "agility": 10},
                     natural_weapons=(NaturalWeapon("Bite", "piercing"),)), EQUIPMENT)
    assert (tie.attacks[0].attribute, tie.defenses[-1].attribute) == ("strength", "agility")


def test_sizes_print_with_the_multiplication_sign():
    from game.rules.definitions import size_label

    assert [size_label(s) for s in ("1/2", "½", "1x1", "3x2")] == ["½", "½", "1×1", "3×2"]


def test_the_stat_block_carries_what_the_file_says_and_nothing_of_a_group_for_an_individual():
    adept = build(make(attack_budget=3, conditions=("dragon",), text="A test.", armour=("helmet",),
                       resistance={"cutting": 14}), EQUIPMENT)
    assert (adept.attack_budget, adept.conditions, adept.tags, adept.text) == (3, ("dragon",), ("humanoid",), "A test.")
    assert (adept.heads, adept.mob_dc, adept.bands) == (0, 0, ())
    assert dict(adept.natural_resistance) == {"cutting": 14}  # the helmet's points are not natural
    assert adept.resistance["cutting"] == 14 + EQUIPMENT.armour["helmet"].resistance["cutting"]
    group = build(minion(tier=2), EQUIPMENT)
    assert dict(group.natural_resistance) == {k: 2 for k in ("cutting", "cleaving", "crushing", "piercing", "puncturing")}
    assert [(a.score, a.tier, a.die) for a in group.attributes] == [(1, 1, "d2")] * 8  # C30: all T1


@pytest.mark.rule("C13")
def test_C13_a_primordial_without_forms_is_refused_with_a_sentence():
    with pytest.raises(ValueError) as raised:
        package("primordial", "autochthon", ())
    assert str(raised.value) == "a Primordial's first form must be its element (fire, sea, sky, stone), not None"
