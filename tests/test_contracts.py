"""Contracts and mini-quests (N39-N44) through the Work command a scripted hero and the dialogue screen send:
flavour in the giver's voice, the objectives, about one marked item in ten and only the marked one
counting, rewards, Charisma-scaled loyalty, the giver's XP and memory, the 30-turn cooldown, abandoning,
mini-quests paying at least 8 gold, the journal view, saves, and bad data."""
from __future__ import annotations

from collections import Counter

from dataclasses import replace

import pytest

from game.save import load_world, save_world
from game.world.commands import Move, Work
from game.world.components import Growth, Hero, Inventory, Item, Journal, Loyalty, Mark, Memories, Merchant, Persona
from game.world.driver import Driver
from game.world.journalview import journal_view
from game.world.talkview import talk_view
from game.world.verbs import company, contracts
from game.world.verbs.combat import die
from game.world.verbs.factory import spawn_item
from game.world.verbs.items import give
from game.world.verbs.moving import relocate
from game.world.verbs.speech import voice_of
from game.world.verbs.trade import gold_of
from tests.helpers.data_edits import content_error


def people(world) -> list[int]:
    return [a.eid for a in world.actors.all() if world.has(a.eid, Persona)
            and not world.is_enemy(a.eid, world.hero)]


def goto(world, eid: int) -> None:
    room = world.room_of(eid)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])


def offer_of(game, giver: int, kind: str):
    """Ask `giver` for work until it offers `kind` (an ordinary giver makes a new offer each time, N40)."""
    world = game.world
    for _ in range(200):
        assert game.do(Work(world.hero, giver, "ask")).ok
        offered = contracts.of_giver(world, world.hero, giver, "offered")
        if offered.kind == kind:
            return offered
    raise AssertionError(f"no {kind} offer in 200 asks")


def loyalty(world, eid: int) -> int:
    return world.get(eid, Loyalty).to.get("hero", 0)


def carried(world, eid: int, item_id: str) -> int:
    return sum(world.get(i, Item).count for i in world.get(eid, Inventory).items
               if world.get(i, Item).item_id == item_id)


# -- offers ------------------------------------------------------------------------------------------------
@pytest.mark.rule("N41")
def test_N41_every_background_has_three_passages_and_asking_opens_with_one_in_the_givers_voice(village, content):
    for voice in (*content.social.backgrounds, "notable"):
        assert len(content.contracts.flavour[voice]) >= 3
    world = village.world
    giver = people(world)[0]
    goto(world, giver)
    world.pop_events()
    assert village.do(Work(world.hero, giver, "ask")).ok
    flavour, objective = [e.data["line"] for e in world.pop_events() if e.kind == "says"]
    assert flavour in content.contracts.flavour[voice_of(world, giver)]
    assert objective == contracts.of_giver(world, world.hero, giver, "offered").objective


THREAT_WORDS = ("something", "hungry blade")  # a lead-in speaking of a threat leads to a killing, never a parcel


@pytest.mark.rule("N41")
def test_N41_a_lead_in_fits_its_work_the_merchants_customers_are_kept_away_by_a_threat_not_a_parcel(content):
    fits = dict(zip(content.contracts.flavour["merchant"], content.contracts.fits["merchant"]))
    customers = next(p for p in fits if "keeping them away" in p)
    assert "deliver" not in fits[customers] and "slay" in fits[customers]
    for voice, passages in content.contracts.flavour.items():
        for passage, kinds in zip(passages, content.contracts.fits[voice]):
            if any(w in passage.lower() for w in THREAT_WORDS):
                assert kinds is not None and not kinds & {"deliver", "bring", "escort"}, (voice, passage)


@pytest.mark.rule("N41")
def test_N41_a_parcel_is_offered_with_a_lead_in_that_fits_a_parcel(village, content):
    world = village.world
    for giver in people(world)[:6]:
        goto(world, giver)
        contract = offer_of(village, giver, "deliver")
        kinds = dict(zip(content.contracts.flavour[voice_of(world, giver)], content.contracts.fits[voice_of(world, giver)]))
        assert kinds[contract.flavour] is None or "deliver" in kinds[contract.flavour]


