"""Room → occupants and floor-items index, free squares (Reconciliation 5), and distances between rooms."""
from __future__ import annotations

from collections import deque

from game.maps.model import DungeonMap, Exit, Square, Trap
from game.world.components import Footprint, Position


def footprint_squares(top_left: Square, w: int, h: int) -> list[Square]:
    x, y = top_left
    return [(x + i, y + j) for j in range(h) for i in range(w)]


def occupied(pos: Position, fp: Footprint) -> list[Square]:
    """The squares a creature stands on: a group's heads (C31), else its footprint from its square."""
    return list(pos.cells) if pos.cells else footprint_squares(pos.square, fp.w, fp.h)


class RoomIndex:
    """Keeps who stands where so no system scans every entity to find a room's occupants."""

    def __init__(self, dungeon: DungeonMap) -> None:
        self.map = dungeon
        self._occupants: dict[int, dict[int, None]] = {r: {} for r in dungeon.rooms}
        self._floor: dict[int, dict[int, None]] = {r: {} for r in dungeon.rooms}
        self._gear: dict[int, dict[int, None]] = {r: {} for r in dungeon.rooms}  # wearable floor items
        self._provisions: dict[int, dict[int, None]] = {r: {} for r in dungeon.rooms}  # food and drink
        # who stands on each square of a room, row by row (0: free; esper's entity ids start at 1)
        self._shape: dict[int, tuple[int, int, int, int]] = {r.id: (r.x, r.y, r.w, r.h) for r in dungeon.rooms.values()}
        self._grid: dict[int, list[int]] = {r.id: [0] * (r.w * r.h) for r in dungeon.rooms.values()}
        self._used: dict[int, int] = {r: 0 for r in dungeon.rooms}
        self.exits: dict[int, list[tuple[Exit, int]]] = {r: dungeon.exits_of(r) for r in dungeon.rooms}
        self._distances: dict[int, dict[int, int]] = {}
        self._spot_orders: dict[tuple, list[int]] = {}
        self.traps: dict[int, list[Trap]] = {}
        for trap in dungeon.traps:
            self.traps.setdefault(trap.room, []).append(trap)

    # creatures
    def occupants(self, room: int) -> list[int]:
        return list(self._occupants[room])

    def busy_rooms(self) -> list[int]:
        """Rooms with at least two creatures, the only ones where a pair can meet (N7)."""
        return [room for room, occupants in self._occupants.items() if len(occupants) > 1]

    def place(self, eid: int, room: int, squares: list[Square]) -> None:
        self._occupants[room][eid] = None
        grid, (x, y, w, _h) = self._grid[room], self._shape[room]
        for sx, sy in squares:
            i = sx - x + (sy - y) * w
            if not grid[i]:
                self._used[room] += 1
            grid[i] = eid

    def remove(self, eid: int, room: int, squares: list[Square]) -> None:
        self._occupants[room].pop(eid, None)
        self.vacate(eid, room, squares)

    def vacate(self, eid: int, room: int, squares: list[Square]) -> None:
        """Free some of a creature's squares (a group that lost heads) without taking it from the room."""
        grid, (x, y, w, _h) = self._grid[room], self._shape[room]
        for sx, sy in squares:
            i = sx - x + (sy - y) * w
            if grid[i] == eid:
                grid[i] = 0
                self._used[room] -= 1

    def free_squares(self, room: int) -> int:
        _x, _y, w, h = self._shape[room]
        return w * h - self._used[room]

    def free_spot(self, room: int, w: int = 1, h: int = 1, near: Square | None = None) -> Square | None:
        """The top-left square nearest `near` where a w×h footprint fits on free squares, or None."""
        if self.free_squares(room) < w * h:
            return None
        grid, (x, y, width, _h) = self._grid[room], self._shape[room]
        for i in self._spots_by_distance(room, w, h, near):
            if w == h == 1:
                if not grid[i]:
                    return x + i % width, y + i // width
            elif not any(grid[i + dx + dy * width] for dy in range(h) for dx in range(w)):
                return x + i % width, y + i // width
        return None

    def free_cells(self, room: int, count: int, near: Square | None = None) -> list[Square] | None:
        """The `count` free squares nearest `near`, for a minion group's heads (C31), or None."""
        if self.free_squares(room) < count:
            return None
        grid, (x, y, width, _h) = self._grid[room], self._shape[room]
        free = [i for i in self._spots_by_distance(room, 1, 1, near) if not grid[i]][:count]
        return [(x + i % width, y + i // width) for i in free]

    def _spots_by_distance(self, room: int, w: int, h: int, near: Square | None) -> list[int]:
        """Squares (as row-by-row indices) where a w×h footprint's top-left may stand inside the room,
        nearest `near` first, then by row and column (cached)."""
        key = (room, w, h, near)
        spots = self._spot_orders.get(key)
        if spots is None:
            x, y, width, height = self._shape[room]
            cx, cy = near if near is not None else (x + width // 2, y + height // 2)
            fits = [(j, i) for j in range(height - h + 1) for i in range(width - w + 1)]
            fits.sort(key=lambda s: (abs(x + s[1] - cx) + abs(y + s[0] - cy), s[0], s[1]))
            spots = self._spot_orders[key] = [i + j * width for j, i in fits]
        return spots

    # floor items
    def floor(self, room: int) -> list[int]:
        return list(self._floor[room])

    def gear_on_floor(self, room: int) -> list[int]:
        return list(self._gear[room])

    def provisions_on_floor(self, room: int) -> list[int]:
        return list(self._provisions[room])

    def drop_item(self, eid: int, room: int, wearable: bool, provision: bool) -> None:
        self._floor[room][eid] = None
        if wearable:
            self._gear[room][eid] = None
        if provision:
            self._provisions[room][eid] = None

    def lift_item(self, eid: int, room: int) -> None:
        self._floor[room].pop(eid, None)
        self._gear[room].pop(eid, None)
        self._provisions[room].pop(eid, None)

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
