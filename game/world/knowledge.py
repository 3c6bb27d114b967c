"""What the hero knows of the map (issue 23, docs/rules.md "Knowledge of the map"): observation, never a rule.

The hero sees its own room and the rooms through its open exits (an exit is open unless it is locked and has
not been opened). Every room it has seen stays known; a known room out of sight is remembered with the
creatures and items it held when last seen. A dungeon starts unknown, a settlement known (the map property
`known`, yes or no, overrides either). A hero loaded from a save made before knowledge existed knows the rooms it had
entered (its Journey) and the rooms next to them. `look` reads the world and writes only the hero's
Knowledge: no event, no roll, so event logs do not change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence


from game.world.components import Identity, Item, Journey, Knowledge, Mood, MoodState, Position
from game.world.verbs.moving import carries_key

if TYPE_CHECKING:
    from game.world.events import Event
    from game.world.world import World

Memory = Sequence  # (room, "foe" / "creature" / "item", codex or item id, x, y)
THREATS = (MoodState.ANGERED, MoodState.WARY, MoodState.LURKING)  # moods that count as a hostile's (a lurker in its
# lair is no enemy until it notices the hero, docs/rules.md "Lairs", but a player who sees it keeps clear of it)
HUNTING = (MoodState.ANGERED, MoodState.WANDERING, MoodState.EXPLORING)  # a hostile awake and on the move


def threat(world: World, eid: int) -> bool:
    """A living creature that is the hero's enemy, angered, warning it off its ground (C4) or lurking in its lair."""
    if eid == world.hero or not world.alive(eid):
        return False
    mood = world.try_get(eid, Mood)
    return world.is_enemy(eid, world.hero) or mood is not None and mood.state in THREATS


def hunting(world: World, eid: int) -> bool:
    """A threat awake and on the move: angered, or an enemy wandering or exploring (not resting, lurking, wary)."""
    mood = world.try_get(eid, Mood)
    return mood is not None and (mood.state == MoodState.ANGERED
                                 or mood.state in HUNTING and world.is_enemy(eid, world.hero))


def map_key(world: World) -> str:
    return world.map.path.name


def starts_known(world: World) -> bool:
    """A settlement's map starts known, a dungeon's unknown, unless the map's `known` property (yes or no)
    says otherwise."""
    known = str(world.map.properties.get("known", "")).strip()  # none, yes or no (game/maps/schema.py checks it)
    return known == "yes" if known in ("yes", "no") else world.map.kind != "dungeon"


def open_way(world: World, exit_id: int, locked: bool) -> bool:
    return not locked or exit_id in world.opened_doors


def in_sight(world: World, room: int) -> set[int]:
    """The rooms a creature standing in `room` sees: its own and those through its open exits."""
    return {room} | {other for ex, other in world.rooms.exits[room] if open_way(world, ex.id, ex.locked)}


def of(world: World, eid: int) -> Knowledge:
    """The hero's knowledge, begun (see the module's docstring) when it has none for this map yet."""
    know = world.try_get(eid, Knowledge)
    if know is None:
        know = Knowledge()
        world.add(eid, know)
    key = map_key(world)
    if key not in know.seen:
        journey = world.try_get(eid, Journey)
        entered = {r for r in journey.rooms if r in world.map.rooms} if journey else set()
        start = set(world.map.rooms) if starts_known(world) else set()
        for room in entered:
            start |= in_sight(world, room)
        know.seen[key], know.visited[key], know.memory[key] = start, set(entered), []
    return know


def seen(world: World) -> set[int]:
    """The rooms the hero knows on this map."""
    return of(world, world.hero).seen[map_key(world)]


def visited(world: World) -> set[int]:
    return of(world, world.hero).visited[map_key(world)]


def memories(world: World) -> list[Memory]:
    return of(world, world.hero).memory[map_key(world)]


def visible(world: World) -> set[int]:
    """The rooms the hero sees now (nothing once it is dead)."""
    if not world.hero or not world.alive(world.hero):
        return set()
    return in_sight(world, world.room_of(world.hero))


