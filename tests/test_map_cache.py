"""Map files as read kept on disk between processes (game/maps/diskcache.py, docs/maps.md "The map cache"): a
map read back from the cache is the map read from its file, checked again; a changed map, tileset, image or
game reads the file again, changed data checks it again; a damaged, foreign, hostile or huge entry, or a
folder that cannot be read or written, reads the file as if there were no cache, and a map with problems is
never kept. The poisoned entries of issue 26 are tests/test_map_cache_poison.py's."""
from __future__ import annotations

import ast
import hashlib
import os
import shutil
from collections import Counter
from pathlib import Path

import msgpack
import pytest

from game.launch import load_dungeon
from game.maps import diskcache, modelcodec, store
from game.maps.errors import MapError
from game.maps.model import DungeonMap
from game.maps.tiled import RawMap, read_tmx
from game.paths import ASSETS, DATA, MAPS, REGION_MAP, ROOT

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

HEAD = len(diskcache.MAGIC) + 32  # where an entry's msgpack begins


@pytest.fixture
def reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Counter:
    """The disk cache in a folder of its own, an empty store, and the files each load really read (by name)."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(diskcache, "folder", lambda: folder)
    counted: Counter = Counter()
    for name in ("read_tmx", "read_data_ids"):
        real = getattr(store, name)

        def counting(path, *args, _real=real, **kwargs):
            counted[Path(path).name] += 1
            return _real(path, *args, **kwargs)
        monkeypatch.setattr(store, name, counting)
    store.forget()
    yield counted
    store.forget()


@pytest.fixture
def caves(tmp_path: Path) -> Path:
    """maps/caves.tmx beside its tileset and the tileset's image, as in the game folder."""
    shutil.copytree(MAPS / "tilesets", tmp_path / "maps" / "tilesets")
    shutil.copytree(ASSETS / "tiles", tmp_path / "assets" / "tiles")
    shutil.copy(MAPS / "caves.tmx", tmp_path / "maps" / "caves.tmx")
    return tmp_path / "maps" / "caves.tmx"


def shipped() -> tuple:
    """The region, every map it links to, and the data ids, as a process's first load reads them."""
    region = store.region(REGION_MAP)
    data = store.data_ids()
    return region, data, {pid: store.dungeon(path, data) for pid, path in sorted(region.maps().items())}


def entries() -> list[Path]:
    return sorted(diskcache.folder().glob("*" + diskcache.SUFFIX))


def test_every_shipped_map_read_back_from_the_disk_cache_is_the_map_read_from_its_file(reads: Counter):
    fresh = shipped()
    assert reads["region.tmx"] == 1 and reads["data"] == 1 and len(fresh[2]) == 11
    assert len(entries()) == 12  # the region and its eleven sites' maps (the data ids are never kept on disk)
    store.forget()  # as a new process
    cached = shipped()
    assert sum(reads.values()) == 14 and reads["data"] == 2, "the second load read no map file again"
    assert cached == fresh
    assert repr(cached) == repr(fresh)  # the same types too (1 is not 1.0, a tuple is not a list) and room order
    region, _, maps = cached
    assert all(type(dungeon) is DungeonMap for dungeon in maps.values()) and region is not fresh[0]


def test_forget_keeps_the_disk_cache_and_forget_disk_empties_it(reads: Counter):
    shipped()
    store.forget()
    shipped()
    assert reads["region.tmx"] == 1
    store.forget(disk=True)
    assert entries() == []
    shipped()
    assert reads["region.tmx"] == 2 and reads["caves.tmx"] == 2


def test_a_changed_map_file_is_read_again(reads: Counter, caves: Path):
    data = store.data_ids()
    first = store.dungeon(caves, data)
    store.forget()
    caves.write_text(caves.read_text(encoding="utf-8").replace('name="Crystal Vein"', 'name="Crystal Seam Hall"'),
                     encoding="utf-8")
    again = store.dungeon(caves, data)
    assert reads["caves.tmx"] == 2
    assert "Crystal Seam Hall" in {room.name for room in again.rooms.values()} and again != first
    store.forget()
    assert store.dungeon(caves, data) == again and reads["caves.tmx"] == 2


