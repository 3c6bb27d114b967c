"""A smith's repair of worn armour for gold (C26): priced by missing durability and quality from trade.toml,
offered in the armourer's dialogue and carried out by the Mend command a scripted hero sends."""
from __future__ import annotations

import pytest

from game.rules.trade import repair_price
from game.world.commands import Equip, Mend, Talk
from game.world.components import Identity, Inventory, Item
from game.world.talkview import talk_view
from game.world.verbs import factory, loadout, trade
from tests.helpers.data_edits import content_error
from tests.helpers.village import beside, merchant


def worn_byrnie(game, quality: str, durability: int) -> int:
    """The hero puts on a byrnie of `quality` worn down to `durability`."""
    world = game.world
    byrnie = factory.spawn_item(world, "byrnie", owner=world.hero, quality=quality, durability=durability)
    assert game.do(Equip(world.hero, byrnie)).ok
    return byrnie


@pytest.mark.rule("C26")
def test_C26_the_fee_is_missing_durability_times_half_a_gold_times_quality_rounded_up(content):
    assert content.trade.repair_per_point == 0.5 and content.trade.smiths == {"armourer"}
    assert repair_price(30, 0.5, 1.0, 1) == 15  # the worked example of docs/rules.md: a common byrnie
    assert repair_price(30, 0.5, 0.5, 1) == 8  # crude: 7.5, rounded up
    assert repair_price(30, 0.5, 2.0, 1) == 30  # fine
    assert repair_price(1, 0.5, 0.5, 1) == 1  # never below prices.least


@pytest.mark.rule("C26")
def test_C26_the_armourer_offers_to_mend_a_worn_byrnie_and_mends_it_to_full_for_15_gold(village):
    world = village.world
    smith = merchant(world, "armourer")
    beside(world, smith)
    byrnie = worn_byrnie(village, "common", 34)
    assert loadout.max_durability(world, world.get(byrnie, Item)) == 64
    assert village.do(Talk(world.hero, smith)).ok
    choices = talk_view(world, world.hero, smith).choices
    mend = next(c for c in choices if c.key.startswith("mend:"))
    assert mend.label == "Mend my Byrnie (15 gold)."
    gold, smith_gold = trade.gold_of(world, world.hero), trade.gold_of(world, smith)
    assert village.do(Mend(world.hero, smith, byrnie)).ok
    assert world.get(byrnie, Item).durability == 64
    assert (trade.gold_of(world, world.hero), trade.gold_of(world, smith)) == (gold - 15, smith_gold + 15)
    smith_name, hero_name = (world.get(e, Identity).name for e in (smith, world.hero))
    mended = [e.text for e in world.events if e.kind == "mend"]
    assert mended == [f"{smith_name} mends {hero_name}'s Byrnie for 15 gold."]
    assert not [c for c in talk_view(world, world.hero, smith).choices if c.key.startswith("mend:")]


@pytest.mark.rule("C26")
def test_C26_a_fine_byrnie_costs_twice_as_much_a_missing_point(village):
    world = village.world
    smith = merchant(world, "armourer")
    beside(world, smith)
    byrnie = worn_byrnie(village, "fine", 10)
    full = loadout.max_durability(world, world.get(byrnie, Item))
    assert trade.repair_price(world, byrnie) == full - 10  # x 0.5 a point x 2 for fine


@pytest.mark.rule("C26")
def test_C26_refusals_cost_nothing_and_say_why(village):
    world = village.world
    smith, grocer = merchant(world, "armourer"), merchant(world, "provisioner")
    beside(world, smith)
    byrnie = worn_byrnie(village, "common", 34)
    purse = next(i for i in world.get(world.hero, Inventory).items
                 if world.get(i, Item).item_id == "gold")
    world.get(purse, Item).count = 14
    result = village.do(Mend(world.hero, smith, byrnie))
    assert (result.ok, result.reason) == (False, "You cannot afford to have the Byrnie mended (15 gold).")
    assert world.get(byrnie, Item).durability == 34 and trade.gold_of(world, world.hero) == 14
    beside(world, grocer)
    result = village.do(Mend(world.hero, grocer, byrnie))
    assert not result.ok and result.reason.endswith("mends no armour.")
    beside(world, smith)
    world.get(byrnie, Item).durability = 64
    result = village.do(Mend(world.hero, smith, byrnie))
    assert (result.ok, result.reason) == (False, "You wear no such armour that needs mending.")


@pytest.mark.rule("C26")
def test_C26_the_armourer_keeps_repair_kits(village):
    world = village.world
    smith = merchant(world, "armourer")
    assert world.content.trade.types["armourer"].stock["repair_kit"] == 3
    assert sum(world.get(i, Item).count for i in trade.wares(world, smith)
               if world.get(i, Item).item_id == "repair_kit") >= 1  # as many as its load allows (N33)


def test_repair_data_out_of_range_or_naming_no_merchant_type_is_refused(tmp_path):
    error = content_error(tmp_path, "trade.toml", "per_point = 0.5", "per_point = 0")
    assert str(error).endswith("trade.toml: repair.per_point: must be a number from 0.01 to 100.0, not 0")
    error = content_error(tmp_path / "2", "trade.toml", 'smiths = ["armourer"]', 'smiths = ["tinker"]')
    assert "trade.toml: repair.smiths: must be a list of merchant types of [types]" in str(error)
