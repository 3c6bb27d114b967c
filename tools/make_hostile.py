"""Write the corpus of hostile inputs under tests/data/hostile/ (issue 10).

Every case is a file the game or its tools read (a map, a tileset, an image, a data file, a creature file,
the player's settings file)
written to break them: NaN, sizes beyond the limits, inflation bombs, entity bombs, template tricks.
Each must end in its one clear line (`expect`, after the file's path) within a time and memory bound,
changing nothing; tests/test_hostile.py runs them all and checks that the committed corpus is what this
script writes (deterministic: no time, no randomness).

    python tools/make_hostile.py          rewrite tests/data/hostile/ (cases.json lists the cases)
"""
from __future__ import annotations

import json
import shutil
import struct
import sys
import zlib
from base64 import b64encode
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgpack  # noqa: E402

from game.content.content import load_content  # noqa: E402
from game.content.texts import EVENT_FIELDS  # noqa: E402  (the corpus names the game's events as they are)
from game.recording import MAGIC as RECORDING_MAGIC  # noqa: E402
from game.world.components import sheet_plain  # noqa: E402

OUT = ROOT / "tests" / "data" / "hostile"
TSX = "../../../../maps/tilesets/dungeon.tsx"  # from tests/data/hostile/maps/
DATA = ROOT / "assets" / "data"


@dataclass(frozen=True)
class Case:
    """One hostile input: `kind` says who reads `file` (map, region, data, creature); `files` are written
    under OUT; `expect` is the line that follows the file's path (`{maps}` is OUT/maps, absolute)."""

    name: str
    kind: str
    file: str
    expect: str
    files: dict[str, bytes] = field(default_factory=dict)


# ---------------------------------------------------------------- maps

def obj(oid: object, name: str, kind: str, x: object, y: object, w: object = 32, h: object = 32, props: str = "") -> str:
    inner = f"<properties>{props}</properties>" if props else ""
    return f'<object id="{oid}" name="{name}" type="{kind}" x="{x}" y="{y}" width="{w}" height="{h}">{inner}</object>'


def prop(name: str, value: str, kind: str = "") -> str:
    return f'<property name="{name}"{f" type={chr(34)}{kind}{chr(34)}" if kind else ""} value="{value}"/>'


def csv(width: int, height: int, gid: str = "0") -> str:
    return ",".join([gid] * (width * height))


def layer(width: int, height: int, data: str = "", encoding: str = 'encoding="csv"', lid: int = 1) -> str:
    body = data if data else csv(width, height)
    return f'<layer id="{lid}" name="floor" width="{width}" height="{height}"><data {encoding}>{body}</data></layer>'


def objects(**changes: str) -> str:
    """The small playable dungeon's objects, any of them replaced by name."""
    base = {
        "west": obj(1, "West Room", "room", 32, 32, 128, 96, prop("light", "2", "int")),
        "east": obj(2, "East Room", "room", 192, 32, 128, 96),
        "arch": obj(5, "Archway", "exit", 160, 64),
        "entrance": obj(6, "Entrance", "entrance", 32, 32),
        "trap": obj(7, "Spikes", "trap", 256, 96, props=prop("damage", "d6")),
        "spawner": obj(8, "Rat hole", "spawner", 288, 96, props=prop("creature", "giant_rat") + prop("heads", "0", "int")),
        "rat": obj(9, "Rat", "creature", 224, 64, props=prop("creature", "giant_rat")),
        "rations": obj(13, "Rations", "item", 64, 64, props=prop("item", "ration") + prop("count", "3", "int")),
    }
    base.update(changes)
    return "".join(base.values())


def tmx(body: str | None = None, width: int = 12, height: int = 8, tile: object = 32, head: str = "",
        layers: str | None = None, tilesets: str = f'<tileset firstgid="1" source="{TSX}"/>', kind: str = "dungeon") -> bytes:
    """A map document; by default the small dungeon, playable as it is."""
    tile_w, tile_h = tile if isinstance(tile, tuple) else (tile, tile)
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n{head}'
            f'<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}" '
            f'tilewidth="{tile_w}" tileheight="{tile_h}" infinite="0">\n'
            f'<properties>{prop("kind", kind)}</properties>\n{tilesets}\n'
            f'{layer(width, height) if layers is None else layers}\n'
            f'<objectgroup id="9" name="objects">{objects() if body is None else body}</objectgroup>\n</map>\n')
    return text.encode("utf-8")


