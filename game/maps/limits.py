"""The limits of a map (docs/maps.md, "Limits"), checked on its XML before pytmx builds anything from it.

pytmx inflates every layer, registers every tile of every tileset image and reads every object it is
given. So a .tmx or .tsx is parsed here first, bounded (a regular file of at most MAX_FILE_BYTES with at
most MAX_ELEMENTS elements), and its size, tile size, layers, tilesets and objects are checked against the
limits below; only a map within them reaches pytmx.
"""
from __future__ import annotations

import base64
import binascii
import os
import re
import xml.etree.ElementTree as ElementTree
import zlib
from pathlib import Path

from game.content.errors import clipped
from game.maps.errors import MapError
from game.paths import regular_file

MAX_FILE_BYTES = 16 * 1024 * 1024  # a .tmx or .tsx file
MAX_ELEMENTS = 200_000  # XML elements of one file (objects, properties, tiles …)
MAX_SQUARES = 256  # squares a side of a map
MAX_TILE_PX = 64  # pixels a side of a tile
MAX_MAP_PX = 8192  # pixels a side of the whole map: the window draws it into one picture (256 MB)
MAX_LAYERS = 8  # tile layers of a map
MAX_TILESETS = 16  # tilesets of a map
MAX_IMAGE_PX = 4096  # pixels a side of a tileset image
MAX_TILESET_TILES = 65_536  # tiles of one tileset: a 4096x4096 image of 16x16 tiles
MAX_OBJECTS = 10_000  # objects of a map
MAX_POINTS = 10_000  # points of all the polylines and polygons of a map (roads)
MAX_AREAS = 1_000  # rooms of a map (places of the region map)
MAX_AREA = 64  # squares a side of a room (or a place)
MAX_ID = 2**31 - 1  # an object's id (Tiled counts up from 1)
MAX_NAME = 100  # characters of an object's name: room names are drawn on screen
MAX_TEXT = 200  # characters of a property's value (a map's title, a trap's damage …)
MAX_GID = 0xFFFFFFFF  # a layer's cell is a 32-bit Tiled gid (flip flags in its top bits)
FIRSTGID_BELOW = 0x20000000  # a tileset's first gid stays below the flip flags
ENCODINGS = ("csv", "base64")
COMPRESSIONS = ("", "zlib", "gzip")


def png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG file's header (nothing else is read), or None when it is no PNG."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def read_xml(path: Path, label: str, most_bytes: int = MAX_FILE_BYTES) -> ElementTree.Element:
    """The root element of a regular XML file of at most `most_bytes` and MAX_ELEMENTS elements; MapError
    (`label: …`) otherwise."""
    path = Path(path)
    if not os.path.lexists(path):
        raise MapError([f"{label}: file not found"])
    status = regular_file(path)
    if status is None:
        raise MapError([f"{label}: is not a regular file"])
    if status.st_size > most_bytes:
        what = "a map or tileset file" if most_bytes == MAX_FILE_BYTES else "this file"
        raise MapError([f"{label}: file is {status.st_size} bytes; {what} has at most {most_bytes}"])
    try:
        with open(path, "rb") as handle:
            if handle.read(2) == b"\x1f\x8b":
                raise MapError([f"{label}: is a gzip-compressed file (unpack it: gunzip)"])
            handle.seek(0)
            parsed = ElementTree.iterparse(handle, events=("start",))
            for count, (_, element) in enumerate(parsed, 1):
                if count == 1:
                    root = element
                if count > MAX_ELEMENTS:
                    raise MapError([f"{label}: holds more than {MAX_ELEMENTS} XML elements"])
    except (ElementTree.ParseError, OSError) as exc:
        raise MapError([f"{label}: cannot be read ({exc})"]) from None
    return root


WHOLE = re.compile(r"-?[0-9]{1,12}")  # compiled once: every tile of a CSV layer is one


def whole(value: str | None, least: int, most: int) -> int | None:
    """A whole number from least to most written in an XML attribute, else None."""
    text = (value or "").strip()
    if not WHOLE.fullmatch(text):
        return None
    number = int(text)
    return number if least <= number <= most else None


PLAIN_CSV = re.compile(r"[ \t\r\n]*[0-9]{1,12}[ \t\r\n]*(?:,[ \t\r\n]*[0-9]{1,12}[ \t\r\n]*)*")


def gids_fit(csv: str) -> bool:
    """Whether every value of a CSV layer is a gid, as `whole(value, 0, MAX_GID)` says: a layer of plain
    digits (as Tiled writes it) by one match and the largest value, any other value by value."""
    values = csv.split(",")
    if PLAIN_CSV.fullmatch(csv):
        return max(map(int, values)) <= MAX_GID
    return all(whole(v, 0, MAX_GID) is not None for v in values)


