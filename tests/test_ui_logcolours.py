"""The message log's colours by side (issue 28) and the words of a harmless blow and of a group's last."""
from __future__ import annotations

from game.ui import logcolours, theme
from game.world.verbs import company
from game.world.verbs import combat
from tests.helpers.world_fixtures import body, spawn


def test_our_blows_one_colour_blows_against_us_another_others_neutral(world):
    mate, wolf, rat = spawn(world, "villager"), spawn(world, "wolf"), spawn(world, "giant_rat")
    company.join(world, world.hero, mate)
    ours = logcolours.ours(world)
    assert ours == {world.uid(world.hero), world.uid(mate)}
    world.pop_events()
    for attacker, target in ((world.hero, wolf), (mate, wolf), (wolf, world.hero), (wolf, mate), (wolf, rat)):
        for kind in ("hit", "miss", "dodge", "killed"):
            world.emit(kind, attacker, target)
    world.emit("heads_lost", target=mate)
    world.emit("death", rat)
    world.emit("level_up", world.hero, level=2)
    colours = [logcolours.colour(e, ours) for e in world.pop_events()]
    assert colours[:8] == [logcolours.OURS] * 8  # the hero's and the companion's blows
    assert colours[8:16] == [logcolours.AGAINST_US] * 8  # the wolf's against them
    assert colours[16:20] == [logcolours.NEUTRAL] * 4  # the wolf against the rat
    assert colours[20:] == [logcolours.AGAINST_US, logcolours.NEUTRAL, theme.LOG_COLOURS["level_up"]]
    assert len({logcolours.OURS, logcolours.AGAINST_US, logcolours.NEUTRAL}) == 3


def test_a_harmless_blow_glances_off_and_the_last_of_a_group_reads_as_the_last(world):
    wolf = spawn(world, "wolf")
    world.pop_events()
    world.emit("hit", world.hero, wolf, weapon="Dagger", damage=0, extra="", text=("hit_glance",))
    glance = world.pop_events()[0].text
    assert glance.endswith("with Dagger, but it glances off.") and "0 damage" not in glance
    band = spawn(world, "goblin_cutters")
    heads = body(world, band).heads
    assert heads > 2
    combat.apply_damage(world, world.hero, band, 0, {}, 1)
    combat.apply_damage(world, world.hero, band, 0, {}, heads - 1)
    lost = [e.text for e in world.pop_events() if e.kind == "heads_lost"]
    assert lost == [f"Goblin Cutters loses 1 of its number ({heads - 1} left).", "The last of Goblin Cutters falls."]


def test_a_harmless_blow_floats_glances_off_not_minus_nothing(world):
    from game.ui.floaters import Floaters

    wolf = spawn(world, "wolf")
    world.pop_events()
    event = world.emit("hit", world.hero, wolf, weapon="Dagger", damage=0, extra="", text=("hit_glance",))
    floaters = Floaters()
    floaters.add(event, 0, 0)
    assert [f.words for f in floaters.items] == ["glances off"]
