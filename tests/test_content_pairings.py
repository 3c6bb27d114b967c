"""Lines that fit the state (issue 28): a card never calls a fed creature hungry, a merchant met in a dungeon
nods at no counter, and a ration is made of no metal. Each pairing is checked in play and in the data."""
from __future__ import annotations


from game import launch
from game.paths import MAPS
from game.world import views
from game.world.components import Identity, Item, Needs
from game.world.verbs import factory, talk
from game.world.verbs.provisions import EAT_ABOVE
from tests.helpers.world_fixtures import spawn


def test_a_card_calls_a_creature_hungry_only_while_it_is(world, content):
    hungry_ones = [cid for cid, defn in content.codex.creatures.items() if defn.motivation.wants == "food"]
    made = [spawn(world, cid) for cid in hungry_ones]
    eid = next(e for e in made if world.try_get(e, Needs) is not None)  # a creature that gets hungry
    needs = world.get(eid, Needs)
    for hunger, says_hungry in ((0, False), (EAT_ABOVE, False), (EAT_ABOVE + 1, True), (90, True)):
        needs.hunger = hunger
        line = views.creature(world, eid).seems
        assert ("hungry" in line.lower()) is says_hungry, (hunger, line)


def test_every_want_that_speaks_of_hunger_has_a_line_for_a_fed_creature(content):
    for want, lines in content.motives.wants.items():
        if "hungry" in lines.seems.lower():
            assert lines.seems_fed and "hungry" not in lines.seems_fed.lower(), want


def test_a_merchant_nods_at_the_counter_only_where_there_is_one(content):
    assert "counter" not in content.dialogue.silent["merchant"]["greeting_afield"]
    for map_name, counter in (("crypt", False), ("village", True)):
        world = launch.new_game(MAPS / f"{map_name}.tmx", 3, content=content).world
        merchants = [eid for eid, ident in world.query(Identity) if ident.kind == "merchant"]
        assert merchants, map_name
        for eid in merchants:
            assert ("counter" in talk.silent_lines(world, eid)["greeting"]) is counter, (map_name, eid)


def test_only_weapons_and_armour_are_named_by_their_material(world, content):
    ration = factory.spawn_item(world, "ration", owner=world.hero, material="silver")
    sword = next(iid for iid, d in content.items.items() if d.kind == "weapon")
    blade = factory.spawn_item(world, sword, owner=world.hero, material="silver")
    assert "silver" not in views.item_name(world, ration) and world.get(ration, Item)
    assert views.item_name(world, blade).startswith("silver ")
