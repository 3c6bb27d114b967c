"""The Tiled project: dropdowns for every property, enums generated from the data files (no drift),
external tilesets over the generated art (docs/maps.md, "The Tiled project")."""
from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from game.maps.data_ids import read_data_ids
from game.maps.schema import CLASSES, FLAG_ENUMS
from game.paths import DATA, MAPS

ROOT = Path(__file__).resolve().parent.parent
PROJECT = MAPS / "ethernalis.tiled-project"


def load_project() -> dict:
    return json.loads(PROJECT.read_text())


def test_project_is_what_the_generator_writes_now() -> None:
    """Enums mirroring data never drift: rerun tools/make_tiled_types.py after changing assets/data/."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_tiled_types
    finally:
        sys.path.remove(str(ROOT / "tools"))
    files = make_tiled_types.render(read_data_ids())
    for name, text in files.items():
        assert (MAPS / name).read_text() == text, f"maps/{name} is stale: run python tools/make_tiled_types.py"


def test_project_is_readable_by_tiled_18_with_string_enums_and_object_classes() -> None:
    project = load_project()
    assert project["compatibilityVersion"] == 1080
    types = {t["name"]: t for t in project["propertyTypes"]}
    assert len({t["id"] for t in project["propertyTypes"]}) == len(types)
    for cls, props in CLASSES.items():
        assert types[cls]["type"] == "class" and "object" in types[cls]["useAs"]
        assert [m["name"] for m in types[cls]["members"]] == [p.name for p in props]
    enums = [t for t in types.values() if t["type"] == "enum"]
    assert enums and all(t["storageType"] == "string" for t in enums)
    assert {t["name"] for t in enums if t["valuesAsFlags"]} == set(FLAG_ENUMS)


def test_data_enums_list_every_creature_and_item() -> None:
    types = {t["name"]: t for t in load_project()["propertyTypes"]}
    assert types["codex_id"]["values"] == sorted(p.stem for p in (DATA / "creatures").glob("*.toml"))
    import tomllib

    with open(DATA / "items.toml", "rb") as f:
        items = tomllib.load(f)
    assert types["item_id"]["values"] == list(items)
    assert set(types["gear_items"]["values"]) <= set(items)


def test_every_property_in_shipped_maps_has_a_dropdown_or_typed_member() -> None:
    types = {t["name"]: t for t in load_project()["propertyTypes"]}
    for path in MAPS.glob("*.tmx"):
        for obj in ElementTree.parse(path).getroot().iter("object"):
            members = {m["name"]: m for m in types[obj.get("type")]["members"]}
            for prop in obj.iter("property"):
                member = members[prop.get("name")]
                enum = member.get("propertytype")
                if enum:
                    assert prop.get("propertytype") == enum, f"{path.name} object {obj.get('id')}"
                    values = types[enum]["values"]
                    given = prop.get("value").split(",") if enum in FLAG_ENUMS else [prop.get("value")]
                    assert set(given) <= set(values), f"{path.name} object {obj.get('id')}: {given}"


def test_tilesets_are_external_tsx_over_the_generated_art() -> None:
    for path in MAPS.glob("*.tmx"):
        for ts in ElementTree.parse(path).getroot().iter("tileset"):
            source = ts.get("source")
            assert source and source.endswith(".tsx"), path.name
            tsx = (path.parent / source).resolve()
            image = ElementTree.parse(tsx).getroot().find("image")
            assert (tsx.parent / image.get("source")).resolve() == ROOT / "assets" / "tiles" / "dungeon.png"
            assert (image.get("width"), image.get("height")) == ("256", "160")


def test_generator_runs_from_the_command_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "tools/make_tiled_types.py", "--out", str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "ethernalis.tiled-project").read_text() == PROJECT.read_text()


def test_docs_describe_every_class_and_property() -> None:
    from game.maps.schema import MAP_PROPS

    doc = (ROOT / "docs" / "maps.md").read_text()
    for cls, props in CLASSES.items():
        assert f"`{cls}`" in doc, cls
        for prop in props:
            assert f"`{prop.name}`" in doc, f"{cls}.{prop.name}"
    for prop in MAP_PROPS:
        assert f"`{prop.name}`" in doc
