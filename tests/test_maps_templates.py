"""Tiled object templates (`.tx`, docs/maps.md "Templates"): objects made from them load as Tiled resolves
them, in the loader, the checker, F5 and the map cache; the resolution equals what Debian's real `tiled`
writes with --detach-templates; a template that cannot be used is one line naming the object."""
from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Callable

import pytest

from game.maps import limits, store, templates
from game.maps.data_ids import read_data_ids
from game.maps.errors import MapError
from game.maps.tiled import files_read, load_map, read_tmx
from game.paths import MAPS, ROOT

OK = ROOT / "tests" / "data" / "maps_ok"
TEMPLATED = OK / "templated.tmx"
TILED = shutil.which("tiled")
needs_tiled = pytest.mark.skipif(TILED is None, reason="Debian's tiled is not installed (.ci/run installs it)")


def detached_by_tiled(source: Path, target: Path) -> Path:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(target.parent))
    run = subprocess.run([TILED, "--export-map", "--detach-templates", "tmx", str(source), str(target)],
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and target.is_file(), run.stderr
    return target


def resolved_objects(path: Path) -> dict[str, dict]:
    """Each object of a map after template resolution, as the XML says it: attributes (a tile as its index in
    its tileset, flip flags kept), shape and properties by name."""
    root = limits.read_xml(path, "map")
    assert templates.resolve(root, path) == []
    firstgid = {Path(n.get("source")).name: int(n.get("firstgid")) for n in root.findall("tileset")}["dungeon.tsx"]
    out = {}
    for obj in root.iter("object"):
        attrs = {k: v for k, v in obj.items() if k in ("name", "type", "x", "y", "width", "height", "rotation")}
        if obj.get("gid"):
            raw = int(obj.get("gid"))
            attrs["tile"] = (raw & templates.FLIPS, (raw & ~templates.FLIPS) - firstgid)
        attrs["shape"] = [child.tag for child in obj if child.tag in templates.SHAPES]
        attrs["properties"] = {p.get("name"): (p.get("type", "string"), p.get("value"))
                               for p in obj.iter("property")}
        out[obj.get("id")] = attrs
    return out


def renumbered(tmp_path: Path, firstgid: int, extra: str = "") -> Path:
    """The templated test map with its tileset from `firstgid` (no tile layers), so a template's tile must be
    renumbered into the map's gids, and `extra` objects added."""
    text = TEMPLATED.read_text()
    text = text.replace('<tileset firstgid="1" source="../../../maps/tilesets/dungeon.tsx"/>',
                        f'<tileset firstgid="{firstgid}" source="{MAPS / "tilesets" / "dungeon.tsx"}"/>')
    text = text.replace("../../../maps/templates/", f"{MAPS / 'templates'}/").replace("templates/hall.tx", f"{OK}/templates/hall.tx")
    start, end = text.index(" <layer "), text.index(" <objectgroup")
    text = text[:start] + text[end:]
    text = text.replace("</objectgroup>\n</map>", extra + "</objectgroup>\n</map>")
    path = tmp_path / "renumbered.tmx"
    path.write_text(text)
    return path


def test_a_templated_map_loads_with_the_templates_class_properties_and_size_under_the_instances_own():
    dungeon = load_map(TEMPLATED, data=read_data_ids())
    west, east, south = (dungeon.rooms[i] for i in (1, 2, 3))
    assert (west.name, west.theme, west.light, west.w, west.h) == ("West Room", "keep", 3, 4, 3)
    assert (east.theme, east.light) == ("crypt", 3)  # the instance's theme over the template's
    assert (south.w, south.h) == (4, 2)  # the instance's size (width and height both set)
    wolf, old = dungeon.placements
    assert (wolf.name, wolf.creature, wolf.provisions) == ("Grey Wolf", "wolf", True)
    assert (old.name, old.creature, old.provisions) == ("Old wolf", "wolf", False)
    spring, mirrored = dungeon.items
    assert (spring.item, spring.count, spring.square) == ("spring", 300, (8, 3))  # a tile object's bottom at y=128
    assert (mirrored.name, mirrored.count, mirrored.square) == ("Spring (mirrored)", 200, (9, 3))


def test_the_shipped_thicket_places_its_wolves_from_the_wolf_template():
    text = (MAPS / "sites" / "thicket.tmx").read_text()
    assert text.count('template="../templates/wolf.tx"') == 2
    wolves = [p for p in load_map(MAPS / "sites" / "thicket.tmx", data=read_data_ids()).placements if p.creature == "wolf"]
    assert [(w.name, w.square, w.size) for w in wolves] == [("Grey Wolf", (9, 3), (1, 1)), ("Grey Wolf 2", (11, 4), (1, 1))]


@needs_tiled
@pytest.mark.parametrize("firstgid", [1, 7])
def test_the_resolution_is_tiled_s_own(tmp_path: Path, firstgid: int):
    """Every attribute, tile, shape and property of every object as `tiled --detach-templates` writes it,
    with the map's tileset numbered from 1 and from 7 (Tiled numbers it from 1 again)."""
    pool = f'  <object id="13" name="Pool" template="{OK}/templates/pool.tx" x="32" y="160"/>\n'
    square = f'  <object id="14" template="{OK}/templates/pool.tx" x="32" y="160" width="64" height="64"><point/></object>\n'
    source = renumbered(tmp_path, firstgid, pool + square)
    ours = resolved_objects(source)
    tiled = resolved_objects(detached_by_tiled(source, tmp_path / "detached.tmx"))
    for oid, attrs in tiled.items():  # Tiled 1.8 writes no propertytype: compare types and values
        assert ours[oid] == attrs, oid
    assert ours.keys() == tiled.keys()


@pytest.mark.slow
@needs_tiled
def test_the_templated_maps_load_the_same_as_tiled_detaches_them(tmp_path: Path):
    for path in (TEMPLATED, MAPS / "sites" / "thicket.tmx"):
        target = path.parent / f".detached-{path.name}"  # beside it: the tileset paths stay as they are
        try:
            detached = load_map(detached_by_tiled(path, target), data=read_data_ids())
        finally:
            target.unlink(missing_ok=True)
        ours = load_map(path, data=read_data_ids())
        assert (ours.rooms, ours.exits, ours.placements, ours.items) == \
               (detached.rooms, detached.exits, detached.placements, detached.items)


@pytest.mark.parametrize("instance, message", [
    ('template="nowhere.tx"', "template 'nowhere.tx' file not found"),
    ('template="wolf.tj"', "template 'wolf.tj' is not a .tx file (save templates in Tiled's XML template format)"),
    ('name="Rat" template="../../../maps/tilesets/dungeon.tsx"',
     "template '../../../maps/tilesets/dungeon.tsx' is not a .tx file (save templates in Tiled's XML template format)"),
    ('template="not_a_template.tx"', "template 'not_a_template.tx' is not a Tiled template (a <template> holding an "
                                     "<object>)"),
    ('template="nested.tx"', "template 'nested.tx' is made from another template (Tiled does not nest them)"),
    ('template="pipe.tx"', "template 'pipe.tx' is not a regular file"),  # a FIFO: reading it would block
])
def test_a_template_that_cannot_be_used_is_one_line_naming_the_object(tmp_path: Path, instance: str, message: str):
    path = tmp_path / "map.tmx"
    text = TEMPLATED.read_text().replace("../../../", f"{ROOT}/").replace('"templates/hall.tx"', f'"{OK}/templates/hall.tx"')
    path.write_text(text.replace('<object id="9" template="' + f"{ROOT}/maps/templates/wolf.tx" + '"', f'<object id="9" {instance}'))
    (tmp_path / "wolf.tj").write_text("{}")
    (tmp_path / "not_a_template.tx").write_text("<map/>")
    (tmp_path / "nested.tx").write_text('<template><object template="wolf.tx"/></template>')
    os.mkfifo(tmp_path / "pipe.tx")
    with pytest.raises(MapError) as caught:
        read_tmx(path)
    name = "Rat" if 'name="Rat"' in instance else "unnamed"
    assert caught.value.problems == [f"{path}: object 9 ({name}): {message}"]


def test_a_template_s_tile_from_a_tileset_the_map_does_not_name_is_named(tmp_path: Path):
    text = TEMPLATED.read_text().replace("../../../", f"{ROOT}/").replace('"templates/hall.tx"', f'"{OK}/templates/hall.tx"')
    path = tmp_path / "map.tmx"
    path.write_text(text.replace(f'<tileset firstgid="1" source="{ROOT}/maps/tilesets/dungeon.tsx"/>', ""))
    with pytest.raises(MapError) as caught:
        read_tmx(path)
    assert any(p.startswith(f"{path}: object 11 (unnamed): template '") and p.endswith(
        "': its tile is from tileset dungeon.tsx, which the map does not name (add it to the map)")
        for p in caught.value.problems), caught.value.problems


def test_an_ellipse_room_from_a_template_is_refused_by_its_shape(tmp_path: Path):
    path = renumbered(tmp_path, 1, f'  <object id="13" name="Pool" template="{OK}/templates/pool.tx" x="32" y="160"/>\n')
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert f"{path}: object 13 (Pool): a room must be a rectangle, not an ellipse" in caught.value.problems


def test_the_map_cache_and_f5_read_a_changed_template_again(tmp_path: Path):
    """The store keys a map on the templates it names (and their tilesets): an edited template is read again."""
    folder = tmp_path / "maps"
    shutil.copytree(OK, folder)
    path = folder / "templated.tmx"
    path.write_text(path.read_text().replace("../../../maps/templates/wolf.tx", "templates/wolf.tx")
                    .replace("../../../", f"{ROOT}/"))
    shutil.copy(MAPS / "templates" / "wolf.tx", folder / "templates" / "wolf.tx")
    data = read_data_ids()
    assert store.dungeon(path, data).placements[0].creature == "wolf"
    wolf = folder / "templates" / "wolf.tx"
    wolf.write_text(wolf.read_text().replace('value="wolf"', 'value="giant_rat"'))
    assert store.dungeon(path, data).placements[0].creature == "giant_rat"
    store.forget()  # a new process: from the disk cache, under a key holding the template's contents
    assert store.dungeon(path, data).placements[0].creature == "giant_rat"
    assert wolf in files_read(store.dungeon(path, data))


def objects_refused(path: Path, count: int, template: Callable[[int], str]) -> list[str]:
    """The problems of a 4x4 map of `count` objects, object i made from the template file `template(i)`."""
    objects = "".join(f'<object id="{i}" template="{template(i)}" x="0" y="0"/>' for i in range(1, count + 1))
    path.write_text(f'<map width="4" height="4" tilewidth="32" tileheight="32"><objectgroup>{objects}</objectgroup></map>')
    with pytest.raises(MapError) as caught:
        read_tmx(path)
    return caught.value.problems


def test_template_limits_hold(tmp_path: Path):
    path = tmp_path / "many.tmx"
    most = templates.MAX_TEMPLATES
    assert objects_refused(path, most + 1, lambda i: f"t{i}.tx") == [
        f"{path}: map: names {most + 1} template files; a map names at most {most}"]
    big = tmp_path / "big.tx"
    big.write_bytes(b"<template>" + b" " * templates.MAX_TEMPLATE_BYTES + b"</template>")
    assert templates.load(big) == f"file is {big.stat().st_size} bytes; this file has at most {templates.MAX_TEMPLATE_BYTES}"
    root = ElementTree.fromstring('<map><objectgroup><object id="1" template="x.tx"/></objectgroup></map>')
    assert templates.template_files(root, tmp_path / "m.tmx") == [tmp_path / "x.tx"]


def test_a_template_named_by_thousands_of_objects_cannot_multiply_into_a_huge_map(tmp_path: Path):
    """A 50 KiB template of 1,500 properties named by 9,000 objects would give them 13 million elements: the
    templates' share counts against the map's limit of XML elements, and the map is refused at once. A template
    that cannot be used is said once, however many objects are made from it."""
    props = "".join(f'<property name="p{i}" value="v"/>' for i in range(1500))
    (tmp_path / "fat.tx").write_text(f'<template><object type="item"><properties>{props}</properties></object></template>')
    path = tmp_path / "bomb.tmx"
    assert objects_refused(path, 9000, lambda i: "fat.tx") == [
        f"{path}: map: its templates give its objects more than {limits.MAX_ELEMENTS} XML elements or "
        f"{limits.MAX_POINTS} points"]
    (tmp_path / "fat.tx").write_text("<map/>")
    assert objects_refused(path, 9000, lambda i: "fat.tx") == [
        f"{path}: object 1 (unnamed): template 'fat.tx' is not a Tiled template (a <template> holding an <object>) "
        "(8999 other objects are made from it)"]


@pytest.mark.usefixtures("display")
def test_f5_in_the_game_reads_an_edited_template_again(tmp_path: Path):
    """A designer edits the wolf template the thicket's wolves are made from and presses F5: the game names
    both wolves' problem; mended, F5 reloads the map."""
    import pygame

    from game.ui import theme
    from game.ui.app import scene_stack
    from game.ui.session import Session

    for part in ("maps/sites/thicket.tmx", "maps/templates/wolf.tx", "maps/tilesets/dungeon.tsx",
                 "assets/tiles/dungeon.png"):
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / part, tmp_path / part)
    wolf, level = tmp_path / "maps" / "templates" / "wolf.tx", tmp_path / "maps" / "sites" / "thicket.tmx"
    session = Session(level, 5)
    try:
        dungeon = scene_stack(session).reset("dungeon")
        text = wolf.read_text()
        wolf.write_text(text.replace('value="wolf"', 'value="no_such_beast"'))
        dungeon.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode="", scancode=0))
        problems = [line for line, colour in dungeon.log.lines if colour == theme.PROBLEM]
        assert f"{level}: object 7 (Grey Wolf): unknown codex id 'no_such_beast'" in problems
        assert f"{level}: object 8 (Grey Wolf 2): unknown codex id 'no_such_beast'" in problems
        wolf.write_text(text)
        dungeon.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode="", scancode=0))
        assert dungeon.log.lines[-1][0].startswith("Reloaded thicket.tmx")
    finally:
        session.close()


@pytest.mark.parametrize("instance, expected", [
    ('<object id="1" template="t.tx"/>', {"class": "creature"}),  # Tiled 1.9 writes class=
    ('<object id="1" type="item" template="t.tx"/>', {"type": "item"}),  # the instance's own kind, either attribute
    ('<object id="1" class="" template="t.tx"/>', {"class": "creature"}),  # an empty kind is no kind of its own
])
def test_an_instance_keeps_its_own_class_or_type_and_takes_the_template_s_otherwise(tmp_path: Path, instance, expected):
    (tmp_path / "t.tx").write_text('<template><object class="creature" width="32" height="32"/></template>')
    root = ElementTree.fromstring(f"<map><objectgroup>{instance}</objectgroup></map>")
    assert templates.resolve(root, tmp_path / "m.tmx") == []
    obj = root.find("objectgroup/object")
    assert {k: v for k, v in obj.items() if k in templates.KINDS and v} == expected
    assert (obj.get("width"), obj.get("height"), obj.get("template")) == ("32", "32", None)