def test_F5_after_an_edit_in_tiled_reloads_the_edited_map_in_a_new_process_too(reads: Counter, caves: Path):
    """The game's F5 (game/ui/dungeon.py) reads the map through launch.load_dungeon, as a new game does."""
    first = load_dungeon(caves)
    store.forget()  # the game restarted
    assert load_dungeon(caves) == first and reads["caves.tmx"] == 1
    caves.write_text(caves.read_text(encoding="utf-8").replace('name="Crystal Vein"', 'name="Crystal Seam"'),
                     encoding="utf-8")
    assert "Crystal Seam" in {room.name for room in load_dungeon(caves).rooms.values()}  # F5
    assert reads["caves.tmx"] == 2


def test_a_map_edited_in_place_to_the_same_size_and_time_is_still_read_again(reads: Counter, caves: Path):
    """The key is the files' contents, not their sizes and times: an editor that keeps both is caught too."""
    data = store.data_ids()
    store.dungeon(caves, data)
    store.forget()
    status = os.stat(caves)
    text = caves.read_text(encoding="utf-8")
    assert 'name="Crystal Vein"' in text
    caves.write_text(text.replace('name="Crystal Vein"', 'name="Crystal Veil"'), encoding="utf-8")
    os.utime(caves, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert "Crystal Veil" in {room.name for room in store.dungeon(caves, data).rooms.values()}
    assert reads["caves.tmx"] == 2


@pytest.mark.parametrize("changed, old, new", [("maps/tilesets/dungeon.tsx", b'name="dungeon"', b'name="dungeoN"'),
                                               ("assets/tiles/dungeon.png", b"IEND", b"IEnD")])
def test_a_map_is_read_again_when_its_tileset_or_the_tileset_image_changes(reads: Counter, caves: Path, changed: str,
                                                                          old: bytes, new: bytes):
    """Even changed to the same size and time: the key is the files' contents."""
    data = store.data_ids()
    first = store.dungeon(caves, data)
    store.forget()
    part = caves.parent.parent / changed
    status = os.stat(part)
    assert part.read_bytes().count(old) == 1
    part.write_bytes(part.read_bytes().replace(old, new))
    os.utime(part, ns=(status.st_atime_ns, status.st_mtime_ns))
    again = store.dungeon(caves, data)
    assert reads["caves.tmx"] == 2
    assert [ts.name for ts in again.tilesets] == ["dungeoN" if changed.endswith(".tsx") else "dungeon"]
    assert (again == first) is changed.endswith(".png")


def test_changed_data_files_read_the_data_ids_and_check_the_maps_again(reads: Counter, caves: Path, tmp_path: Path):
    data_dir = tmp_path / "data"
    shutil.copytree(DATA, data_dir)
    first_ids = store.data_ids(data_dir)
    store.dungeon(caves, first_ids)
    assert store.data_ids(data_dir) is first_ids and reads["data"] == 1  # unchanged: not read again
    store.forget()
    assert store.data_ids(data_dir) == first_ids and reads["data"] == 2  # a new process reads them
    store.dungeon(caves, store.data_ids(data_dir))
    assert reads["caves.tmx"] == 1
    store.forget()
    items = data_dir / "items.toml"
    items.write_text(items.read_text(encoding="utf-8") + '\n[moon_cheese]\nname = "Moon cheese"\nkind = "food"\n',
                     encoding="utf-8")
    ids = store.data_ids(data_dir)
    assert reads["data"] == 3 and "moon_cheese" in ids.items
    store.dungeon(caves, ids)
    assert reads["caves.tmx"] == 1  # the file as read is kept whatever the ids; its checks ran on the new ones


def test_a_data_file_renamed_gives_other_ids(reads: Counter, tmp_path: Path):
    """A creature's id is its file's name: the same contents under another name are other data."""
    data_dir = tmp_path / "data"
    shutil.copytree(DATA, data_dir)
    store.data_ids(data_dir)
    store.forget()
    (data_dir / "creatures" / "wolf.toml").rename(data_dir / "creatures" / "dire_wolf.toml")
    ids = store.data_ids(data_dir)
    assert reads["data"] == 2 and "dire_wolf" in ids.codex and "wolf" not in ids.codex


def test_another_version_of_the_game_reads_the_maps_again(reads: Counter, monkeypatch: pytest.MonkeyPatch):
    fresh = shipped()
    store.forget()
    monkeypatch.setattr(diskcache, "version", lambda: b"a game update")
    assert shipped() == fresh
    assert reads["region.tmx"] == 2 and reads["caves.tmx"] == 2 and reads["data"] == 2


def test_the_code_digest_changes_with_any_source_that_reads_a_map_and_without_sources(tmp_path: Path):
    game = tmp_path / "game"
    shutil.copytree(ROOT / "game", game)
    first = diskcache.code_digest(game)
    assert diskcache.code_digest(game) == first and diskcache.version() == diskcache.code_digest(ROOT / "game")
    dice = game / "rules" / "dice.py"
    dice.write_text(dice.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    second = diskcache.code_digest(game)
    assert second != first
    (game / "maps" / "new_check.py").write_text("", encoding="utf-8")
    assert diskcache.code_digest(game) not in (first, second)
    shutil.rmtree(game / "rules")  # a bundle: no sources beside it
    assert diskcache.code_digest(game) not in (first, second)


def test_the_version_covers_every_module_that_reads_a_map():
    """diskcache.SHAPED_BY names the sources version() digests: every module of the game that the map
    loader, the checks, the store or the codec import (directly or not) must be among them."""
    game = ROOT / "game"
    covered = set()
    for part in diskcache.SHAPED_BY:
        covered |= set((game / part).glob("*.py")) if (game / part).is_dir() else {game / part}
    seen, todo = set(), ["game.maps.tiled", "game.maps.store", "game.maps.modelcodec", "game.maps.data_ids"]
    while todo:
        name = todo.pop()
        path = ROOT / (name.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT / name.replace(".", "/") / "__init__.py"
        if name in seen or not path.exists():
            continue
        seen.add(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game"):
                todo += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    needed = {ROOT / (name.replace(".", "/") + ".py") for name in seen}
    needed |= {ROOT / name.replace(".", "/") / "__init__.py" for name in seen}  # packages run their __init__
    assert {p for p in needed if p.exists() and p.stat().st_size} - covered == set()
    assert "game.rules.dice" in seen  # the walk reaches what validate imports


def test_a_map_with_problems_is_refused_every_time_and_never_kept(reads: Counter, caves: Path, tmp_path: Path):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map", encoding="utf-8")
    data = store.data_ids()
    for _ in range(2):
        with pytest.raises(MapError):
            store.dungeon(broken, data)
        store.forget()
    assert reads["broken.tmx"] == 2
    shutil.copytree(DATA, tmp_path / "data")
    (tmp_path / "data" / "creatures" / "cave_bear.toml").unlink()  # caves.tmx places a cave bear
    without = store.data_ids(tmp_path / "data")
    for _ in range(2):
        with pytest.raises(MapError, match="cave_bear"):
            store.dungeon(caves, without)
        store.forget()
    assert reads["caves.tmx"] == 2
    assert entries() == []  # no map with problems, and no data ids


@pytest.fixture
def kept(reads: Counter, caves: Path) -> tuple[Path, DungeonMap, Path]:
    """caves.tmx read once, its entry in the cache: (the map's path, the map, the entry)."""
    data = store.data_ids()
    before = set(entries())
    dungeon = store.dungeon(caves, data)
    entry, = set(entries()) - before
    store.forget()
    return caves, dungeon, entry


def read_with(reads: Counter, caves: Path, dungeon: DungeonMap, expect_reads: int) -> None:
    """The map loads, equal to the one read from its file, having read the .tmx `expect_reads` times."""
    assert store.dungeon(caves, store.data_ids()) == dungeon
    assert reads["caves.tmx"] == expect_reads
    store.forget()


def rewritten(entry: Path, change) -> None:
    """The entry with its msgpack changed by `change` and a right checksum: what only a hand can make."""
    key, value = msgpack.unpackb(entry.read_bytes()[HEAD:], use_list=True, raw=False)
    body = msgpack.packb([key, change(value)], use_bin_type=True)
    entry.write_bytes(diskcache.MAGIC + hashlib.sha256(body).digest() + body)


def room_named_by_a_number(value: list) -> list:
    value[8][1][0] = 5  # RawMap.objects -> [ids, names, ...] -> the first name
    return value


def a_map_too_large(value: list) -> list:
    value[1] = 10**6  # RawMap.width
    return value


def the_region_in_its_place(value: list) -> list:
    return modelcodec.plain(read_tmx(REGION_MAP))


def an_extension_type(value: list) -> list:
    value[8] = msgpack.ExtType(2, b"\x93\xa4Room\x01\x02")
    return value


def a_list_for_a_tuple_of_points(value: list) -> list:
    value[8][8] = [value[8][8][0], {"x": 1}]  # RawMap.objects' points, a map for the second object's
    return value


def fields_missing(value: list) -> list:
    return value[:5]


def columns_of_different_lengths(value: list) -> list:
    value[8][1].pop()  # the objects' names, one short
    return value


HOSTILE = [room_named_by_a_number, a_map_too_large, the_region_in_its_place, an_extension_type,
           a_list_for_a_tuple_of_points, fields_missing, columns_of_different_lengths]


@pytest.mark.parametrize("change", HOSTILE, ids=lambda change: change.__name__)
def test_an_entry_well_formed_but_wrong_is_refused_and_the_map_read_from_its_file(kept, reads: Counter, change):
    caves, dungeon, entry = kept
    read_with(reads, caves, dungeon, 1)  # the entry as written is good
    rewritten(entry, change)
    read_with(reads, caves, dungeon, 2)
    read_with(reads, caves, dungeon, 2)  # and the entry is good again


def test_a_truncated_damaged_foreign_or_random_entry_is_refused_and_the_map_read_from_its_file(kept, reads: Counter):
    caves, dungeon, entry = kept
    good = entry.read_bytes()
    before = set(entries())
    crypt = store.dungeon(MAPS / "crypt.tmx", store.data_ids())
    store.forget()
    other, = set(entries()) - before
    damaged = good[:-40] + bytes([good[-40] ^ 0x20]) + good[-39:]
    key, _ = msgpack.unpackb(good[HEAD:], raw=False)
    claim = b"\x92" + msgpack.packb(key) + b"\xdd\xff\xff\xff\xff"  # [key, an array of 4 billion items]
    cases = {"truncated": good[: len(good) // 2], "empty": b"", "random": os.urandom(len(good)),
             "one bit": damaged, "no checksum": diskcache.MAGIC + good[HEAD:], "foreign": other.read_bytes(),
             "another game's": b"\x89PNG" + good[4:],
             "a claim of 4 billion items": diskcache.MAGIC + hashlib.sha256(claim).digest() + claim}
    for count, (what, content) in enumerate(cases.items(), 2):
        entry.write_bytes(content)
        assert store.dungeon(caves, store.data_ids()) == dungeon, what
        assert reads["caves.tmx"] == count, what
        store.forget()
    assert store.dungeon(MAPS / "crypt.tmx", store.data_ids()) == crypt and reads["crypt.tmx"] == 1


def test_an_entry_over_the_size_limit_is_not_read(kept, reads: Counter, monkeypatch: pytest.MonkeyPatch):
    caves, dungeon, entry = kept
    limit = diskcache.MAX_ENTRY_BYTES
    monkeypatch.setattr(diskcache, "MAX_ENTRY_BYTES", entry.stat().st_size - 1)
    read_with(reads, caves, dungeon, 2)  # a good entry, one byte over the limit
    monkeypatch.setattr(diskcache, "MAX_ENTRY_BYTES", limit)
    with open(entry, "r+b") as handle:
        handle.truncate(diskcache.MAX_ENTRY_BYTES + 1)  # sparse: no disk space taken
    read_with(reads, caves, dungeon, 3)


def test_an_entry_that_is_a_folder_a_pipe_a_device_or_a_link_to_nowhere_is_a_miss(kept, reads: Counter):
    """Nothing blocks (a FIFO with no writer), nothing endless is read (/dev/zero)."""
    caves, dungeon, entry = kept
    entry.unlink()
    entry.mkdir()
    read_with(reads, caves, dungeon, 2)
    entry.rmdir()
    entry.symlink_to(entry.parent / "nowhere")
    read_with(reads, caves, dungeon, 3)
    if os.name == "posix":
        entry.unlink()
        entry.symlink_to("/dev/zero")
        read_with(reads, caves, dungeon, 4)
        entry.unlink()
        os.mkfifo(entry)
        read_with(reads, caves, dungeon, 5)


def test_a_cache_folder_that_cannot_be_made_or_read_leaves_the_maps_read_from_their_files(
        reads: Counter, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(diskcache, "folder", lambda: blocker / "maps")
    fresh = shipped()
    store.forget()
    assert shipped() == fresh and reads["region.tmx"] == 2
    store.forget(disk=True)  # nothing to drop, nothing raised


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_cache_folder_leaves_the_maps_read_from_their_files(reads: Counter):
    diskcache.folder().mkdir()
    diskcache.folder().chmod(0o500)
    try:
        fresh = shipped()
        store.forget()
        assert shipped() == fresh and reads["region.tmx"] == 2
    finally:
        diskcache.folder().chmod(0o700)


def test_a_write_that_fails_leaves_the_last_entry_and_no_temporary_file(kept, reads: Counter,
                                                                          monkeypatch: pytest.MonkeyPatch):
    caves, dungeon, entry = kept
    good = entry.read_bytes()

    def refused(source, target):
        raise PermissionError(13, "Permission denied", str(target))
    monkeypatch.setattr(diskcache.os, "replace", refused)
    store.forget(disk=False)
    diskcache.keep("another slot", b"key", read_tmx(caves))
    assert entry.read_bytes() == good
    assert sorted(p.name for p in diskcache.folder().iterdir()) == sorted(e.name for e in entries())
    with open(entry, "r+b") as handle:
        handle.truncate(10)
    read_with(reads, caves, dungeon, 2)  # read from the file; keeping it again failed quietly


def test_the_codec_builds_only_the_class_asked_for_from_fields_of_their_types(reads: Counter):
    """Every annotation of a map file as read has a codec (a new kind of field fails at import, and here), and
    a value is built back only as a RawMap, each field of its type."""
    region, _, maps = shipped()
    for path in (REGION_MAP, *(dungeon.path for dungeon in maps.values())):
        raw = read_tmx(path)
        packed = msgpack.packb(modelcodec.plain(raw))
        assert modelcodec.model(RawMap, msgpack.unpackb(packed, use_list=False)) == raw
    with pytest.raises(ValueError):
        modelcodec.model(RawMap, msgpack.unpackb(msgpack.packb([1, 2, 3]), use_list=False))
    for unknown in (list[int], set, tuple[int, ...] | str):
        with pytest.raises(TypeError):
            modelcodec.codec(unknown)


def test_the_stores_memos_of_files_hold_at_most_their_bound(caves: Path, reads: Counter):
    """Issue 26: every edit of a map (F5) made a new entry of _MAP_FILES and _DIGESTS, kept for the process's life."""
    data = store.data_ids()
    text = caves.read_text(encoding="utf-8")
    for i in range(store.STAMPS_KEPT + 20):
        caves.write_text(text.replace('name="Crystal Vein"', f'name="Crystal Vein {i}"'), encoding="utf-8")
        store.map_digest(caves)
    assert len(store._MAP_FILES) <= store.STAMPS_KEPT and len(store._DIGESTS) <= store.STAMPS_KEPT
    assert f"Crystal Vein {store.STAMPS_KEPT + 19}" in {room.name for room in store.dungeon(caves, data).rooms.values()}
