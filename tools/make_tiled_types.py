"""Write the Tiled project's property types from the map schema and the data files (docs/maps.md).

    python tools/make_tiled_types.py          rewrites maps/ethernalis.tiled-project and maps/objecttypes.xml
    python tools/make_tiled_types.py --out D  writes them into directory D instead

Enums that mirror data (codex ids, items, gear, keys, qualities, materials, trap kinds) are read from
assets/data/, the others and every object class from game/maps/schema.py, so the designer's dropdowns
never drift from what the game accepts. Run it after adding a creature or an item.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.errors import ContentError  # noqa: E402
from game.maps.data_ids import DataIds, read_data_ids  # noqa: E402
from game.maps.schema import CLASSES, DATA_ENUMS, ENUMS, FLAG_ENUMS, MAP_PROPS, NONE, Prop  # noqa: E402
from game.paths import MAPS  # noqa: E402

COLOURS = {
    "room": "#ff3c78c8", "exit": "#ffe09030", "door": "#ffc06010", "entrance": "#ff30c040",
    "creature": "#ffe03030", "item": "#fff0d020", "trap": "#ffa040d0", "spawner": "#ffe040e0", "supply": "#ff40b0e0",
    "dungeon": "#ff8080ff", "settlement": "#ff60d0a0", "site": "#ffffa040", "road": "#ffb08040",
}


def data_enums(data: DataIds) -> dict[str, tuple[str, ...]]:
    """The values of the enums that mirror data files; a missing file is an error here."""
    values = {
        "codex_id": data.codex,
        "item_id": data.items,
        "gear_items": data.gear,
        "key_item": data.keys,
        "quality": data.quality,
        "material": data.material,
        "trap_kind": data.traps,
        "provision_item": data.provisions,
    }
    missing = [f"{name} ({DATA_ENUMS[name]})" for name, v in values.items() if v is None]
    if missing:
        raise ContentError(f"cannot generate enums, data missing: {', '.join(missing)}")
    optional = {"key_item", "quality", "material"}
    return {name: ((NONE, *v) if name in optional else tuple(v)) for name, v in values.items()}


def member(prop: Prop) -> dict:
    if prop.type in ("int", "bool", "string", "file"):
        return {"name": prop.name, "type": prop.type, "value": prop.default}
    return {"name": prop.name, "type": "string", "propertytype": prop.type, "value": prop.default}


def project(enums: dict[str, tuple[str, ...]]) -> dict:
    types = []
    for name, values in enums.items():
        types.append({
            "id": len(types) + 1, "name": name, "type": "enum", "storageType": "string",
            "values": list(values), "valuesAsFlags": name in FLAG_ENUMS,
        })
    for name, props in CLASSES.items():
        types.append({
            "id": len(types) + 1, "name": name, "type": "class", "color": COLOURS[name], "drawFill": True,
            "useAs": ["object"], "members": [member(p) for p in props],
        })
    types.append({
        "id": len(types) + 1, "name": "ethernalis_map", "type": "class", "color": "#ffa0a0a4", "drawFill": True,
        "useAs": ["map"], "members": [member(p) for p in MAP_PROPS],
    })
    return {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1080,
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": types,
    }


def object_types_xml() -> str:
    """Tiled 1.8 takes object types (with member defaults) from objecttypes.xml."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for name, props in CLASSES.items():
        lines.append(f' <objecttype name="{name}" color="#{COLOURS[name][3:]}">')
        for p in props:
            m = member(p)
            value = str(m["value"]).lower() if isinstance(m["value"], bool) else m["value"]
            pt = f' propertytype="{m["propertytype"]}"' if "propertytype" in m else ""
            lines.append(f'  <property name="{p.name}" type="{m["type"]}"{pt} default={quoteattr(str(value))}/>')
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def render(data: DataIds) -> dict[str, str]:
    """File name under maps/ -> its text."""
    enums = {**ENUMS, **data_enums(data)}
    return {
        "ethernalis.tiled-project": json.dumps(project(enums), indent=4) + "\n",
        "objecttypes.xml": object_types_xml(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make_tiled_types", description="Write the Tiled project's property types.")
    parser.add_argument("--out", type=Path, default=MAPS, help="directory to write into (default: maps/)")
    out = parser.parse_args(argv).out
    try:
        files = render(read_data_ids())
    except ContentError as exc:
        print(f"make_tiled_types: {exc}", file=sys.stderr)
        return 1
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
