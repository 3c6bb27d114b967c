"""The map format's object classes and properties, with their types and defaults (docs/maps.md).

One table serves the loader (defaults and allowed values, since Tiled never writes a default into a
map) and tools/make_tiled_types.py (the Tiled project's dropdowns), so the two cannot drift.
Enums named in DATA_ENUMS mirror data files and are filled from them by the tool and the caller.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.card import SCHOOLS
from game.rules.tables import MAX_HEADS

NONE = "none"  # the first value of every optional enum: "not set"

ENUMS: dict[str, tuple[str, ...]] = {
    "map_kind": ("dungeon", "village", "tower", "region"),
    "room_theme": ("stone", "cave", "crypt", "keep", "wood", "grass"),
    "rune_school": (NONE, *SCHOOLS),  # N37 room runes, N34-N35 item runes
    "placement_kind": ("dungeon", "world", "merchant", "notable"),  # N2-N5
    "background": (NONE, "survivor", "wanderer", "hermit", "wounded", "outlaw", "rival", "emissary"),  # N83
    "merchant_type": (NONE, "provisioner", "weaponsmith", "armourer", "alchemist", "general"),  # N5
    "site_kind": ("artifact", "beast"),  # N60-N62
    "map_known": (NONE, "yes", "no"),  # issue 23: none (unset) leaves it to the map's kind
}

# Enums whose values come from data files (tools/make_tiled_types.py fills them):
DATA_ENUMS: dict[str, str] = {
    "codex_id": "assets/data/creatures/*.toml stems",
    "item_id": "assets/data/items.toml keys",
    "gear_items": "assets/data/items.toml keys of weapons and armour (flags: several may be ticked)",
    "key_item": "none + assets/data/items.toml keys of kind key",
    "quality": "none + assets/data/gear.toml [quality.*] names",
    "material": "none + assets/data/gear.toml [material.*] names",
    "trap_kind": "assets/data/traps.toml keys",
    "provision_item": "assets/data/items.toml keys of kind food or drink",
}
FLAG_ENUMS = frozenset({"gear_items"})


@dataclass(frozen=True)
class Prop:
    """One custom property: `type` is string, int, bool, file or an enum name; an int is at most `most`."""

    name: str
    type: str
    default: object
    doc: str
    most: int | None = None


# Object classes (Tiled 1.8 object `type`, Tiled 1.9+ object `class`) and their properties.
CLASSES: dict[str, tuple[Prop, ...]] = {
    "room": (
        Prop("theme", "room_theme", "stone", "floor and wall look"),
        Prop("light", "int", 2, "0 dark … 3 bright", most=3),
        Prop("rune", "rune_school", NONE, "N37: a rune socketed in the room affects everyone in it"),
    ),
    "exit": (),
    "door": (
        Prop("locked", "bool", False, "N14/N18: a locked door needs its key or force"),
        Prop("key", "key_item", NONE, "the item that opens it"),
    ),
    "entrance": (),
    "creature": (
        Prop("creature", "codex_id", "", "codex id (assets/data/creatures/<id>.toml)"),
        Prop("kind", "placement_kind", "dungeon", "N2-N5: dungeon, world, merchant or notable"),
        Prop("background", "background", NONE, "N83 (notable people have none)"),
        Prop("heads", "int", 0, "minion groups: heads at start, 0 = codex default", most=MAX_HEADS),
        Prop("gear", "gear_items", "", "items equipped at start"),
        Prop("provisions", "bool", True, "N49: starts with a ration and a water bottle"),
        Prop("merchant", "merchant_type", NONE, "N5: stock of a merchant (kind merchant)"),
        Prop("travels", "string", "", "N3: a world NPC's range: the region's settlements it travels to from here, "
             "by name, separated by commas (empty: it stays)"),
        Prop("wanders", "bool", False, "N15: a creature without needs roams from the start (else it keeps to "
             "its lair until it notices the hero)"),
    ),
    "item": (
        Prop("item", "item_id", "", "item id (assets/data/items.toml)"),
        Prop("count", "int", 1, "how many lie here", most=10_000),
        Prop("quality", "quality", NONE, "N34"),
        Prop("material", "material", NONE, "N34"),
        Prop("rune", "rune_school", NONE, "N35: a socketed rune"),
    ),
    "trap": (
        Prop("trap", "trap_kind", "spikes", "what springs"),
        Prop("damage", "string", "d6", "dice in the seed's notation"),
        Prop("dc", "int", 4, "C3 trial difficulty to avoid it", most=100),
        Prop("stun", "int", 0, "N24: turns stunned on a failed trial", most=100),
    ),
    "spawner": (
        Prop("creature", "codex_id", "", "N26: what it produces"),
        Prop("interval", "int", 10, "N26: world turns between spawns", most=10_000),
        Prop("heads", "int", 0, "minion groups: heads per spawn, 0 = codex default", most=MAX_HEADS),
        Prop("kind", "placement_kind", "dungeon", "N2-N3: dungeon creatures, or world newcomers to a settlement"),
        Prop("up_to", "int", 0, "it waits while this many of its creature and kind live; 0 = no limit",
             most=10_000),
    ),
    "supply": (
        Prop("item", "provision_item", "", "the food or drink it restocks (a well, a field, a tavern's larder)"),
        Prop("every", "int", 10, "world turns between two restockings", most=10_000),
        Prop("keep", "int", 3, "it restocks one at a time while fewer than this lie on its square", most=10_000),
    ),
    # region map
    "dungeon": (Prop("map", "file", "", "the dungeon's .tmx, relative to the region map"),),
    "settlement": (Prop("map", "file", "", "the village's or tower's .tmx, relative to the region map"),),
    "site": (
        Prop("site", "site_kind", "artifact", "N60-N62: artifact or beast site"),
        Prop("hidden", "bool", True, "N62: hidden until found by chance or revealed by an NPC"),
        Prop("map", "file", "", "the site's dungeon .tmx, relative to the region map (a fresh run each visit)"),
    ),
    "road": (),
}

MAP_PROPS: tuple[Prop, ...] = (
    Prop("kind", "map_kind", "dungeon", "dungeon, village, tower or region"),
    Prop("title", "string", "", "the name shown to the player"),
    Prop("surface", "string", "", "the room whose way up leads to the region map (every place of the region needs one)"),
    Prop("arrivals", "string", "", "N3: the room where world NPCs coming by road arrive (empty: the entrance's room)"),
    Prop("known", "map_known", NONE, "issue 23: yes or no, whether a hero arriving knows every room (none: a "
         "settlement yes, a dungeon no)"),
)

DUNGEON_CLASSES = ("room", "exit", "door", "entrance", "creature", "item", "trap", "spawner", "supply")
REGION_CLASSES = ("dungeon", "settlement", "site", "road")
