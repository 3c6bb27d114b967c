"""Who or what a key, a click or the look mode means on the dungeon screen: the creature on a square, the exit
an arrow key picks, the next person to talk to or bind, the nearest item, and what the look mode steps
through. Pure reading of views: nothing here draws or commands."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from game.maps.model import DungeonMap, Exit, Square
from game.world.views import CreatureView, ItemView

DIRECTIONS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}


def on_square(view: CreatureView, square: Square) -> bool:
    """Whether the creature stands on `square` (its footprint, or a group's head square)."""
    x, y = view.square
    return x <= square[0] < x + view.footprint[0] and y <= square[1] < y + view.footprint[1] or square in view.cells


def creature_at(views: Iterable[CreatureView], square: Square) -> CreatureView | None:
    """The living creature standing on `square`, if any."""
    return next((view for view in views if on_square(view, square)), None)


def door_side(dungeon: DungeonMap, room_id: int, ex: Exit, hero_square: Square) -> str:
    """The direction a door lies in from the hero's room: the wall it is in (a door left of the room's
    rectangle is west of every square of it), else, for a door inside the rectangle, the larger step from the
    hero's square."""
    room = dungeon.rooms[room_id]
    x, y = ex.square
    outside = {"west": room.x - x, "east": x - (room.x + room.w - 1), "north": room.y - y,
               "south": y - (room.y + room.h - 1)}
    side, depth = max(outside.items(), key=lambda kv: kv[1])
    if depth > 0:
        return side
    dx, dy = x - hero_square[0], y - hero_square[1]
    if abs(dx) >= abs(dy):
        return "east" if dx > 0 else "west"
    return "south" if dy > 0 else "north"


def exits_by_side(dungeon: DungeonMap, room_id: int, hero_square: Square) -> dict[str, list[tuple[Exit, int]]]:
    """The room's exits by the direction their doors lie in, nearest to the hero first."""
    sides: dict[str, list[tuple[Exit, int]]] = {}
    for ex, other in dungeon.exits_of(room_id):
        sides.setdefault(door_side(dungeon, room_id, ex, hero_square), []).append((ex, other))
    for found in sides.values():
        found.sort(key=lambda pair: (abs(pair[0].square[0] - hero_square[0]) + abs(pair[0].square[1] - hero_square[1]),
                                     pair[0].id))
    return sides


def exit_towards(dungeon: DungeonMap, room_id: int, hero_square: Square, direction: str) -> int | None:
    """The room an arrow key (or WASD) leads to: through the nearest door lying in `direction`, else None."""
    found = exits_by_side(dungeon, room_id, hero_square).get(direction)
    return found[0][1] if found else None


def direction_of(dungeon: DungeonMap, room_id: int, hero_square: Square, other: int) -> str | None:
    """Which arrow key leads to `other` (the panel prints it beside the exit), if one does."""
    for side, found in exits_by_side(dungeon, room_id, hero_square).items():
        if found[0][1] == other:
            return side
    return None


def by_distance(views: Iterable[CreatureView], square: Square) -> list[CreatureView]:
    """Creatures nearest `square` first (ties by uid, so the order is stable)."""
    return sorted(views, key=lambda v: (abs(v.square[0] - square[0]) + abs(v.square[1] - square[1]), v.uid))


def next_after(candidates: Sequence[CreatureView], last_uid: str) -> CreatureView:
    """The candidate after the one chosen last (T and M cycle through a room), else the first."""
    uids = [v.uid for v in candidates]
    return candidates[(uids.index(last_uid) + 1) % len(candidates) if last_uid in uids else 0]


def nearest_item(items: Iterable[ItemView], square: Square) -> ItemView | None:
    """The item on the floor nearest `square` that can be picked up (springs and patches stay put)."""
    loose = [i for i in items if i.square is not None and not i.fixture]
    return min(loose, key=lambda i: abs(i.square[0] - square[0]) + abs(i.square[1] - square[1])) if loose else None


@dataclass(frozen=True)
class Sight:
    """One thing the look mode stops at: a creature, an item on the floor or an exit, and its square."""

    kind: str  # "creature", "item" or "exit"
    square: Square
    creature: CreatureView | None = None
    items: tuple[ItemView, ...] = ()
    room: int | None = None  # an exit's room beyond
    label: str = ""


def sights(dungeon: DungeonMap, hero: CreatureView, views: Iterable[CreatureView],
           floor: Iterable[ItemView]) -> list[Sight]:
    """What the look mode steps through in the hero's room: creatures (nearest first, the hero last), the
    squares with items, then the exits."""
    here = [v for v in views if v.room == hero.room]
    found = [Sight("creature", v.square, creature=v, label=v.name) for v in by_distance(here, hero.square)
             if not v.is_hero] + [Sight("creature", hero.square, creature=hero, label=hero.name)]
    squares: dict[Square, list[ItemView]] = {}
    for item in floor:
        if item.square is not None:
            squares.setdefault(item.square, []).append(item)
    hx, hy = hero.square
    for square in sorted(squares, key=lambda s: (abs(s[0] - hx) + abs(s[1] - hy), s)):
        found.append(Sight("item", square, items=tuple(squares[square]),
                           label=", ".join(i.name for i in squares[square])))
    for ex, other in dungeon.exits_of(hero.room):
        found.append(Sight("exit", ex.square, room=other,
                           label=dungeon.rooms[other].name + (" (locked)" if ex.locked else "")))
    return found
