"""Saves of a whole world of sites (docs/saves.md, "A world of sites"): every site, every hero, the clock and
the RNG in one file; a loaded world plays on exactly like one never saved; bad and hostile files refused in
one line, the file never changed."""
from __future__ import annotations

import cProfile
import gc
import json
import pstats
from pathlib import Path

import pytest

from game.content.content import load_content
from game.launch import new_realm
from game.maps import store
from game.paths import DEFAULT_MAP, REGION_MAP
from game.save import SaveError, checks, fileformat, load_world, save_world, site_body
from game.save.snapshot import with_maps
from game.save.worldsave import load_realm, ready, save_realm, summary
from game.world.driver import Driver
from game.launch import new_game
from tests.helpers.fast_set import sampled
from tests.helpers.realm import go_up

VILLAGE, TOWER, KEEP = 1, 2, 3


def log_of(realm, out: list[str]) -> None:
    events = realm.pop_events() + (realm.here.pop_events() if realm.here is not None else [])
    out.extend(json.dumps(e.as_json(), sort_keys=True) for e in events)


def wait(realm, turns: int, out: list[str]) -> None:
    driver = Driver(realm.here)
    for _ in range(turns):
        driver.end_turn()
        log_of(realm, out)


def the_rest(realm, out: list[str]) -> None:
    """What both the saved and the unsaved world do next: fight on, climb out, go home, a second hero."""
    wait(realm, 6, out)
    go_up(realm)
    realm.travel(VILLAGE)
    log_of(realm, out)
    wait(realm, 4, out)
    go_up(realm)
    realm.play("hero#2")
    realm.travel(TOWER)
    log_of(realm, out)
    wait(realm, 3, out)


@pytest.fixture
def begun():
    realm = new_realm(REGION_MAP, 21)
    realm.new_hero()
    realm.travel(KEEP)
    wait(realm, 5, [])
    yield realm
    realm.close()


def test_a_saved_and_loaded_world_plays_on_exactly_like_one_never_saved(begun, tmp_path: Path):
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    loaded = load_realm(path)
    try:
        assert loaded.now == begun.now and loaded.rng.getstate() == begun.rng.getstate()
        assert {pid for pid, s in loaded.sites.items() if s.world} == {VILLAGE, TOWER, KEEP}
        assert loaded.heroes.keys() == begun.heroes.keys() and loaded.playing == "hero"
        whole, rest = [], []
        the_rest(begun, whole)
        the_rest(loaded, rest)
        assert rest == whole and len(whole) > 50
    finally:
        loaded.close()


def test_the_summary_names_the_hero_the_place_and_the_turn(begun, tmp_path: Path):
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    second = begun.heroes["hero#2"].name
    assert summary(path) == {"hero": "Hero", "place": "The Ruined Keep", "turn": begun.now,
                             "heroes": [["hero", "Hero", "The Ruined Keep"], ["hero#2", second, "Ashby Vale"]]}


def test_a_save_of_the_one_map_release_is_not_a_world_and_says_so(tmp_path: Path):
    one_map = tmp_path / "run.sav"
    game = new_game(DEFAULT_MAP, 3)
    save_world(game.world, one_map)
    game.close()
    with pytest.raises(SaveError) as caught:
        load_realm(one_map)
    assert str(caught.value) == f"{one_map}: is one map's run, not a world of sites (load it with --load)"
    v2 = Path(__file__).parent / "data" / "saves" / "v2-village-seed7-turn40.sav"
    with pytest.raises(SaveError):
        load_realm(v2)
    load_world(v2).close()  # the release's save still loads, as one map's run


def test_a_world_given_as_one_map_run_says_so(begun, tmp_path: Path):
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    with pytest.raises(SaveError) as caught:
        load_world(path)
    assert str(caught.value) == f"{path}: is a world of sites, not one map's run (continue it from the title screen)"


def rewritten(path: Path, change) -> bytes:
    body = fileformat.read(path)
    change(body)
    data = fileformat.encode(body)
    path.write_bytes(data)
    return data


def hero_named(body, uid):
    return next(h for h in body["realm"]["heroes"] if h["uid"] == uid)


