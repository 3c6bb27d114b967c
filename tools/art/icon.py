"""The game's icon (window managers, the bundle's executable): the outlined hero on a dark rounded tile
with a gold rim, drawn at 16 art pixels and scaled by whole numbers; packed as .ico (Windows) and .icns
(macOS) holding PNGs, the formats PyInstaller takes (docs/packaging.md).
"""
from __future__ import annotations

import struct

from tools.art.canvas import Canvas
from tools.art.palette import OUTLINE, PALETTE

SIZE = 16
ICO_SIZES = (16, 32, 48, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
RIM, TILE, GLOW = PALETTE["A"], PALETTE["P"], PALETTE["p"]


def _inside(x: int, y: int) -> bool:
    """The tile is a square with its corners cut two pixels deep (a rounded look at 16 px)."""
    edge_x, edge_y = min(x, SIZE - 1 - x), min(y, SIZE - 1 - y)
    return edge_x + edge_y >= 2 or (edge_x >= 2 and edge_y >= 2)


def build_icon(hero: Canvas) -> Canvas:
    """The hero sprite, outlined, standing in a warm glow on the rimmed tile."""
    icon = Canvas(SIZE, SIZE)
    centre = (SIZE - 1) / 2
    for y in range(SIZE):
        for x in range(SIZE):
            if not _inside(x, y):
                continue
            rim = not (_inside(x - 1, y) and _inside(x + 1, y) and _inside(x, y - 1) and _inside(x, y + 1)
                       and 0 < x < SIZE - 1 and 0 < y < SIZE - 1)
            glow = (x - centre) ** 2 + (y - centre) ** 2 <= 5.5 ** 2
            icon.put(x, y, RIM if rim else GLOW if glow else TILE)
    icon.paste(hero.outlined(OUTLINE), 0, 0)
    return icon


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (width and height 0 mean 256)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in sorted(pngs.items()):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding one PNG per size."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
                    for size, data in sorted(pngs.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body
