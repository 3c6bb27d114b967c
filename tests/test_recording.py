"""Recordings (issue 24): a run's seed and commands kept in a file and replayed to the same event log byte for
byte, refused in one line when the game's version, data, rules or maps have changed, or the file is damaged
(the hostile corpus holds the damaged and hostile files: tests/test_hostile.py)."""
from __future__ import annotations

import dataclasses
import importlib.util
import json
import shutil
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from game import recording
from game.bots import Careful, play_turn
from game.headless import run_replay
from game.launch import load_dungeon, new_game
from game.paths import ROOT
from game.recording import Recording, RecordingError
from game.save import load_world, save_world
from game.world.driver import Driver
from game.world.commands import Command, EndTurn
from tests.helpers.data_edits import broken_data
from tests.helpers.village import Bot, talk_to_three

spec = importlib.util.spec_from_file_location("ethernalis_main", ROOT / "main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)


def game(*argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                                            "PATH": "/usr/bin:/bin"})


@pytest.fixture(autouse=True)
def fresh_digests():
    recording._DIGESTS.clear()
    yield
    recording._DIGESTS.clear()


@pytest.mark.slow
def test_a_bot_run_recorded_on_the_command_line_replays_to_the_same_event_log_byte_for_byte(tmp_path):
    rec, played, again, waited = (tmp_path / n for n in ("run.rec", "played.jsonl", "again.jsonl", "waited.jsonl"))
    run = game("--headless", "--map", "maps/crypt.tmx", "--seed", "7", "--turns", "200", "--bot", "careful",
               "--record", str(rec), "--events", str(played))
    assert run.returncode == 0, run.stderr
    assert "recorded" in run.stdout and rec.is_file()
    replay = game("--headless", "--replay", str(rec), "--events", str(again))
    assert replay.returncode == 0, replay.stderr
    assert again.read_bytes() == played.read_bytes()
    assert replay.stdout.splitlines()[0] == run.stdout.splitlines()[0]  # the same turns, events and end
    assert game("--headless", "--map", "maps/crypt.tmx", "--seed", "7", "--turns", "200", "--events",
                str(waited)).returncode == 0
    events = map(json.loads, played.read_text().splitlines())
    kinds = {event["kind"] for event in events if event.get("actor") == "hero"}
    assert waited.read_bytes() != played.read_bytes() and {"enter", "hit"} <= kinds, kinds  # it walked and fought


@pytest.mark.slow
def test_a_world_of_sites_run_recorded_replays_to_the_same_event_log(tmp_path):
    rec, played, again = tmp_path / "w.rec", tmp_path / "played.jsonl", tmp_path / "again.jsonl"
    assert game("--headless", "--world", "40", "--seed", "3", "--record", str(rec), "--events",
                str(played)).returncode == 0
    replay = game("--headless", "--replay", str(rec), "--events", str(again))
    assert replay.returncode == 0, replay.stderr
    assert again.read_bytes() == played.read_bytes() and played.stat().st_size > 10_000


def bot_recording(tmp_path: Path, map_path: Path, turns: int = 60) -> tuple[Path, list[str]]:
    """A careful bot's run recorded in this process, through the driver's command log; its event lines."""
    driver = new_game(map_path, 11)
    try:
        driver.log = []
        taken = recording.new_recording("map", map_path, 11)
        bot, lines = Careful(driver), []
        while driver.world.turn < turns and not driver.world.over:
            play_turn(bot)
            lines += [json.dumps(e.as_json(), sort_keys=True) for e in driver.world.pop_events()]
        taken.steps = [recording.step(c) for c in driver.log]
    finally:
        driver.close()
    path = tmp_path / "run.rec"
    recording.save(taken, path)
    return path, lines


def test_the_drivers_command_log_is_what_a_replay_needs(tmp_path):
    path, lines = bot_recording(tmp_path, ROOT / "maps" / "default.tmx")
    events = tmp_path / "ev.jsonl"
    assert run_replay(path, events, None) == 0
    assert events.read_text().splitlines() == lines
    assert any(step[0] == "Move" for step in recording.load(path).steps)


