"""Room → occupants and floor-items index, free squares (Reconciliation 5), and distances between rooms."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.maps.model import DungeonMap, Exit, Square, Trap
from game.world.components import Footprint, Position

if TYPE_CHECKING:
    from game.world.world import World


def footprint_squares(top_left: Square, w: int, h: int) -> list[Square]:
    x, y = top_left
    return [(x + i, y + j) for j in range(h) for i in range(w)]


def footprint_of(world: World, eid: int) -> Footprint:
    """The squares a creature covers (C10); one square unless it has a Footprint."""
    return world.try_get(eid, Footprint) or Footprint()


def occupied(pos: Position, fp: Footprint) -> list[Square]:
    """The squares a creature stands on: a group's heads (C31), else its footprint from its square."""
    return list(pos.cells) if pos.cells else footprint_squares(pos.square, fp.w, fp.h)


@dataclass(slots=True)
class RoomState:
    """What the world keeps of one room, in one record so a creature entering it reaches it all at once."""

    x: int
    y: int
    w: int
    h: int
    exits: list[tuple[Exit, int]]
    grid: list[int]  # who stands on each square, row by row (0: free; a store's entity ids start at 1)
    used: int = 0  # squares taken
    occupants: dict[int, None] = field(default_factory=dict)  # creatures, in the order they came
    floor: dict[int, None] = field(default_factory=dict)  # items lying here
    gear: dict[int, None] = field(default_factory=dict)  # wearable items lying here
    provisions: dict[int, None] = field(default_factory=dict)  # food and drink lying here
    stacks: dict[tuple, int] = field(default_factory=dict)  # a floor stack by what it is and its square (items.lay)
    stack_of: dict[int, tuple] = field(default_factory=dict)  # and back
    spots: dict[tuple, list[int]] = field(default_factory=dict)  # spot orders (spot_order), shared by rooms of a size

    @property
    def free(self) -> int:
        """Squares no one stands on."""
        return self.w * self.h - self.used

    def index(self, square: Square) -> int:
        return square[0] - self.x + (square[1] - self.y) * self.w

    def square(self, index: int) -> Square:
        return self.x + index % self.w, self.y + index // self.w


