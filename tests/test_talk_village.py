"""A scripted hero in Ashby Vale (maps/village.tmx) talks to three villagers through the commands the
dialogue screen sends, and each time a moment begins it answers; loyalty moves as the dice say (N75-N83)."""
from __future__ import annotations

import pytest

from game.launch import new_game
from game.paths import ROOT
from game.world.commands import Ask, Move, Reply, Talk
from game.world.components import Persona
from game.world.talkview import talk_view
from tests.helpers.moments import OUTLOOKS, SEED_TABLE, TRAITS, expected_change
from tests.helpers.world_fixtures import step_towards
from tests.helpers.village import villager

VILLAGE = ROOT / "maps" / "village.tmx"


def seed_dice(persona: Persona, approach: str) -> int:
    """N83 by the seed's table: background, outlook and personality, one die each, at most two either way."""
    dice = 0
    for welcomes, resents in (SEED_TABLE.get(persona.background, (set(), set())), OUTLOOKS[persona.outlook]):
        dice += (approach in welcomes) - (approach in resents)
    dice += sum(die for trait, (a, die) in TRAITS.items() if trait in persona.traits and a == approach)
    return max(-2, min(2, dice))


@pytest.mark.rule("N75")
@pytest.mark.rule("N78")
@pytest.mark.rule("N79")
@pytest.mark.rule("N83")
def test_a_scripted_hero_talks_to_three_villagers_and_loyalty_moves_as_the_dice_say():
    game = new_game(VILLAGE, 7)
    world = game.world
    hero = world.hero
    moved: dict[str, tuple[int, int]] = {}  # uid -> (loyalty before, after)
    try:
        for _ in range(600):
            if len(moved) == 3 or world.over:
                break
            here = [e for e in world.creatures_in(world.hero_room()) if villager(world, e)
                    and world.uid(e) not in moved and not talk_view(world, hero, e).refusal]
            for person in here:
                if not world.alive(person) or world.room_of(person) != world.hero_room():
                    continue  # a world turn ran after a reply and this one has walked off
                assert game.do(Talk(hero, person)).ok
                view = talk_view(world, hero, person)
                if view.moment and not game.busy:
                    reply = next(c for c in view.choices if c.approach)
                    before = view.loyalty
                    world.pop_events()
                    assert game.do(Reply(hero, person, reply.approach)).ok
                    events = world.pop_events()
                    (measure,) = [e for e in events if e.kind == "measure"]
                    earned = seed_dice(world.get(person, Persona), reply.approach)
                    assert measure.data["earned"] == earned
                    assert len(measure.data["dice"]) == max(1, reply.points + earned)
                    faces = measure.data["dice"]
                    net = max(0, sum(f >= 4 for f in faces) - faces.count(1))
                    change = expected_change(net >= 1, net, earned, 1.0)  # the hero's Charisma is 2
                    after = talk_view(world, hero, person).loyalty
                    assert after == max(0, before + change)
                    moved[world.uid(person)] = (before, after)
                if not game.busy:
                    assert game.do(Ask(hero, person, "goodbye")).ok
                game.finish_turn()
            if game.busy:
                game.finish_turn()
                continue
            rooms = {world.room_of(e) for e in world.creatures() if villager(world, e) and world.uid(e) not in moved}
            step = step_towards(world, rooms)
            if step is None or not game.do(Move(hero, step)).ok:
                game.end_turn()
            game.finish_turn()
        assert len(moved) == 3, f"talked through {len(moved)} moments by turn {world.turn}"
    finally:
        world.close()
