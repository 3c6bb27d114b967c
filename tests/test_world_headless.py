"""Headless runs: the event log format, determinism, and clear errors on bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.world import views
from game.paths import DEFAULT_MAP, ROOT
from game.launch import load_dungeon, new_game

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


def event_log(seed: int, turns: int) -> list[str]:
    game = new_game(DEFAULT_MAP, seed)
    world = game.world
    try:
        for _ in range(turns):
            game.end_turn()
        return [json.dumps(e.as_json(), sort_keys=True) for e in world.pop_events()]
    finally:
        world.close()


def test_same_seed_same_event_log_different_seed_differs():
    first = event_log(11, 60)
    assert first == event_log(11, 60)
    assert first != event_log(12, 60)


def test_headless_writes_events_and_state(tmp_path: Path):
    events, state = tmp_path / "ev.jsonl", tmp_path / "state.json"
    done = run_main("--headless", "--map", str(DEFAULT_MAP), "--seed", "3", "--turns", "40",
                    "--events", str(events), "--dump-state", str(state))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in events.read_text().splitlines()]
    assert {"turn", "kind"} <= set(lines[0])
    assert max(e["turn"] for e in lines) == 40
    actors = [e for e in lines if "actor" in e]
    assert actors and all("#" in e["actor"] or e["actor"] == "hero" for e in actors)
    assert all("room" in e for e in actors if e["kind"] in ("enter", "hit", "eat"))
    dump = json.loads(state.read_text())
    assert dump["turn"] == 40 and dump["creatures"]
    assert {"health", "melee", "dodge", "defense", "element_resist"} <= set(dump["creatures"][0]["card"])


@pytest.mark.parametrize("args, message", [
    (["--headless", "--map", "no/such.tmx"], "map not found: no/such.tmx"),
    (["--headless", "--turns", "-3"], "--turns must be 0 or more"),
    (["--headless", "--seed", "abc"], "invalid int value"),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_command_line_prints_one_clear_line(args, message):
    done = run_main(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_bad_map_file_is_refused_without_traceback(tmp_path: Path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>not really</map>")
    done = run_main("--headless", "--map", str(bad), "--turns", "1")
    assert done.returncode == 1
    assert str(bad) in done.stderr and "Traceback" not in done.stderr


def test_reload_map_keeps_the_hero_and_repopulates(tmp_path: Path):
    game = new_game(DEFAULT_MAP, 5)
    world = game.world
    try:
        fresh = len(world.creatures())
        for _ in range(5):
            game.end_turn()
        assert world.alive(world.hero)
        hero_pack = [i.item_id for i in views.carried_by(world, world.hero)]
        hero_health = views.creature(world, world.hero).health
        game.reload_map(load_dungeon(DEFAULT_MAP))
        assert len(world.creatures()) == fresh
        assert [i.item_id for i in views.carried_by(world, world.hero)] == hero_pack
        assert views.creature(world, world.hero).health == hero_health
        assert world.room_runes == {r.id: r.rune for r in world.map.rooms.values()}
        living = set(world.creatures())
        for subset in ("presence", "unlocks", "prey"):  # the NPC sublists are of the new population
            assert {a.eid for a in world.actors.where(subset)} <= living
        game.end_turn()  # the reloaded world runs
    finally:
        world.close()


def test_reload_map_before_the_first_turn_runs_on():
    """F5 pressed at once on a settlement, whose laying out leaves deletions pending for the first turn."""
    game = new_game(ROOT / "maps" / "village.tmx", 7)
    try:
        game.reload_map(load_dungeon(game.world.map.path))
        game.end_turn()
        assert game.world.alive(game.world.hero)
    finally:
        game.close()


def test_a_headless_world_runs_every_site_the_same_for_the_same_seed_and_a_save_carries_it_on(tmp_path: Path):
    """--world N (issue 12): the hero waits in the home settlement; both settlements live every turn."""
    logs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.jsonl"
        done = run_main("--headless", "--world", "30", "--seed", "4", "--events", str(out),
                        *(["--save", str(tmp_path / "w.sav")] if name == "b" else []))
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("30 turns,") and "Ashby Vale" in done.stdout and "Varr's Watch" in done.stdout
        logs.append(out.read_text())
    assert logs[0] == logs[1]
    lines = [json.loads(line) for line in logs[0].splitlines()]
    assert {e["site"] for e in lines} == {1, 2}  # the village the hero waits in, and the tower away from it
    assert max(e["turn"] for e in lines if e["site"] == 2) == 30
    more = tmp_path / "more.jsonl"
    done = run_main("--headless", "--world", "10", "--load", str(tmp_path / "w.sav"), "--events", str(more))
    assert done.returncode == 0 and done.stdout.startswith("40 turns,"), done.stderr
    whole = tmp_path / "whole.jsonl"
    assert run_main("--headless", "--world", "40", "--seed", "4", "--events", str(whole)).returncode == 0
    assert sorted(logs[0].splitlines() + more.read_text().splitlines()) == sorted(whole.read_text().splitlines())


@pytest.mark.parametrize("args, message", [
    (["--headless", "--world", "5", "--turns", "4"], "--world takes its turns itself (--world 500); give no --turns"),
    (["--world", "5"], "--world works with --headless"),
    (["--headless", "--world", "5", "--map", str(DEFAULT_MAP)], "--world runs the region map's sites; it takes no --map"),
])
def test_bad_world_command_lines_print_one_clear_line(args, message):
    done = run_main(*args)
    assert done.returncode == 2 and message in done.stderr and len(done.stderr.strip().splitlines()) == 1
