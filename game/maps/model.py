"""The project's own map type: what a Tiled level means to the game (docs/maps.md).

The loader (game/maps/tiled.py) is the one place that reads pytmx; everything else sees these
frozen dataclasses. Coordinates are in squares (tiles), not pixels.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Room:
    """A rectangle of squares (Reconciliation 5)."""

    id: int  # Tiled object id
    name: str
    x: int
    y: int
    w: int
    h: int
    theme: str = "stone"
    light: int = 2
    rune: str | None = None  # N37: school of a rune socketed in the room

    @property
    def squares(self) -> list[Square]:
        return [(self.x + i, self.y + j) for j in range(self.h) for i in range(self.w)]

    def contains(self, square: Square) -> bool:
        return self.x <= square[0] < self.x + self.w and self.y <= square[1] < self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True, slots=True)
class Exit:
    """A door square joining two rooms (N14). Locked doors need `key` (an item id) or force (N18)."""

    id: int
    name: str
    square: Square
    rooms: tuple[int, int]
    locked: bool = False
    key: str | None = None
    door: bool = False  # a door leaf (class `door`) rather than an open archway (class `exit`)


@dataclass(frozen=True, slots=True)
class Placement:
    """A creature placed in a room (N2-N5, N31, N49)."""

    id: int
    name: str
    room: int
    square: Square
    creature: str  # codex id
    kind: str = "dungeon"  # dungeon / world / merchant / notable
    background: str | None = None
    heads: int = 0  # minion groups: heads at start (0: the codex default)
    gear: tuple[str, ...] = ()  # item ids equipped at start
    provisions: bool = True  # N49: starts with rations and a water bottle
    merchant: str | None = None  # N5: merchant type (kind "merchant")
    size: tuple[int, int] = (1, 1)  # squares covered by the Tiled object (Reconciliation 5)
    travels: tuple[str, ...] = ()  # N3: the settlements of the region it travels to (by name) from its own
    wanders: bool = False  # N15: a needless creature roams from the start instead of keeping to its lair

    @property
    def squares(self) -> list[Square]:
        return [(self.square[0] + i, self.square[1] + j) for j in range(self.size[1]) for i in range(self.size[0])]


@dataclass(frozen=True, slots=True)
class ItemPlacement:
    id: int
    name: str
    room: int
    square: Square
    item: str  # item id
    count: int = 1
    quality: str | None = None
    material: str | None = None
    rune: str | None = None  # N34-N35: school of a socketed rune


@dataclass(frozen=True, slots=True)
class Trap:
    id: int
    name: str
    room: int
    square: Square
    trap: str = "spikes"
    damage: str = "d6"  # dice in the seed's notation
    dc: int = 4  # trial difficulty to avoid it (C3)
    stun: int = 0  # turns of stun on a failed trial (N24)


@dataclass(frozen=True, slots=True)
class Spawner:
    """A clock room (N26): every `interval` world turns it produces `creature` if there is space."""

    id: int
    name: str
    room: int
    square: Square
    creature: str
    interval: int
    heads: int = 0
    kind: str = "dungeon"  # N2-N3: dungeon creatures, or newcomers who become a settlement's residents
    up_to: int = 0  # it waits while this many of its creature and kind live on the map (0: no limit)


@dataclass(frozen=True, slots=True)
class Supply:
    """A well, a field, a tavern's larder: every `every` world turns one more `item` lies on its square,
    while fewer than `keep` lie there (docs/rules.md, "Settlements that sustain themselves")."""

    id: int
    name: str
    room: int
    square: Square
    item: str
    every: int
    keep: int


@dataclass(frozen=True, slots=True)
class Tileset:
    firstgid: int
    name: str
    image: Path
    tile_w: int
    tile_h: int
    columns: int
    count: int
    spacing: int = 0  # pixels between two tiles of the image
    margin: int = 0  # pixels around the tiles
    trans: str | None = None  # the colour drawn transparent, as Tiled writes it ("ff00ff"), or None


@dataclass(frozen=True, slots=True)
class TileLayer:
    name: str
    gids: tuple[tuple[int, ...], ...]  # [row][column]; 0 is empty
    visible: bool = True


@dataclass(frozen=True, slots=True)
class DungeonMap:
    path: Path
    name: str
    width: int  # squares
    height: int
    tile_w: int
    tile_h: int
    rooms: dict[int, Room]
    exits: tuple[Exit, ...]
    entrance: tuple[int, Square]  # room id and square where the hero starts
    placements: tuple[Placement, ...] = ()
    items: tuple[ItemPlacement, ...] = ()
    traps: tuple[Trap, ...] = ()
    spawners: tuple[Spawner, ...] = ()
    supplies: tuple[Supply, ...] = ()
    tilesets: tuple[Tileset, ...] = ()
    layers: tuple[TileLayer, ...] = ()
    properties: dict[str, object] = field(default_factory=dict)
    kind: str = "dungeon"  # dungeon / village / tower (settlements hold residents, N84-N87)

    def exits_of(self, room_id: int) -> list[tuple[Exit, int]]:
        """The exits of a room with the room each leads to."""
        out = []
        for ex in self.exits:
            if room_id in ex.rooms:
                a, b = ex.rooms
                out.append((ex, b if a == room_id else a))
        return out

    def room_at(self, square: Square) -> Room | None:
        for room in self.rooms.values():
            if room.contains(square):
                return room
        return None


@dataclass(frozen=True, slots=True)
class Place:
    """A dungeon or settlement on the region map; `map` is its .tmx file."""

    id: int
    name: str
    kind: str  # "dungeon" or "settlement"
    map: Path
    x: int
    y: int
    w: int = 1
    h: int = 1

    def contains(self, square: Square) -> bool:
        return self.x <= square[0] < self.x + self.w and self.y <= square[1] < self.y + self.h


@dataclass(frozen=True, slots=True)
class Site:
    """An artifact or beast site (N60-N62): exists from world creation, hidden until found or revealed; `map`
    is its dungeon's .tmx (a hero who knows the site may travel there)."""

    id: int
    name: str
    kind: str  # "artifact" or "beast"
    square: Square
    hidden: bool = True
    map: Path | None = None


@dataclass(frozen=True, slots=True)
class RegionMap:
    path: Path
    name: str
    width: int
    height: int
    tile_w: int
    tile_h: int
    places: dict[int, Place]
    sites: tuple[Site, ...] = ()
    roads: tuple[tuple[int, int], ...] = ()  # pairs of place ids joined by a road
    tilesets: tuple[Tileset, ...] = ()
    layers: tuple[TileLayer, ...] = ()
    properties: dict[str, object] = field(default_factory=dict)

    def maps(self) -> dict[int, Path]:
        """The .tmx of every place and every site that has one, by id (the maps a world of sites loads)."""
        return {**{pid: p.map for pid, p in self.places.items()}, **{s.id: s.map for s in self.sites if s.map}}

    def neighbours(self, place_id: int) -> list[int]:
        return [b if a == place_id else a for a, b in self.roads if place_id in (a, b)]
