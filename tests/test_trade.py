"""Merchants and trade (N5, N74): prices in parts, levels from trade XP, shops laid in from the stock tables,
buying and selling through the commands a scripted hero sends, restocking every 20 turns, growth with
business, merchants that keep to their shop and stay out of the social web, saves, and bad data."""
from __future__ import annotations

import pytest

from game.content.trade import load_trade
from game.maps.schema import ENUMS
from game.paths import DATA
from game.rules.trade import Price, level_for, price
from game.save import load_world, save_world
from game.world.commands import Buy, Sell, Talk, Trade
from game.world.components import Identity, Inventory, Item, Merchant, Mood, MoodState, Needs, Persona
from game.world.driver import Driver
from game.world.talkview import talk_view
from game.world.tradeview import trade_view
from game.world.verbs import loadout, trade
from game.world.verbs.moving import relocate
from game.world.verbs.items import destroy, give
from game.world.views import item_name
from tests.helpers.data_edits import content_error
from tests.helpers.village import beside, merchant


def ware(world, eid: int, item_id: str) -> int:
    return next(i for i in trade.wares(world, eid) if world.get(i, Item).item_id == item_id)


def held(world, eid: int, item_id: str) -> int:
    return sum(world.get(i, Item).count for i in trade.wares(world, eid)
               if world.get(i, Item).item_id == item_id)


# -- prices and levels -------------------------------------------------------------------------------------
@pytest.mark.rule("N5")
def test_N5_a_price_is_base_quality_trait_and_level_and_its_parts_add_up():
    # value 20, fine (x2) steel (x1.5), sold at x1.0: 60; traits +25% and -10%: 69; level 2 at 3%: 65.4 -> 65
    assert price(20, 2.0, 1.5, 1.0, [0.25, -0.1], 2, 0.03, True, 1) == Price(65, 20, 40, 9, -4)
    # bought at half: 30; traits -15% and +10%: 28.5 -> 28; level 2 adds 6%: 30.3 -> 30
    bought = price(20, 2.0, 1.5, 0.5, [-0.15, 0.1], 2, 0.03, False, 1)
    assert bought == Price(30, 10, 20, -2, 2)
    assert bought.base + bought.quality + bought.trait + bought.level == bought.total
    assert price(1, 0.5, 1.0, 0.5, [], 0, 0.03, False, 1).total == 1  # never below `least`


@pytest.mark.rule("N5")
def test_N5_the_level_is_the_number_of_trade_xp_thresholds_reached(content):
    levels = content.trade.levels
    assert levels == (40, 120, 300, 700, 1500)
    assert [level_for(xp, levels) for xp in (0, 39, 40, 119, 120, 1499, 1500, 99999)] == [0, 0, 1, 1, 2, 4, 5, 5]


@pytest.mark.rule("N5")
def test_N5_trade_data_holds_four_traits_or_more_and_a_stock_table_for_every_merchant_type_of_the_maps(content):
    data = content.trade
    assert len(data.traits) >= 4 and data.traits_each == 2
    assert (data.sell, data.buy, data.level_share, data.restock_every) == (1.0, 0.5, 0.03, 20)
    map_types = {t for t in ENUMS["merchant_type"] if t != "none"}
    assert map_types == set(data.types)
    for kind in data.types.values():
        assert all(item in content.items for item in kind.stock)


# -- shops -------------------------------------------------------------------------------------------------
@pytest.mark.rule("N5")
def test_N5_a_placed_merchant_opens_its_shop_from_its_type_with_two_traits_and_its_gold(village):
    world = village.world
    smith = merchant(world, "armourer")
    shop = world.get(smith, Merchant)
    kind = world.content.trade.types["armourer"]
    assert len(shop.traits) == 2 and shop.traits <= set(world.content.trade.traits)
    assert trade.gold_of(world, smith) == kind.gold == 150
    assert all(held(world, smith, item_id) <= count for item_id, count in kind.stock.items())  # N33 below
    brewer = merchant(world, "provisioner")
    for item_id, count in world.content.trade.types["provisioner"].stock.items():
        assert held(world, brewer, item_id) == count  # a stock light enough to carry whole
    assert trade.gold_of(world, world.hero) == world.content.trade.hero_gold == 60


