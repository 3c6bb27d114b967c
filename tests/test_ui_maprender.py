"""The map drawn from its Tiled tile layers (issue 2): every gid lands on its square, in layer order."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.maps.model import DungeonMap, Room, TileLayer, Tileset
from game.maps.data_ids import read_data_ids
from game.maps.tiled import load_map
from game.paths import ASSETS, MAPS
from game.ui.maprender import DARKNESS, HERO_LIGHT, MapLayer, MissingTileset, map_layer, render_map, torch_squares
from game.ui.sprites import SpriteCache

TILESET = Tileset(firstgid=1, name="dungeon", image=ASSETS / "tiles" / "dungeon.png", tile_w=32, tile_h=32,
                  columns=8, count=40)


pytestmark = pytest.mark.usefixtures("display")  # a dummy window for the module (conftest.py)


def dungeon(layers: tuple[TileLayer, ...], tileset: Tileset = TILESET) -> DungeonMap:
    return DungeonMap(path=Path("test.tmx"), name="test", width=3, height=2, tile_w=32, tile_h=32,
                      rooms={1: Room(1, "Hall", 0, 0, 3, 2)}, exits=(), entrance=(1, (0, 0)),
                      tilesets=(tileset,), layers=layers)


def tile(index: int) -> pygame.Surface:
    sheet = pygame.image.load(str(TILESET.image))
    return sheet.subsurface(((index % 8) * 32, (index // 8) * 32, 32, 32))


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return all(a.get_at((x, y))[:3] == b.get_at((x, y))[:3] for x in range(0, 32, 3) for y in range(0, 32, 3))


def test_each_gid_is_drawn_on_its_square():
    floor = TileLayer("floor", ((2, 3, 0), (25, 0, 40)))  # gid = firstgid + index
    surf = render_map(dungeon((floor,)), SpriteCache())
    assert surf.get_size() == (96, 64)
    assert same(surf.subsurface((0, 0, 32, 32)), tile(1))
    assert same(surf.subsurface((32, 0, 32, 32)), tile(2))
    assert same(surf.subsurface((0, 32, 32, 32)), tile(24))
    assert same(surf.subsurface((64, 32, 32, 32)), tile(39))
    assert surf.get_at((40, 40))[:3] == (0, 0, 0)  # gid 0 stays empty


def test_later_layers_draw_over_earlier_ones_and_hidden_layers_not_at_all():
    floor = TileLayer("floor", ((3, 3, 3), (3, 3, 3)))
    walls = TileLayer("walls", ((2, 0, 0), (0, 0, 0)))
    hidden = TileLayer("notes", ((0, 0, 0), (0, 0, 13)), visible=False)
    surf = render_map(dungeon((floor, walls, hidden)), SpriteCache())
    assert same(surf.subsurface((0, 0, 32, 32)), tile(1))
    assert same(surf.subsurface((32, 0, 32, 32)), tile(2))
    assert same(surf.subsurface((64, 32, 32, 32)), tile(2))


def test_tiled_flip_flags_flip_the_tile():
    h, v, d = 0x80000000, 0x40000000, 0x20000000
    layer = TileLayer("floor", ((15 | h, 15 | v, 15 | d), (0, 0, 0)))  # index 14: the closed door
    surf = render_map(dungeon((layer,)), SpriteCache())
    door = tile(14)
    transposed = pygame.Surface((32, 32))
    for x in range(32):
        for y in range(32):
            transposed.set_at((y, x), door.get_at((x, y)))
    for flipped in (pygame.transform.flip(door, True, False), pygame.transform.flip(door, False, True), transposed):
        assert not same(flipped, door)  # the door is asymmetric, so each check below can fail
    assert same(surf.subsurface((0, 0, 32, 32)), pygame.transform.flip(door, True, False))
    assert same(surf.subsurface((32, 0, 32, 32)), pygame.transform.flip(door, False, True))
    assert same(surf.subsurface((64, 0, 32, 32)), transposed)


def test_missing_tileset_image_is_named():
    gone = Tileset(1, "lost", Path("/nowhere/lost.png"), 32, 32, 8, 40)
    with pytest.raises(MissingTileset, match="test.tmx: tileset lost: image not found: /nowhere/lost.png"):
        render_map(dungeon((TileLayer("floor", ((1, 1, 1), (1, 1, 1))),), gone), SpriteCache())


def test_wall_torches_are_found_for_their_flickering_light():
    walls = TileLayer("walls", ((2, 24, 0), (0, 0, 24)))  # gid 24 = index 23, wall_torch
    hidden = TileLayer("old", ((24, 0, 0), (0, 0, 0)), visible=False)
    assert torch_squares(dungeon((walls, hidden))) == [(1, 0), (2, 1)]


def shaded_each_frame(tiles: pygame.Surface, dungeon: DungeonMap, hero_room: int) -> pygame.Surface:
    """The map as the dungeon screen drew it every frame before issue 9: tiles, then a shade per room."""
    surf = tiles.copy()
    for room in dungeon.rooms.values():
        light = max(room.light, HERO_LIGHT) if room.id == hero_room else room.light
        alpha = DARKNESS.get(max(0, min(3, light)), 0)
        if alpha:
            shade = pygame.Surface((room.w * 32, room.h * 32), pygame.SRCALPHA)
            shade.fill((4, 2, 10, alpha))
            surf.blit(shade, (room.x * 32, room.y * 32))
    return surf


@pytest.mark.parametrize("name", ["default", "caves"])
def test_the_map_layer_shaded_once_shows_every_hero_room_as_shading_every_frame_did(name):
    dungeon = load_map(MAPS / f"{name}.tmx", data=read_data_ids())
    sprites = SpriteCache()
    layer, tiles = MapLayer(dungeon, sprites), render_map(dungeon, sprites)
    assert {room.light for room in dungeon.rooms.values()} >= {1, 2}  # dark rooms the torch lights, and lit ones
    assert layer.lit and all(dungeon.rooms[r].light < HERO_LIGHT for r in layer.lit)
    for room_id in dungeon.rooms:
        drawn = pygame.Surface(layer.surface.get_size())
        layer.draw(drawn, (0, 0), room_id)
        expected = shaded_each_frame(tiles, dungeon, room_id)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB"), f"room {room_id}"


def test_a_map_layer_is_rendered_once_per_map_and_again_when_the_map_changes():
    sprites = SpriteCache()
    first, again = (load_map(MAPS / "default.tmx", data=read_data_ids()) for _ in range(2))  # a new run, F5
    layer = map_layer(first, sprites)
    assert map_layer(again, sprites) is layer
    room = next(r for r in first.rooms.values() if r.light == 3)
    darker = dataclasses.replace(first, rooms={**first.rooms, room.id: dataclasses.replace(room, light=0)})
    assert map_layer(darker, sprites) is not layer
    assert map_layer(first, SpriteCache()) is not layer  # other images


def test_a_tileset_s_margin_spacing_and_trans_colour_are_honoured(tmp_path: Path):
    """Tiles are cut from inside the margin and between the spacing; the `trans` colour is not drawn (Tiled's
    colour key: no magenta squares on screen)."""
    sheet = pygame.Surface((2 + 32 + 1 + 32 + 2, 2 + 32 + 2))
    sheet.fill((255, 0, 255))
    sheet.fill((200, 0, 0), (2, 2, 32, 32))
    sheet.fill((255, 0, 255), (2 + 12, 2 + 12, 8, 8))  # a hole of the key colour in the red tile
    sheet.fill((0, 0, 200), (2 + 32 + 1, 2, 32, 32))
    image = tmp_path / "keyed.png"
    pygame.image.save(sheet, str(image))
    keyed = Tileset(1, "keyed", image, 32, 32, 2, 2, spacing=1, margin=2, trans="ff00ff")
    surf = render_map(dungeon((TileLayer("floor", ((1, 2, 0), (0, 0, 0))),), keyed), SpriteCache())
    assert surf.get_at((0, 0))[:3] == (200, 0, 0) and surf.get_at((31, 31))[:3] == (200, 0, 0)  # the margin left out
    assert surf.get_at((16, 16))[:3] == (0, 0, 0)  # the hole shows what lies below, not magenta
    assert surf.get_at((32, 0))[:3] == (0, 0, 200) and surf.get_at((63, 31))[:3] == (0, 0, 200)  # the spacing left out
    plain = render_map(dungeon((TileLayer("floor", ((1, 0, 0), (0, 0, 0))),), dataclasses.replace(keyed, trans=None)),
                       SpriteCache())
    assert plain.get_at((16, 16))[:3] == (255, 0, 255)  # without `trans` the colour is a colour like any other
