"""Tilesets as Tiled reads them, and messages naming their real cause (issue 27, docs/maps.md "Tilesets"):
legacy tilesets without columns/tilecount, tilesets of more than 4096 tiles, the `trans` colour key, tile
sizes; typed properties and shapes named by their object; follow-on problems folded under their cause."""
from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pygame
import pytest

from game.maps import limits
from game.maps.errors import MapError
from game.maps.tiled import load_map

TILED = shutil.which("tiled")


def png(path: Path, size: tuple[int, int]) -> Path:
    pygame.image.save(pygame.Surface(size), str(path))
    return path


def tileset_xml(image: str, size: tuple[int, int], tile: int, extra: str = "", counts: bool = False) -> str:
    attrs = f'columns="{size[0] // tile}" tilecount="{(size[0] // tile) * (size[1] // tile)}"' if counts else ""
    return (f'<tileset firstgid="1" name="sheet" tilewidth="{tile}" tileheight="{tile}" {attrs} {extra}>'
            f'<image source="{image}" width="{size[0]}" height="{size[1]}"/></tileset>')


def a_map(folder: Path, tileset: str, tile: int = 16, objects: str | None = None, name: str = "m.tmx") -> Path:
    """A 10x6 dungeon of one room and its entrance, on squares of `tile` pixels."""
    if objects is None:
        objects = (f'<object id="1" name="Hall" type="room" x="{tile}" y="{tile}" width="{8 * tile}" height="{4 * tile}"/>'
                   f'<object id="2" type="entrance" x="{2 * tile}" y="{2 * tile}" width="{tile}" height="{tile}"/>')
    cells = ",".join(["1"] * 60)
    path = folder / name
    path.write_text(f'<map version="1.8" orientation="orthogonal" width="10" height="6" tilewidth="{tile}" '
                    f'tileheight="{tile}" infinite="0">{tileset}<layer id="1" name="floor" width="10" height="6">'
                    f'<data encoding="csv">{cells}</data></layer><objectgroup id="2" name="o">{objects}</objectgroup></map>')
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_map(path)
    return caught.value.problems


def test_a_legacy_tileset_without_columns_or_tilecount_is_counted_from_its_image(tmp_path: Path):
    png(tmp_path / "old.png", (2 + 5 * 17 - 1 + 2, 2 + 3 * 17 - 1 + 2))  # margin 2, spacing 1: 5 x 3 tiles of 16
    dungeon = load_map(a_map(tmp_path, tileset_xml("old.png", (88, 54), 16, 'spacing="1" margin="2"')))
    (ts,) = dungeon.tilesets
    assert (ts.columns, ts.count, ts.spacing, ts.margin) == (5, 15, 1, 2)
    assert limits.tileset_grid(88, 54, 16, 16, 1, 2) == (5, 3 * 5)


@pytest.mark.slow
@pytest.mark.skipif(TILED is None, reason="Debian's tiled is not installed (.ci/run installs it)")
@pytest.mark.parametrize("size, tile, spacing, margin", [((88, 54), 16, 1, 2), ((100, 70), 16, 0, 0),
                                                          ((256, 160), 32, 0, 0), ((99, 99), 10, 3, 1)])