def test_every_command_is_a_step_and_back():
    for cls in typing.get_args(Command):
        values = [7 if hint is int else "follow" for hint in typing.get_type_hints(cls).values()]
        command = cls(*values)
        entry = recording.step(command)
        assert recording.check_step(entry) is None and recording.command_of(entry) == command
    assert recording.check_step(["Move", 1]) == "Move takes 2 values, not 1"
    assert recording.check_step(["Move", 1, "2"]) == "Move.room should be a whole number"
    assert recording.check_step(["Move", 1, True]) == "Move.room should be a whole number"
    assert recording.check_step(["Move", 1, 2**40]) == "Move.room should be a whole number"
    assert recording.check_step(["Ask", 1, 2, "x" * 81]) == "Ask.option should be a short text"
    assert recording.check_step(["Explode"]) == "names no command (Explode)"
    assert recording.check_step(["Turn", 3]) == "Turn takes no values"


def test_a_recording_is_refused_in_one_line_when_a_data_file_has_changed(tmp_path, monkeypatch, capsys):
    path, _ = bot_recording(tmp_path, ROOT / "maps" / "default.tmx", turns=5)
    data = broken_data(tmp_path, "creatures/bandit_chief.toml", "strength", "strength ")  # the same rules, another file
    monkeypatch.setattr(recording, "DATA", data)
    recording._DIGESTS.clear()
    with pytest.raises(RecordingError) as refused:
        recording.check_current(recording.load(path), path)
    assert str(refused.value) == (f"{path}: the game's data, rules or maps have changed since it was recorded; "
                                  f"it cannot be replayed")
    assert run_replay(path, None, None) == 1
    assert capsys.readouterr().err.splitlines() == [f"ethernalis: {refused.value}"]
    monkeypatch.undo()
    recording._DIGESTS.clear()
    recording.check_current(recording.load(path), path)  # the data as it was: accepted


def test_a_recording_is_refused_by_another_version_and_when_its_map_changed(tmp_path, monkeypatch):
    copy = tmp_path / "maps" / "default.tmx"
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets" / "tiles", tmp_path / "assets" / "tiles")
    load_dungeon(copy)
    path, _ = bot_recording(tmp_path, copy, turns=5)
    taken = recording.load(path)
    assert taken.map == str(copy.resolve())  # outside the game's folder: the whole path
    recording.check_current(taken, path)
    monkeypatch.setattr(recording, "__version__", "9.9.9")
    with pytest.raises(RecordingError, match=r"recorded with Ethernalis .*; this is 9\.9\.9"):
        recording.check_current(taken, path)
    monkeypatch.undo()
    copy.write_text(copy.read_text().replace("</map>", "<!-- moved -->\n</map>"))
    with pytest.raises(RecordingError, match="have changed since it was recorded"):
        recording.check_current(taken, path)
    copy.unlink()
    with pytest.raises(RecordingError, match="its map .* is not here"):
        recording.check_current(taken, path)


def test_a_saved_recording_reads_back_as_it_was(tmp_path):
    taken = Recording("map", "maps/crypt.tmx", 5, None, [["Move", 1, 2], ["EndTurn", 1], ["Turn"]], digest="ab")
    recording.save(taken, tmp_path / "r.rec")
    assert recording.load(tmp_path / "r.rec") == taken


def test_the_map_reloaded_with_f5_ends_the_recording():
    driver = new_game(ROOT / "maps" / "default.tmx", 3)
    try:
        driver.log = []
        driver.do(EndTurn(driver.world.hero))
        driver.finish_turn()
        assert [type(c) for c in driver.log] == [EndTurn]
        driver.reload_map(load_dungeon(driver.world.map.path))
        assert driver.log is None
    finally:
        driver.close()


