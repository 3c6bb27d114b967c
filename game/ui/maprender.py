"""Draw a DungeonMap's Tiled tile layers once into one surface, shaded by the rooms' light (again after F5).
Tiles are cut from their tileset's image with its margin and spacing, its `trans` colour transparent."""
from __future__ import annotations

import pygame

from game.maps.model import DungeonMap, Tileset
from game.ui.sprites import SpriteCache

FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000  # Tiled keeps flips in a gid's top bits
GID_MASK = 0x1FFFFFFF
TORCH_INDEX = 23  # wall_torch in the shared tileset contract (docs/art.md)
DARKNESS = {0: 150, 1: 100, 2: 45, 3: 0}  # room light (docs/maps.md, 0 dark .. 3 bright) -> shade alpha
HERO_LIGHT = 2  # the hero carries a torch: its room is never darker than this
SHADE = (4, 2, 10)
KEEP = 2  # map layers kept: a new run or F5 on an unchanged map reuses its layer


class MissingTileset(Exception):
    pass


def _tileset_for(gid: int, tilesets: tuple[Tileset, ...]) -> Tileset | None:
    found = None
    for ts in tilesets:
        if ts.firstgid <= gid < ts.firstgid + ts.count:
            found = ts
    return found


def tile_rect(ts: Tileset, index: int) -> pygame.Rect:
    """Where tile `index` of a tileset lies in its image (its margin around the tiles, its spacing between)."""
    return pygame.Rect(ts.margin + (index % ts.columns) * (ts.tile_w + ts.spacing),
                       ts.margin + (index // ts.columns) * (ts.tile_h + ts.spacing), ts.tile_w, ts.tile_h)


def _tile(raw: int, dungeon: DungeonMap, sprites: SpriteCache) -> pygame.Surface | None:
    """The image of one raw gid, flipped as Tiled says (diagonal first, then horizontal, then vertical)."""
    gid = raw & GID_MASK
    ts = _tileset_for(gid, dungeon.tilesets) if gid else None
    if ts is None:
        return None
    image = sprites.tileset(ts.image, ts.trans).subsurface(tile_rect(ts, gid - ts.firstgid))
    if raw & FLIP_D:
        image = pygame.transform.flip(pygame.transform.rotate(image, 90), False, True)
    if raw & (FLIP_H | FLIP_V):
        image = pygame.transform.flip(image, bool(raw & FLIP_H), bool(raw & FLIP_V))
    return image


def render_map(dungeon: DungeonMap, sprites: SpriteCache) -> pygame.Surface:
    """The whole map as one surface, every visible tile layer in order (raises MissingTileset)."""
    surf = pygame.Surface((dungeon.width * dungeon.tile_w, dungeon.height * dungeon.tile_h))
    surf.fill((0, 0, 0))
    for ts in dungeon.tilesets:
        if sprites.image(ts.image) is None:
            raise MissingTileset(f"{dungeon.path}: tileset {ts.name}: image not found: {ts.image}")
    tiles: dict[int, pygame.Surface | None] = {}
    for layer in dungeon.layers:
        if not layer.visible:
            continue
        for y, row in enumerate(layer.gids):
            for x, raw in enumerate(row):
                if raw not in tiles:
                    tiles[raw] = _tile(raw, dungeon, sprites)
                if tiles[raw] is not None:
                    surf.blit(tiles[raw], (x * dungeon.tile_w, y * dungeon.tile_h))
    return surf


def torch_squares(dungeon: DungeonMap) -> list[tuple[int, int]]:
    """Squares showing the wall torch tile of the dungeon tileset, on any visible layer."""
    out = []
    for layer in dungeon.layers:
        if not layer.visible:
            continue
        for y, row in enumerate(layer.gids):
            for x, raw in enumerate(row):
                gid = raw & GID_MASK
                ts = _tileset_for(gid, dungeon.tilesets) if gid else None
                if ts is not None and ts.image.name == "dungeon.png" and gid - ts.firstgid == TORCH_INDEX:
                    out.append((x, y))
    return out


class MapLayer:
    """What the dungeon screen draws first: the tile layers with every room dimmed by its light, rendered
    once per map, and for each room darker than the hero's torch a patch of it lit by the torch, drawn
    over it while the hero stands there. Raises MissingTileset."""

    def __init__(self, dungeon: DungeonMap, sprites: SpriteCache) -> None:
        tiles = render_map(dungeon, sprites)
        self.rooms = dungeon.rooms
        self.tile = (dungeon.tile_w, dungeon.tile_h)
        self.surface = tiles.copy()
        self._shade(self.surface, (0, 0), None)
        self.lit: dict[int, pygame.Surface] = {}  # room id -> its rectangle as the hero's torch shows it
        for room in self.rooms.values():
            if _alpha(room.light) != _alpha(max(room.light, HERO_LIGHT)):
                patch = tiles.subsurface(self._rect(room.id).clip(tiles.get_rect())).copy()
                self._shade(patch, self._rect(room.id).topleft, room.id)
                self.lit[room.id] = patch

    def _rect(self, room_id: int) -> pygame.Rect:
        room, (tw, th) = self.rooms[room_id], self.tile
        return pygame.Rect(room.x * tw, room.y * th, room.w * tw, room.h * th)

    def _shade(self, target: pygame.Surface, origin: tuple[int, int], hero_room: int | None) -> None:
        """Dim each room on `target` (which shows the map from `origin`), in room order; `hero_room` by torch."""
        for room in self.rooms.values():
            alpha = _alpha(max(room.light, HERO_LIGHT) if room.id == hero_room else room.light)
            if alpha:
                rect = self._rect(room.id).move(-origin[0], -origin[1])
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((*SHADE, alpha))
                target.blit(shade, rect.topleft)

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int], hero_room: int) -> None:
        """The map with its top-left corner at `topleft` of `surface`, the hero's room lit."""
        surface.blit(self.surface, topleft)
        patch = self.lit.get(hero_room)
        if patch is not None:
            x, y = self._rect(hero_room).topleft
            surface.blit(patch, (topleft[0] + x, topleft[1] + y))


_kept: dict[tuple, MapLayer] = {}  # the layers of the last KEEP maps, by everything they are drawn from


def map_layer(dungeon: DungeonMap, sprites: SpriteCache) -> MapLayer:
    """The map layer of `dungeon`, rendered once per map: tiles, tile size and rooms are the key."""
    key = (sprites, dungeon.tile_w, dungeon.tile_h, dungeon.width, dungeon.height, dungeon.tilesets, dungeon.layers,
           tuple(dungeon.rooms.values()))
    layer = _kept.pop(key, None) or MapLayer(dungeon, sprites)
    _kept[key] = layer  # the newest last
    while len(_kept) > KEEP:
        del _kept[next(iter(_kept))]
    return layer


def _alpha(light: int) -> int:
    return DARKNESS.get(max(0, min(3, light)), 0)
