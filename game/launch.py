"""Starting a game from files: the map read from its Tiled file, the data, a populated world and its driver.

The one place above both the world and the map loader, so the world itself never reads a map file.
"""
from __future__ import annotations

from pathlib import Path

from game.content.codex import HeroSheet
from game.content.content import Content, load_content
from game.maps import store
from game.maps.model import DungeonMap, RegionMap
from game.maps.tiled import check_ranges
from game.world.driver import Driver, new_world
from game.world.realm import Realm


def load_dungeon(path: Path) -> DungeonMap:
    """The map at `path`, checked against the game's data (raises MapError listing every problem); read once
    per process while the file and the data stay the same (game/maps/store.py)."""
    return store.dungeon(path, store.data_ids())


def new_game(map_path: Path, seed: int, content: Content | None = None, hero: HeroSheet | None = None) -> Driver:
    """A new world on the map at `map_path`, ready to play (raises MapError or ContentError); `hero` is the
    sheet made on the creation screen (else hero.toml's hero)."""
    content = content or load_content()
    if hero is not None:
        content = content.with_hero(hero)
    return Driver(new_world(load_dungeon(map_path), content, seed))


def load_region_maps(region_path: Path) -> tuple[RegionMap, dict[int, DungeonMap]]:
    """The region map and the map of each of its places and sites, all checked, the world NPCs' ranges too
    (raises MapError)."""
    region = store.region(region_path)
    maps = {pid: load_dungeon(path) for pid, path in region.maps().items()}
    check_ranges(region, maps)
    return region, maps


def new_realm(region_path: Path, seed: int, content: Content | None = None, hero: HeroSheet | None = None) -> Realm:
    """A new world of sites from the region map (N62), with its first hero beside the home settlement; `hero`
    is its sheet made on the creation screen (else hero.toml's hero)."""
    region, maps = load_region_maps(region_path)
    realm = Realm(region, maps, content or load_content(), seed)
    realm.play(realm.new_hero(sheet=hero).uid)
    return realm