HOSTILE = {
    "a hero far away": (lambda b: hero_named(b, "hero#2").update(place=99),
                        "the hero hero#2 is at 99, no place of the region map"),
    "a site the region lacks": (lambda b: hero_named(b, "hero#2")["known"].append(777),
                                "the hero hero#2 knows of site 777, which the region does not hold"),
    "a settlement lost": (lambda b: b["sites"].pop(0), "the settlement 1 is not saved"),
    "a site twice": (lambda b: b["sites"].append(b["sites"][0]), "site 1 is saved twice"),
    "no such place": (lambda b: b["sites"][0].update(place=40), "site 40 is no place of the region map"),
    "a run with nobody in it": (lambda b: hero_named(b, "hero").update(inside=False, body=None),
                                "the dungeon 3 holds a run, but no hero is inside it"),
    "a hero without a body": (lambda b: hero_named(b, "hero#2").update(body=None),
                              "the hero hero#2 is on the region map without its body"),
    "the played hero unknown": (lambda b: b["realm"].update(playing="hero#9"),
                                "the hero played, hero#9, is not among the heroes"),
    "a clock gone wrong": (lambda b: b["realm"].update(clock=-4),
                           "realm.clock should be a whole number from 0 to"),
    "a seed past the command line's range": (lambda b: b["realm"].update(seed=2**64 - 1),  # issue 26
                                             "realm.seed should be a whole number from 0 to 9223372036854775807"),
    "a hero of the wrong shape": (lambda b: hero_named(b, "hero#2").update(inside="yes"),
                                  "realm.heroes[1].inside should be true or false, not 'yes'"),
    "a body in place of the realm": (lambda b: b.update(realm=[]),
                                     "realm should be a map of the world's clock, RNG and heroes, not []"),
    "a hero's body holding another": (lambda b: hero_named(b, "hero#2")["body"].update(hero="hero"),
                                      "the hero 'hero' is not among the creatures"),
    "a settlement the hero is away from, damaged": (  # checked at load though built only on first need
        lambda b: with_maps(b["sites"][0]["body"])["creatures"][0]["components"]["position"].update(square=[999, 999]),
        "stands outside its room"),
}


