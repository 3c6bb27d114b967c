"""The people view (N71, issue 23): who likes whom among the people this hero has observed, in N71's words,
never more than the hero has seen; opened from a conversation."""
from __future__ import annotations

import pygame
import pytest

from game.ui.people import PeopleScene
from game.world.peopleview import UNSAID, people_view
from game.world.verbs import social
from game.world.verbs.speech import living_names
from game.world.verbs.witness import observe, witness_of
from tests.helpers.talk_fixtures import beside, resident
from tests.helpers.ui_scenes import talking


@pytest.mark.rule("N71")
def test_N71_the_view_lists_only_people_the_hero_observed_with_their_feelings_for_each_other(village):
    world = village.world
    assert people_view(world, world.hero) == () or all(k.name for k in people_view(world, world.hero))
    person = resident(world)
    beside(world, person)
    observe(world, world.hero)
    seen = witness_of(world, world.hero).seen
    names = living_names(world)
    known = people_view(world, world.hero)
    assert {k.name for k in known} == {names[uid][1] for uid in seen if uid in names}
    by_name = {names[uid][1]: uid for uid in seen if uid in names}
    for person_known in known:
        for other, word in person_known.feelings:
            assert other in by_name and word != UNSAID
            assert social.band(world, names[by_name[person_known.name]][0], by_name[other]) == word


@pytest.mark.usefixtures("display")
def test_the_people_view_opens_from_a_conversation():
    with talking() as (stack, dialogue):
        dialogue.choose(next(c for c in dialogue.choices() if c.key == "people"))
        assert isinstance(stack.top, PeopleScene)
        stack.top.draw(pygame.display.get_surface())