@pytest.mark.rule("N42")
def test_N42_about_one_offer_in_ten_is_a_marked_item_over_many_offers(village):
    world = village.world
    giver = people(world)[0]
    goto(world, giver)
    kinds = []
    for _ in range(2000):
        assert village.do(Work(world.hero, giver, "ask")).ok
        kinds.append(contracts.of_giver(world, world.hero, giver, "offered").kind)
    share = kinds.count("marked") / len(kinds)
    assert 0.085 <= share <= 0.115, share  # 0.1; the standard error over 2000 is 0.0067
    assert {"slay", "bring", "deliver", "clear", "escort"} <= set(kinds)
    assert len(world.get(world.hero, Journal).contracts) == 1  # each new offer replaces the last


# -- the marked item ---------------------------------------------------------------------------------------
@pytest.mark.rule("N42")
def test_N42_only_the_marked_item_counts_and_it_is_surrendered_on_claim(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "marked")
    assert village.do(Work(hero, giver, "accept")).ok
    carrier = world.actors.by_uid(contract.target).eid
    marked = next(i for i in world.get(carrier, Inventory).items if world.has(i, Mark))
    base, rune = contract.item.split(":")
    copy = spawn_item(world, base, owner=hero, rune=rune)  # a plain copy of the same base and rune
    assert not contracts.ready(world, hero, contract)
    assert village.do(Work(hero, giver, "claim")).reason == "The work is not done yet."
    give(world, marked, hero)
    assert contracts.ready(world, hero, contract)
    assert "work:claim" in [c.key for c in talk_view(world, hero, giver).choices]
    before = gold_of(world, hero)
    assert village.do(Work(hero, giver, "claim")).ok
    assert marked in world.get(giver, Inventory).items  # surrendered
    assert copy in world.get(hero, Inventory).items  # the copy stays
    assert gold_of(world, hero) == before + contract.gold and contract.state == "done"


# -- rewards, loyalty, cooldown ----------------------------------------------------------------------------
@pytest.mark.rule("N43")
@pytest.mark.rule("N73")
def test_N43_a_claim_pays_gold_and_xp_raises_loyalty_and_the_givers_xp_and_leaves_a_memory(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "bring")
    assert village.do(Work(hero, giver, "accept")).ok
    spawn_item(world, contract.item, owner=hero)
    gold, xp, giver_xp = gold_of(world, hero), world.get(hero, Journal).xp, \
        world.get(giver, Growth).xp
    hero_xp = world.get(hero, Growth).xp
    assert village.do(Work(hero, giver, "claim")).ok
    assert gold_of(world, hero) == gold + contract.gold and contract.gold in range(10, 26)
    assert world.get(hero, Journal).xp == xp + 30
    assert world.get(hero, Growth).xp == hero_xp + 30  # the hero grows by it (issue 14)
    assert loyalty(world, giver) == 10  # Charisma 2: the scale is 1.0
    assert world.get(giver, Growth).xp == giver_xp + 50
    assert carried(world, hero, contract.item) == 0  # handed over
    assert world.get(giver, Memories).known[-1].deed == "contract_done"
    done = [e for e in world.pop_events() if e.kind == "contract_done"]
    assert done[0].data["gold"] == contract.gold and done[0].data["xp"] == 30