def tsx(name: str, tile: object = 32, columns: object = 8, count: object = 40, image: str = "dungeon.png",
        size: tuple[object, object] = (256, 160), extra: str = "") -> bytes:
    tile_w, tile_h = tile if isinstance(tile, tuple) else (tile, tile)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="{name}" tilewidth="{tile_w}" '
            f'tileheight="{tile_h}" tilecount="{count}" columns="{columns}"{extra}>\n'
            f' <image source="{image}" width="{size[0]}" height="{size[1]}"/>\n</tileset>\n').encode("utf-8")


def png(width: int, height: int, pixels: bool = True) -> bytes:
    """A grey PNG; without `pixels` only its signature and header, claiming the size."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    if not pixels:
        return head
    rows = b"".join(b"\x00" + bytes([128]) * width for _ in range(height))
    return head + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def zeros_zlib(total: int, segment: int = 16_000_000) -> bytes:
    """A zlib stream inflating to `total` zero bytes (a multiple of `segment`), built in a tenth of a second:
    one fully flushed deflate segment repeated, an empty last block and the Adler-32 of zeros."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_RLE)
    part = deflate.compress(bytes(segment)) + deflate.flush(zlib.Z_FULL_FLUSH)
    return b"\x78\xda" + part * (total // segment) + b"\x03\x00" + (((total % 65521) << 16) | 1).to_bytes(4, "big")


def entity_bomb() -> bytes:
    """Billion laughs: ten entities, each ten of the one before (10^10 characters)."""
    entities = '<!ENTITY e0 "laugh">' + "".join(
        f'<!ENTITY e{i} "{f"&e{i - 1};" * 10}">' for i in range(1, 10))
    return tmx(objects(rat=obj(9, "&e9;", "creature", 224, 64, props=prop("creature", "giant_rat"))),
               head=f"<!DOCTYPE map [{entities}]>\n")


def map_cases() -> list[Case]:
    m = "maps/"
    big_layer = layer(10_000, 10_000, b64encode(zeros_zlib(400_000_000)).decode(),
                      'encoding="base64" compression="zlib"')
    past = layer(12, 8, b64encode(zeros_zlib(16_000_000)).decode(), 'encoding="base64" compression="zlib"')
    gzip_trailing = layer(12, 8, b64encode(zlib.compress(bytes(384), 9, wbits=31) * 2).decode(),
                          'encoding="base64" compression="gzip"')
    rooms = "".join(obj(i + 1, f"Cell {i}", "room", (i % 128) * 64, (i // 128) * 64) for i in range(1001))
    road = " ".join(f"{i},0" for i in range(10_001))
    cases = [
        ("nan_coordinate", tmx(objects(rat=obj(9, "Rat", "creature", "nan", 64, props=prop("creature", "giant_rat")))),
         "object 9 (Rat): x is nan, not a number of pixels"),
        ("infinite_size", tmx(objects(east=obj(2, "East Room", "room", 192, 32, "inf", 96))),
         "object 2 (East Room): width is inf, not a number of pixels"),
        ("zero_tile_size", tmx(tile=(0, 32)), "map: tiles are 0x32 pixels; a tile is 1 to 64 pixels a side"),
        ("dice_too_many", tmx(objects(trap=obj(7, "Spikes", "trap", 256, 96, props=prop("damage", "999999999d999999999")))),
         "object 7 (Spikes): damage '999999999d999999999' rolls more than 100 dice (docs/maps.md, Limits)"),
        ("dice_too_many_faces", tmx(objects(trap=obj(7, "Spikes", "trap", 256, 96, props=prop("damage", "2d1000000")))),
         "object 7 (Spikes): damage '2d1000000' has a die of more than 1000 faces (docs/maps.md, Limits)"),
        ("dice_minus", tmx(objects(trap=obj(7, "Spikes", "trap", 256, 96, props=prop("damage", "d6-1")))),
         "object 7 (Spikes): damage 'd6-1' is not dice in the seed's notation (e.g. d6, 2d4+1)"),
        ("map_too_large", tmx(width=100_000, height=100_000, layers=""),
         "map: is 100000x100000 squares; a map is at most 256x256"),
        ("layer_bomb", tmx(width=10_000, height=10_000, layers=big_layer),
         "map: is 10000x10000 squares; a map is at most 256x256"),
        ("layer_inflates_past_the_map", tmx(layers=past), "layer 1 (floor): holds more than 96 tiles, not 12x8"),
        ("layer_gzip_with_trailing_data", tmx(layers=gzip_trailing), "layer 1 (floor): holds no readable tiles, not 12x8"),
        ("layer_short", tmx(layers=layer(12, 8, csv(12, 7) + ",0" * 11)), "layer 1 (floor): holds 95 tiles, not 12x8"),
        ("layer_bad_gid", tmx(layers=layer(12, 8, csv(12, 8)[:-1] + "99999999999")),
         "layer 1 (floor): a tile is not a gid (a whole number from 0 to 4294967295)"),
        ("layer_xml_tiles", tmx(layers=layer(12, 8, '<tile gid="1"/>' * 96, "")),
         "layer 1 (floor): tile data is XML; save the map with CSV or Base64 layer data"),
        ("layer_zstd", tmx(layers=layer(12, 8, "KLUv/QBYAQAA", 'encoding="base64" compression="zstd"')),
         "layer 1 (floor): compression 'zstd' is not supported (use zlib, gzip or none)"),
        ("layer_wide", tmx(layers=layer(1000, 8)), "layer 1 (floor): is 1000x8 squares, the map 12x8"),
        ("too_many_layers", tmx(layers="".join(layer(12, 8, lid=i) for i in range(1, 10))),
         "map: has 9 tile layers; a map has at most 8"),
        ("too_many_objects", tmx("".join(f'<object id="{i}"/>' for i in range(1, 10_002))),
         "map: has 10001 objects; a map has at most 10000"),
        ("too_many_points", tmx(objects() + f'<object id="99" type="road" x="0" y="0"><polyline points="{road}"/></object>'),
         "map: its polylines and polygons have 10001 points; a map has at most 10000"),
        ("too_many_rooms", tmx(rooms, width=256, height=256, layers=""),
         "map: has 1001 rooms; a map has at most 1000"),
        ("room_too_large", tmx(objects(west=obj(1, "West Room", "room", 32, 32, 65 * 32, 96)), width=70, layers=layer(70, 8)),
         "object 1 (West Room): room is 65x3 squares; a room is at most 64x64"),
        ("map_too_many_pixels", tmx(width=256, height=256, tile=64, layers=""),
         "map: is 16384x16384 pixels; the window draws a map of at most 8192x8192"),
        ("entrance_too_large", tmx(objects(entrance=obj(6, "Entrance", "entrance", 32, 32, 96, 96))),
         "object 6 (Entrance): entrance must cover one square (where the hero stands), not 3x3"),
        ("heads_beyond_the_largest_group", tmx(objects(spawner=obj(8, "Rat hole", "spawner", 288, 96, props=prop(
            "creature", "rat_swarm") + prop("heads", "65", "int")))),
         "object 8 (Rat hole): property 'heads' must be at most 64, not 65"),
        ("count_of_5000_digits", tmx(objects(rations=obj(13, "Rations", "item", 64, 64, props=prop("item", "ration")
                                                         + prop("count", "9" * 5000)))),
         "object 13 (Rations): property 'count' must be at most 10000, not 99999999999999999999…"),
        ("light_negative", tmx(objects(west=obj(1, "West Room", "room", 32, 32, 128, 96, prop("light", "-1", "int")))),
         "object 1 (West Room): light must be 0 (dark) or more, not -1"),
        ("object_id_beyond", tmx(objects(rat=obj(99999999999, "Rat", "creature", 224, 64, props=prop("creature", "giant_rat")))),
         "object 99999999999 (Rat): object id must be from 0 to 2147483647"),
        ("entity_bomb", entity_bomb(), "map: cannot be read (limit on input amplification factor (from DTD and "
                                       "entities) breached: line 7, column 827)"),
        ("too_many_elements", tmx(objects().replace("</properties>", "<a/>" * 200_000 + "</properties>", 1)),
         "map: holds more than 200000 XML elements"),
        ("not_a_map", tsx("lost"), "map: is not a Tiled map (its first element is <tileset>, not <map>)"),
        ("isometric", tmx().replace(b'orientation="orthogonal"', b'orientation="isometric"'),
         "map: must be an orthogonal, finite map"),
        ("escape_characters_in_a_name", tmx(objects(rat=obj(9, "Rat\u009b2J\u202e&#10;", "creature", 2048, 64,
                                                             props=prop("creature", "giant_rat")))),
         "object 9 (Rat\\x9b2J\\u202e\\n): lies outside the map (12x8 squares)"),
        ("name_of_1000_characters", tmx(objects(west=obj(1, "W" * 1000, "room", 32, 32, 128, 96))),
         f"object 1 ({'W' * 40}…): name is 1000 characters long; a name has at most 100"),
        ("title_of_1000_characters", tmx().replace(b'<properties><property name="kind"', b'<properties><property '
                                                    b'name="title" value="' + b"T" * 1000 + b'"/><property name="kind"'),
         "map: property 'title' is 1000 characters long; a value has at most 200"),
        ("tileset_file_missing", tmx(tilesets='<tileset firstgid="1" source="nowhere.tsx"/>'),
         "tileset nowhere.tsx: file not found"),
        ("tileset_firstgid_zero", tmx(tilesets=f'<tileset firstgid="0" source="{TSX}"/>'),
         f"tileset {TSX}: firstgid '0' is not a whole number from 1 to 536870911"),
    ]
    out = [Case(name, "map", f"{m}{name}.tmx", expect, {f"{m}{name}.tmx": text}) for name, text, expect in cases]
    tilesets = [  # (name, tsx, image file or None, expect)
        ("tileset_of_16777216_tiles", tsx("dust", tile=1, columns=4096, count=4096, size=(4096, 4096)), None,
         "tileset dust: its image holds 16777216 tiles of 1x1; a tileset has at most 65536"),
        ("tileset_image_declared_huge", tsx("vast", size=(1_000_000, 160)), None,
         "tileset vast: image is 1000000x160 pixels; a tileset image is 1x1 to 4096x4096"),
        ("tileset_zero_tile", tsx("flat", tile=(0, 32)), None,
         "tileset flat: tiles are 0x32 pixels; a tile is 1 to 64 pixels a side"),
        ("tileset_zero_columns", tsx("thin", columns=0), None,
         "tileset thin: columns '0' and tilecount '40' must be whole numbers from 1 to 65536"),
        ("tileset_png_claims_100000_pixels", tsx("giant", image="giant.png"), ("giant.png", png(100_000, 100_000, False)),
         "tileset giant: image is 100000x100000 pixels; a tileset image is at most 4096x4096"),
        ("tileset_image_not_a_png", tsx("text", image="text.png"), ("text.png", b"GIF89a, or anything but a PNG\n"),
         "tileset text: image {maps}/text.png is not a PNG file"),
        ("tileset_png_too_small", tsx("tiny", image="tiny.png"), ("tiny.png", png(8, 8)),
         "tileset tiny: image is 8x8 pixels, too small for 40 tiles of 32x32 in 8 columns"),
    ]
    for name, sheet, image, expect in tilesets:
        files = {f"{m}{name}.tmx": tmx(tilesets=f'<tileset firstgid="1" source="{name}.tsx"/>'),
                 f"{m}{name}.tsx": sheet}
        if image:
            files[m + image[0]] = image[1]
        out.append(Case(name, "map", f"{m}{name}.tmx", expect, files))
    places = (obj(1, "Keep", "dungeon", 64, 64, props=prop("map", "../../../../maps/default.tmx", "file"))
              + obj(2, "Vale", "settlement", 64, 64, 64, 64, prop("map", "../../../../maps/village.tmx", "file")))
    out.append(Case("region_places_overlap", "region", f"{m}region_places_overlap.tmx",
                    "object 2 (Vale): place overlaps place 1 (Keep)",
                    {f"{m}region_places_overlap.tmx": tmx(places, kind="region")}))
    return out


# ---------------------------------------------------------------- data files and creature files

def edited(rel: str, old: str, new: str) -> bytes:
    text = (DATA / rel).read_text(encoding="utf-8")
    assert old in text, (rel, old)
    return text.replace(old, new, 1).encode("utf-8")


def data_cases() -> list[Case]:
    every = ", ".join(EVENT_FIELDS)
    hit = "actor, target, actor_s, target_s, room, turn, weapon, damage, physical, elemental, faces, extra"
    cases = [  # (name, file, old, new, expect after the data folder)
        ("world_missing_anger_memory", "world.toml", "anger_memory = 12 ", "",
         "world.toml: mood.anger_memory: missing (a whole number from 0 to 1000)"),
        ("world_text_for_a_number", "world.toml", "starve_at = 100", 'starve_at = "soon"',
         "world.toml: needs.starve_at: must be a whole number from 1 to 1000, not 'soon'"),
        ("world_zero_divisor", "world.toml", "starve_every = 5", "starve_every = 0",
         "world.toml: needs.starve_every: must be a whole number from 1 to 1000, not 0"),
        ("world_faction_as_text", "world.toml", 'monsters = ["hero", "folk"]', 'monsters = "hero"',
         "world.toml: factions.monsters: must be a list of names, like [\"a\", \"b\"], not 'hero'"),
        ("world_unknown_faction", "world.toml", 'folk = ["monsters"]', 'folk = ["monsters", "dragons"]',
         "world.toml: factions.folk: unknown name 'dragons' (expected monsters, folk, hero, hostile, bound)"),
        ("spells_huge_mana", "spells.toml", "mana = 3 ", "mana = 99999999999 ",
         "spells.toml: spells.animal_charm.mana: must be a whole number from 0 to 100, not 99999999999"),
        ("spells_unknown_proficiency", "spells.toml", 'proficiency = "druidic"', 'proficiency = "alchemy"',
         "spells.toml: spells.animal_charm.proficiency: must be one of druidic, illusion, necromancy, stealing, "
         "not 'alchemy'"),
        ("spells_no_turns", "spells.toml", "turns_per_level = 50", "turns_per_level = 0",
         "spells.toml: binding.turns_per_level: must be a whole number from 1 to 1000, not 0"),
        ("spells_blank_line_placeholder", "spells.toml", '"{name} sniffs at', '"{hero.__class__} sniffs at',
         "spells.toml: spells.animal_charm.blank[1]: unknown placeholder {hero.__class__} (allowed: {name})"),
        ("world_misspelt_key", "world.toml", "anger_memory", "anger_memroy",
         "world.toml: mood.anger_memroy: unknown (expected flee_recover, anger_memory, coward_snap, wander_chance)"),
        ("world_fraction_nan", "world.toml", "fade = 0.85", "fade = nan",
         "world.toml: scent.fade: must be a number from 0 to 1, not nan"),
        ("heroes_points_huge", "heroes.toml", "points = 5 ", "points = 99999999999 ",
         "heroes.toml: heroes: points: must be from 0 to 20, not 99999999999"),
        ("heroes_sprite_escapes", "heroes.toml", 'sprite = "hero.png"', 'sprite = "../../../etc/passwd.png"',
         "heroes.toml: heroes: portraits[0].sprite: must be a .png path under assets/sprites/, not "
         "'../../../etc/passwd.png'"),
        ("texts_attribute_chain", "texts.toml", 'hit = "{actor} hits', 'hit = "{actor.__class__.__mro__} hits',
         f"texts.toml: events.hit: {{actor.__class__.__mro__}} is not a field of this event (it has {hit})"),
        ("texts_format_spec", "texts.toml", 'hit = "{actor} hits', 'hit = "{actor:>99999999999} hits',
         "texts.toml: events.hit: write {actor} alone, with no format or conversion after it"),
        ("texts_conversion", "texts.toml", 'hit = "{actor} hits', 'hit = "{actor!r} hits',
         "texts.toml: events.hit: write {actor} alone, with no format or conversion after it"),
        ("texts_index", "texts.toml", 'hit = "{actor} hits', 'hit = "{faces[0]} hits',
         f"texts.toml: events.hit: {{faces[0]}} is not a field of this event (it has {hit})"),
        ("texts_field_of_another_event", "texts.toml", 'eat = "{actor} eats a {item}."', 'eat = "{actor} eats {weapon}."',
         "texts.toml: events.eat: {weapon} is not a field of this event (it has actor, target, actor_s, target_s, "
         "room, turn, item, item_id)"),
        ("texts_positional", "texts.toml", 'death = "{actor} dies."', 'death = "{0} dies."',
         "texts.toml: events.death: {0} is not a field of this event (it has actor, target, actor_s, target_s, room, "
         "turn, cause)"),
        ("texts_unknown_event", "texts.toml", 'death = "{actor} dies."', 'death = "{actor} dies."\ndance = "{actor} dances."',
         f"texts.toml: events.dance: no such event (the events are {every})"),
        ("texts_number", "texts.toml", 'death = "{actor} dies."', "death = 5",
         "texts.toml: events.death: must be text, not 5"),
        ("toml_dotted_key_bomb", "world.toml", "[factions]", "a" + ".a" * 60_000 + " = 1\n[factions]",
         "world.toml: a key joins more than 32 names with dots"),
        ("toml_nesting", "items.toml", "[ration]", "deep = " + "[" * 100_000 + "\n[ration]",
         "items.toml: line 8: arrays or tables nested more than 32 deep"),
        ("toml_long_number", "items.toml", "[ration]", "big = " + "9" * 5_000 + "\n[ration]",
         "items.toml: line 8: a number of more than 40 digits"),
        ("item_name_with_a_nul", "items.toml", 'name = "Ration"', 'name = "Ration\\u0000"',
         "items.toml: ration.name: text must be one printable line of at most 500 characters, not 'Ration\\x00'"),
        ("creature_text_of_600_characters", "creatures/wolf.toml", 'text = "Grey', 'text = "' + "G" * 600 + 'Grey',
         f"creatures/wolf.toml: text: text must be one printable line of at most 500 characters, not '{'G' * 40}'…"),
        ("gear_text_for_a_number", "gear.toml", "hit = 5\n", 'hit = "lots"\n',
         "gear.toml: quality.fine.hit: must be a whole number from -100 to 100, not 'lots'"),
        ("conditions_text_dodge", "conditions.toml", "dodge = -10", 'dodge = "lots"',
         "conditions.toml: deafened: dodge: must be a whole number of percentage points from -100 to 100"),
        ("creature_size_absurd", "creatures/wolf.toml", 'size = "1x1"', 'size = "100000x100000"',
         "creatures/wolf.toml: wolf: size: size '100000x100000' is beyond the largest footprint, 8x8"),
        ("creature_heads_absurd", "creatures/rat_swarm.toml", "heads = 6", "heads = 1000000",
         "creatures/rat_swarm.toml: rat_swarm: heads: a group has at most 64 heads, not 1000000 (C31, C39)"),
        ("creature_attribute_absurd", "creatures/guard.toml", "strength = 10", "strength = 1000000",
         "creatures/guard.toml: guard: attributes.strength: score 1000000 is beyond the table: T13 ends at 64 (C7)"),
        ("creature_mob_condition_unknown", "creatures/rat_swarm.toml", 'condition = "bleeding"', 'condition = "plague"',
         "creatures/rat_swarm.toml: rat_swarm: mob_trait.condition: 'plague' is not a condition of conditions.toml "
         "(expected one of bleeding, burning, deafened, frightened, prone)"),
        ("item_unknown_equipment", "items.toml", 'equipment = "dagger"', 'equipment = "vorpal_blade"',
         "items.toml: dagger: equipment: unknown equipment 'vorpal_blade'"),
    ]
    out = []
    for name, rel, old, new, expect in cases:
        out.append(Case(name, "data", f"data/{name}/{rel}", expect, {f"data/{name}/{rel}": edited(rel, old, new)}))
    bad_utf8 = (DATA / "conditions.toml").read_bytes().replace(b'"bleeding"', b'"bleed\xffing"', 1)
    byte = bad_utf8.index(b"\xff")
    out.append(Case("toml_not_utf8", "data", "data/toml_not_utf8/conditions.toml",
                    f"conditions.toml: not UTF-8 text (byte {byte})", {"data/toml_not_utf8/conditions.toml": bad_utf8}))
    creatures = [  # tools/creature.py check FILE, and the game with FILE as a mod's creature
        ("absurd_size", "wolf.toml", 'size = "1x1"', 'size = "100000x100000"',
         "absurd_size: size: size '100000x100000' is beyond the largest footprint, 8x8"),
        ("absurd_attribute", "wolf.toml", "strength = ", "strength = 1000000\n# was ",
         "absurd_attribute: attributes.strength: score 1000000 is beyond the table: T13 ends at 64 (C7)"),
        ("absurd_heads", "rat_swarm.toml", "heads = 6", "heads = 1000000",
         "absurd_heads: heads: a group has at most 64 heads, not 1000000 (C31, C39)"),
        ("dotted_key_bomb", "wolf.toml", "[motivation]", "x" + ".x" * 60_000 + " = 1\n[motivation]",
         "dotted_key_bomb: file: a key joins more than 32 names with dots"),
        ("mob_condition_unknown", "rat_swarm.toml", 'condition = "bleeding"', 'condition = "plague"',
         "mob_condition_unknown: mob_trait.condition: 'plague' is not a condition of conditions.toml (expected one "
         "of bleeding, burning, deafened, frightened, prone)"),
    ]
    for name, rel, old, new, expect in creatures:
        out.append(Case(name, "creature", f"creatures/{name}.toml", expect,
                        {f"creatures/{name}.toml": edited(f"creatures/{rel}", old, new)}))
    return out


def settings_cases() -> list[Case]:
    """The player's settings.toml (issue 26), read as the game reads it at start (game/ui/settings.py load):
    each ends in its one line and the defaults (or the screen's nearest step)."""
    cases = [
        ("settings_nested_20000_deep", b"scale = " + b"[" * 20_000 + b"]" * 20_000,
         "line 1: arrays or tables nested more than 32 deep; using the default settings"),
        ("settings_integer_of_5000_digits", b"master = " + b"7" * 5_000,
         "line 1: a number of more than 40 digits; using the default settings"),
        ("settings_dotted_key_of_30000_parts", b"a" + b".a" * 30_000 + b" = 1",
         "a key joins more than 32 names with dots; using the default settings"),
        ("settings_inline_tables_nested", b"keys = " + b"{a = " * 5_000 + b"1" + b"}" * 5_000,
         "line 1: arrays or tables nested more than 32 deep; using the default settings"),
        ("settings_scale_off_the_steps", b"scale = 1.1\n",
         "scale = 1.1 is not one of the settings screen's steps; using the nearest, 1"),
    ]
    return [Case(name, "settings", f"settings/{name}.toml", expect, {f"settings/{name}.toml": text})
            for name, text, expect in cases]




# ---------------------------------------------------------------- recordings

def recording(body: object, version: int = 1, payload: bytes | None = None) -> bytes:
    """A recording file (game/recording.py's format) of `body`, or of the raw compressed `payload`."""
    payload = zlib.compress(msgpack.packb(body, use_bin_type=True)) if payload is None else payload
    return RECORDING_MAGIC + struct.pack(">HII", version, len(payload), zlib.crc32(payload)) + payload


def shipped_hero() -> dict:
    """hero.toml's hero sheet as a save (and a recording) holds it."""
    return sheet_plain(load_content().codex.shipped_sheet())


def recording_cases() -> list[Case]:
    """Damaged and hostile recordings, replayed with main.py --replay's run_replay."""
    good = {"kind": "map", "map": "maps/default.tmx", "seed": 7, "hero": None, "steps": [["EndTurn", 1]] * 40,
            "version": "0", "digest": "0" * 64}
    whole = recording(good)
    flipped = bytearray(whole)
    flipped[-3] ^= 0xFF
    nested = b"\x87" + b"".join(msgpack.packb(k) + msgpack.packb(v) for k, v in good.items() if k != "steps")
    nested += msgpack.packb("steps") + b"\x91" * 5000 + b"\x90"  # a list in a list … 5,000 deep
    array_bomb = b"\x87" + b"".join(msgpack.packb(k) + msgpack.packb(v) for k, v in good.items() if k != "steps")
    array_bomb += msgpack.packb("steps") + b"\xdd\xff\xff\xff\xff" + b"\x90" * 100
    specs = [
        ("rec_wrong_magic", b"ETHERNALIS SAVE\n" + whole[30:], "not an Ethernalis recording (wrong magic bytes)"),
        ("rec_header_only", whole[:len(RECORDING_MAGIC) + 3], "truncated recording (only 24 bytes)"),
        ("rec_truncated", whole[:len(whole) // 2], f"truncated or damaged recording ({len(whole) // 2 - 31} of "
                                                   f"{len(whole) - 31} bytes of data)"),
        ("rec_checksum", bytes(flipped), "damaged recording (checksum mismatch)"),
        ("rec_future_format", recording(good, version=99), "recording format 99; this game reads format 1"),
        ("rec_inflation_bomb", recording(None, payload=zeros_zlib(80_000_000)),
         "damaged recording (its data unpacks to more than 67108864 bytes or ends too soon)"),
        ("rec_array_bomb", recording(None, payload=zlib.compress(array_bomb)),
         "damaged recording (undecodable data: 4294967295 exceeds max_array_len(2000000))"),
        ("rec_nested_bomb", recording(None, payload=zlib.compress(nested)),
         "damaged recording (undecodable data: nested too deep)"),
        ("rec_not_a_map", recording([1, 2, 3]), "damaged recording (its data is not a map)"),
        ("rec_seed_text", recording({**good, "seed": "7"}), "damaged recording (seed should be a whole number)"),
        ("rec_seed_negative", recording({**good, "seed": -1}), "damaged recording (seed out of range)"),
        ("rec_kind_unknown", recording({**good, "kind": "dream"}),
         "damaged recording (kind should be one of map, world)"),
        ("rec_step_wrong_type", recording({**good, "steps": [["Move", "hero", 3]]}),
         "damaged recording (step 1 Move.actor should be a whole number)"),
        ("rec_step_unknown", recording({**good, "steps": [["EndTurn", 1], ["Format\x1b[2J", "c:"]]}),
         "damaged recording (step 2 names no command (Format\\x1b[2J))"),
        ("rec_step_huge_int", recording({**good, "steps": [["Move", 1, 2**62]]}),
         "damaged recording (step 1 Move.room should be a whole number)"),
        ("rec_hero_wrong", recording({**good, "hero": {"name": 5}}),
         "damaged recording (its hero is not a hero sheet)"),
        ("rec_hero_overreach", recording({**good, "hero": {**shipped_hero(), "charisma": 999}}),
         "damaged recording (its hero: charisma must be from 2 to 5, not 999)"),
        ("rec_saved_wrong", recording({**good, "saved": ["x", 99]}),
         "damaged recording (saved should be a save's digest and a number of steps)"),
        ("rec_world_reloaded", recording({**good, "kind": "world", "steps": [["Reload"]]}),
         "damaged recording (a world of sites' recording is never carried on from a save)"),
        ("rec_map_elsewhere", recording({**good, "map": "../../../../nowhere.tmx"}),
         "its map ../../../../nowhere.tmx is not here"),
        ("rec_empty", b"", "not an Ethernalis recording (wrong magic bytes)"),
    ]
    return [Case(name, "recording", f"recordings/{name}.rec", expect, {f"recordings/{name}.rec": data})
            for name, data, expect in specs]


def cases() -> list[Case]:
    return map_cases() + data_cases() + settings_cases() + recording_cases()


def manifest(all_cases: list[Case]) -> bytes:
    rows = [{"name": c.name, "kind": c.kind, "file": c.file, "expect": c.expect} for c in all_cases]
    return (json.dumps(rows, indent=1, ensure_ascii=True) + "\n").encode("ascii")


def main() -> int:
    all_cases = cases()
    if OUT.exists():
        shutil.rmtree(OUT)
    for case in all_cases:
        for rel, content in case.files.items():
            (OUT / rel).parent.mkdir(parents=True, exist_ok=True)
            (OUT / rel).write_bytes(content)
    (OUT / "cases.json").write_bytes(manifest(all_cases))
    size = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"{len(all_cases)} cases, {size // 1024} KB under {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
