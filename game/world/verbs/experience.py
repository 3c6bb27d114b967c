"""Experience (N27-N29, N43): XP gained, and the level it brings: stats grow (N28), health rises and heals
by the rise, and the room hears of it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.growth import level_for_xp
from game.world.components import Body, Growth, Position
from game.world.verbs import loadout

if TYPE_CHECKING:
    from game.world.world import World


def gain(world: World, eid: int, xp: int, unlocks: dict[int, str] | None = None) -> None:
    """`eid` gains `xp`; at a new level its card grows (loadout.refresh) and it heals by the rise of its
    maximum (N28); `unlocks` (level -> behaviour) names what the level unlocks (N29)."""
    growth = world.get(eid, Growth)
    growth.xp += xp
    level = level_for_xp(growth.xp)
    if level == growth.level:
        return
    body = world.get(eid, Body)
    before = body.card.health
    growth.level = level
    loadout.refresh(world, eid)
    body.health += max(0, body.card.health - before)  # N28: heals by the rise of its maximum
    world.emit("level_up", eid, room=world.get(eid, Position).room, level=level,
               unlocked=[b for lvl, b in (unlocks or {}).items() if lvl == level])
