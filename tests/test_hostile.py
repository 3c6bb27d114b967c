"""The hostile corpus (issue 10): tests/data/hostile/, written by tools/make_hostile.py. Every case ends in
its one clear, printable line within a time and memory bound (an address-space limit set with setrlimit
in the process that runs it), through the checker, the game and the creature tool; nothing is changed."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.maps.errors import MapError
from game.maps.tiled import load_map, load_region
from game.paths import ROOT

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

HOSTILE = ROOT / "tests" / "data" / "hostile"
CASES = json.loads((HOSTILE / "cases.json").read_text())
ADDRESS_SPACE = 1 << 30  # bytes a process running the corpus may map: far below what the bombs once took
CASE_SECONDS = 5


def expected(case: dict) -> str:
    """The whole line a case must end in: its file's path (the data folder for a data file), then `expect`."""
    line = case["expect"].replace("{maps}", str((HOSTILE / "maps").resolve()))
    if case["kind"] == "settings":
        return f"settings file {HOSTILE / case['file']}: {line}"
    return line if case["kind"] == "data" else f"{HOSTILE / case['file']}: {line}"


def fingerprint() -> dict[str, str]:
    """Every file the corpus is read with: the corpus, the maps and the data."""
    roots = (HOSTILE, ROOT / "maps", ROOT / "assets" / "data", ROOT / "assets" / "tiles")
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for r in roots for p in sorted(r.rglob("*")) if p.is_file()}


def bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


@pytest.fixture(scope="module")
def results() -> dict[str, dict]:
    before = fingerprint()
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "hostile_runner.py"), str(ADDRESS_SPACE)],
                         capture_output=True, text=True, cwd=ROOT, timeout=CASE_SECONDS * len(CASES))
    assert run.returncode == 0, run.stderr[-2000:]
    assert fingerprint() == before, "running the corpus changed a file"
    return {r["name"]: r for r in map(json.loads, run.stdout.splitlines())}


def test_the_committed_corpus_is_what_the_tool_writes():
    spec = importlib.util.spec_from_file_location("make_hostile", ROOT / "tools" / "make_hostile.py")
    tool = sys.modules["make_hostile"] = importlib.util.module_from_spec(spec)  # dataclasses look it up there
    spec.loader.exec_module(tool)
    cases = tool.cases()
    written = {rel: content for case in cases for rel, content in case.files.items()}
    written["cases.json"] = tool.manifest(cases)
    on_disk = {str(p.relative_to(HOSTILE)): p.read_bytes() for p in HOSTILE.rglob("*") if p.is_file()}
    assert sorted(on_disk) == sorted(written), "run python tools/make_hostile.py"
    assert [rel for rel in written if on_disk[rel] != written[rel]] == [], "run python tools/make_hostile.py"


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_each_case_ends_in_its_one_line_in_bounds(case: dict, results: dict[str, dict]):
    result = results[case["name"]]
    assert result["error"] is None
    assert expected(case) in result["lines"]
    assert all(line.isprintable() for line in result["lines"])  # one line each, no escape reaches a terminal
    assert result["seconds"] < CASE_SECONDS


def test_the_checker_reports_every_hostile_map_in_one_run():
    maps = [HOSTILE / c["file"] for c in CASES if c["kind"] in ("map", "region")]
    run = subprocess.run([sys.executable, "tools/check_map.py", *map(str, maps)], cwd=ROOT, capture_output=True,
                         text=True, preexec_fn=bounded, timeout=60)
    assert (run.returncode, run.stderr) == (1, "")
    lines = run.stdout.splitlines()
    assert all(line.isprintable() and line.startswith(str(HOSTILE)) for line in lines)
    assert [c["name"] for c in CASES if c["kind"] in ("map", "region") and expected(c) not in lines] == []


def test_the_game_refuses_the_layer_bomb_in_one_line():
    bomb = HOSTILE / "maps" / "layer_bomb.tmx"
    run = subprocess.run([sys.executable, "main.py", "--headless", "--map", str(bomb), "--turns", "1"], cwd=ROOT,
                         capture_output=True, text=True, preexec_fn=bounded, timeout=60)
    assert run.returncode == 1
    assert run.stderr == f"ethernalis: {bomb}: map: is 10000x10000 squares; a map is at most 256x256\n"


def test_a_fifo_or_an_oversized_file_is_refused_at_once(tmp_path: Path):
    """Cases git cannot hold: a FIFO (reading it would block) and files past the size limits (sparse here)."""
    fifo, huge_map, huge_data = tmp_path / "level.tmx", tmp_path / "huge.tmx", tmp_path / "huge.toml"
    os.mkfifo(fifo)
    for path, size in ((huge_map, 17 * 2**20), (huge_data, 2**20)):
        with open(path, "wb") as handle:
            handle.truncate(size)
    for path, message in ((fifo, "map: is not a regular file"),
                          (huge_map, "map: file is 17825792 bytes; a map or tileset file has at most 16777216")):
        with pytest.raises(MapError) as caught:
            load_map(path)
        assert caught.value.problems == [f"{path}: {message}"]
    with pytest.raises(MapError) as caught:
        load_region(fifo)
    assert caught.value.problems == [f"{fifo}: map: is not a regular file"]
    for path, message in ((fifo, "is not a regular file"),
                          (huge_data, "file is 1048576 bytes; a data file has at most 262144")):
        with pytest.raises(ContentError, match=f"^{path}: {message}$"):
            read_toml(path)
