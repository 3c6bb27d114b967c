"""Poisoned map cache entries (issue 26): an entry under the cache folder with the right key and a valid header
whose map file as read is one no .tmx of that name gives, each crafted to break a check (an exit to a missing
room, a room of 10^5 squares, 10^9 spawner heads, dice past the limit, tilesets at /etc/passwd and /dev/zero, a
region place outside maps/ …). Every one is refused by the checks a fresh read runs (game/maps/diskcache.py
`refusal`, then the map's own), dropped with one line in the log, and the map read from its file again; and
an honest entry of every shipped and hostile-corpus map passes them as its file does."""
from __future__ import annotations

import json
import logging
import math
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Callable

import pytest

from game.maps import diskcache, store
from game.maps.errors import MapError
from game.maps.model import TileLayer
from game.maps.tiled import MapObject, RawMap, load_map, load_region, read_tmx
from game.paths import ASSETS, MAPS, REGION_MAP, ROOT
from tests.helpers.fast_set import sampled

HOSTILE = ROOT / "tests" / "data" / "hostile"
Change = Callable[[RawMap], RawMap]


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(diskcache, "folder", lambda: tmp_path / "cache")
    store.forget()
    yield
    store.forget()


def nth(raw: RawMap, kind: str, n: int = 0) -> MapObject:
    return [o for o in raw.objects if o.kind == kind][n]


def with_object(raw: RawMap, old: MapObject, **changes) -> RawMap:
    return replace(raw, objects=tuple(replace(o, **changes) if o is old else o for o in raw.objects))


def geometry(kind: str, **changes) -> Change:
    return lambda raw: with_object(raw, nth(raw, kind), **changes)


def props(of: str, n: int = 0, **values) -> Change:
    def change(raw: RawMap) -> RawMap:
        old = nth(raw, of, n)
        return with_object(raw, old, props={**old.props, **values})
    return change


def without(kind: str) -> Change:
    return lambda raw: replace(raw, objects=tuple(o for o in raw.objects if o.kind != kind))


def tileset(**changes) -> Change:
    return lambda raw: replace(raw, tilesets=(replace(raw.tilesets[0], **changes), *raw.tilesets[1:]))


def layer(change: Callable[[tuple], tuple]) -> Change:
    return lambda raw: replace(raw, layers=(replace(raw.layers[0], gids=change(raw.layers[0].gids)), *raw.layers[1:]))


def exit_to_nowhere(raw: RawMap) -> RawMap:
    """An exit moved off every room: its rooms are missing (a KeyError once built without the checks)."""
    return geometry("exit", x=-320.0, y=-320.0)(raw)


def ten_thousand_and_one_objects(raw: RawMap) -> RawMap:
    item = nth(raw, "item")
    return replace(raw, objects=raw.objects + tuple(replace(item, id=100_000 + i) for i in range(10_001)))


def two_objects_one_id(raw: RawMap) -> RawMap:
    return replace(raw, objects=raw.objects + (replace(nth(raw, "item"), id=nth(raw, "room").id),))


def outside_map(tmp: Path) -> Path:
    """A valid village map outside the region's folder, beside copies of what it names."""
    shutil.copytree(MAPS / "tilesets", tmp / "elsewhere" / "maps" / "tilesets")
    shutil.copytree(ASSETS / "tiles", tmp / "elsewhere" / "assets" / "tiles")
    shutil.copy(MAPS / "village.tmx", tmp / "elsewhere" / "maps" / "village.tmx")
    return tmp / "elsewhere" / "maps" / "village.tmx"