def look(world: World) -> set[int]:
    """The hero looks round: the rooms in sight become known and their memories are what is there now.
    Returns the rooms in sight."""
    sight = visible(world)
    if not sight:
        return sight
    know, key = of(world, world.hero), map_key(world)
    know.seen[key] |= sight
    know.visited[key].add(world.room_of(world.hero))
    kept = [m for m in know.memory[key] if m[0] not in sight]
    for room in sorted(sight):
        for eid in world.creatures_in(room):
            if eid != world.hero and world.alive(eid):
                x, y = world.get(eid, Position).square
                what = "foe" if threat(world, eid) else "creature"
                kept.append((room, what, world.get(eid, Identity).codex_id, x, y))
        for eid in world.rooms.floor(room):
            item = world.get(eid, Item)
            if item.square is not None:
                kept.append((room, "item", item.item_id, *item.square))
    know.memory[key] = kept
    return sight


def passable(world: World, room: int, other: int) -> bool:
    """Whether the hero may go from `room` to the next room `other`: an open exit, or a locked one it has the
    key of."""
    return any(to == other and (open_way(world, ex.id, ex.locked) or carries_key(world, world.hero, ex.key))
               for ex, to in world.rooms.exits[room])


def remembered_foes(world: World) -> set[int]:
    """The known rooms out of sight where the hero last saw a hostile."""
    sight = visible(world)
    return {m[0] for m in memories(world) if m[1] == "foe" and m[0] not in sight}


def route(world: World, target: int, avoid: frozenset[int] | set[int] = frozenset()) -> list[int] | None:
    """The shortest way over known rooms from the hero's room to `target` (the rooms after the first), passing
    through none of `avoid` (`target` itself may be one), or None when `target` is unknown or no such known way
    leads there. Travel never walks through an unknown room."""
    known = seen(world)
    start = world.room_of(world.hero)
    if target not in known:
        return None
    came: dict[int, int] = {start: start}
    frontier = [start]
    while frontier and target not in came:
        nxt = []
        for room in frontier:
            for _, other in sorted(world.rooms.exits[room], key=lambda pair: pair[1]):
                if other in known and other not in came and (other == target or other not in avoid) \
                        and passable(world, room, other):
                    came[other] = room
                    nxt.append(other)
        frontier = nxt
    if target not in came:
        return None
    path = [target]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[-2::-1]


def nearest_unexplored(world: World, avoid: frozenset[int] | set[int] = frozenset()) -> int | None:
    """The nearest known room the hero has not stood in and can reach by known rooms, none of them in `avoid`
    (auto-explore's next goal), the lowest id among equals; None when there is none."""
    done = visited(world)
    best: tuple[int, int] | None = None
    for room in seen(world) - done - set(avoid):
        path = route(world, room, avoid)
        if path is not None and (best is None or (len(path), room) < best):
            best = (len(path), room)
    return best[1] if best else None


HEARD = {"hit": "fight", "miss": "fight", "dodge": "fight", "killed": "death", "death": "death",
         "door_forced": "door"}  # event kind -> what is heard of it (texts.toml [heard])
HEARING = 2  # rooms away, by the map's exits, that a sound carries


def direction(world: World, room: int) -> str:
    """The way to `room` from the hero's room, by their centres: north, south, east or west."""
    hx, hy = world.map.rooms[world.room_of(world.hero)].centre
    x, y = world.map.rooms[room].centre
    if abs(x - hx) >= abs(y - hy):
        return "east" if x > hx else "west"
    return "south" if y > hy else "north"


def sounds(world: World, events: list[Event]) -> list[str]:
    """What the hero hears of `events` in rooms out of its sight but within HEARING rooms: one line per kind
    of sound and direction, in the words of texts.toml (issue 23: a hint of creatures it cannot see)."""
    sight = visible(world)
    if not sight:
        return []
    near = world.rooms.distances_from(world.room_of(world.hero))
    lines: dict[tuple[str, str], str] = {}
    for event in events:
        kind = HEARD.get(event.kind)
        if kind is None or event.room is None or event.room in sight or near.get(event.room, HEARING + 1) > HEARING:
            continue
        way = direction(world, event.room)
        lines.setdefault((kind, way), world.content.texts.heard[kind].format(direction=way))
    return list(lines.values())
