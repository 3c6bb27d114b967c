"""Growth stage (N27-N29): one XP a turn alive, levels at 100 then doubling, stats +10 % of natural."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.growth import xp_for_level
from game.world.verbs.experience import gain

if TYPE_CHECKING:
    from game.world.world import World

XP_PER_TURN = 1  # N27


def run(world: World) -> None:
    for actor in world.actors.all():
        if actor.body.health <= 0:
            continue
        growth = actor.growth
        growth.xp += XP_PER_TURN
        level = growth.level  # level_for_xp(xp) != level, asked of the level's bounds (XP grows by doubling steps)
        if growth.xp >= xp_for_level(level + 1) or level > 0 and growth.xp < xp_for_level(level):
            gain(world, actor.eid, 0, actor.unlocks)  # the level and what it brings
