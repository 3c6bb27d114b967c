"""A set of broken maps, each refused with its specific `file: object id (name): message` (docs/maps.md)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.maps.data_ids import read_data_ids
from game.maps.errors import MapError
from game.maps.tiled import load_map, load_region

BAD = Path(__file__).parent / "data" / "maps_bad"
ROOT = Path(__file__).resolve().parent.parent

# file stem -> one problem line it must produce (after "<file>: ")
EXPECTED = {
    "unknown_codex_id": "object 9 (Rat): unknown codex id 'dragonn'",
    "unknown_item_id": "object 13 (Rations): unknown item id 'cake'",
    "door_leads_nowhere": "object 6 (Lonely door): door leads nowhere: it touches no room",
    "door_inside_room": "object 6 (Inner arch): exit lies inside room 2 (East Room); put it on the wall square between two rooms",
    "overlapping_rooms": "object 4 (Annex): room overlaps room 1 (West Room)",
    "creature_outside_room": "object 11 (Wall rat): creature placed outside any room",
    "occupied_square": "object 11 (Second rat): square (7, 2) is already taken by object 9 (Rat)",
    "spawner_without_creature": "object 8 (Rat hole): spawner without a creature (set its 'creature' property)",
    "room_unreachable": "object 3 (South Room): room unreachable from the entrance",
    "reserved_property": "object 9 (Rat): property 'name' is a name pytmx reserves; rename it",
    "no_entrance": "map: has no entrance object (where the hero starts)",
    "not_aligned": "object 3 (South Room): rectangle is not aligned to the squares (snap it to the grid) (and 4 problems "
                   "that follow from it)",
    "unknown_class": "object 9 (Rat): unknown class 'monster' (expected one of: room, exit, door, entrance, creature, item, trap, spawner, supply)",
    "bad_enum_value": "object 2 (East Room): property 'theme' is 'lava', expected one of: stone, cave, crypt, keep, wood, grass",
    "bad_number": "object 8 (Rat hole): property 'interval' must be a whole number, not 'soon'",
    "unknown_property": "object 8 (Rat hole): unknown property 'intervall' (expected: creature, interval, heads, kind, up_to)",
    "key_nowhere": "object 4 (Iron door): locked door's key 'iron_key' is nowhere in the map (place it as an item or gear)",
    "notable_with_background": "object 10 (Trader): notable people have no background (N83)",
    "merchant_without_type": "object 10 (Trader): merchant without a merchant type (N5: the type sets its stock)",
    "merchant_travels": "object 10 (Trader): a merchant creature does not travel (N3: only world NPCs have a range; N5: "
                        "merchants stay in their shops)",
    "outside_the_map": "object 14 (Lost coin): lies outside the map (12x8 squares)",
    "polygon_room": "object 4 (Odd room): a room must be a rectangle, not a polyline",
    "wrong_footprint": "object 11 (Golem): object covers 1x1 squares but a stone_golem is 2x2 (C10); resize it",
    "bad_dice": "object 7 (Spikes): damage 'lots' is not dice in the seed's notation (e.g. d6, 2d4+1)",
    "supply_of_no_food": "object 14 (Pantry): a supply restocks food or drink, not 'iron_key'",
    "supply_never": "object 14 (Pantry): every must be 1 world turn or more, not 0",
    "spawner_of_merchants": "object 8 (Rat hole): a spawner makes dungeon creatures or world newcomers, not merchant ones (N2-N3)",
    "room_too_small": "object 1 (West Room): its creatures need 13 squares but the room has 12 (a minion group covers its heads' squares, C31)",
}


def problems_of(path: Path) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_map(path, data=read_data_ids())
    return caught.value.problems


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_broken_map_yields_its_message(stem: str) -> None:
    path = BAD / f"{stem}.tmx"
    assert f"{path}: {EXPECTED[stem]}" in problems_of(path)


def test_a_supply_keeps_one_item_or_more_and_a_spawner_limit_is_not_negative() -> None:
    assert f"{BAD / 'supply_never.tmx'}: object 14 (Pantry): keep must be 1 item or more, not 0" in \
        problems_of(BAD / "supply_never.tmx")
    assert f"{BAD / 'spawner_of_merchants.tmx'}: object 8 (Rat hole): up_to must be 0 (no limit) or more, not -1" in \
        problems_of(BAD / "spawner_of_merchants.tmx")


def test_missing_tileset_image_is_named() -> None:
    path = BAD / "missing_tileset_image.tmx"
    problems = problems_of(path)
    assert problems == [f"{path}: tileset lost: missing tileset image {(BAD / 'nowhere.png').resolve()}"]


def test_unreadable_file_is_one_message_not_a_traceback() -> None:
    path = BAD / "not_a_map.tmx"
    problems = problems_of(path)
    assert len(problems) == 1 and problems[0].startswith(f"{path}: map: cannot be read (")


def test_missing_file_is_one_message() -> None:
    path = BAD / "no_such_map.tmx"
    assert problems_of(path) == [f"{path}: map: file not found"]


def test_every_problem_is_reported_at_once() -> None:
    path = BAD / "several_problems.tmx"
    assert sorted(problems_of(path)) == sorted([
        f"{path}: object 2 (East Room): property 'theme' is 'lava', expected one of: stone, cave, crypt, keep, wood, grass",
        f"{path}: map: has no entrance object (where the hero starts)",
        f"{path}: object 8 (Rat): unknown codex id 'dragonn'",
    ])


def test_ids_are_not_checked_without_data() -> None:
    """With no codex ids (data files missing) the checker still judges structure, not ids."""
    load_map(BAD / "unknown_codex_id.tmx")  # structurally fine: no error
    with pytest.raises(MapError):
        load_map(BAD / "door_leads_nowhere.tmx")


def test_region_problems() -> None:
    path = BAD / "region_bad.tmx"
    with pytest.raises(MapError) as caught:
        load_region(path)
    assert set(caught.value.problems) == {
        f"{path}: object 1 (Lost Dungeon): map file 'nowhere.tmx' not found",
        f"{path}: object 2 (Wrong Village): map file '../maps_ok/small.tmx' is a dungeon map; a settlement needs village or tower",
        f"{path}: object 3 (Broken road): road end (5, 5) is not on a dungeon or settlement",
        f"{path}: object 2 (Wrong Village): no road leads here from 1 (Lost Dungeon)",
    }


def test_checker_cli_prints_problems_and_exits_1() -> None:
    path = BAD / "occupied_square.tmx"
    run = subprocess.run([sys.executable, "tools/check_map.py", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 1
    assert f"{path}: object 11 (Second rat): square (7, 2) is already taken by object 9 (Rat)" in run.stdout.splitlines()
    assert "Traceback" not in run.stdout + run.stderr


def test_checker_cli_exits_0_on_a_good_map() -> None:
    run = subprocess.run([sys.executable, "tools/check_map.py", "tests/data/maps_ok/small.tmx"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout
    assert "ok: dungeon, 3 rooms, 2 exits, 2 creatures, 3 items, 1 traps, 1 spawners" in run.stdout


def test_region_map_given_as_a_dungeon_is_one_clear_message() -> None:
    from game.paths import MAPS

    path = MAPS / "region.tmx"
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert caught.value.problems == [
        f"{path}: map: is the region map, not a dungeon, village or tower (open it with load_region)"]


def test_bare_map_element_is_refused_with_messages(tmp_path: Path) -> None:
    path = tmp_path / "bare.tmx"
    path.write_text("<map>not really</map>")
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert caught.value.problems == [f"{path}: map: has no room objects",
                                     f"{path}: map: has no entrance object (where the hero starts)"]


@pytest.mark.parametrize("field, value, message", [
    ("size", '"100000x100000"', "size: size '100000x100000' is beyond the largest footprint, 8x8"),
    ("size", "3", "size: size must look like 1x1, 2x2, 3x2 or 1/2, not '3'"),
])
def test_a_creature_file_of_a_bad_size_is_one_message_for_the_checker(tmp_path: Path, field, value, message) -> None:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "assets" / "data", data)
    wolf = data / "creatures" / "wolf.toml"
    wolf.write_text(wolf.read_text().replace('size = "1x1"', f"{field} = {value}"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        read_data_ids(data)
    assert str(caught.value) == f"{wolf}: wolf: {message}"


def test_region_place_map_without_a_way_up_and_a_surface_naming_no_room(tmp_path: Path) -> None:
    """tools/check_map.py checks the region's links and each site's way up to the region (docs/maps.md)."""
    for name in ("region.tmx", "village.tmx", "default.tmx"):
        shutil.copy(ROOT / "maps" / name, tmp_path / name)
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets")
    village = tmp_path / "village.tmx"
    village.write_text(village.read_text().replace('<property name="surface" value="Village Gate"/>', ""))
    keep = tmp_path / "default.tmx"
    keep.write_text(keep.read_text().replace('name="surface" value="Gatehouse"', 'name="surface" value="Gate"'))
    region = tmp_path / "region.tmx"
    with pytest.raises(MapError) as caught:
        load_region(region)
    assert (f"{region}: object 1 (Ashby Vale): map file 'village.tmx' has no way up to the region (set its map property "
            f"'surface' to a room's name)") in caught.value.problems
    assert f"{keep}: map: surface names no room of the map ('Gate')" in problems_of(keep)


@pytest.mark.rule("N3")
def test_N3_arrivals_naming_no_room_is_a_map_problem(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets")
    tower = tmp_path / "tower.tmx"
    tower.write_text((ROOT / "maps" / "tower.tmx").read_text().replace(
        'name="arrivals" value="Infirmary"', 'name="arrivals" value="Postern"'))
    assert f"{tower}: map: arrivals names no room of the map ('Postern')" in problems_of(tower)


@pytest.mark.rule("N62")
def test_a_region_site_needs_a_dungeon_map_of_its_own(tmp_path: Path) -> None:
    """Every artifact or beast site names its map: a dungeon with a way up (docs/maps.md)."""
    for name in ("region.tmx", "village.tmx", "tower.tmx", "default.tmx", "crypt.tmx", "caves.tmx"):
        shutil.copy(ROOT / "maps" / name, tmp_path / name)
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets")
    shutil.copytree(ROOT / "maps" / "sites", tmp_path / "sites")
    region = tmp_path / "region.tmx"
    text = region.read_text()
    text = text.replace('\n    <property name="map" type="file" value="sites/reliquary.tmx"/>', "")
    text = text.replace('value="sites/barrow.tmx"', 'value="village.tmx"')
    text = text.replace('value="sites/shrine.tmx"', 'value="sites/nowhere.tmx"')
    region.write_text(text)
    with pytest.raises(MapError) as caught:
        load_region(region)
    problems = [p for p in caught.value.problems if "tileset" not in p]  # the copy has no tileset image beside it
    assert set(problems) == {
        f"{region}: object 10 (The Sunken Reliquary): site without a map file (set its 'map' property)",
        f"{region}: object 11 (Barrow of the Horn King): map file 'village.tmx' is a village map; a site needs dungeon",
        f"{region}: object 12 (Shrine of the Last Flame): map file 'sites/nowhere.tmx' not found",
    }


def beside_the_shipped_maps(tmp_path: Path) -> Path:
    """A maps folder whose tilesets find their images, as the shipped maps' do."""
    (tmp_path / "assets").symlink_to(ROOT / "assets")
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "maps" / "tilesets")
    return tmp_path / "maps"