@pytest.mark.parametrize("case", sampled(sorted(HOSTILE)))
def test_a_hostile_world_save_is_refused_in_one_line_and_left_as_it_was(begun, tmp_path: Path, case: str):
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    change, words = HOSTILE[case]
    data = rewritten(path, change)
    with pytest.raises(SaveError) as caught:
        load_realm(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: damaged save (") and words in message and "\n" not in message
    assert path.read_bytes() == data


def test_a_site_the_hero_is_away_from_is_checked_at_load_and_built_on_first_need(begun, tmp_path: Path):
    """docs/saves.md, "Sites built on first need": the keep the hero is in is built at load, the settlements
    wait checked; one is saved as it was read, and built when first needed, the same as if never saved."""
    path, again = tmp_path / "world1.sav", tmp_path / "world2.sav"
    save_realm(begun, path)
    loaded = load_realm(path)
    try:
        village, keep = loaded.sites[VILLAGE], loaded.sites[KEEP]
        assert keep.built is not None and keep.dormant is None
        assert village.built is None and village.dormant is not None and village.peopled
        save_realm(loaded, again)
        assert fileformat.read(again)["sites"] == fileformat.read(path)["sites"]
        built = village.world
        assert village.dormant is None and village.built is built
        assert site_body(built, path) == site_body(begun.sites[VILLAGE].world, path)
    finally:
        loaded.close()


def load_calls(path: Path) -> int:
    """The Python calls of one load (cProfile's count: the same on a busy machine as on a quiet one)."""
    profile = cProfile.Profile()
    profile.runcall(load_realm, path).close()
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


@pytest.mark.parametrize("readied", [True, False])
def test_a_first_load_after_ready_costs_what_a_quickload_does(begun, tmp_path: Path, readied: bool):
    """docs/performance.md: worldsave.ready() does ahead what a process's first load does before reading the
    save (the data, the loaders, the cards, the maps), so that load then makes hardly more calls than the
    next one (only the save's own uids are matched, and its creatures' geared cards made, for the first
    time: a sixth more on this small world); without it, twice as many at least (seven times, measured)."""
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    load_content.cache_clear()
    store.forget()
    checks._LOADERS.clear()
    if readied:
        ready()
    first, again = load_calls(path), load_calls(path)
    assert (first <= again * 1.25) if readied else (first > again * 2), (first, again)


def test_a_truncated_world_save_is_refused_and_its_slot_kept(begun, tmp_path: Path):
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    good = path.read_bytes()
    path.write_bytes(good[:len(good) // 2])
    with pytest.raises(SaveError) as caught:
        load_realm(path)
    assert "truncated save" in str(caught.value)
    path.write_bytes(good)
    save_realm(begun, path)  # saving again keeps the last good file beside it
    assert fileformat.backup_path(path).read_bytes() == good


def test_a_world_loaded_again_shares_the_maps_and_content_already_read(begun, tmp_path: Path):
    """Continue after playing, or a quickload, reads no Tiled map again (game/maps/store.py), and its sites
    share the one content made with the hero's sheet (each kind's card bridged once)."""
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    loaded = load_realm(path)
    try:
        assert loaded.region is begun.region
        assert all(loaded.sites[pid].map is site.map for pid, site in begun.sites.items())
        contents = {id(site.world.content) for site in loaded.sites.values() if site.world is not None}
        assert len(contents) == 1
    finally:
        loaded.close()


def test_a_world_save_is_not_read_back_so_what_no_load_takes_is_refused_at_load_and_the_last_good_one_kept(
        begun, tmp_path: Path):
    """A world's save is not unpacked again to prove it reads back (docs/saves.md): a value a save cannot
    hold as the game made it (here a map with a number for a key) is written, refused in one line at load,
    and the save it replaced is its .bak."""
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    good = path.read_bytes()
    keep = begun.sites[KEEP].world
    keep.room_runes[next(iter(keep.room_runes))] = {1: "fire"}
    save_realm(begun, path)
    with pytest.raises(SaveError) as caught:
        load_realm(path)
    assert str(caught.value).startswith(f"{path}: damaged save (undecodable save data")
    assert fileformat.backup_path(path).read_bytes() == good


def test_saving_and_loading_leave_the_garbage_collector_as_they_found_it(begun, tmp_path: Path):
    """The collector is held off while a save is made or read (game/save/__init__.py, collector_held), and
    runs again after, whether the load succeeded or not."""
    path = tmp_path / "world1.sav"
    assert gc.isenabled()
    save_realm(begun, path)
    load_realm(path).close()
    assert gc.isenabled()
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(SaveError):
        load_realm(path)
    assert gc.isenabled()
    gc.disable()
    try:
        save_realm(begun, path)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_world_saved_before_its_region_map_changed_loads_if_it_fits_and_is_refused_naming_the_change_if_not(
        begun, tmp_path: Path):
    """A game update that edits the shipped region map keeps the players' worlds: the save is read on the map as
    it is now, and only a save that no longer fits it is refused, saying why."""
    path = tmp_path / "world1.sav"
    save_realm(begun, path)
    rewritten(path, lambda b: b["region"].update(sha256="0" * 64))  # as saved by a release with another region
    loaded = load_realm(path)
    try:
        assert loaded.playing == "hero" and loaded.now == begun.now
    finally:
        loaded.close()
    rewritten(path, lambda b: b["sites"][0].update(place=40))
    with pytest.raises(SaveError) as caught:
        load_realm(path)
    assert str(caught.value) == (f"{path}: its region map {REGION_MAP} has changed since the game was saved, and "
                                 "the save no longer fits it (site 40 is no place of the region map)")


OLD_RELEASE = Path(__file__).parent / "data" / "worlds" / "w4-before-sites-and-travellers.sav"


def test_a_world_saved_by_the_last_release_loads_on_its_updated_maps_and_plays_on(tmp_path: Path):
    """Written by the release before the artifact and beast sites (region.tmx) and the tower's travellers
    (tower.tmx): seed 21, a second hero, the first at Varr's Watch for 5 turns (world turn 75)."""
    path = tmp_path / "world1.sav"
    path.write_bytes(OLD_RELEASE.read_bytes())
    realm = load_realm(path)
    try:
        assert (realm.now, realm.playing, realm.here.map.path.name) == (75, "hero", "tower.tmx")
        driver = Driver(realm.here)
        for _ in range(20):
            driver.end_turn()
        assert realm.here.turn == 95
    finally:
        realm.close()
    assert path.read_bytes() == OLD_RELEASE.read_bytes()
