"""Tiled object templates (`.tx`), resolved in a map's XML as Tiled resolves them (docs/maps.md, "Templates").

An object placed from a template (`<object id="7" template="../templates/wolf.tx" x="64" y="96"/>`) takes
from the template's object what it does not set itself: its name, class or type, size (an instance sets
both width and height or neither), tile, rotation, visibility, shape, and each custom property it does not
set by name. The template's tile is numbered in the template's own tileset; the map names that tileset
too (Tiled adds it), so the tile becomes the map's gid of the same tile. This is what
`tiled --export-map --detach-templates` writes (tests/test_maps_templates.py compares the two).

A template is input like a map: at most MAX_TEMPLATES files a map, each a regular XML file of at most
MAX_TEMPLATE_BYTES; what the templates add to the map counts against the map's limits of XML elements and
points (game/maps/limits.py).
"""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from game.content.errors import clipped
from game.maps import limits
from game.maps.errors import MapError, Problem, object_label

MAX_TEMPLATES = 100  # template files one map names
MAX_TEMPLATE_BYTES = 64 * 1024  # a template is one object and the tileset of its tile
SHAPES = ("ellipse", "point", "polygon", "polyline", "text")
FLIPS = 0xE0000000  # a gid's flip flags (its top three bits)
KINDS = ("type", "class")  # Tiled 1.8 and 1.10+ write type=, 1.9 class=: an instance setting either keeps its own
COPIED = ("name", "rotation", "visible")  # attributes an instance sets with a value of its own


@dataclass(frozen=True)
class Template:
    """A template file read: its object and, for a tile template, its tileset's file and first gid."""

    obj: ElementTree.Element
    tileset: Path | None
    firstgid: int
    elements: int  # XML elements an instance may take from it
    points: int  # points of its polygon or polyline


def template_files(root: ElementTree.Element, path: Path) -> list[Path]:
    """The template files a map's objects name (each once), relative to the map."""
    names = dict.fromkeys(obj.get("template") for obj in root.iter("object") if obj.get("template"))
    return [path.parent / name for name in names]


def resolve(root: ElementTree.Element, path: Path) -> list[Problem]:
    """Replace, in place, every object's template by what it gives the object. The problems of templates that
    cannot be read or used, each naming the object and the template; the objects they name stay unresolved."""
    objects = [obj for obj in root.iter("object") if obj.get("template") is not None]
    if not objects:
        return []
    if len(template_files(root, path)) > MAX_TEMPLATES:
        return [Problem(f"{path}: map: names {len(template_files(root, path))} template files; a map names at most "
                        f"{MAX_TEMPLATES}")]
    tilesets = map_tilesets(root, path)
    read: dict[str, Template | str] = {}
    elements = limits.MAX_ELEMENTS - sum(1 for _ in root.iter())
    points = limits.MAX_POINTS - sum(len((line.get("points") or "").split())
                                     for tag in ("polyline", "polygon") for line in root.iter(tag))
    problems = []
    uses = Counter(obj.get("template") or "" for obj in objects)
    for obj in objects:
        name = obj.get("template") or ""
        label = f"{path}: {object_label(obj.get('id'), obj.get('name'))}"
        if name not in read:
            read[name] = load(path.parent / name)
            if isinstance(read[name], str):  # said once, for the first object made from it
                others = f" ({uses[name] - 1} other objects are made from it)" if uses[name] > 1 else ""
                problems.append(Problem(f"{label}: template '{clipped(name)}' {read[name]}{others}", _id(obj)))
        template = read[name]
        if isinstance(template, str):
            continue
        gid = tile(obj, template, tilesets)
        if isinstance(gid, str):
            problems.append(Problem(f"{label}: template '{clipped(name)}': {gid}", _id(obj)))
            continue
        elements -= template.elements
        points -= template.points if not any(obj.find(shape) is not None for shape in SHAPES) else 0
        if elements < 0 or points < 0:
            return problems + [Problem(f"{path}: map: its templates give its objects more than {limits.MAX_ELEMENTS} "
                                       f"XML elements or {limits.MAX_POINTS} points")]
        apply(obj, template.obj, gid)
    return problems