@pytest.mark.parametrize("value", ["maybe", "Yes", "true"])
def test_the_known_map_property_is_yes_or_no_and_a_wrong_value_is_one_line(tmp_path: Path, value: str) -> None:
    """Issue 23: `known` (settlements may start known) is checked like every other map property."""
    village = beside_the_shipped_maps(tmp_path) / "village.tmx"
    village.write_text((ROOT / "maps" / "village.tmx").read_text().replace(
        '<property name="surface" value="Village Gate"/>',
        f'<property name="surface" value="Village Gate"/><property name="known" value="{value}"/>'))
    assert problems_of(village) == [f"{village}: map: property 'known' is '{value}', expected one of: none, yes, no"]


def test_a_map_known_no_starts_unknown_and_a_dungeon_known_yes_starts_known(tmp_path: Path) -> None:
    from game.launch import new_game
    from game.world import knowledge

    maps = beside_the_shipped_maps(tmp_path)
    for name, value in (("village.tmx", "no"), ("crypt.tmx", "yes")):
        text = (ROOT / "maps" / name).read_text()
        head = text.index("<properties>") + len("<properties>")
        (maps / name).write_text(f'{text[:head]}<property name="known" value="{value}"/>{text[head:]}')
    village = new_game(maps / "village.tmx", 1).world
    assert knowledge.seen(village) == knowledge.in_sight(village, village.room_of(village.hero))
    crypt = new_game(maps / "crypt.tmx", 1).world
    assert knowledge.seen(crypt) == set(crypt.map.rooms)