DUNGEON: dict[str, Change] = {
    "exit to a missing room": exit_to_nowhere,
    "door to a missing room": geometry("door", x=-320.0, y=-320.0),
    "room of 10^5x10^5 squares": geometry("room", w=32.0 * 10**5, h=32.0 * 10**5),
    "room of negative width": geometry("room", w=-32.0),
    "room of negative height": geometry("room", h=-64.0),
    "room of no size": geometry("room", w=0.0, h=0.0),
    "room at NaN": geometry("room", x=math.nan),
    "room at infinity": geometry("room", y=math.inf),
    "room far outside the map": geometry("room", x=32.0 * 10**9),
    "creature outside every room": geometry("creature", x=-64.0),
    "creature at NaN": geometry("creature", y=math.nan),
    "item outside every room": geometry("item", x=10.0**12),
    "trap outside every room": geometry("trap", x=-64.0),
    "spawner outside every room": geometry("spawner", y=-64.0),
    "entrance outside every room": geometry("entrance", x=-64.0),
    "no entrance": without("entrance"),
    "no rooms": without("room"),
    "spawner interval 0": props("spawner", interval=0),
    "spawner interval -1": props("spawner", interval=-1),
    "spawner heads 10^9": props("spawner", heads=10**9),
    "spawner heads -1": props("spawner", heads=-1),
    "spawner of an unknown creature": props("spawner", creature="dragon_of_the_cache"),
    "spawner interval a text": props("spawner", interval="soon"),
    "item count -5": props("item", count=-5),
    "item count 10^12": props("item", count=10**12),
    "item count 0": props("item", count=0),
    "unknown item": props("item", item="philosophers_stone"),
    "unknown quality": props("item", 1, quality="cursed"),
    "trap dice past the limit": props("trap", damage="100000d100000"),
    "trap damage no dice": props("trap", damage="lots"),
    "trap dc -5": props("trap", dc=-5),
    "trap stun 10^9": props("trap", stun=10**9),
    "unknown trap": props("trap", trap="black_hole"),
    "unknown creature": props("creature", creature="cache_demon"),
    "creature heads 10^9": props("creature", 1, heads=10**9),
    "creature of an unknown kind": props("creature", 1, kind="god"),
    "room of an unknown theme": props("room", theme="void"),
    "room light 10^9": props("room", light=10**9),
    "unknown property": props("room", cheat=True),
    "map kind region": lambda raw: replace(raw, props={**raw.props, "kind": "region"}),
    "map surface a missing room": lambda raw: replace(raw, props={**raw.props, "surface": "Nowhere"}),
    "map of 10^5 squares a side": lambda raw: replace(raw, width=10**5, height=10**5),
    "map of negative height": lambda raw: replace(raw, height=-1),
    "tiles of 0 pixels": lambda raw: replace(raw, tile_w=0),
    "tiles of 10^6 pixels": lambda raw: replace(raw, tile_h=10**6),
    "a layer a row short": layer(lambda gids: gids[:-1]),
    "a layer a square short": layer(lambda gids: (gids[0][:-1], *gids[1:])),
    "a gid of -1": layer(lambda gids: ((-1, *gids[0][1:]), *gids[1:])),
    "a gid past 32 bits": layer(lambda gids: ((2**40, *gids[0][1:]), *gids[1:])),
    "nine tile layers": lambda raw: replace(raw, layers=raw.layers * 9),
    "seventeen tilesets": lambda raw: replace(raw, tilesets=raw.tilesets * 17),
    "tileset image /etc/passwd": tileset(image=Path("/etc/passwd")),
    "tileset image /dev/zero": tileset(image=Path("/dev/zero")),
    "tileset image the map does not name": tileset(image=ASSETS / "sprites" / "creatures" / "ghoul.png"),
    "tileset firstgid 0": tileset(firstgid=0),
    "tileset of 10^6 tiles": tileset(count=10**6),
    "tileset tiles of 0 pixels": tileset(tile_w=0),
    "10,001 objects more": ten_thousand_and_one_objects,
    "two objects of one id": two_objects_one_id,
    "another map's path": lambda raw: replace(raw, path=MAPS / "crypt.tmx"),
}


def region_cases(tmp: Path) -> dict[str, Change]:
    outside = outside_map(tmp)
    return {
        "a place at /etc/passwd": props("settlement", map="../../../../../../etc/passwd"),
        "a place at a map outside maps/": props("settlement", map=str(outside)),
        "a place up out of maps/": props("settlement", map="../" * 12 + str(outside).lstrip("/")),
        "a site at a map outside maps/": props("site", map=str(outside)),
        "a dungeon at a village": props("dungeon", map="village.tmx"),
        "a road of one point": geometry("road", points=((784.0, 592.0),)),
        "a road to nowhere": geometry("road", points=((784.0, 592.0), (10.0**9, 208.0))),
        "a place without a name": geometry("settlement", name=""),
        "tileset image /dev/zero": tileset(image=Path("/dev/zero")),
        "not a region": lambda raw: replace(raw, props={**raw.props, "kind": "dungeon"}),
    }