def map_problems(root: ElementTree.Element, path: Path) -> list[str]:
    """Every limit the map's XML breaks: size, tiles, layers, tilesets, objects (nothing is inflated)."""
    label = f"{path}: map"
    if root.tag != "map":
        return [f"{label}: is not a Tiled map (its first element is <{clipped(root.tag)}>, not <map>)"]
    if root.get("orientation", "orthogonal") != "orthogonal" or root.get("infinite", "0") not in ("0", "false"):
        return [f"{label}: must be an orthogonal, finite map"]
    objects = sum(1 for _ in root.iter("object"))
    least_tile = 1 if objects else 0  # pytmx reads a missing size as 0; only objects are measured in tiles
    width, height = whole(root.get("width", "0"), 0, MAX_SQUARES), whole(root.get("height", "0"), 0, MAX_SQUARES)
    tile_w = whole(root.get("tilewidth", "0"), least_tile, MAX_TILE_PX)
    tile_h = whole(root.get("tileheight", "0"), least_tile, MAX_TILE_PX)
    problems = []
    if width is None or height is None:
        problems.append(f"{label}: is {clipped(root.get('width'))}x{clipped(root.get('height'))} squares; a map is at most "
                        f"{MAX_SQUARES}x{MAX_SQUARES}")
    if tile_w is None or tile_h is None:
        problems.append(f"{label}: tiles are {clipped(root.get('tilewidth'))}x{clipped(root.get('tileheight'))} pixels; a tile is "
                        f"1 to {MAX_TILE_PX} pixels a side")
    if problems:
        return problems
    if width * tile_w > MAX_MAP_PX or height * tile_h > MAX_MAP_PX:
        problems.append(f"{label}: is {width * tile_w}x{height * tile_h} pixels; the window draws a map of at most "
                        f"{MAX_MAP_PX}x{MAX_MAP_PX}")
    if objects > MAX_OBJECTS:
        problems.append(f"{label}: has {objects} objects; a map has at most {MAX_OBJECTS}")
    points = sum(len((line.get("points") or "").split()) for tag in ("polyline", "polygon") for line in root.iter(tag))
    if points > MAX_POINTS:
        problems.append(f"{label}: its polylines and polygons have {points} points; a map has at most {MAX_POINTS}")
    layers = list(root.iter("layer"))
    if len(layers) > MAX_LAYERS:
        problems.append(f"{label}: has {len(layers)} tile layers; a map has at most {MAX_LAYERS}")
    else:
        for layer in layers:
            problems += layer_problems(layer, f"{path}: layer {clipped(layer.get('id'))} ({clipped(layer.get('name', ''))})",
                                       width, height)
    tilesets = list(root.iter("tileset"))
    if len(tilesets) > MAX_TILESETS:
        problems.append(f"{label}: has {len(tilesets)} tilesets; a map has at most {MAX_TILESETS}")
    else:
        for node in tilesets:
            problems += tileset_problems(node, path)
    return problems


