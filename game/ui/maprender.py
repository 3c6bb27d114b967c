"""Draw a DungeonMap's Tiled tile layers once into one surface (redrawn after F5)."""
from __future__ import annotations

import pygame

from game.maps.model import DungeonMap, Tileset
from game.ui.sprites import SpriteCache

GID_MASK = 0x1FFFFFFF  # Tiled keeps flip flags in the top bits of a gid


class MissingTileset(Exception):
    pass


def _tileset_for(gid: int, tilesets: tuple[Tileset, ...]) -> Tileset | None:
    found = None
    for ts in tilesets:
        if ts.firstgid <= gid < ts.firstgid + ts.count:
            found = ts
    return found


def render_map(dungeon: DungeonMap, sprites: SpriteCache) -> pygame.Surface:
    """The whole map as one surface, every visible tile layer in order (raises MissingTileset)."""
    surf = pygame.Surface((dungeon.width * dungeon.tile_w, dungeon.height * dungeon.tile_h))
    surf.fill((0, 0, 0))
    for ts in dungeon.tilesets:
        if sprites.image(ts.image) is None:
            raise MissingTileset(f"{dungeon.path}: tileset {ts.name}: image not found: {ts.image}")
    for layer in dungeon.layers:
        if not layer.visible:
            continue
        for y, row in enumerate(layer.gids):
            for x, raw in enumerate(row):
                gid = raw & GID_MASK
                ts = _tileset_for(gid, dungeon.tilesets) if gid else None
                if ts is None:
                    continue
                index = gid - ts.firstgid
                src = pygame.Rect((index % ts.columns) * ts.tile_w, (index // ts.columns) * ts.tile_h,
                                  ts.tile_w, ts.tile_h)
                surf.blit(sprites.image(ts.image), (x * dungeon.tile_w, y * dungeon.tile_h), src)
    return surf