def kept_entry(path: Path) -> tuple[str, bytes]:
    """The slot and key the store files `path` under, as it works them out."""
    resolved, sha, referenced = store._map_file(path)
    return store.disk_entry(path, resolved, sha, referenced)


def poisoned(path: Path, change: Change, load: Callable[[], object], caplog) -> None:
    fresh = load()  # read from its file, its entry kept
    store.forget()
    slot, key = kept_entry(path)
    honest = diskcache.fetch(slot, key)
    assert honest == read_tmx(path)
    bad = change(honest)
    assert bad != honest
    diskcache.keep(slot, key, bad)
    assert diskcache.fetch(slot, key) is not None or bad == honest, "the codec took the poison apart already"
    store.forget()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="ethernalis.maps"):
        assert load() == fresh
    lines = [r.getMessage() for r in caplog.records if r.name == "ethernalis.maps"]
    assert len(lines) == 1 and lines[0].startswith(f"map cache: the entry for {path} is refused (")
    assert lines[0].endswith("; the map is read from its file") and lines[0].isprintable()
    assert diskcache.fetch(slot, key) == honest  # dropped, and the file's own read kept in its place


@pytest.mark.parametrize("case", sampled(sorted(DUNGEON)))
def test_a_poisoned_dungeon_entry_is_refused_logged_dropped_and_the_map_read_again(case: str, caplog):
    data = store.data_ids()
    path = MAPS / "caves.tmx"
    poisoned(path, DUNGEON[case], lambda: store.dungeon(path, data), caplog)


REGION_CASES = ["a place at /etc/passwd", "a place at a map outside maps/", "a place up out of maps/",
                "a site at a map outside maps/", "a dungeon at a village", "a road of one point", "a road to nowhere",
                "a place without a name", "tileset image /dev/zero", "not a region"]


@pytest.mark.parametrize("case", REGION_CASES)
def test_a_poisoned_region_entry_is_refused_logged_dropped_and_the_map_read_again(case: str, caplog, tmp_path: Path):
    poisoned(REGION_MAP, region_cases(tmp_path)[case], lambda: store.region(REGION_MAP), caplog)


def test_the_corpus_holds_the_issues_sixty_or_so_cases(tmp_path: Path):
    assert sorted(region_cases(tmp_path)) == sorted(REGION_CASES)
    assert len(DUNGEON) + len(REGION_CASES) >= 59


def hostile_maps() -> list[tuple[str, str]]:
    cases = json.loads((HOSTILE / "cases.json").read_text(encoding="utf-8"))
    return [(c["name"], c["kind"]) for c in cases if c["kind"] in ("map", "region")]


@pytest.mark.parametrize("name, kind", sampled(hostile_maps()))
def test_the_cache_checks_a_hostile_corpus_map_as_its_file_is_checked(name: str, kind: str):
    """Both ways on every map of the hostile corpus: read from its file, and read back as the cache would hold
    it (the codec's round trip, `refusal`, the same checks): the same map or the same problems."""
    case = next(c for c in json.loads((HOSTILE / "cases.json").read_text(encoding="utf-8")) if c["name"] == name)
    path = HOSTILE / case["file"]
    load = (lambda raw=None: load_region(path, raw=raw)) if kind == "region" else \
        (lambda raw=None: load_map(path, data=store.data_ids(), raw=raw))

    def outcome(raw: RawMap | None) -> object:
        try:
            return load(raw)
        except MapError as exc:
            return exc.problems

    try:
        raw = read_tmx(path)
    except MapError:
        return  # refused before pytmx: nothing a cache could hold
    from game.maps import modelcodec
    import msgpack
    kept = modelcodec.model(RawMap, msgpack.unpackb(msgpack.packb(modelcodec.plain(raw), use_bin_type=True),
                                                    use_list=False, raw=False))
    resolved, sha, referenced = store._map_file(path)
    assert diskcache.refusal(kept, path, [path, *referenced]) is None
    assert outcome(kept) == outcome(None)


@pytest.mark.parametrize("path", [REGION_MAP, *sorted(MAPS.glob("*.tmx")), *sorted((MAPS / "sites").glob("*.tmx"))],
                         ids=lambda p: p.name)
def test_an_honest_entry_of_every_shipped_map_passes_the_cache_checks(path: Path):
    _, _, referenced = store._map_file(path)
    assert diskcache.refusal(read_tmx(path), path, [path, *referenced]) is None
