"""Saves written in older formats still load and play on exactly (docs/saves.md, "Old formats").

tests/data/saves/ holds saves of the scripted hero's run (tests/test_save.py) after TURNS turns, in
format 1 and in format 2 (the release before the world of sites, issue 12). Each names its shipped map by path and sha256, and the run is replayed here under today's rules:
a change to those maps, to the game data or to the rules makes the fixtures stale. Write them again with

    .venv/bin/python -m tests.test_save_formats

which saves today's run and turns the body back into format 1 (`format_1`, the inverse of the migration)
or 2 (the same body). The v1 ones were first written by the format-1 game itself, the v2 one by the format-2
game; this writer reproduced them byte for byte.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest

from game.paths import MAPS
from game.save import fileformat, load_world, save_world
from game.save.migrations import V1_LINKS, V1_WORLD
from game.save.snapshot import with_maps
from game.launch import new_game
from game.world.driver import Driver
from tests.helpers.saves import play, portrait

SAVES = Path(__file__).parent / "data" / "saves"
TURNS = 40  # the fixtures are saved after this many turns of the scripted run
MORE = 20  # turns played on after loading
FIXTURES = {  # file -> (map, seed, format)
    "v1-default-seed5-turn40.sav": ("default.tmx", 5, 1),  # the hero slain, a condition held, traps spent
    "v1-village-seed7-turn40.sav": ("village.tmx", 7, 1),  # the hero alive with a pack
    "v2-village-seed7-turn40.sav": ("village.tmx", 7, 2),  # a save of the release before the world of sites
}


@pytest.mark.parametrize("name", FIXTURES)
def test_an_old_save_loads_and_continues_like_an_uninterrupted_run(name: str):
    path = SAVES / name
    map_name, seed, version = FIXTURES[name]
    assert fileformat.open_save(path)[0] == version  # the format the name says
    whole, rest = [], []
    game = new_game(MAPS / map_name, seed)
    loaded = Driver(load_world(path))
    try:
        play(game, range(TURNS), [])
        assert settled(portrait(loaded.world)) == settled(portrait(game.world))
        play(game, range(TURNS, TURNS + MORE), whole)
        play(loaded, range(TURNS, TURNS + MORE), rest)
    finally:
        game.close()
        loaded.close()
    assert rest == whole and whole


def settled(state: dict) -> dict:
    """A portrait without the geared cards of the dead. A creature that dies drops its gear but keeps the
    card that gear made until it is cleared; the dead hero is never cleared, and once loaded it is geared
    by what it still carries. No event depends on it."""
    for parts in state["creatures"].values():
        if parts["Body"]["health"] <= 0:
            del parts["Body"]["card"]
    return state


V1_PARTS = ("identity", "position", "footprint", "body", "growth", "mood", "needs")  # in format 1's order


def format_1(body: dict[str, Any]) -> dict[str, Any]:
    """Today's body as format 1 held it: the inverse of fileformat.MIGRATIONS[1] (a component newer than
    format 1 stays beside the others, where the migration finds it)."""
    creatures = []
    for record in body["creatures"]:
        parts = record["components"]
        del parts["inventory"]
        parts.pop("hero", None)
        creatures.append({**{key: parts.get(key) for key in V1_PARTS}, **parts, **{k: record[k] for k in V1_LINKS}})
    body["creatures"] = creatures
    body["items"] = [{**record["components"]["item"], "owner": record["owner"]} for record in body["items"]]
    world = body.pop("world")
    body.update({key: world[key] for key in V1_WORLD})  # the world state format 1 knew; newer starts as new
    return body


def write_fixtures() -> None:
    """Write every fixture again from today's game (see the module's docstring)."""
    with tempfile.TemporaryDirectory() as scratch:
        today = Path(scratch) / "today.sav"
        for name, (map_name, seed, version) in FIXTURES.items():
            game = new_game(MAPS / map_name, seed)
            try:
                play(game, range(TURNS), [])
                save_world(game.world, today)
            finally:
                game.close()
            body = with_maps(fileformat.read(today))  # formats 1 to 4 held each component's fields by name
            (SAVES / name).write_bytes(fileformat.encode(format_1(body) if version == 1 else body, version=version))


if __name__ == "__main__":
    write_fixtures()
