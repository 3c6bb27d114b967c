"""A repair kit patches the armour its user wears (C26: looted armour keeps its durability and can be
repaired); the smith's repairs for gold are tests/test_trade_repair.py. The hero sets out unarmoured, so
each test puts on a leather jerkin first."""
from __future__ import annotations

import pytest

from game.ui.sidepanel import use_command
from game.world import views
from game.world.commands import Repair
from game.world.components import Inventory, Item
from game.world.verbs import factory, loadout
from tests.helpers.data_edits import content_error
from tests.helpers.world_fixtures import body, kinds


def worn(world, slot):
    """The hero puts on a leather jerkin (no AP spent); the armour it wears in `slot`."""
    loadout.equip(world, world.hero, factory.spawn_item(world, "leather_jerkin", owner=world.hero))
    return world.get(world.get(world.hero, Inventory).equipped[slot], Item)


@pytest.mark.rule("C26")
def test_C26_a_repair_kit_gives_15_durability_back_to_worn_armour_and_is_used_up(world, game):
    jerkin = worn(world, "body")
    most = loadout.max_durability(world, jerkin)
    jerkin.durability = most - 20
    kits = factory.spawn_item(world, "repair_kit", owner=world.hero, count=2)
    ap = body(world, world.hero).ap
    assert game.do(Repair(world.hero, kits)).ok
    assert jerkin.durability == most - 5 and body(world, world.hero).ap == ap - 1
    assert world.get(kits, Item).count == 1
    assert kinds(world, "repair")[-1].text == "Hero patches worn armour with a repair kit: Leather jerkin +15 durability."
    assert game.do(Repair(world.hero, kits)).ok
    assert jerkin.durability == most  # never above its maximum: the rest of the kit is lost
    assert not world.exists(kits) or world.get(kits, Item).owner is None


@pytest.mark.rule("C26")
def test_C26_a_kit_is_refused_without_armour_to_mend_and_costs_nothing(world, game):
    jerkin = worn(world, "body")
    jerkin.durability = loadout.max_durability(world, jerkin)
    kit = factory.spawn_item(world, "repair_kit", owner=world.hero)
    ap = body(world, world.hero).ap
    result = game.do(Repair(world.hero, kit))
    assert (result.ok, result.reason) == (False, "You wear no armour that needs mending.")
    assert body(world, world.hero).ap == ap and world.exists(kit)
    ration = factory.spawn_item(world, "ration", owner=world.hero)
    assert game.do(Repair(world.hero, ration)).reason == "The Ration mends nothing."


def test_the_side_panel_uses_a_repair_kit_by_repairing(world):
    kit = factory.spawn_item(world, "repair_kit", owner=world.hero)
    assert use_command(world.hero, views.item(world, kit)) == Repair(world.hero, kit)


@pytest.mark.parametrize("bad", ["repair = 0", "repair = 5000", 'repair = "lots"'])
def test_a_repair_kit_without_a_sound_repair_is_refused_by_name(tmp_path, bad):
    error = str(content_error(tmp_path, "items.toml", "repair = 15", bad))
    assert "items.toml: repair_kit: repair:" in error
