"""Draw every tile and sprite of the game from the definitions in tools/art/ into PNGs under assets/.

    python tools/make_art.py                  write assets/tiles/, assets/sprites/ and assets/icon/
    python tools/make_art.py --sheet out.png  also write a contact sheet of everything (for looking)

The art is 16 px per square, scaled x2 (docs/art.md). Output is deterministic: same definitions,
same bytes.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.paths import ASSETS  # noqa: E402
from tools.art.canvas import Canvas  # noqa: E402
from tools.art.icon import ICNS_TYPES, ICO_SIZES, build_icon, icns, ico  # noqa: E402
from tools.art.palette import OUTLINE  # noqa: E402
from tools.art.sprites import ArtError, read_sprites  # noqa: E402
from tools.art.tiles import build_tiles  # noqa: E402

ART = Path(__file__).resolve().parent / "art"
SCALE = 2
COLUMNS = 8


def to_surface(canvas: Canvas, scale: int = SCALE) -> pygame.Surface:
    """The canvas scaled (x2 unless told) with nearest-neighbour pixels."""
    surf = pygame.Surface((canvas.w, canvas.h), pygame.SRCALPHA)
    for y, row in enumerate(canvas.px):
        for x, colour in enumerate(row):
            surf.set_at((x, y), colour)
    return pygame.transform.scale_by(surf, scale)


def tileset(tiles: list[Canvas]) -> pygame.Surface:
    size = tiles[0].w * SCALE
    rows = (len(tiles) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((COLUMNS * size, rows * size), pygame.SRCALPHA)
    for i, tile in enumerate(tiles):
        sheet.blit(to_surface(tile), ((i % COLUMNS) * size, (i // COLUMNS) * size))
    return sheet


def contact_sheet(named: list[tuple[str, pygame.Surface]], path: Path) -> None:
    """Every sprite on a floor-coloured cell with its name: a check for the eye, not a game asset."""
    font = pygame.font.Font(None, 16)
    cell_w, cell_h = 110, 118
    cols = 10
    rows = (len(named) + cols - 1) // cols
    sheet = pygame.Surface((cols * cell_w, rows * cell_h))
    sheet.fill((30, 28, 36))
    for i, (name, surf) in enumerate(named):
        x, y = (i % cols) * cell_w, (i // cols) * cell_h
        pygame.draw.rect(sheet, (74, 78, 92), (x + 4, y + 4, cell_w - 8, 100))
        sheet.blit(surf, (x + (cell_w - surf.get_width()) // 2, y + 4 + (100 - surf.get_height()) // 2))
        sheet.blit(font.render(name, True, (230, 230, 230)), (x + 4, y + 104))
    pygame.image.save(sheet, str(path))


def write(surf: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def write_icon(hero: Canvas, folder: Path) -> pygame.Surface:
    """The game's icon as a 256 px PNG (the window's), an .ico and an .icns (the bundle's); returns the PNG."""
    icon = build_icon(hero)
    pngs = {}
    for size in sorted(set(ICO_SIZES) | set(ICNS_TYPES)):
        data = io.BytesIO()
        pygame.image.save(to_surface(icon, size // icon.w), data, "icon.png")
        pngs[size] = data.getvalue()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ethernalis.png").write_bytes(pngs[256])
    (folder / "ethernalis.ico").write_bytes(ico({size: pngs[size] for size in ICO_SIZES}))
    (folder / "ethernalis.icns").write_bytes(icns({size: pngs[size] for size in ICNS_TYPES}))
    return to_surface(icon, 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, help="also write a contact sheet of all art here")
    parser.add_argument("--out", type=Path, default=ASSETS, help="assets directory (default: the repo's)")
    args = parser.parse_args(argv)
    try:
        creatures = read_sprites(ART / "creatures.txt")
        items = read_sprites(ART / "items.txt")
    except ArtError as exc:
        print(f"make_art: {exc}", file=sys.stderr)
        return 1
    pygame.font.init()
    named: list[tuple[str, pygame.Surface]] = []
    tiles = build_tiles()
    write(tileset(tiles), args.out / "tiles" / "dungeon.png")
    named += [(f"tile {i}", to_surface(t)) for i, t in enumerate(tiles)]
    for name, canvas in creatures.items():
        path = args.out / "sprites" / ("hero.png" if name == "hero" else f"creatures/{name}.png")
        named.append((name, to_surface(canvas.outlined(OUTLINE))))
        write(named[-1][1], path)
    for name, canvas in items.items():
        named.append((name, to_surface(canvas.outlined(OUTLINE))))
        write(named[-1][1], args.out / "sprites" / "items" / f"{name}.png")
    named.append(("icon", write_icon(creatures["hero"], args.out / "icon")))
    if args.sheet:
        contact_sheet(named, args.sheet)
    print(f"wrote {len(named)} images under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