@pytest.mark.rule("N33")
@pytest.mark.rule("N5")
def test_N33_a_merchant_carries_no_more_stock_than_forty_times_its_strength_food_and_drink_first(village):
    world = village.world
    smith = merchant(world, "armourer")
    kind = world.content.trade.types["armourer"]
    table = sum(world.content.items[item_id].weight * count for item_id, count in kind.stock.items())
    assert table == 45 and loadout.capacity(world, smith) == 40  # its table alone outweighs what it can carry (was 51 of 40)
    assert loadout.carried_weight(world, smith) == 40
    assert held(world, smith, "ration") == held(world, smith, "water_bottle") == 1  # its meals always fit
    assert all(held(world, smith, item_id) >= 1 for item_id in kind.stock)
    for _ in range(3):  # restocking, and growing levels, keep to it as well
        trade.restock(world, smith)
        world.get(smith, Merchant).xp += 1000
        assert loadout.carried_weight(world, smith) <= 40
    for item_eid in trade.wares(world, smith):
        if world.content.items[world.get(item_eid, Item).item_id].slot:
            destroy(world, item_eid)
    trade.restock(world, smith)
    assert trade.level(world, world.get(smith, Merchant)) > 0
    assert all(held(world, smith, item_id) >= 1 for item_id in kind.stock)  # a piece of every line, in turn
    assert loadout.carried_weight(world, smith) <= 40


@pytest.mark.rule("N33")
def test_N33_a_merchant_with_a_full_load_buys_nothing_heavy(village):
    world = village.world
    smith, hero = merchant(world, "armourer"), world.hero
    beside(world, smith)
    room = loadout.capacity(world, smith) - loadout.carried_weight(world, smith)
    worn = world.get(hero, Inventory).equipped["weapon"]
    heavy = world.create(Item("longsword"))
    assert world.content.items["longsword"].weight > room
    give(world, heavy, hero)
    assert village.do(Sell(hero, smith, heavy)).reason == "Garm Hammerhand has no room to carry the Longsword."
    assert heavy in world.get(hero, Inventory).items and worn != heavy


@pytest.mark.rule("N5")
def test_N5_buying_moves_the_item_and_its_price_and_selling_moves_them_back_at_the_offer(village):
    world = village.world
    smith = merchant(world, "armourer")
    beside(world, smith)
    hero = world.hero
    helmet = ware(world, smith, "helmet")
    asked = trade.price(world, smith, helmet, selling=True).total
    assert village.do(Buy(hero, smith, helmet)).ok
    assert trade.gold_of(world, hero) == 60 - asked and trade.gold_of(world, smith) == 150 + asked
    assert held(world, smith, "helmet") == 1 and helmet in world.get(hero, Inventory).items
    offer = trade.price(world, smith, helmet, selling=False).total
    assert offer < asked
    assert village.do(Sell(hero, smith, helmet)).ok
    assert trade.gold_of(world, hero) == 60 - asked + offer and held(world, smith, "helmet") == 2
    assert world.get(smith, Merchant).xp == asked + offer  # a gold of business, a trade XP
    kinds = [e.kind for e in world.pop_events()]
    assert kinds.count("buy") == kinds.count("sell") == 1 and kinds.count("says") == 2  # the trait's reactions


@pytest.mark.rule("N5")
def test_N5_one_of_a_stack_is_bought_at_a_time(village):
    world = village.world
    brewer = merchant(world, "provisioner")
    beside(world, brewer)
    rations = ware(world, brewer, "ration")
    assert village.do(Buy(world.hero, brewer, rations)).ok
    assert held(world, brewer, "ration") == 5


