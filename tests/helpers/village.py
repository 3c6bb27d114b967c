"""The village's people and merchants, found and stood beside."""
from __future__ import annotations

from game.world.components import Identity, Merchant, Persona
from game.world.verbs.moving import relocate


def villager(world, eid: int) -> bool:
    return eid != world.hero and world.get(eid, Identity).codex_id == "villager" \
        and world.has(eid, Persona)


def merchant(world, kind: str) -> int:
    return next(eid for eid, shop in world.query(Merchant) if shop.trade == kind)


def beside(world, eid: int) -> None:
    """The hero steps into `eid`'s room."""
    room = world.room_of(eid)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
