"""Read-only facts about a hero for the screen (issue 23): what the world itself keeps of its run for the death
recap (the rooms it entered, its Journey, and whether Second Wind went unused in its last fight), and whether
its pack is nearly full (the first-time hint)."""
from __future__ import annotations

from dataclasses import dataclass

from game.world.verbs.deeds import has_second_wind, journey
from game.world.verbs.loadout import capacity, carried_weight
from game.world.world import World

PACK_NEARLY_FULL = 0.9  # the share of its capacity (N33) at which a pack counts as nearly full


@dataclass(frozen=True)
class RunFacts:
    rooms_seen: int
    second_wind_unused: bool


def run_facts(world: World, hero: int) -> RunFacts:
    trip = journey(world, hero)
    return RunFacts(len(trip.rooms), has_second_wind(world, hero) and not trip.winded)


def pack_nearly_full(world: World, eid: int) -> bool:
    """Whether what `eid` carries weighs nine tenths of what it can carry (N33) or more."""
    return carried_weight(world, eid) >= PACK_NEARLY_FULL * capacity(world, eid)
