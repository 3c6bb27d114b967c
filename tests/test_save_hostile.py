"""Hostile saves (issue 10): a save whose checksum is valid but whose content is wrong is refused on load in
one printable line that says what is wrong, under a memory and a time limit, and is left as it was.

tests/data/saves_bad/ holds a real save of maps/crypt.tmx (base.sav) and the cases made from it by
tools/make_hostile_saves.py, one thing wrong in each; cases.json says what each tests and words its message
must hold. Write them again with `.venv/bin/python tools/make_hostile_saves.py` when the map, the game's data
or the rules change the base (test_the_corpus_is_what_the_tool_writes says so).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.paths import ROOT
from game.save import UNFORESEEN, SaveError, load_world, snapshot
from tests.helpers.saves import run_main
from tests.helpers.screens import press

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

BAD = Path(__file__).parent / "data" / "saves_bad"
CASES: dict[str, dict[str, str | None]] = json.loads((BAD / "cases.json").read_text(encoding="utf-8"))
MEMORY = 1536 * 1024 * 1024  # bytes of address space for the process that loads them
SECONDS = 5  # for any one case; the slowest takes about 0.3
WORKERS = min(4, os.cpu_count() or 1)  # processes loading the corpus side by side
ISSUE_10 = (  # the cases issue 10 names, each a file of the corpus
    "condition-unknown", "spawn-clock-empty", "actors-empty", "alive-marked-dead", "xp-string", "room-unknown",
    "equipped-minus-one", "rng-overflow", "health-negative", "turn-negative", "count-negative",
    "footprint-negative", "footprint-huge", "mood-unknown", "faction-unknown", "quality-unknown", "rune-unknown",
    "actors-duplicated", "two-on-one-square",
)
RUNNER = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
from game.save import SaveError, load_world
for path in sys.argv[1:]:
    start = time.perf_counter()
    try:
        load_world(path).close()
        message = None
    except SaveError as exc:
        message = str(exc)
    print(json.dumps({{"path": path, "message": message, "seconds": time.perf_counter() - start}}), flush=True)
"""


def load_in_limited_processes(paths: list[Path]) -> dict[str, dict]:
    """Each save loaded by load_world in a process whose address space is limited to MEMORY; a crash, a
    traceback or a hang fails the test."""
    code = RUNNER.format(memory=MEMORY)
    workers = [subprocess.Popen([sys.executable, "-c", code, *map(str, paths[i::WORKERS])], cwd=ROOT, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE) for i in range(WORKERS)]
    results = {}
    for worker in workers:
        out, err = worker.communicate(timeout=SECONDS * len(paths))
        assert worker.returncode == 0 and not err, err[-3000:]
        results.update((r["path"], r) for r in map(json.loads, out.splitlines()))
    return results


def test_every_hostile_save_is_refused_in_one_clear_line_and_left_as_it_was():
    assert len(CASES) - 1 >= 40 and set(ISSUE_10) <= {name.removesuffix(".sav") for name in CASES}
    before = {path.name: path.read_bytes() for path in BAD.iterdir()}
    results = load_in_limited_processes([BAD / name for name in CASES])
    for name, case in CASES.items():
        result = results[str(BAD / name)]
        message = result["message"]
        assert result["seconds"] < SECONDS, f"{name} took {result['seconds']:.1f} s"
        if case["expect"] is None:
            assert message is None, f"{name}, a real save, is refused: {message}"
            continue
        assert message is not None, f"{name} ({case['what']}) is accepted"
        assert message.startswith(f"{BAD / name}: ") and message.isprintable(), message
        assert UNFORESEEN not in message, f"{name} ({case['what']}) passed every check: {message}"
        assert case["expect"] in message, f"{name} ({case['what']}): {message}"
    assert {path.name: path.read_bytes() for path in BAD.iterdir()} == before


def test_the_corpus_is_what_the_tool_writes(tmp_path: Path):
    """The tool is deterministic, and the committed corpus is today's (else: write it again)."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_hostile_saves.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    written = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    committed = {path.name: path.read_bytes() for path in BAD.iterdir()}
    assert written.keys() == committed.keys()
    stale = sorted(name for name in written if written[name] != committed[name])
    assert not stale, f"{stale[:5]}: stale; write them again with .venv/bin/python tools/make_hostile_saves.py"


@pytest.mark.parametrize("step", ["checked", "build"])
def test_a_body_that_breaks_the_rebuild_anyway_is_still_one_line(monkeypatch, step: str):
    """The last net: whatever checking or building the world raises becomes a SaveError naming the file (the
    corpus never reaches it, see above)."""
    def broken(*args):
        raise IndexError("list index out of range")

    monkeypatch.setattr(snapshot, step, broken)
    with pytest.raises(SaveError) as caught:
        load_world(BAD / "base.sav")
    assert str(caught.value) == f"{BAD / 'base.sav'}: {UNFORESEEN} (IndexError: list index out of range)"


CLI_CASES = ("equipped-minus-one.sav", "footprint-huge.sav")  # a traceback in the window; a MemoryError


@pytest.mark.parametrize("name", CLI_CASES)
@pytest.mark.parametrize("window", [False, True])
def test_the_command_line_shows_the_one_line(name: str, window: bool):
    with pytest.raises(SaveError) as caught:
        load_world(BAD / name)
    done = run_main(*([] if window else ["--headless"]), "--load", str(BAD / name))
    assert done.returncode == 1
    assert done.stderr == f"ethernalis: {caught.value}\n"


@pytest.mark.parametrize("name", CLI_CASES)
def test_title_continue_shows_the_one_line(display, tmp_path: Path, name: str):  # noqa: F811
    from game.paths import DEFAULT_MAP
    from game.ui.app import scene_stack
    from game.ui.session import Session
    from game.ui.title import CONTINUE_MAP, TitleScene

    slot = tmp_path / "slot1.sav"
    slot.write_bytes((BAD / name).read_bytes())
    session = Session(DEFAULT_MAP, 5, slot)
    stack = scene_stack(session)
    stack.push("title")
    stack.top.menu.selected = stack.top.menu.labels.index(CONTINUE_MAP)
    press(stack.top, pygame.K_RETURN)
    assert isinstance(stack.top, TitleScene)
    with pytest.raises(SaveError) as caught:
        load_world(slot)
    assert stack.top.problems == [str(caught.value)]
    stack.top.draw(display)
    session.close()
