"""The journey bot (issue 24, tools/journey.py): a short journey on a fixed seed runs end to end through the
screens' commands: work done for a villager and claimed, purchases, a recruit, a dungeon entered and left by the
region map's travel, the way home; the same seed gives the same journey."""
from __future__ import annotations

import pytest

from game.world.commands import Buy, Move, Recruit, Work
from tools.journey import JourneyBot

SEED = 1
CAP = 400  # world turns: the village, one dungeon and the way home
SITE_TURNS = 40  # it leaves the dungeon after this long (whole and calm)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def bot():
    bot = JourneyBot(SEED, cap=CAP, site_turns=SITE_TURNS)
    bot.trip = bot.run()
    return bot


def test_the_journey_works_for_a_villager_buys_and_recruits_through_the_commands(bot):
    trip, given = bot.trip, bot.commands
    claims = [c for c in given if isinstance(c, Work) and c.action in ("claim", "give")]
    assert trip.jobs >= 3 and len(claims) >= trip.jobs  # each job claimed with the Work command
    assert sum(isinstance(c, Work) and c.action == "accept" for c in given) >= trip.jobs
    buys = [c for c in given if isinstance(c, Buy)]
    assert len(buys) == len(trip.bought) >= 4  # provisions, a potion, gear
    assert "healing_potion" in trip.bought and {"longsword", "leather_jerkin", "helmet"} & set(trip.bought)
    assert [c for c in given if isinstance(c, Recruit)] and trip.recruited == 1
    assert sum(isinstance(c, Move) for c in given) > 20  # it walked room by room


def test_the_journey_enters_the_least_dangerous_dungeon_first_and_comes_back_out(bot):
    trip = bot.trip
    first = trip.visits[0]
    assert (first.site, first.kind, first.tier) == ("The Ruined Keep", "dungeon", 3)  # the region map's danger
    assert first.party == 1 and not first.died  # with its recruit, and out alive
    assert SITE_TURNS <= first.turns < CAP
    assert 0 < first.rooms < 1
    kinds = [kind for kind, _ in bot.travelled]
    assert ("arrive", "The Ruined Keep") in bot.travelled and ("surface", "The Ruined Keep") in bot.travelled
    keep = bot.travelled.index(("arrive", "The Ruined Keep"))
    assert ("arrive", "Ashby Vale") in bot.travelled[keep:]  # home again to rest and trade
    assert kinds.count("travel") >= 2


def test_the_same_seed_gives_the_same_journey(bot):
    again = JourneyBot(SEED, cap=CAP, site_turns=SITE_TURNS).run()
    assert again == bot.trip