@pytest.mark.rule("N39")
def test_N39_charisma_scales_the_loyalty_a_contract_earns(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    sheet = world.get(hero, Hero)
    sheet.sheet = replace(sheet.sheet, charisma=4)  # scale 1.5
    goto(world, giver)
    contract = offer_of(village, giver, "bring")
    assert village.do(Work(hero, giver, "accept")).ok
    spawn_item(world, contract.item, owner=hero)
    assert village.do(Work(hero, giver, "claim")).ok
    assert loyalty(world, giver) == 15


@pytest.mark.rule("N40")
def test_N40_a_completed_contract_starts_a_30_turn_cooldown_for_that_giver(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    other = people(world)[1]
    goto(world, giver)
    contract = offer_of(village, giver, "bring")
    assert village.do(Work(hero, giver, "accept")).ok
    spawn_item(world, contract.item, owner=hero)
    assert village.do(Work(hero, giver, "claim")).ok
    done_on = world.turn
    while world.turn < done_on + 29:
        village.end_turn()
    assert contracts.cooldown_left(world, hero, giver) == 1
    world.pop_events()
    goto(world, giver)
    assert village.do(Work(hero, giver, "ask")).ok
    assert [e.data["line"] for e in world.pop_events() if e.kind == "says"] == \
        [world.content.contracts.lines["cooldown"]]
    assert contracts.of_giver(world, hero, giver, "offered") is None
    goto(world, other)
    assert village.do(Work(hero, other, "ask")).ok  # another giver is not held back
    assert contracts.of_giver(world, hero, other, "offered") is not None
    village.end_turn()
    assert world.turn == done_on + 30 and contracts.cooldown_left(world, hero, giver) == 0
    goto(world, giver)
    assert village.do(Work(hero, giver, "ask")).ok
    assert contracts.of_giver(world, hero, giver, "offered") is not None


@pytest.mark.rule("N40")
@pytest.mark.rule("N73")
def test_N40_work_can_be_abandoned_and_a_new_offer_asked(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    world.get(giver, Loyalty).to["hero"] = 12
    goto(world, giver)
    contract = offer_of(village, giver, "deliver")
    assert village.do(Work(hero, giver, "accept")).ok
    assert carried(world, hero, "parcel") == 1
    assert village.do(Work(hero, giver, "ask")).reason == "You already hold work from them."
    assert village.do(Work(hero, giver, "abandon")).ok
    assert contract.state == "abandoned" and loyalty(world, giver) == 7 and carried(world, hero, "parcel") == 0
    assert world.get(giver, Memories).known[-1].deed == "abandoned"
    assert village.do(Work(hero, giver, "ask")).ok
    assert contracts.of_giver(world, hero, giver, "offered") is not None
    assert [e.state for e in journal_view(world, hero).entries] == ["abandoned"]  # offers are not listed


# -- objectives --------------------------------------------------------------------------------------------
def parcel_taken(village):
    """A villager's parcel accepted: (hero, giver, contract, the person it is for)."""
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "deliver")
    assert village.do(Work(hero, giver, "accept")).ok
    return hero, giver, contract, world.actors.by_uid(contract.target).eid


@pytest.mark.rule("N40")
def test_N40_deliver_a_parcel_to_its_person_then_claim(village):
    world = village.world
    hero, giver, contract, person = parcel_taken(village)
    assert village.do(Work(hero, person, "deliver")).reason.endswith("is not in this room.")
    goto(world, person)
    assert "work:deliver" in [c.key for c in talk_view(world, hero, person).choices]
    assert village.do(Work(hero, person, "deliver")).ok
    assert contract.met and carried(world, hero, "parcel") == 0
    assert journal_view(world, hero).entries[0].state == "ready"
    goto(world, giver)
    assert village.do(Work(hero, giver, "claim")).ok


@pytest.mark.rule("N40")
def test_N40_a_parcel_for_a_companion_can_be_handed_over_in_the_party(village):
    world = village.world
    hero, _, contract, person = parcel_taken(village)
    goto(world, person)
    company.join(world, hero, person)
    assert "work:deliver" in [c.key for c in talk_view(world, hero, person).choices]
    assert village.do(Work(hero, person, "deliver")).ok
    assert contract.met and carried(world, hero, "parcel") == 0


@pytest.mark.rule("N40")
def test_N40_slay_the_named_creature(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "slay")
    target = world.actors.by_uid(contract.target).eid
    assert contract.target_name.split(" the ")[0] in world.content.contracts.epithets
    assert contract.target_name in contract.objective
    assert village.do(Work(hero, giver, "accept")).ok
    assert not contracts.ready(world, hero, contract)
    die(world, target, hero)
    assert contracts.ready(world, hero, contract)
    assert village.do(Work(hero, giver, "claim")).ok


@pytest.mark.rule("N40")
def test_N40_clear_a_room_is_met_once_the_hero_stands_in_it_with_no_enemy_left(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "clear")
    assert village.do(Work(hero, giver, "accept")).ok
    for eid in world.creatures_in(contract.room):
        if world.is_enemy(eid, hero):
            die(world, eid, hero)
    village.end_turn()
    assert not contract.met  # the hero has not been there
    relocate(world, hero, contract.room, [world.rooms.free_spot(contract.room)])
    world.pop_events()
    village.end_turn()
    assert contract.met
    assert [e.data["state"] for e in world.pop_events() if e.kind == "contract"] == ["ready"]


# -- mini-quests -------------------------------------------------------------------------------------------
@pytest.mark.rule("N44")
def test_N44_with_enough_loyalty_and_no_larger_task_a_creature_asks_a_favour_paying_at_least_8_gold(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "bring")
    assert village.do(Work(hero, giver, "accept")).ok
    spawn_item(world, contract.item, owner=hero)
    assert village.do(Work(hero, giver, "claim")).ok  # loyalty 10, the giver cools down
    assert village.do(Work(hero, giver, "ask")).ok
    assert contracts.of_giver(world, hero, giver, "offered") is None  # loyalty 10 < 20: no favour
    world.get(giver, Loyalty).to["hero"] = 20
    assert village.do(Work(hero, giver, "ask")).ok
    favour = contracts.of_giver(world, hero, giver, "offered")
    assert favour.kind == "mini" and favour.item in world.content.contracts.wants
    assert village.do(Work(hero, giver, "accept")).ok
    assert [e.kind for e in journal_view(world, hero).entries] == ["mini", "bring"]
    wanted = world.content.contracts.wants[favour.item].items[0]
    value = world.content.items[wanted].value
    gold = gold_of(world, hero)
    spawn_item(world, wanted, owner=hero)
    assert "work:give" in [c.key for c in talk_view(world, hero, giver).choices]
    assert village.do(Work(hero, giver, "give")).ok
    assert gold_of(world, hero) == gold + max(8, 2 * value)
    assert loyalty(world, giver) == 25  # 20 + 5 at Charisma 2
    assert world.get(giver, Memories).known[-1].deed == "help"
    assert contracts.cooldown_left(world, hero, giver) > 0  # a favour does not restart the cooldown...
    assert favour.state == "done"


@pytest.mark.rule("N44")
def test_N44_a_favour_pays_by_the_items_value_but_never_below_8_gold(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    journal = contracts.journal_of(world, hero)
    for want, item_id, paid in (("food", "ration", 8), ("weapon", "longsword", 40), ("ammunition", "arrows", 8),
                                ("scroll", "scroll", 24)):
        world.get(giver, Loyalty).to["hero"] = 30
        journal.contracts.append(contracts.Contract(journal.next_id, world.uid(giver), "x", "y", "mini", "", "",
                                                    want, -1, "", "asks", 0, 0, "", "active", world.turn))
        journal.next_id += 1
        spawn_item(world, item_id, owner=hero)
        gold = gold_of(world, hero)
        assert village.do(Work(hero, giver, "give")).ok
        assert gold_of(world, hero) - gold == paid


# -- saves and data ----------------------------------------------------------------------------------------
@pytest.mark.rule("N44")
def test_N44_a_creature_asks_for_food_drink_a_weapon_ammunition_a_ranged_weapon_or_a_scroll(village):
    """The six wants of the seed, each answered by items the game has (and a merchant stocks arrows and
    scrolls); over 600 favours each is asked about a sixth of the time (100 ± 30, 3 standard deviations)."""
    world = village.world
    hero, giver = world.hero, people(world)[0]
    wants = world.content.contracts.wants
    assert set(wants) == {"food", "drink", "weapon", "ammunition", "ranged", "scroll"}
    assert all(item in world.content.items for want in wants.values() for item in want.items)
    assert {"arrows", "scroll"} <= set(world.content.trade.types["general"].stock)
    world.get(giver, Loyalty).to["hero"] = 20
    asked = Counter()
    for _ in range(600):
        asked[contracts.favour(world, hero, giver).item] += 1
        contracts.journal_of(world, hero).contracts.clear()
    assert set(asked) == set(wants) and all(70 <= n <= 130 for n in asked.values()), asked


def test_a_save_keeps_the_journal_and_the_marks(village, tmp_path):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    offer_of(village, giver, "deliver")
    assert village.do(Work(hero, giver, "accept")).ok
    before = world.get(hero, Journal)
    save_world(world, tmp_path / "j.sav")
    loaded = Driver(load_world(tmp_path / "j.sav"))
    try:
        again = loaded.world
        assert again.get(again.hero, Journal) == before
        parcels = [i for i in again.get(again.hero, Inventory).items if again.has(i, Mark)]
        assert [again.get(i, Mark).contract for i in parcels] == [before.contracts[-1].id]
    finally:
        loaded.close()


def test_too_few_passages_for_a_background_are_refused_naming_file_and_entry(tmp_path):
    error = content_error(tmp_path, "contracts.toml",
                          '  "Look at me. I can\'t do it myself, not with this leg. Not for weeks.",\n', "")
    assert str(error).endswith("contracts.toml: flavour.wounded: needs 3 passages or more (N41)")


def test_an_unknown_item_to_bring_is_refused_naming_file_and_entry(tmp_path):
    error = content_error(tmp_path, "contracts.toml", '"healing_potion", "rune_fire"', '"elixir", "rune_fire"')
    assert str(error).endswith("contracts.toml: objectives.bring.items: unknown item 'elixir' (not in items.toml)")


@pytest.mark.rule("N40")
def test_N40_escort_the_giver_two_to_four_rooms_away_it_walks_with_the_hero_and_stays_there(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "escort")
    start = world.room_of(giver)
    assert 2 <= world.rooms.distances_from(start)[contract.room] <= 4
    assert world.room_name(contract.room) in contract.objective
    assert village.do(Work(hero, giver, "accept")).ok
    assert company.companion_of(world, giver) is not None
    for _ in range(6):
        if world.hero_room() == contract.room:
            break
        steps = world.rooms.distances_from(contract.room)
        nearer = min((steps[o], o) for _, o in world.map.exits_of(world.hero_room()) if o in steps)[1]
        assert village.do(Move(hero, nearer)).ok
        if village.busy:
            village.finish_turn()
    assert world.room_of(giver) == contract.room == world.hero_room()
    assert contract.met and company.companion_of(world, giver) is None  # ready on arrival, no turn ended; it stays there
    gold = gold_of(world, hero)
    assert village.do(Work(hero, giver, "claim")).ok
    assert gold_of(world, hero) == gold + contract.gold


@pytest.mark.rule("N40")
def test_N40_an_escort_fails_when_the_giver_dies_on_the_way(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "escort")
    assert village.do(Work(hero, giver, "accept")).ok
    die(world, giver, None)
    world.pop_events()
    village.end_turn()
    assert contract.state == "abandoned"
    assert [e.data["state"] for e in world.pop_events() if e.kind == "contract"] == ["failed"]


@pytest.mark.rule("N41")
def test_N41_a_merchant_gives_work_in_a_merchants_voice_but_never_asks_to_be_escorted(village):
    world = village.world
    smith = next(eid for eid, m in world.query(Merchant) if m.trade == "armourer")
    goto(world, smith)
    assert "work:ask" in [c.key for c in talk_view(world, world.hero, smith).choices]
    kinds = set()
    for _ in range(200):
        world.pop_events()
        assert village.do(Work(world.hero, smith, "ask")).ok
        flavour = [e.data["line"] for e in world.pop_events() if e.kind == "says"][0]
        assert flavour in world.content.contracts.flavour["merchant"]
        kinds.add(contracts.of_giver(world, world.hero, smith, "offered").kind)
    assert "escort" not in kinds and {"bring", "deliver"} <= kinds


@pytest.mark.rule("N42")
def test_N42_an_offer_whose_carrier_died_meanwhile_is_withdrawn(village):
    world = village.world
    hero, giver = world.hero, people(world)[0]
    goto(world, giver)
    contract = offer_of(village, giver, "marked")
    die(world, world.actors.by_uid(contract.target).eid, None)
    assert village.do(Work(hero, giver, "accept")).reason == \
        f"{contract.target_name} is dead; the offer no longer stands."
    assert contracts.of_giver(world, hero, giver, "offered", "active") is None