def _id(obj: ElementTree.Element) -> int | None:
    return limits.whole(obj.get("id"), 0, limits.MAX_ID)


def map_tilesets(root: ElementTree.Element, path: Path) -> dict[Path, int]:
    """The first gid of each external tileset of the map, by the tileset file's resolved path."""
    found = {}
    for node in root.findall("tileset"):
        firstgid = limits.whole(node.get("firstgid"), 1, limits.FIRSTGID_BELOW - 1)
        if node.get("source") and firstgid is not None:
            found[(path.parent / node.get("source", "")).resolve()] = firstgid
    return found


def load(path: Path) -> Template | str:
    """A template file read and checked, or what is wrong with it (completing `template 'x.tx' …`)."""
    if path.suffix.lower() != ".tx":
        return "is not a .tx file (save templates in Tiled's XML template format)"
    try:
        root = limits.read_xml(path, "template", MAX_TEMPLATE_BYTES)
    except MapError as exc:
        return exc.problems[0].removeprefix("template: ")
    obj = root.find("object")
    if root.tag != "template" or obj is None:
        return "is not a Tiled template (a <template> holding an <object>)"
    if obj.get("template") is not None:
        return "is made from another template (Tiled does not nest them)"
    node = root.find("tileset")
    tileset, firstgid = None, 0
    if node is not None:
        firstgid = limits.whole(node.get("firstgid"), 1, limits.FIRSTGID_BELOW - 1) or 0
        if not node.get("source", "").lower().endswith(".tsx") or not firstgid:
            return "names its tileset wrongly (an external .tsx file and a first gid)"
        tileset = (path.parent / node.get("source", "")).resolve()
    if obj.get("gid") is not None and (tileset is None or limits.whole(obj.get("gid"), 1, limits.MAX_GID) is None):
        return "has a tile but no tileset it comes from"
    return Template(obj, tileset, firstgid, sum(1 for _ in obj.iter()) - 1,
                    sum(len((line.get("points") or "").split()) for tag in ("polyline", "polygon") for line in obj.iter(tag)))


def tile(obj: ElementTree.Element, template: Template, tilesets: dict[Path, int]) -> int | None | str:
    """The map's gid of the template's tile (its flip flags kept); None when it has none or the instance sets
    its own; what is wrong when the map does not name the template's tileset."""
    if obj.get("gid") is not None or template.tileset is None or template.obj.get("gid") is None:
        return None
    raw = int(template.obj.get("gid", "0"))
    index = (raw & ~FLIPS) - template.firstgid
    if index < 0:
        return "its tile is not in its tileset"
    if template.tileset not in tilesets:
        return f"its tile is from tileset {template.tileset.name}, which the map does not name (add it to the map)"
    return (raw & FLIPS) | (tilesets[template.tileset] + index)


def apply(obj: ElementTree.Element, source: ElementTree.Element, gid: int | None) -> None:
    """Give `obj` what the template object `source` has and `obj` does not set (the module's docstring)."""
    if not any(obj.get(kind) for kind in KINDS):
        for kind in KINDS:
            if source.get(kind):
                obj.set(kind, source.get(kind, ""))
    for name in COPIED:
        if not obj.get(name) and source.get(name):
            obj.set(name, source.get(name, ""))
    if (obj.get("width") is None or obj.get("height") is None) and source.get("width") is not None:
        obj.set("width", source.get("width", "0"))
        obj.set("height", source.get("height", "0"))
    if gid is not None:
        obj.set("gid", str(gid))
    if not any(obj.find(shape) is not None for shape in SHAPES):
        obj.extend(child for child in source if child.tag in SHAPES)
    inherited = [prop for props in source.findall("properties") for prop in props.findall("property")]
    if inherited:
        props = obj.find("properties")
        if props is None:
            props = ElementTree.SubElement(obj, "properties")
        own = {prop.get("name") for prop in props.findall("property")}
        props.extend(prop for prop in inherited if prop.get("name") not in own)
    del obj.attrib["template"]
