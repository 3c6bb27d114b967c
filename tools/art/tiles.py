"""The dungeon tileset (assets/tiles/dungeon.png): 40 tiles of 16 px art in the shared index order.

Floors and walls are painted by small seeded painters from a theme's colours (so the stone, cave,
crypt, wood and keep families match); furniture, doors and icons are text art over them.
Overlay tiles (traps, runes, decor, furniture, icons) keep a clear background so the map can lay
them on a decor layer over any floor.
"""
from __future__ import annotations

import random

from tools.art.canvas import Canvas, Colour, rgb, shade
from tools.art.palette import PALETTE

S = 16  # art pixels per tile (scaled x2 on export)

THEMES = {  # base, dark (mortar / cracks), light (highlights)
    "stone": (rgb("#4a4e5c"), rgb("#23232f"), rgb("#6a7080")),
    "cave": (rgb("#7a6a5a"), rgb("#241a16"), rgb("#a08c74")),
    "crypt": (rgb("#4a3f58"), rgb("#211a2a"), rgb("#6c5c7e")),
    "wood": (rgb("#7a4e2e"), rgb("#3a2214"), rgb("#9c6a40")),
    "keep": (rgb("#9a8a66"), rgb("#3e3526"), rgb("#c4b48a")),
}


def flagstones(theme: str, seed: int, block: int = 8) -> Canvas:
    """Square flagstones with dark joints, each stone a slightly different shade."""
    base, dark, light = THEMES[theme]
    base = shade(base, 0.6)  # floors sit well below walls so rooms read at a glance
    rng = random.Random(seed)
    c = Canvas(S, S, base)
    for by in range(0, S, block):
        off = (block // 2) if (by // block) % 2 else 0
        for bx in range(-block, S, block):
            tone = shade(base, rng.uniform(0.85, 1.08))
            c.rect(bx + off, by, block, block, tone)
            c.hline(bx + off, bx + off + block - 1, by, dark)
            c.vline(bx + off, by, by + block - 1, dark)
            c.hline(bx + off + 1, bx + off + block - 2, by + 1, shade(tone, 1.12))
    c.speckle(rng, [shade(base, 0.8), shade(base, 1.15)], 0.08)
    return c


def bricks(theme: str, seed: int, torch: bool = False) -> Canvas:
    """A wall face of running-bond bricks lit from above."""
    base, dark, light = THEMES[theme]
    rng = random.Random(seed)
    c = Canvas(S, S, dark)
    for row, y in enumerate(range(0, S, 4)):
        off = 4 if row % 2 else 0
        for x in range(-8 + off, S, 8):
            tone = shade(base, rng.uniform(0.8, 1.05))
            c.rect(x + 1, y + 1, 7, 3, tone)
            c.hline(x + 1, x + 7, y + 1, shade(tone, 1.18))
            c.hline(x + 1, x + 7, y + 3, shade(tone, 0.78))
    c.speckle(rng, [shade(base, 0.7)], 0.05)
    c.hline(0, S - 1, 0, shade(light, 1.15))
    c.hline(0, S - 1, S - 1, shade(dark, 0.6))
    return c


def rock(theme: str, seed: int) -> Canvas:
    """Rough cave rock: lumpy boulders with shadows."""
    base, dark, light = THEMES[theme]
    rng = random.Random(seed)
    c = Canvas(S, S, dark)
    for _ in range(9):
        cx, cy, r = rng.randrange(S), rng.randrange(S), rng.randint(3, 6)
        tone = shade(base, rng.uniform(0.8, 1.1))
        for y in range(cy - r, cy + r + 1):
            for x in range(cx - r, cx + r + 1):
                d = (x - cx) ** 2 + (y - cy) ** 2
                if d <= r * r:
                    hi = (x - cx) + (y - cy) < -r // 2
                    c.put(x % S, y % S, shade(tone, 1.2) if hi else tone)
    c.speckle(rng, [dark, shade(base, 1.25)], 0.06)
    return c


def noise_floor(base: Colour, seed: int, flecks: list[Colour], chance: float = 0.3) -> Canvas:
    rng = random.Random(seed)
    c = Canvas(S, S, base)
    c.speckle(rng, flecks, chance)
    return c


def planks(seed: int) -> Canvas:
    """Wooden floorboards: horizontal planks with grain and nail heads."""
    base, dark, light = THEMES["wood"]
    rng = random.Random(seed)
    c = Canvas(S, S, base)
    for y in range(0, S, 4):
        tone = shade(base, rng.uniform(0.85, 1.1))
        c.rect(0, y, S, 4, tone)
        c.hline(0, S - 1, y + 3, dark)
        end = rng.randrange(3, 13)
        c.vline(end, y, y + 2, dark)
        for _ in range(3):
            gx = rng.randrange(S)
            c.hline(gx, min(S - 1, gx + rng.randint(1, 4)), y + rng.randint(0, 2), shade(tone, 0.85))
    return c


def logs(seed: int) -> Canvas:
    """A timber wall: vertical logs."""
    base, dark, light = THEMES["wood"]
    rng = random.Random(seed)
    c = Canvas(S, S, dark)
    for x in range(0, S, 4):
        tone = shade(base, rng.uniform(0.75, 0.95))
        c.rect(x, 0, 3, S, tone)
        c.vline(x, 0, S - 1, shade(tone, 1.2))
        c.vline(x + 2, 0, S - 1, shade(tone, 0.75))
    return c


def water(seed: int) -> Canvas:
    rng = random.Random(seed)
    c = Canvas(S, S, rgb("#1e3a66"))
    c.speckle(rng, [rgb("#24477a")], 0.4)
    for _ in range(5):
        x, y = rng.randrange(S), rng.randrange(S)
        c.hline(x, min(S - 1, x + 2), y, rgb("#5fa0d8"))
        c.put(x + 1, y - 1, rgb("#a8d0f0"))
    return c


def cobbles(seed: int) -> Canvas:
    rng = random.Random(seed)
    c = Canvas(S, S, rgb("#4e4038"))
    for y in range(0, S, 4):
        off = 2 if (y // 4) % 2 else 0
        for x in range(-4 + off, S, 4):
            tone = shade(rgb("#8a7a68"), rng.uniform(0.8, 1.1))
            c.rect(x + 1, y + 1, 3, 3, tone)
            c.put(x + 1, y + 1, shade(tone, 1.2))
    return c


def grass(seed: int) -> Canvas:
    c = noise_floor(rgb("#3e6b2e"), seed, [rgb("#4b7f35"), rgb("#33592a"), rgb("#5a9140")], 0.45)
    rng = random.Random(seed + 1)
    for _ in range(6):
        x, y = rng.randrange(S), rng.randrange(1, S)
        c.put(x, y, rgb("#6aa84a"))
        c.put(x, y - 1, rgb("#7fc058"))
    return c


def art(rows: list[str], under: Canvas | None = None, extra: dict[str, Colour] | None = None) -> Canvas:
    """Text art stamped over a painted tile (or over a clear tile when `under` is None)."""
    c = under or Canvas(S, S)
    c.stamp(rows, {**PALETTE, **(extra or {})})
    return c


DOOR = [
    "KKKKKKKKKKKKKKKK",
    "KHhhhhhhhhhhhhHK",
    "KhKBBBBBBBBBBKhK",
    "KhBbbtbbbbtbbBhK",
    "KhBbbtbbbbtbbBhK",
    "KhBGGGGGGGGGGBhK",
    "KhBbbtbbbbtbbBhK",
    "KhBbbtbbbbtbbBhK",
    "KhBbbtbbbbtbYBhK",
    "KhBbbtbbbbtYYBhK",
    "KhBbbtbbbbtbbBhK",
    "KhBGGGGGGGGGGBhK",
    "KhBbbtbbbbtbbBhK",
    "KhBbbtbbbbtbbBhK",
    "KhBBBBBBBBBBBBhK",
    "KKKKKKKKKKKKKKKK",
]
LOCK = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "................",
    ".......KKK......",
    "......KYKYK.....",
    "......KY.YK.....",
    ".....KYYYYYK....",
    ".....KYAKAYK....",
    ".....KYAKAYK....",
    ".....KYYYYYK....",
    "......KKKKK.....",
    "................",
    "................",
]
DOOR_OPEN = [
    "KKKKKKKKKKKKKKKK",
    "KHhhhhhhhhhhhhHK",
    "KhBbK.......KKhK",
    "KhBbK.........hK",
    "KhBbK.........hK",
    "KhBYK.........hK",
    "KhBbK.........hK",
    "KhBbK.........hK",
    "KhBbK.........hK",
    "KhBbK.........hK",
    "KhBbK.........hK",
    "KhBYK.........hK",
    "KhBbK.........hK",
    "KhBbK.........hK",
    "KhBBK.........hK",
    "KK..............",
]
SPIKES = [
    "................",
    "..K......K......",
    ".KgK....KgK..K..",
    ".KGK....KGK.KgK.",
    "KhhhK..KhhhKKGK.",
    ".......K...KhhhK",
    "....K...........",
    "...KgK......K...",
    "...KGK.....KgK..",
    "..KhhhK....KGK..",
    "..........KhhhK.",
    ".K..............",
    "KgK.....K.......",
    "KGK....KgK...K..",
    "hhhK...KGK..KgK.",
    "......KhhhK.KGK.",
]
CIRCLE = [
    "................",
    ".....RRRRRR.....",
    "...RR......RR...",
    "..R...e..e...R..",
    ".R....RRRR....R.",
    ".R...R....R...R.",
    "R...R..pp..R...R",
    "R.e.R.pqqp.R.e.R",
    "R...R.pqqp.R...R",
    "R...R..pp..R...R",
    ".R...R....R...R.",
    ".R....RRRR....R.",
    "..R...e..e...R..",
    "...RR......RR...",
    ".....RRRRRR.....",
    "................",
]
RUNE = [
    "................",
    "................",
    "......CCCC......",
    "....CC....CC....",
    "...C...WW...C...",
    "...C..W.W...C...",
    "..C...W..W...C..",
    "..C...W.W....C..",
    "..C...WW.....C..",
    "...C..W.....C...",
    "...C..W.....C...",
    "....CC....CC....",
    "......CCCC......",
    "................",
    "................",
    "................",
]
STAIRS_UP = [
    "KKKKKKKKKKKKKKKK",
    "KgggggggggggggGK",
    "KGGGGGGGGGGGGGhK",
    "KKKKKKKKKKKKKKKK",
    "KgggggggggggggGK",
    "KGGGGGGGGGGGGGhK",
    "KKKKKKKKKKKKKKKK",
    "KgggggggggggggGK",
    "KGGGGGGGGGGGGGhK",
    "KKKKKKKKKKKKKKKK",
    "KhhhhhhhhhhhhhHK",
    "KHHHHHHHHHHHHHdK",
    "KKKKKKKKKKKKKKKK",
    "KHHHHHHHHHHHHHdK",
    "KddddddddddddddK",
    "KKKKKKKKKKKKKKKK",
]
STAIRS_DOWN = [
    "KKKKKKKKKKKKKKKK",
    "KgggggggggggggGK",
    "KGGGGGGGGGGGGGhK",
    "KKKKKKKKKKKKKKKK",
    "KKhhhhhhhhhhhhKK",
    "KKHHHHHHHHHHHHKK",
    "KKKKKKKKKKKKKKKK",
    "KKKdddddddddKKKK",
    "KKKdddddddddKKKK",
    "KKKKKKKKKKKKKKKK",
    "KKKKkkkkkkkKKKKK",
    "KKKKkkkkkkkKKKKK",
    "KKKKKKKKKKKKKKKK",
    "KKKKKKKKKKKKKKKK",
    "KKKKKKKKKKKKKKKK",
    "KKKKKKKKKKKKKKKK",
]
RUBBLE = [
    "................",
    "................",
    "..........K.....",
    ".........KgK....",
    "..KK....KGGhK...",
    ".KgGK...KhhhK...",
    ".KGhK....KKK....",
    "..KK............",
    "......KKK.......",
    ".....KgGGK...KK.",
    "....KgGGhhK.KgGK",
    "....KGhhhHK.KhHK",
    ".....KKKKK...KK.",
    "..KK............",
    ".KGhK...........",
    "..KK............",
]
BONES = [
    "................",
    "................",
    "...KKK..........",
    "..KwwWK.........",
    "..KwKwK.........",
    "..KWwWK...K.K...",
    "...KKK...KwKwK..",
    "..........KwK...",
    ".........KwK....",
    "........KwK.....",
    ".......KwKwK....",
    "........K.K.....",
    "..KK.........KK.",
    "..KWKKKKKKKKKWK.",
    "...KwwwwwwwwwK..",
    "..KWKKKKKKKKKWK.",
]
TORCH = [
    "................",
    "................",
    "......Kf.K......",
    ".....KfyfK......",
    ".....KoyoK......",
    "......KoK.......",
    "......KBK.......",
    ".....KGbGK......",
    "......KbK.......",
    "......KbK.......",
    "......KKK.......",
    "................",
    "................",
    "................",
    "................",
    "................",
]
CARPET = [
    "RRRRRRRRRRRRRRRR",
    "RYYYYYYYYYYYYYYR",
    "RYRRRRRRRRRRRRYR",
    "RYRrRRRRRRRRrRYR",
    "RYRRRRRYYRRRRRYR",
    "RYRRRRYRRYRRRRYR",
    "RYRRRYRRRRYRRRYR",
    "RYRRYRRrrRRYRRYR",
    "RYRRYRRrrRRYRRYR",
    "RYRRRYRRRRYRRRYR",
    "RYRRRRYRRYRRRRYR",
    "RYRRRRRYYRRRRRYR",
    "RYRrRRRRRRRRrRYR",
    "RYRRRRRRRRRRRRYR",
    "RYYYYYYYYYYYYYYR",
    "RRRRRRRRRRRRRRRR",
]
TABLE = [
    "................",
    "................",
    ".KKKKKKKKKKKKKK.",
    "KtttttttttttttbK",
    "KtbbbbbbbbbbbbbK",
    "KtbgK.bbbbbbbbbK",
    "KtbKWK.bbbKKbbbK",
    "KtbbKbbbbKRRKbbK",
    "KtbbbbbbbbKKbbbK",
    "KbbbbbbbbbbbbbBK",
    "KBBBBBBBBBBBBBBK",
    ".KBKKKKKKKKKKBK.",
    ".KBK........KBK.",
    ".KBK........KBK.",
    ".KKK........KKK.",
    "................",
]
BED = [
    ".KKKKKKKKKKKKK..",
    ".KBBBBBBBBBBBK..",
    ".KBwwwwwwwwwBK..",
    ".KBwWWWWWWWwBK..",
    ".KBwwwwwwwwwBK..",
    ".KBKKKKKKKKKBK..",
    ".KBuuuuuuuuuBK..",
    ".KBuccccccccBK..",
    ".KBuuuuuuuuuBK..",
    ".KBucuucuucuBK..",
    ".KBuuuuuuuuuBK..",
    ".KBUUUUUUUUUBK..",
    ".KBuuuuuuuuuBK..",
    ".KBBBBBBBBBBBK..",
    ".KBK.......KBK..",
    ".KKK.......KKK..",
]
WELL = [
    "................",
    "..KKKKKKKKKKKK..",
    "..KbBBBBBBBBbK..",
    "..KbK......KbK..",
    "..KbK......KbK..",
    ".KKKKKKKKKKKKKK.",
    "KhgggggggggggghK",
    "KgGGGGGGGGGGGGgK",
    "KgGkkkkkkkkkkGgK",
    "KgGkUUuuuuUUkGgK",
    "KgGkkkkkkkkkkGgK",
    "KhgggggggggggghK",
    "KHGhGhGhGhGhGhHK",
    "KHhHhHhHhHhHhHHK",
    ".KKKKKKKKKKKKKK.",
    "................",
]
TREE = [
    "......KKKK......",
    "....KKmnnmKK....",
    "...KmnnlnnmmK...",
    "..KmnlnnnnnnmK..",
    ".KmnnnnmnnlnnmK.",
    ".KmnlnnnnnnnmmK.",
    "KmnnnmnnnlnnnmmK",
    "KmnnnnnnnnnnnmmK",
    "KOmnnlnnnmnnmmOK",
    ".KOmmnnnnnnmmOK.",
    "..KOOmmmmmmOOK..",
    "...KKKBbBKKKK...",
    "......KbBK......",
    "......KbBK......",
    ".....KBbbBK.....",
    "......KKKK......",
]
ROOF = [
    "RRRRRRRRRRRRRRRR",
    "RrrrRrrrRrrrRrrr",
    "BRRRBRRRBRRRBRRR",
    "BBBBBBBBBBBBBBBB",
    "rRrrrRrrrRrrrRrr",
    "RBRRRBRRRBRRRBRR",
    "BBBBBBBBBBBBBBBB",
    "RrrrRrrrRrrrRrrr",
    "BRRRBRRRBRRRBRRR",
    "BBBBBBBBBBBBBBBB",
    "rRrrrRrrrRrrrRrr",
    "RBRRRBRRRBRRRBRR",
    "BBBBBBBBBBBBBBBB",
    "RrrrRrrrRrrrRrrr",
    "BRRRBRRRBRRRBRRR",
    "BBBBBBBBBBBBBBBB",
]
MOUNTAIN = [
    "................",
    ".......KK.......",
    "......KwwK......",
    ".....KwWgGK.....",
    ".....KWgGhK.....",
    "....KgGGhhhK....",
    "...KgGGGhhHHK...",
    "...KGGGhhhHHK.K.",
    "..KGGGhhhHHHKKgK",
    "..KGGhhhHHHdKgGK",
    ".KGGhhhHHHddKGhK",
    ".KGhhhHHHdddKhhK",
    "KGhhhHHHdddddKHK",
    "KhhHHHHddddddKdK",
    "KKKKKKKKKKKKKKKK",
    "................",
]
FOREST = [
    "..KK.......KK...",
    ".KnmK.....KnmK..",
    "KnlnmK...KnlnmK.",
    "KnnnmK...KnnnmK.",
    ".KmmK.....KmmK..",
    "..KBK..KK..KBK..",
    "......KnmK......",
    ".....KnlnmK.....",
    ".....KnnnmK..KK.",
    "......KmmK..KnmK",
    ".KK....KBK.KnlnK",
    "KnmK.......KnnmK",
    "KlnmK.......KmK.",
    "KnnmK.......KBK.",
    ".KmK............",
    ".KBK............",
]
ICON_DUNGEON = [
    "................",
    "................",
    "....KKKKKKKK....",
    "...KhGGGGGGhK...",
    "..KhGgKKKKgGhK..",
    "..KGgKkkkkKgGK..",
    ".KhGKkkkkkkKGhK.",
    ".KGgKkkkkkkKgGK.",
    ".KGgKkkeekkKgGK.",
    ".KGgKkkkkkkKgGK.",
    ".KhGKkkkkkkKGhK.",
    "KhGGKkkkkkkKGGhK",
    "KHhhKkkkkkkKhhHK",
    "KKKKKKKKKKKKKKKK",
    "................",
    "................",
]
ICON_VILLAGE = [
    "................",
    "................",
    "......KK........",
    ".....KRRK.......",
    "....KRrrRK..KK..",
    "...KRrrrrRKKRRK.",
    "..KRRRRRRRRKrrRK",
    "...KttttttKRRRRK",
    "...KtKKtttK.KtK.",
    "...KtKKtKtK.KtK.",
    "...KttttKtK.KtK.",
    "...KKKKKKKK.KKK.",
    "................",
    "................",
    "................",
    "................",
]
ICON_TOWER = [
    "................",
    "....K.KK.K......",
    "....KgKKgK......",
    "....KggggK......",
    ".....KGGK.......",
    ".....KgGK.......",
    ".....KgkK..K....",
    ".....KgGK.KeK...",
    ".....KgGK..K....",
    "....KgGGhK......",
    "....KgkkhK......",
    "....KgkkhK......",
    "...KgGGGGhK.....",
    "...KKKKKKKK.....",
    "................",
    "................",
]
ICON_ARTIFACT = [
    "................",
    "................",
    ".......KK.......",
    "......KwCK......",
    ".....KWCCuK.....",
    "....KWCCCuuK....",
    "...KWCCCCuuUK...",
    "...KCCCCCuuUK...",
    "....KuCCuuUK....",
    ".....KuuuUK.....",
    "......KuUK......",
    ".......KK.......",
    "..y.........y...",
    "................",
    "......y.........",
    "................",
]
ICON_BEAST = [
    "................",
    "................",
    "..KK........KK..",
    ".KwK........KwK.",
    ".KwWK......KWwK.",
    "..KwWK....KWwK..",
    "..KBBBKKKKBBBK..",
    ".KBbbbbbbbbbbBK.",
    ".KbeebbbbbbeebK.",
    ".KbbbbbbbbbbbbK.",
    "..KbbbBBBBbbbK..",
    "..KbbKwKKwKbbK..",
    "...KbbbbbbbbK...",
    "....KKKKKKKK....",
    "................",
    "................",
]


def build_tiles() -> list[Canvas]:
    """All 40 tiles in the shared index order (docs/art.md)."""
    cracked = flagstones("stone", 3)
    for x, y in [(3, 2), (4, 3), (5, 3), (6, 4), (6, 5), (7, 6), (8, 6), (9, 7), (9, 8), (10, 9), (5, 4),
                 (4, 5), (11, 10), (12, 10), (12, 11)]:
        cracked.put(x, y, THEMES["stone"][1])
    cave_floor = noise_floor(rgb("#3e3128"), 4, [rgb("#352a22"), rgb("#4a3a2e"), rgb("#54432f")], 0.35)
    rng = random.Random(44)
    for _ in range(5):
        x, y = rng.randrange(1, 15), rng.randrange(1, 15)
        cave_floor.put(x, y, rgb("#8c7660"))
        cave_floor.put(x + 1, y + 1, rgb("#2a1e18"))
    dirt = noise_floor(rgb("#6b5236"), 11, [rgb("#5e462e"), rgb("#7a6042"), rgb("#886c4a")], 0.4)
    tiles = [
        Canvas(S, S, rgb("#000000")),  # 0 void
        bricks("stone", 1),  # 1 wall_stone
        flagstones("stone", 2),  # 2 floor_stone
        cracked,  # 3 floor_stone_cracked
        cave_floor,  # 4 floor_cave
        rock("cave", 5),  # 5 wall_cave
        flagstones("crypt", 6),  # 6 floor_crypt
        bricks("crypt", 7),  # 7 wall_crypt
        planks(8),  # 8 floor_wood
        logs(9),  # 9 wall_wood
        grass(10),  # 10 grass
        dirt,  # 11 dirt_path
        water(12),  # 12 water
        art(DOOR_OPEN, flagstones("stone", 13)),  # 13 door_open
        art(DOOR),  # 14 door_closed
        art(LOCK, art(DOOR)),  # 15 door_locked
        art(SPIKES),  # 16 trap_spikes
        art(CIRCLE),  # 17 spawner_circle
        art(RUNE),  # 18 rune_floor
        art(STAIRS_UP),  # 19 stairs_up
        art(STAIRS_DOWN),  # 20 stairs_down
        art(RUBBLE),  # 21 rubble
        art(BONES),  # 22 bones_decor
        art(TORCH, bricks("stone", 23)),  # 23 wall_torch
        flagstones("keep", 24),  # 24 floor_keep
        bricks("keep", 25),  # 25 wall_keep
        art(CARPET),  # 26 carpet
        art(TABLE),  # 27 table
        art(BED),  # 28 bed
        art(WELL),  # 29 well
        art(TREE, grass(30)),  # 30 tree (on grass: villages use it as a hedge wall)
        art(ROOF),  # 31 house_roof
        art(MOUNTAIN, grass(32)),  # 32 mountain
        art(FOREST, grass(33)),  # 33 forest
        art(ICON_DUNGEON),  # 34 icon_dungeon
        art(ICON_VILLAGE),  # 35 icon_village
        art(ICON_TOWER),  # 36 icon_tower
        art(ICON_ARTIFACT),  # 37 icon_artifact_site
        art(ICON_BEAST),  # 38 icon_beast_site
        cobbles(39),  # 39 road
    ]
    assert len(tiles) == 40
    return tiles