class RoomIndex:
    """Keeps who stands where so no system scans every entity to find a room's occupants."""

    def __init__(self, dungeon: DungeonMap) -> None:
        orders: dict[tuple[int, int], dict[tuple, list[int]]] = {}  # one cache of spot orders per room size
        self._rooms: dict[int, RoomState] = {
            r.id: RoomState(r.x, r.y, r.w, r.h, dungeon.exits_of(r.id), [0] * (r.w * r.h),
                            spots=orders.setdefault((r.w, r.h), {}))
            for r in dungeon.rooms.values()}
        self.exits: dict[int, list[tuple[Exit, int]]] = {r: state.exits for r, state in self._rooms.items()}
        self._distances: dict[int, dict[int, int]] = {}
        self.traps: dict[int, list[Trap]] = {}
        for trap in dungeon.traps:
            self.traps.setdefault(trap.room, []).append(trap)

    # creatures
    def occupants(self, room: int) -> list[int]:
        return list(self._rooms[room].occupants)

    def busy_rooms(self) -> list[int]:
        """Rooms with at least two creatures, the only ones where a pair can meet (N7)."""
        return [room for room, state in self._rooms.items() if len(state.occupants) > 1]

    def place(self, eid: int, room: int, squares: list[Square]) -> None:
        state = self._rooms[room]
        state.occupants[eid] = None
        grid, x, y, w = state.grid, state.x, state.y, state.w
        for sx, sy in squares:
            i = sx - x + (sy - y) * w  # RoomState.index, inline: a square a head of every group that moves
            if not grid[i]:
                state.used += 1
            grid[i] = eid

    def remove(self, eid: int, room: int, squares: list[Square]) -> None:
        self._rooms[room].occupants.pop(eid, None)
        self.vacate(eid, room, squares)

    def vacate(self, eid: int, room: int, squares: list[Square]) -> None:
        """Free some of a creature's squares (a group that lost heads) without taking it from the room."""
        state = self._rooms[room]
        grid, x, y, w = state.grid, state.x, state.y, state.w
        for sx, sy in squares:
            i = sx - x + (sy - y) * w  # RoomState.index, inline
            if grid[i] == eid:
                grid[i] = 0
                state.used -= 1

    def free_squares(self, room: int) -> int:
        return self._rooms[room].free

    def free_spot(self, room: int, w: int = 1, h: int = 1, near: Square | None = None) -> Square | None:
        """The top-left square nearest `near` where a w×h footprint fits on free squares, or None."""
        state = self._rooms[room]
        if state.free < w * h:
            return None
        grid, width = state.grid, state.w
        for i in spot_order(state, w, h, near):
            if w == h == 1:
                if not grid[i]:
                    return state.square(i)
            elif not any(grid[i + dx + dy * width] for dy in range(h) for dx in range(w)):
                return state.square(i)
        return None

    def free_cells(self, room: int, count: int, near: Square | None = None) -> list[Square] | None:
        """The `count` free squares nearest `near`, for a minion group's heads (C31), or None."""
        state = self._rooms[room]
        if state.free < count:
            return None
        grid, found = state.grid, []
        if count <= 0:
            return found
        x, y, w = state.x, state.y, state.w
        for i in spot_order(state, 1, 1, near):
            if not grid[i]:
                found.append((x + i % w, y + i // w))  # RoomState.square, inline
                if len(found) == count:
                    break
        return found

    # floor items
    def floor(self, room: int) -> list[int]:
        return list(self._rooms[room].floor)

    def gear_on_floor(self, room: int) -> list[int]:
        return list(self._rooms[room].gear)

    def has_gear(self, room: int) -> bool:
        """Whether any wearable item lies in the room (the gear stage asks it of every creature)."""
        return bool(self._rooms[room].gear)

    def provisions_on_floor(self, room: int) -> list[int]:
        return list(self._rooms[room].provisions)

    def has_provisions(self, room: int) -> bool:
        """Whether any food or drink lies in the room (the needs stage asks it of every creature)."""
        return bool(self._rooms[room].provisions)

    def stack_at(self, room: int, stack: tuple) -> int | None:
        """The floor stack of `stack` (what it is and where it lies, items.stack_key) in the room, if one lies there."""
        return self._rooms[room].stacks.get(stack)

    def drop_item(self, eid: int, room: int, wearable: bool, provision: bool, stack: tuple | None = None) -> None:
        state = self._rooms[room]
        state.floor[eid] = None
        if wearable:
            state.gear[eid] = None
        if provision:
            state.provisions[eid] = None
        if stack is not None and stack not in state.stacks:
            state.stacks[stack], state.stack_of[eid] = eid, stack

    def lift_item(self, eid: int, room: int) -> None:
        state = self._rooms[room]
        state.floor.pop(eid, None)
        state.gear.pop(eid, None)
        state.provisions.pop(eid, None)
        stack = state.stack_of.pop(eid, None)
        if stack is not None:
            del state.stacks[stack]

    # the room graph
    def distances_from(self, room: int) -> dict[int, int]:
        """Steps through exits from `room` to every reachable room (breadth-first, cached)."""
        cached = self._distances.get(room)
        if cached is None:
            cached = {room: 0}
            queue = deque([room])
            while queue:
                here = queue.popleft()
                for _, there in self.exits[here]:
                    if there not in cached:
                        cached[there] = cached[here] + 1
                        queue.append(there)
            self._distances[room] = cached
        return cached


def spot_order(state: RoomState, w: int, h: int, near: Square | None) -> list[int]:
    """Squares (as indices) where a w×h footprint's top-left may stand inside the room, nearest `near`
    (else the room's centre) first, then by row and column. Cached by `near`'s place relative to the room, in
    a cache all rooms of one size share (the order is the same in each: most rooms of a map have a few sizes)."""
    dx, dy = (near[0] - state.x, near[1] - state.y) if near is not None else (state.w // 2, state.h // 2)
    key = (w, h, dx, dy)
    spots = state.spots.get(key)
    if spots is None:
        fits = sorted((abs(i - dx) + abs(j - dy), j, i) for j in range(state.h - h + 1) for i in range(state.w - w + 1))
        spots = state.spots[key] = [i + j * state.w for _, j, i in fits]
    return spots