def layer_problems(layer: ElementTree.Element, label: str, width: int, height: int) -> list[str]:
    """A tile layer as large as the map, its data CSV or Base64 that holds (or inflates to) one gid a square."""
    if (layer.get("width"), layer.get("height")) != (str(width), str(height)):
        return [f"{label}: is {clipped(layer.get('width'))}x{clipped(layer.get('height'))} squares, the map {width}x{height}"]
    data = layer.find("data")
    if data is None or data.find("chunk") is not None:
        return [f"{label}: has no tile data"]
    encoding, compression = data.get("encoding", ""), data.get("compression", "")
    if encoding not in ENCODINGS:
        return [f"{label}: tile data is {clipped(encoding) or 'XML'}; save the map with CSV or Base64 layer data"]
    if compression not in COMPRESSIONS or (compression and encoding == "csv"):
        return [f"{label}: compression '{clipped(compression)}' is not supported (use zlib, gzip or none)"]
    cells = width * height
    text = (data.text or "").strip()
    if encoding == "csv":
        held = text.count(",") + 1 if text else 0
        if held != cells:
            return [f"{label}: holds {held} tiles, not {width}x{height}"]
        if not gids_fit(text):
            return [f"{label}: a tile is not a gid (a whole number from 0 to {MAX_GID})"]
        return []
    size = inflated_size(text, compression, cells * 4)
    if size != cells * 4:
        held = f"more than {cells}" if size > cells * 4 else ("no readable" if size < 0 else str(size // 4))
        return [f"{label}: holds {held} tiles, not {width}x{height}"]
    return []


def inflated_size(text: str, compression: str, expected: int) -> int:
    """Bytes Base64 `text` decodes and inflates to, reading at most one byte past `expected`; -1 if unreadable."""
    try:
        raw = base64.b64decode(text)
        if not compression:
            return len(raw)
        inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
        out = inflater.decompress(raw, expected + 1)
        if inflater.unconsumed_tail or inflater.unused_data or not inflater.eof:
            return len(out) if len(out) > expected else -1
        return len(out)
    except (binascii.Error, ValueError, zlib.error):
        return -1


def tileset_problems(node: ElementTree.Element, path: Path) -> list[str]:
    """A tileset (embedded or an external .tsx) within the limits, so pytmx registers a bounded number of tiles."""
    source = node.get("source")
    label = f"{path}: tileset {clipped(node.get('name') or source or '')}"
    if whole(node.get("firstgid"), 1, FIRSTGID_BELOW - 1) is None:
        return [f"{label}: firstgid {clipped(repr(node.get('firstgid')))} is not a whole number from 1 to {FIRSTGID_BELOW - 1}"]
    if source:
        if not source.lower().endswith(".tsx"):
            return [f"{label}: an external tileset is a .tsx file"]
        try:
            node = read_xml(path.parent / source, label)
        except MapError as exc:
            return exc.problems
        label = f"{path}: tileset {clipped(node.get('name') or source)}"
    if node.find("image") is None and node.find("tile/image") is not None:
        return [f"{label}: is an image collection (an image a tile); a tileset here is one image of tiles"]
    w, h = whole(node.get("tilewidth"), 1, MAX_TILE_PX), whole(node.get("tileheight"), 1, MAX_TILE_PX)
    if w is None or h is None:
        return [f"{label}: tiles are {clipped(node.get('tilewidth'))}x{clipped(node.get('tileheight'))} pixels; a tile is 1 to "
                f"{MAX_TILE_PX} pixels a side"]
    spacing, margin = whole(node.get("spacing", "0"), 0, MAX_IMAGE_PX), whole(node.get("margin", "0"), 0, MAX_IMAGE_PX)
    if spacing is None or margin is None:
        return [f"{label}: spacing {clipped(node.get('spacing'))!r} and margin {clipped(node.get('margin'))!r} must be whole "
                f"numbers of pixels from 0 to {MAX_IMAGE_PX}"]
    if len(node.findall("tile")) > MAX_TILESET_TILES:
        return [f"{label}: describes more than {MAX_TILESET_TILES} tiles"]
    image = node.find("image")
    if image is None:
        return [f"{label}: has no image (a tileset is one image of tiles)"]
    image_w, image_h = whole(image.get("width"), 1, MAX_IMAGE_PX), whole(image.get("height"), 1, MAX_IMAGE_PX)
    if image_w is None or image_h is None:
        return [f"{label}: image is {clipped(image.get('width'))}x{clipped(image.get('height'))} pixels; a tileset image is 1x1 to "
                f"{MAX_IMAGE_PX}x{MAX_IMAGE_PX}"]
    grid = len(range(margin, image_w + margin - w + 1, w + spacing)) * len(range(margin, image_h + margin - h + 1, h + spacing))
    if grid > MAX_TILESET_TILES:  # pytmx walks this grid of the image
        return [f"{label}: its image holds {grid} tiles of {w}x{h}; a tileset has at most {MAX_TILESET_TILES}"]
    derived = tileset_grid(image_w, image_h, w, h, spacing, margin)
    columns = derived[0] if node.get("columns") is None else whole(node.get("columns"), 1, MAX_TILESET_TILES)
    count = derived[1] if node.get("tilecount") is None else whole(node.get("tilecount"), 1, MAX_TILESET_TILES)
    if columns is None or count is None:
        return [f"{label}: columns {clipped(node.get('columns'))!r} and tilecount {clipped(node.get('tilecount'))!r} must be "
                f"whole numbers from 1 to {MAX_TILESET_TILES}"]
    if not columns or not count:
        return [f"{label}: its {image_w}x{image_h} image holds no tile of {w}x{h}"]
    rows = -(-count // columns)
    if columns * w > image_w or rows * h > image_h:
        return [f"{label}: {count} tiles in {columns} columns of {w}x{h} do not fit its {image_w}x{image_h} image"]
    return []


def tileset_grid(image_w: int, image_h: int, tile_w: int, tile_h: int, spacing: int, margin: int) -> tuple[int, int]:
    """The columns and tiles of a tileset image, as Tiled counts them for a tileset that does not say (Tiled's
    own files before 1.0 wrote neither `columns` nor `tilecount`)."""
    columns = max(0, (image_w - margin + spacing) // (tile_w + spacing))
    rows = max(0, (image_h - margin + spacing) // (tile_h + spacing))
    return columns, columns * rows