@pytest.mark.rule("N5")
def test_N5_refusals_say_why(village):
    world = village.world
    smith, hero = merchant(world, "armourer"), world.hero
    byrnie = ware(world, smith, "byrnie")
    assert village.do(Buy(hero, smith, byrnie)).reason.endswith("is not in this room.")
    beside(world, smith)
    trade.take_gold(world, hero, trade.gold_of(world, hero) - 10)
    world.pop_events()
    asked = trade.price(world, smith, byrnie, selling=True).total
    assert asked > 10
    assert village.do(Buy(hero, smith, byrnie)).reason == \
        f"You cannot afford the {item_name(world, byrnie)} ({asked} gold)."
    assert [e.data["part"] for e in world.pop_events()] == ["trade"]  # the "poor" reaction
    worn = world.get(hero, Inventory).equipped["weapon"]
    assert village.do(Sell(hero, smith, worn)).reason == "Take it off before you sell it."
    assert village.do(Buy(hero, hero, worn)).reason == "You mutter to yourself for a while."
    trade.take_gold(world, smith, trade.gold_of(world, smith))
    potion = ware(world, hero, "healing_potion")
    assert village.do(Sell(hero, smith, potion)).reason == "Garm Hammerhand cannot pay 6 gold."
    assert trade.gold_of(world, hero) == 10


@pytest.mark.rule("N5")
@pytest.mark.rule("N74")
def test_N5_N74_a_merchant_offers_its_wares_in_the_dialogue_and_nothing_of_the_social_web(village):
    world = village.world
    smith = merchant(world, "armourer")
    beside(world, smith)
    assert not world.has(smith, Persona)
    assert village.do(Talk(world.hero, smith)).ok
    keys = [c.key for c in talk_view(world, world.hero, smith).choices]
    assert keys == ["trade", "work:ask", "draw", "goodbye"]  # no others, news or about: no social web
    assert village.do(Trade(world.hero, smith)).ok
    view = trade_view(world, world.hero, smith)
    assert view.hero_gold == 60 and view.merchant_gold == 150 and view.trade_name == "Armourer"
    assert {w.item_id for w in view.wares} >= {"helmet", "byrnie"}
    worn = [g for g in view.goods if g.worn]
    assert {g.item_id for g in worn} == {"shortsword"}  # the hero sets out unarmoured (hero.toml)


@pytest.mark.rule("N5")
def test_N5_merchants_restock_every_20_turns_up_to_their_table_and_their_gold(village):
    world = village.world
    brewer = merchant(world, "provisioner")
    beside(world, brewer)
    for _ in range(3):
        assert village.do(Buy(world.hero, brewer, ware(world, brewer, "ration"))).ok
    assert held(world, brewer, "ration") == 3
    while world.turn < 19:
        village.end_turn()
    assert held(world, brewer, "ration") < 6  # not yet (the brewer eats and picks up provisions meanwhile, N9-N10)
    village.end_turn()
    assert world.turn == 20 and held(world, brewer, "ration") == 6
    assert trade.gold_of(world, brewer) >= 80


@pytest.mark.rule("N5")
def test_N5_about_15_percent_of_the_gear_laid_in_is_fine_and_apart_15_percent_steel(village):
    world = village.world
    smith = merchant(world, "armourer")
    laid = []
    for _ in range(80):  # 7 pieces a restock fit the armourer's load (N33)
        gear = [i for i in trade.wares(world, smith)
                if world.content.items[world.get(i, Item).item_id].slot]
        laid += [world.get(i, Item) for i in gear]
        for i in gear:
            destroy(world, i)
        trade.restock(world, smith)
    fine = sum(item.quality == "fine" for item in laid) / len(laid)
    steel = sum(item.material == "steel" for item in laid) / len(laid)
    assert len(laid) >= 500 and world.content.trade.finer == 0.15
    assert 0.11 <= fine <= 0.19 and 0.11 <= steel <= 0.19, (fine, steel)  # standard error about 0.016
    assert all(item.quality in ("fine", "common") and item.material in ("steel", "iron") for item in laid)


