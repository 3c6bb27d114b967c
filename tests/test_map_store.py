"""Maps and data ids read once per process (game/maps/store.py): the same file and data give the same map,
a changed map or data file is read and checked again, and a bad one is never kept."""
from __future__ import annotations

import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from game.maps import store
from game.maps.errors import MapError
from game.paths import ASSETS, DATA, MAPS


@pytest.fixture
def fresh():
    store.forget()
    yield
    store.forget()


def test_a_map_read_again_is_the_one_already_read_until_its_file_changes(fresh, tmp_path: Path):
    path = tmp_path / "maps" / "caves.tmx"  # beside its tilesets and their images, as in the game folder
    shutil.copytree(MAPS / "tilesets", tmp_path / "maps" / "tilesets")
    shutil.copytree(ASSETS / "tiles", tmp_path / "assets" / "tiles")
    shutil.copy(MAPS / "caves.tmx", path)
    data = store.data_ids()
    first = store.dungeon(path, data)
    assert store.dungeon(path, data) is first
    path.write_text(path.read_text(encoding="utf-8") + "<!-- changed since -->\n", encoding="utf-8")
    again = store.dungeon(path, data)
    assert again is not first
    assert store.dungeon(path, data) is again


def test_a_map_is_read_again_when_its_tileset_or_tile_image_changes_and_never_reads_a_pipe(fresh, tmp_path: Path):
    """F5 reloads a map whose tileset changed; a map naming a pipe for its tileset is refused as before."""
    path = tmp_path / "maps" / "caves.tmx"
    shutil.copytree(MAPS / "tilesets", tmp_path / "maps" / "tilesets")
    shutil.copytree(ASSETS / "tiles", tmp_path / "assets" / "tiles")
    shutil.copy(MAPS / "caves.tmx", path)
    data = store.data_ids()
    first = store.dungeon(path, data)
    tileset = tmp_path / "maps" / "tilesets" / "dungeon.tsx"
    tileset.write_text(tileset.read_text(encoding="utf-8") + "<!-- changed since -->\n", encoding="utf-8")
    second = store.dungeon(path, data)
    assert second is not first and store.dungeon(path, data) is second
    image = tmp_path / "assets" / "tiles" / "dungeon.png"
    image.write_bytes(image.read_bytes() + b"\0")
    assert store.dungeon(path, data) is not second
    tileset.unlink()
    os.mkfifo(tileset)
    with pytest.raises(MapError, match="dungeon.tsx"):
        store.dungeon(path, data)


def test_a_map_checked_against_other_data_ids_is_checked_again(fresh):
    data = store.data_ids()
    first = store.dungeon(MAPS / "caves.tmx", data)
    assert store.dungeon(MAPS / "caves.tmx", store.data_ids()) is first
    assert store.dungeon(MAPS / "caves.tmx", replace(data, traps=None)) is not first


def test_a_bad_map_is_refused_every_time_and_never_kept(fresh, tmp_path: Path):
    path = tmp_path / "broken.tmx"
    path.write_text("<map", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(MapError):
            store.dungeon(path, store.data_ids())
    with pytest.raises(MapError):
        store.dungeon(tmp_path / "missing.tmx", store.data_ids())


def test_the_data_ids_are_read_again_when_a_data_file_changes(fresh, tmp_path: Path):
    data_dir = tmp_path / "data"
    shutil.copytree(DATA, data_dir)
    first = store.data_ids(data_dir)
    assert store.data_ids(data_dir) is first
    items = data_dir / "items.toml"
    items.write_text(items.read_text(encoding="utf-8") + '\n[moon_cheese]\nname = "Moon cheese"\nkind = "food"\n',
                     encoding="utf-8")
    again = store.data_ids(data_dir)
    assert again is not first and "moon_cheese" in again.items and "moon_cheese" not in first.items
    wolf = data_dir / "creatures" / "wolf.toml"
    wolf.unlink()
    assert "wolf" not in store.data_ids(data_dir).codex
    stat = os.stat(items)
    os.utime(items, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert store.data_ids(data_dir) is not again