def test_the_count_of_a_legacy_tileset_is_tiled_s(tmp_path: Path, size, tile, spacing, margin):
    png(tmp_path / "old.png", size)
    (tmp_path / "old.tsx").write_text(
        f'<tileset name="old" tilewidth="{tile}" tileheight="{tile}" spacing="{spacing}" margin="{margin}">'
        f'<image source="old.png" width="{size[0]}" height="{size[1]}"/></tileset>')
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(tmp_path))
    run = subprocess.run([TILED, "--export-tileset", "tsx", str(tmp_path / "old.tsx"), str(tmp_path / "new.tsx")],
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    written = ElementTree.parse(tmp_path / "new.tsx").getroot()
    assert limits.tileset_grid(*size, tile, tile, spacing, margin) == (int(written.get("columns")),
                                                                       int(written.get("tilecount")))


def test_a_tileset_of_more_than_4096_tiles_loads(tmp_path: Path):
    png(tmp_path / "big.png", (2048, 1024))  # 128 x 64 = 8192 tiles of 16 px
    dungeon = load_map(a_map(tmp_path, tileset_xml("big.png", (2048, 1024), 16, counts=True)))
    assert (dungeon.tilesets[0].columns, dungeon.tilesets[0].count) == (128, 8192)


def test_a_tileset_beyond_the_limit_names_the_limit(tmp_path: Path):
    png(tmp_path / "huge.png", (4096, 4096))
    path = a_map(tmp_path, tileset_xml("huge.png", (4096, 4096), 8, counts=True), tile=8)
    assert problems(path) == [f"{path}: tileset sheet: its image holds 262144 tiles of 8x8; a tileset has at most 65536"]


def test_the_trans_colour_is_read(tmp_path: Path):
    png(tmp_path / "keyed.png", (64, 32))
    dungeon = load_map(a_map(tmp_path, tileset_xml("keyed.png", (64, 32), 16).replace(
        '<image source="keyed.png"', '<image source="keyed.png" trans="ff00ff"')))
    assert dungeon.tilesets[0].trans == "ff00ff"


def test_a_typed_property_that_its_type_cannot_hold_names_the_object_and_the_property(tmp_path: Path):
    png(tmp_path / "t.png", (64, 32))
    objects = ('<object id="1" name="Hall" type="room" x="16" y="16" width="128" height="64"><properties>'
               '<property name="light" type="int" value="soon"/></properties></object>'
               '<object id="6" type="entrance" x="32" y="32" width="16" height="16"><properties>'
               '<property name="ready" type="bool" value="maybe"/></properties></object>'
               '<object id="7" name="Rat" type="creature" x="left" y="32"/>')
    path = a_map(tmp_path, tileset_xml("t.png", (64, 32), 16), objects=objects)
    assert problems(path) == [
        f"{path}: object 1 (Hall): property 'light' is of type int but holds 'soon' (a whole number)",
        f"{path}: object 6 (unnamed): property 'ready' is of type bool but holds 'maybe' (true or false)",
        f"{path}: object 7 (Rat): attribute x is 'left', not a number",
    ]


@pytest.mark.parametrize("shape, message", [
    ("<ellipse/>", "a room must be a rectangle, not an ellipse"),
    ("<point/>", "a room must be a rectangle, not a point"),
    ('<polygon points="0,0 64,0 64,64"/>', "a room must be a rectangle, not a polygon"),
    ("<text>Hall</text>", "a room must be a rectangle, not a text"),
])
def test_a_room_of_another_shape_is_refused_by_its_shape(tmp_path: Path, shape: str, message: str):
    png(tmp_path / "t.png", (64, 32))
    objects = (f'<object id="1" name="Hall" type="room" x="16" y="16" width="128" height="64">{shape}</object>'
               '<object id="2" type="entrance" x="32" y="32" width="16" height="16"/>')
    path = a_map(tmp_path, tileset_xml("t.png", (64, 32), 16), objects=objects)
    found = problems(path)
    assert found == [f"{path}: object 1 (Hall): {message} (and 2 problems that follow from it)"]  # no room, the
    # entrance outside any room


def test_an_ellipse_creature_is_refused_but_a_point_creature_stands_on_its_square(tmp_path: Path):
    png(tmp_path / "t.png", (64, 32))
    room = '<object id="1" name="Hall" type="room" x="16" y="16" width="128" height="64"/>'
    entrance = '<object id="2" type="entrance" x="32" y="32" width="16" height="16"/>'
    for shape, expected in (("<ellipse/>", "a creature must be a rectangle or a point, not an ellipse"), ("<point/>", None)):
        rat = f'<object id="3" name="Rat" type="creature" x="72" y="40">{shape}<properties>' \
              '<property name="creature" value="giant_rat"/></properties></object>'
        path = a_map(tmp_path, tileset_xml("t.png", (64, 32), 16), objects=room + entrance + rat)
        if expected is None:
            assert load_map(path).placements[0].square == (4, 2)
        else:
            assert problems(path) == [f"{path}: object 3 (Rat): {expected}"]


def test_one_wrong_tile_size_is_one_line_first_with_what_follows_from_it_folded(tmp_path: Path):
    """The map's squares 24 px, its tileset's and its objects' 32: the cause first, 14 lines folded under it."""
    source = Path(__file__).resolve().parent.parent / "maps" / "sites" / "thicket.tmx"
    text = source.read_text().replace('tilewidth="32" tileheight="32"', 'tilewidth="24" tileheight="24"')
    path = tmp_path / "thicket.tmx"
    path.write_text(text.replace("../tilesets/", f"{source.parent.parent}/tilesets/").replace(
        "../templates/", f"{source.parent.parent}/templates/"))
    with pytest.raises(MapError) as caught:
        load_map(path)
    (cause,) = caught.value.details
    assert cause.line == f"{path}: tileset dungeon: tiles are 32x32, the map's squares 24x24"
    assert caught.value.problems == [f"{cause.line} (and {len(cause.follows)} problems that follow from it)"]
    assert f"{path}: object 1 (Thicket Edge): rectangle is not aligned to the squares (snap it to the grid)" in \
        [p.line for p in cause.follows]
    assert cause.object_id is None and cause.follows[0].object_id == 1


def test_group_layers_are_read_as_tiled_shows_them_and_image_layers_are_not_drawn(tmp_path: Path):
    """Tile and object layers inside groups are read; a hidden group hides its layers; image layers are left out."""
    png(tmp_path / "t.png", (64, 32))
    path = a_map(tmp_path, tileset_xml("t.png", (64, 32), 16))
    cells = ",".join(["2"] * 60)
    text = path.read_text().replace('<objectgroup id="2" name="o">', '<group id="7" name="shown"><objectgroup id="2" name="o">')
    text = text.replace("</objectgroup></map>", f"</objectgroup></group>"
                        f'<group id="8" name="notes" visible="0"><group id="9" name="inner"><layer id="10" name="sketch" '
                        f'width="10" height="6"><data encoding="csv">{cells}</data></layer></group></group>'
                        '<imagelayer id="11" name="backdrop"><image source="t.png" width="64" height="32"/></imagelayer></map>')
    path.write_text(text)
    dungeon = load_map(path)
    assert [(layer.name, layer.visible) for layer in dungeon.layers] == [("floor", True), ("sketch", False)]
    assert [room.name for room in dungeon.rooms.values()] == ["Hall"]  # the objects of the group's object layer


@pytest.mark.parametrize("external", [False, True])
def test_a_tileset_image_written_without_its_size_is_measured_from_the_png(tmp_path: Path, external: bool):
    """Tiled before 1.0 wrote `<image source="x.png"/>` alone (Tiled's own perspective_walls example): Tiled
    reads the size from the image, and so does the loader, for an embedded and an external tileset."""
    (tmp_path / "art").mkdir()
    png(tmp_path / "art" / "old.png", (80, 48))
    tileset = '<tileset {head} name="old" tilewidth="16" tileheight="16"><image source="{image}"/></tileset>'
    if external:
        (tmp_path / "art" / "old.tsx").write_text(tileset.format(head="", image="old.png"))
        node = '<tileset firstgid="1" source="art/old.tsx"/>'
    else:
        node = tileset.format(head='firstgid="1"', image="art/old.png")
    (ts,) = load_map(a_map(tmp_path, node)).tilesets
    assert (ts.image, ts.columns, ts.count) == ((tmp_path / "art" / "old.png").resolve(), 5, 15)


def test_a_gzip_compressed_map_is_named_as_such(tmp_path: Path):
    import gzip

    path = tmp_path / "outside.tmx.gz"
    path.write_bytes(gzip.compress(b"<map/>"))
    assert problems(path) == [f"{path}: map: is a gzip-compressed file (unpack it: gunzip)"]


def test_an_image_collection_tileset_is_named_as_such(tmp_path: Path):
    png(tmp_path / "knight.png", (384, 332))
    collection = '<tileset firstgid="1" name="objs" tilewidth="384" tileheight="332" tilecount="1" columns="0">' \
                 '<tile id="0"><image source="knight.png" width="384" height="332"/></tile></tileset>'
    path = a_map(tmp_path, collection)
    assert problems(path) == [f"{path}: tileset objs: is an image collection (an image a tile); a tileset here is one "
                              "image of tiles"]
