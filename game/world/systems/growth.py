"""Growth stage (N27-N29): one XP a turn alive, levels at 100 then doubling, stats +10 % of natural."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.growth import level_for_xp
from game.world.verbs import loadout

if TYPE_CHECKING:
    from game.world.world import World

XP_PER_TURN = 1  # N27


def run(world: World) -> None:
    for actor in world.actors.all():
        eid, body, growth, pos = actor.eid, actor.body, actor.growth, actor.pos
        if body.health <= 0:
            continue
        growth.xp += XP_PER_TURN
        level = level_for_xp(growth.xp)
        if level == growth.level:
            continue
        before = body.card.health
        growth.level = level
        loadout.refresh(world, eid)
        body.health += max(0, body.card.health - before)  # N28: heals by the rise of its maximum
        world.emit("level_up", eid, room=pos.room, level=level,
                   unlocked=[b for lvl, b in actor.unlocks.items() if lvl == level])