def test_a_replay_never_writes_over_its_recording(tmp_path, capsys):
    path, _ = bot_recording(tmp_path, ROOT / "maps" / "default.tmx", turns=3)
    before = path.read_bytes()
    assert run_replay(path, path, None) == 2
    assert path.read_bytes() == before
    assert "would overwrite the recording being replayed" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--headless", "--replay", "main.py", "--map", "maps/crypt.tmx"], "--replay plays the recording's own run; "
                                                                       "it takes no --map"),
    (["--headless", "--replay", "main.py", "--world", "5"], "it takes no --world"),
    (["--headless", "--replay", "nowhere.rec"], "recording not found: nowhere.rec"),
    (["--headless", "--load", "main.py", "--record", "x.rec"], "--record keeps a run from its start"),
    (["--headless", "--world", "5", "--bot", "careful"], "--bot plays one map's run; it takes no --world"),
    (["--bot", "careful"], "--bot works with --headless"),
    (["--record", "x.rec"], "--record works with --headless"),
    (["--headless", "--record", "main.py", "--events", "main.py"], "--events and --record name the same file"),
])
def test_the_recording_flags_refuse_what_would_do_nothing(argv, message):
    with pytest.raises(main.ArgumentError) as caught:
        main.parse_args(argv)
    assert message in str(caught.value)


def test_a_recording_names_the_version_and_a_digest_of_data_rules_and_map():
    taken = recording.new_recording("map", ROOT / "maps" / "crypt.tmx", 1)
    assert taken.map == "maps/crypt.tmx" and taken.version == recording.__version__ and len(taken.digest) == 64
    other = recording.new_recording("map", ROOT / "maps" / "caves.tmx", 1)
    assert other.digest != taken.digest
    assert dataclasses.asdict(taken)["steps"] == []


def test_a_talking_heros_run_replays_too(tmp_path):
    """The village's Done-means bot talks, answers moments, says goodbye, eats and walks (tests/
    test_done_village.py); its commands, recorded, replay to the same events."""
    bot = Bot(2)
    try:
        bot.game.log = []
        talk_to_three(bot)
        lines = [json.dumps(e.as_json(), sort_keys=True) for e in bot.events()]
        taken = recording.new_recording("map", bot.world.map.path, 2)
        taken.steps = [recording.step(c) for c in bot.game.log]
    finally:
        bot.game.close()
    assert {"Talk", "Reply", "Ask", "Move"} <= {step[0] for step in taken.steps}
    recording.save(taken, tmp_path / "talk.rec")
    assert run_replay(tmp_path / "talk.rec", tmp_path / "ev.jsonl", None) == 0
    assert (tmp_path / "ev.jsonl").read_text().splitlines() == lines


def test_a_run_carried_on_from_a_save_replays_through_its_reload_step(tmp_path):
    """Continue loads the world again (its ids remapped); the Reload step makes a replay do the same, so the
    commands after it name the entities they named when played."""
    map_path = ROOT / "maps" / "default.tmx"
    driver = new_game(map_path, 11)
    log: list = []
    driver.log, lines = log, []
    try:
        for turns in (8, 30):
            bot = Careful(driver)
            while driver.world.turn < turns and not driver.world.over:
                play_turn(bot)
                lines += [json.dumps(e.as_json(), sort_keys=True) for e in driver.world.pop_events()]
            if turns == 8:
                save_world(driver.world, tmp_path / "slot.sav")
                driver.close()
                driver = Driver(load_world(tmp_path / "slot.sav"), log)
                log.append(recording.Reload())
    finally:
        driver.close()
    taken = recording.new_recording("map", map_path, 11)
    taken.steps = [recording.step(c) for c in log]
    assert ["Reload"] in taken.steps
    recording.save(taken, tmp_path / "run.rec")
    assert run_replay(tmp_path / "run.rec", tmp_path / "ev.jsonl", None) == 0
    assert (tmp_path / "ev.jsonl").read_text().splitlines() == lines
    world_kind = Recording("world", "maps/region.tmx", 1, None, [["Reload"]], digest="0")
    recording.save(world_kind, tmp_path / "w.rec")
    with pytest.raises(RecordingError, match="a world of sites' recording is never carried on from a save"):
        recording.load(tmp_path / "w.rec")
