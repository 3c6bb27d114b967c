"""Read a sprite text file (tools/art/creatures.txt, items.txt) into canvases, checking its shape.

Format: `== id [scale N]` then the rows of the sprite; `== id group part x,y x,y[f] ...` composes
a minion group from a part. Ids starting with "part_" are building blocks, not output.
Each finished sprite is a whole number of 16-pixel squares with a clear 1-pixel border for the
outline; any mistake raises ArtError naming the file, the sprite and the problem.
"""
from __future__ import annotations

from pathlib import Path

from tools.art.canvas import Canvas, scaled
from tools.art.palette import PALETTE

SQUARE = 16


class ArtError(Exception):
    pass


def _parse_blocks(path: Path) -> list[tuple[str, list[str], list[str]]]:
    blocks: list[tuple[str, list[str], list[str]]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("=="):
            words = line[2:].split()
            blocks.append((words[0], words[1:], []))
        elif not blocks:
            raise ArtError(f"{path}: art before the first '== id' line: {line!r}")
        else:
            blocks[-1][2].append(line)
    return blocks


def _text_canvas(path: Path, name: str, rows: list[str]) -> Canvas:
    width = len(rows[0])
    for j, row in enumerate(rows):
        if len(row) != width:
            raise ArtError(f"{path}: {name}: row {j} is {len(row)} pixels wide, row 0 is {width}")
    canvas = Canvas(width, len(rows))
    try:
        canvas.stamp(rows, PALETTE)
    except KeyError as exc:
        raise ArtError(f"{path}: {name}: {exc.args[0]}") from None
    return canvas


def _group(path: Path, name: str, args: list[str], parts: dict[str, Canvas]) -> Canvas:
    part_id, places = args[1], args[2:]
    if part_id not in parts:
        raise ArtError(f"{path}: {name}: unknown part {part_id!r}")
    part = parts[part_id]
    canvas = Canvas(SQUARE, SQUARE)
    for place in places:
        mirrored = place.endswith("f")
        try:
            x, y = (int(v) for v in place.rstrip("f").split(","))
        except ValueError:
            raise ArtError(f"{path}: {name}: place {place!r} is not x,y or x,yf") from None
        if not (1 <= x and x + part.w <= SQUARE - 1 and 1 <= y and y + part.h <= SQUARE - 1):
            raise ArtError(f"{path}: {name}: part at {x},{y} does not fit inside the outline border")
        canvas.paste(part.flipped() if mirrored else part, x, y)
    return canvas


def _check_frame(path: Path, name: str, canvas: Canvas) -> None:
    if canvas.w % SQUARE or canvas.h % SQUARE:
        raise ArtError(f"{path}: {name}: {canvas.w}x{canvas.h} is not a whole number of {SQUARE}-pixel squares")
    edge = [canvas.get(x, y) for x in range(canvas.w) for y in (0, canvas.h - 1)]
    edge += [canvas.get(x, y) for y in range(canvas.h) for x in (0, canvas.w - 1)]
    if any(c[3] for c in edge):
        raise ArtError(f"{path}: {name}: pixels on the border leave no room for the outline")


def read_sprites(path: Path) -> dict[str, Canvas]:
    """Every finished sprite of the file by id, parts excluded."""
    parts: dict[str, Canvas] = {}
    out: dict[str, Canvas] = {}
    for name, args, rows in _parse_blocks(path):
        if args[:1] == ["group"]:
            canvas = _group(path, name, args, parts)
        else:
            if not rows:
                raise ArtError(f"{path}: {name}: no rows")
            canvas = _text_canvas(path, name, rows)
            if args[:1] == ["scale"]:
                canvas = scaled(canvas, int(args[1]))
        if name.startswith("part_"):
            parts[name] = canvas
            continue
        if name in out:
            raise ArtError(f"{path}: {name}: defined twice")
        _check_frame(path, name, canvas)
        out[name] = canvas
    return out
