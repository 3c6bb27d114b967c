"""Draw a DungeonMap's Tiled tile layers once into one surface (redrawn after F5)."""
from __future__ import annotations

import pygame

from game.maps.model import DungeonMap, Tileset
from game.ui.sprites import SpriteCache

FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000  # Tiled keeps flips in a gid's top bits
GID_MASK = 0x1FFFFFFF
TORCH_INDEX = 23  # wall_torch in the shared tileset contract (docs/art.md)


class MissingTileset(Exception):
    pass


def _tileset_for(gid: int, tilesets: tuple[Tileset, ...]) -> Tileset | None:
    found = None
    for ts in tilesets:
        if ts.firstgid <= gid < ts.firstgid + ts.count:
            found = ts
    return found


def _tile(raw: int, dungeon: DungeonMap, sprites: SpriteCache) -> pygame.Surface | None:
    """The image of one raw gid, flipped as Tiled says (diagonal first, then horizontal, then vertical)."""
    gid = raw & GID_MASK
    ts = _tileset_for(gid, dungeon.tilesets) if gid else None
    if ts is None:
        return None
    index = gid - ts.firstgid
    image = sprites.image(ts.image).subsurface(
        ((index % ts.columns) * ts.tile_w, (index // ts.columns) * ts.tile_h, ts.tile_w, ts.tile_h))
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