@pytest.mark.rule("N5")
def test_N5_business_grows_a_merchant_a_level_and_a_level_restocks_one_more_of_each_line(village):
    world = village.world
    brewer = merchant(world, "provisioner")
    shop = world.get(brewer, Merchant)
    shop.xp = 39
    beside(world, brewer)
    world.pop_events()
    assert village.do(Buy(world.hero, brewer, ware(world, brewer, "water_bottle"))).ok
    assert trade.level(world, shop) == 1
    assert [e.data["level"] for e in world.pop_events() if e.kind == "trade_grows"] == [1]
    trade.restock(world, brewer)
    assert held(world, brewer, "water_bottle") == 7 and trade.gold_of(world, brewer) >= 80 + 40


@pytest.mark.rule("N5")
def test_N5_merchants_keep_to_their_shop_even_when_hungry(village):
    world = village.world
    shops = {eid: world.room_of(eid) for eid, _ in world.query(Merchant)}
    for eid in shops:
        world.get(eid, Needs).hunger = 60
        world.get(eid, Mood).state = MoodState.EXPLORING
    for _ in range(40):
        village.end_turn()
    assert {eid: world.room_of(eid) for eid in shops} == shops


def test_a_save_keeps_the_shops_their_stock_and_gold(village, tmp_path):
    world = village.world
    smith = merchant(world, "armourer")
    beside(world, smith)
    assert village.do(Buy(world.hero, smith, ware(world, smith, "helmet"))).ok
    before = (world.get(smith, Merchant), trade.gold_of(world, smith), trade.gold_of(world, world.hero),
              held(world, smith, "helmet"))
    save_world(world, tmp_path / "s.sav")
    loaded = Driver(load_world(tmp_path / "s.sav"))
    try:
        again = merchant(loaded.world, "armourer")
        assert (loaded.world.get(again, Merchant), trade.gold_of(loaded.world, again),
                trade.gold_of(loaded.world, loaded.world.hero), held(loaded.world, again, "helmet")) == before
        assert loaded.world.get(again, Identity).name == "Garm Hammerhand"
    finally:
        loaded.close()


# -- bad data ----------------------------------------------------------------------------------------------
def test_a_stock_table_naming_an_unknown_item_is_refused_naming_file_and_entry(tmp_path):
    error = content_error(tmp_path, "trade.toml", "helmet = 2", "tin_hat = 2")
    assert str(error).endswith("trade.toml: types.armourer.stock.tin_hat: unknown item (not in items.toml)")


@pytest.mark.rule("N5")
def test_N5_a_stock_table_without_food_or_drink_is_refused_since_a_merchant_lives_on_its_stock(tmp_path):
    error = content_error(tmp_path, "trade.toml", "repair_kit = 3, ration = 1,", "repair_kit = 3,")
    assert str(error).endswith("trade.toml: types.armourer.stock: a merchant type needs an item of kind food in its "
                               "stock (N5: a merchant eats and drinks from its stock and never leaves its shop for it)")
    error = content_error(tmp_path / "2", "trade.toml", "rune_ice = 1, ration = 1, water_bottle = 1",
                          "rune_ice = 1, ration = 1")
    assert "types.alchemist.stock: a merchant type needs an item of kind drink" in str(error)


def test_trade_numbers_out_of_range_are_refused(tmp_path):
    error = content_error(tmp_path, "trade.toml", "restock_every = 20", "restock_every = 0")
    assert str(error).endswith("trade.toml: growth.restock_every: must be a whole number from 1 to 100000, not 0")
    error = content_error(tmp_path / "2", "trade.toml", "sell = 0.25", "sell = \"lots\"")
    assert "traits.greedy.sell: must be a number" in str(error)


def test_the_shipped_trade_data_loads(content):
    assert load_trade(DATA / "trade.toml", content.items) == content.trade
