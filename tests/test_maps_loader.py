"""Loading a Tiled map into the project's own map type (docs/maps.md): geometry, properties, defaults."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.maps.tiled import load_map

SMALL = Path(__file__).parent / "data" / "maps_ok" / "small.tmx"
TILESET = (Path(__file__).resolve().parent.parent / "maps" / "tilesets" / "dungeon.tsx").as_posix()


def copy_with(tmp_path: Path, edit) -> Path:
    """A copy of the small map under tmp_path (tileset path made absolute) with `edit` applied to its text."""
    text = SMALL.read_text().replace("../../../maps/tilesets/dungeon.tsx", TILESET)
    out = tmp_path / "copy.tmx"
    out.write_text(edit(text))
    return out


def test_rooms_are_rectangles_of_squares() -> None:
    m = load_map(SMALL)
    rooms = {r.name: r for r in m.rooms.values()}
    assert (rooms["West Room"].x, rooms["West Room"].y, rooms["West Room"].w, rooms["West Room"].h) == (1, 1, 4, 3)
    assert len(rooms["East Room"].squares) == 12
    assert rooms["South Room"].theme == "cave"
    assert rooms["East Room"].light == 2  # default applied: Tiled never writes defaults


@pytest.mark.rule("N37")
def test_N37_room_rune_is_read_and_unset_means_none() -> None:
    rooms = {r.name: r for r in load_map(SMALL).rooms.values()}
    assert rooms["West Room"].rune == "fire"
    assert rooms["East Room"].rune is None


@pytest.mark.rule("N14")
def test_N14_exits_join_two_rooms_and_locked_doors_name_their_key() -> None:
    m = load_map(SMALL)
    ids = {r.name: r.id for r in m.rooms.values()}
    by_name = {e.name: e for e in m.exits}
    door, arch = by_name["Iron door"], by_name["Archway"]
    assert door.square == (5, 2) and set(door.rooms) == {ids["West Room"], ids["East Room"]}
    assert door.locked and door.key == "iron_key" and door.door
    assert arch.square == (2, 4) and set(arch.rooms) == {ids["West Room"], ids["South Room"]}
    assert not arch.locked and arch.key is None and not arch.door
    assert sorted(other for _, other in m.exits_of(ids["West Room"])) == sorted([ids["East Room"], ids["South Room"]])


@pytest.mark.rule("N49")
def test_N49_placements_get_defaults_provisions_on() -> None:
    m = load_map(SMALL)
    rat = next(p for p in m.placements if p.name == "Rat")
    assert (rat.creature, rat.square, rat.kind, rat.background, rat.heads, rat.gear) == (
        "giant_rat", (7, 2), "dungeon", None, 0, ())
    assert rat.provisions is True
    assert m.rooms[rat.room].name == "East Room"


def test_merchant_placement_carries_type_and_gear() -> None:
    """The loader reads a merchant's type and gear (merchants themselves, N5, are not built yet)."""
    trader = next(p for p in load_map(SMALL).placements if p.name == "Trader")
    assert (trader.kind, trader.merchant, trader.gear) == ("merchant", "provisioner", ("dagger", "helmet"))


@pytest.mark.rule("N26")
def test_N26_spawner_reads_creature_and_interval() -> None:
    (spawner,) = load_map(SMALL).spawners
    assert (spawner.creature, spawner.interval, spawner.heads, spawner.square) == ("rat_swarm", 12, 4, (4, 6))


def test_items_traps_and_entrance() -> None:
    m = load_map(SMALL)
    sword = next(i for i in m.items if i.name == "Sword")
    assert (sword.item, sword.quality, sword.material, sword.rune, sword.count) == ("longsword", "fine", "steel", "ice", 1)
    assert next(i for i in m.items if i.name == "Rations").count == 3
    (trap,) = m.traps
    assert (trap.trap, trap.damage, trap.dc, trap.stun, trap.square) == ("spikes", "d6", 5, 1, (8, 3))
    assert m.entrance == (next(r.id for r in m.rooms.values() if r.name == "West Room"), (1, 1))
    assert (m.kind, m.name, m.width, m.height) == ("dungeon", "Test Vault", 12, 8)


def test_tile_layers_keep_tiled_gids_and_tileset() -> None:
    m = load_map(SMALL)
    floor = next(layer for layer in m.layers if layer.name == "floor")
    assert floor.gids[1][1] == 3  # floor_stone is tile index 2, firstgid 1
    assert floor.gids[0][0] == 0
    (ts,) = m.tilesets
    assert (ts.firstgid, ts.columns, ts.count, ts.tile_w) == (1, 8, 40, 32)
    assert ts.image.name == "dungeon.png"


def test_tiled_19_class_attribute_loads_the_same(tmp_path: Path) -> None:
    """Tiled 1.8 writes an object's kind as type=, Tiled 1.9 as class=: both load (NOTES.md)."""
    original = load_map(copy_with(tmp_path, lambda t: t))
    as_class = copy_with(tmp_path, lambda t: re.sub(r'(<object [^>]*?) type="', r'\1 class="', t))
    assert ' type="room"' not in as_class.read_text() and ' class="room"' in as_class.read_text()
    assert 'type="int"' in as_class.read_text()  # property types stay
    loaded = load_map(as_class)
    assert loaded.rooms == original.rooms
    assert loaded.exits == original.exits
    assert loaded.placements == original.placements
    assert loaded.items == original.items and loaded.spawners == original.spawners


def test_point_object_covers_the_square_it_is_in(tmp_path: Path) -> None:
    def to_point(text: str) -> str:
        out, count = re.subn(r'(<object id="9" name="Rat" type="creature") x="224" y="64" width="32" height="32">',
                             r'\1 x="230" y="70">\n   <point/>', text)
        assert count == 1
        return out

    rat = next(p for p in load_map(copy_with(tmp_path, to_point)).placements if p.name == "Rat")
    assert rat.square == (7, 2) and rat.size == (1, 1)
