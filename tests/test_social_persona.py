"""Who thinking creatures are (N65, N74, N83): personas drawn from social.toml, first impressions, the dice
an approach earns, and the social components saved and loaded."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from game.launch import new_game
from game.paths import DEFAULT_MAP
from game.rules.social import approach_dice
from game.save import load_world, save_world
from game.world.components import Loyalty, Memories, Memory, Opinion, Opinions, Persona
from game.world.verbs import factory, social
from tests.helpers.world_fixtures import spawn
from tests.helpers.data_edits import content_error


def persona(people="human", faith="none", background="survivor", outlook="neutral", traits=()):
    return Persona(people, faith, background, outlook, frozenset(traits))


@pytest.mark.rule("N74")
def test_N74_thinking_kinds_get_a_persona_and_the_others_none(world):
    villager, merchant, wolf = spawn(world, "villager"), spawn(world, "merchant", 1), spawn(world, "wolf", 2)
    assert world.has(villager, Persona) and world.has(villager, Opinions)
    assert not world.has(merchant, Persona)  # N74: merchants take no part
    assert not world.has(wolf, Persona)


@pytest.mark.rule("N83")
def test_N83_a_map_background_wins_over_the_draw(world):
    assert world.get(spawn(world, "villager", background="hermit"), Persona).background == "hermit"


def test_personas_follow_the_weights_of_their_kind(world):
    drawn = Counter(social.draw_persona(world, "villager").background for _ in range(7000))
    # social.toml: survivor 2, wanderer 2, emissary 2, outlaw 1 (of 7)
    for background, weight in (("survivor", 2), ("wanderer", 2), ("emissary", 2), ("outlaw", 1)):
        assert abs(drawn[background] - 1000 * weight) < 4 * (7000 * weight / 7 * (1 - weight / 7)) ** 0.5
    assert social.draw_persona(world, "wolf") is None


@pytest.mark.rule("N65")
def test_N65_first_impressions_come_from_people_and_faith(world):
    human, goblin = persona(), persona(people="goblin")
    assert social.impression(world, human, goblin) == -8 and social.impression(world, goblin, human) == -6
    assert social.impression(world, persona(faith="flame"), persona(faith="flame")) == 4
    assert social.impression(world, persona(faith="none"), persona(faith="none")) == 0  # no faith to share
    assert social.impression(world, persona(faith="flame"), persona(faith="drowned")) == -12
    assert social.impression(world, persona(faith="flame", traits=["zealot"]), persona(faith="drowned")) == -14
    assert social.impression(world, persona(faith="flame"), persona(faith="old_ways")) == 0


@pytest.mark.rule("N65")
def test_N65_meeting_forms_both_sides_once(world):
    a, b = spawn(world, "villager"), spawn(world, "villager")
    social.meet(world, a, b)
    ab = world.get(a, Opinions).of[world.uid(b)]
    assert world.get(b, Opinions).of[world.uid(a)].first == \
        social.impression(world, world.get(b, Persona), world.get(a, Persona))
    ab.now = 9
    social.meet(world, a, b)
    assert world.get(a, Opinions).of[world.uid(b)].now == 9  # formed once, then kept
    social.meet(world, a, world.hero)
    assert world.get(a, Opinions).of["hero"] == Opinion(0, 0, 0)  # Charisma 2: no change (N39)


@pytest.mark.rule("N83")
@pytest.mark.parametrize("who, approach, dice", [
    (persona("human", "none", "survivor", "good", ["loves_helping"]), "kind", 2),  # 3, held to two (N77)
    (persona("human", "none", "survivor", "good"), "threatening", -2),
    (persona("human", "none", "hermit", "neutral"), "humorous", -1),
    (persona("human", "none", "outlaw", "evil"), "deceitful", 2),
    (persona("human", "none", "outlaw", "evil"), "pious", -2),
    (persona("human", "none", "rival", "good", ["hates_lies"]), "deceitful", -2),
    (persona("human", "none", "emissary", "neutral", ["despises_violence"]), "threatening", -2),
    (persona("human", "none", "wanderer", "neutral"), "practical", 0),
    (persona("human", "none", "", "good"), "kind", 1),  # notable people have no background
])
def test_N83_background_outlook_and_personality_each_add_or_remove_a_die(world, who, approach, dice):
    assert approach_dice(approach, social.approach_likes(world, who)) == dice


def test_the_social_components_are_saved_and_loaded(tmp_path: Path):
    game = new_game(DEFAULT_MAP, 3)
    world = game.world
    try:
        room = world.map.entrance[0]
        a, b = (factory.spawn_creature(world, "villager", room) for _ in range(2))
        social.meet(world, a, b)
        world.get(a, Loyalty).to["hero"] = 12
        world.get(a, Memories).known.append(Memory("hero", "help", world.uid(b), "the mine", 3))
        before = {cls: world.get(a, cls) for cls in (Persona, Opinions, Loyalty, Memories)}
        uid = world.uid(a)
        save_world(world, tmp_path / "slot.sav")
    finally:
        game.close()
    loaded = load_world(tmp_path / "slot.sav")
    try:
        again = next(eid for eid in loaded.creatures() if loaded.uid(eid) == uid)
        assert {cls: loaded.get(again, cls) for cls in before} == before
        assert before[Opinions].of and before[Memories].known
    finally:
        loaded.close()


@pytest.mark.parametrize("change, message", [
    (('heretics = ["drowned"]', 'heretics = ["moon"]'), "faiths.flame.heretics: unknown faith 'moon'"),
    (('welcomes = ["kind", "practical"]', 'welcomes = ["kindly"]'), "'kindly' is not an approach"),
    (('backgrounds = { wanderer = 4,', 'backgrounds = { pilgrim = 4,'), "people.wanderer.backgrounds.pilgrim: unknown"),
    (('members = ["goblin_cutters"]', 'members = ["gnoll"]'), "unknown codex id 'gnoll'"),
])
def test_a_bad_social_file_is_one_line_naming_the_entry(tmp_path: Path, change, message):
    assert re.search(message, str(content_error(tmp_path, "social.toml", *change)))


@pytest.mark.rule("N73")
def test_N73_a_deed_is_remembered_with_its_source_and_place(world):
    a, b = spawn(world, "villager"), spawn(world, "villager")
    social.remember(world, a, world.hero, "help")
    social.remember(world, b, world.hero, "slight", source=a)
    assert world.get(a, Memories).known == [Memory("hero", "help", world.uid(a), "Room 0", 0)]
    assert world.get(b, Memories).known[0].source == world.uid(a)


@pytest.mark.rule("N71")
def test_N71_shifts_stay_on_the_scale_and_read_as_bands(world):
    a, b = spawn(world, "villager"), spawn(world, "villager")
    assert social.band(world, a, world.uid(b)) is None  # not met
    social.shift(world, a, b, 100)
    assert world.get(a, Opinions).of[world.uid(b)].now == 30
    assert social.band(world, a, world.uid(b)) == "trusted"
    social.shift(world, a, b, -45)
    assert social.band(world, a, world.uid(b)) == "hostile"  # -15


@pytest.mark.rule("N83")
def test_N83_notable_people_have_no_background(world):
    elder = spawn(world, "villager", kind="notable")
    assert world.get(elder, Persona).background == ""
    assert world.get(spawn(world, "villager", kind="world"), Persona).background != ""
