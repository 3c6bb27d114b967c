"""A hero leaving one site's world and arriving in another's (N62): the same components, carried across.

Each site of the region is a world of its own (game/world/realm.py). A hero who leaves one is taken out
whole, its components and its pack's, as a `Traveller`, and so are the companions following it (N4, N38);
arriving, each is put back in the new world at the map's entrance with every entity id remapped. Nothing is copied or rebuilt, so the hero arrives exactly
as it left: health, needs, growth, gear, what it witnessed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.world.components import Identity, Inventory, Item, Mood, Position
from game.world.rooms import footprint_of, occupied

if TYPE_CHECKING:
    from game.world.world import World


@dataclass(slots=True)
class Traveller:
    """A hero or a companion between worlds: its components and its pack's items (each with the entity id it had)."""

    parts: list[Any]
    items: list[tuple[int, list[Any]]]

    @property
    def identity(self) -> Identity:
        return next(part for part in self.parts if isinstance(part, Identity))

    @property
    def name(self) -> str:
        return self.identity.name


def take_out(world: World, eid: int) -> Traveller:
    """Lift the creature `eid` and everything it carries out of `world`; the world forgets them."""
    pos, fp = world.get(eid, Position), footprint_of(world, eid)
    world.rooms.remove(eid, pos.room, occupied(pos, fp))
    carried = list(world.get(eid, Inventory).items)
    items = [(item, list(world.components_of(item))) for item in carried]
    parts = list(world.components_of(eid))
    world.actors.remove(eid)
    for item in carried:
        world.delete(item, immediate=True)
    world.delete(eid, immediate=True)
    if world.hero == eid:
        world.hero = 0  # the world goes on without a hero (systems look for none)
    return Traveller(parts, items)


def bring_in(world: World, traveller: Traveller, room: int, square: tuple[int, int]) -> int:
    """Put the traveller into `world` on the free square of `room` nearest `square` (a companion with none
    there: a free square of the nearest room that has one, whence it catches up, N4; a minion group's heads
    on free squares of one room, C31); its entity id."""
    if traveller.identity.kind != "hero":
        world.admit(traveller.identity)
    eid = world.create(*traveller.parts)
    new_ids = {}
    for old, parts in traveller.items:
        new_ids[old] = world.create(*parts)
        world.get(new_ids[old], Item).owner = eid
    inv = world.get(eid, Inventory)
    inv.items = [new_ids[old] for old in inv.items]
    inv.equipped = {slot: new_ids[old] for slot, old in inv.equipped.items()}
    fp = footprint_of(world, eid)
    pos = world.get(eid, Position)
    if pos.cells:  # a minion group (C31): its heads on the free squares nearest `square`, in one room
        room, cells = group_room(world, room, len(pos.cells), square)
        pos.room, pos.square, pos.cells = room, cells[0], tuple(cells)
    else:
        spot = world.rooms.free_spot(room, fp.w, fp.h, square)
        if spot is None and world.has(eid, Mood):
            room, spot = nearest_free(world, room, fp.w, fp.h) or (room, None)
        pos.room, pos.square = room, spot or square
    world.rooms.place(eid, room, occupied(pos, fp))
    if world.has(eid, Mood):
        world.actors.add(eid)
    return eid


def group_room(world: World, room: int, heads: int, square: tuple[int, int]) -> tuple[int, list]:
    """Where a group of `heads` stands: free squares of `room` nearest `square`, else of the nearest room with
    room for them all, else (a full map) all on `square`, as a lone creature stands where nothing is free."""
    for other, _ in sorted(world.rooms.distances_from(room).items(), key=lambda pair: (pair[1], pair[0])):
        cells = world.rooms.free_cells(other, heads, square if other == room else None)
        if cells is not None:
            return other, cells
    return room, [square] * heads


def nearest_free(world: World, room: int, w: int, h: int) -> tuple[int, tuple[int, int]] | None:
    """The room nearest `room` with a free place for a w x h footprint, and that place."""
    for other, _ in sorted(world.rooms.distances_from(room).items(), key=lambda pair: (pair[1], pair[0])):
        spot = world.rooms.free_spot(other, w, h)
        if spot is not None:
            return other, spot
    return None
