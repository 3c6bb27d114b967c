"""tools/bench.py: the benchmark of the world turn runs and reports what docs/performance.md quotes."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

ROOT = Path(__file__).resolve().parent.parent


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "tools/bench.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_json_gives_one_object_per_size_each_measured_in_its_own_process():
    run = bench("--sizes", "40", "80", "--turns", "2", "--runs", "2", "--json")
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["creatures"] for r in rows] == [40, 80]
    assert [r["rooms"] for r in rows] == [10, 20]  # four creatures to a room
    for r in rows:
        assert r["turn_ms"] > 0 and r["bare_ms"] > 0
        assert len(r["turn_ms_runs"]) == 2 and r["turn_ms"] in r["turn_ms_runs"]


def test_the_text_report_ends_with_the_growth_of_the_largest_two_sizes():
    run = bench("--sizes", "40", "80", "--turns", "2")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1].startswith("growth 2.0x creatures -> ")


def test_a_bad_size_is_one_clear_line():
    run = bench("--sizes", "0")
    assert run.returncode == 2
    assert "0 is not a positive whole number" in run.stderr
    assert "Traceback" not in run.stderr


def test_frames_json_gives_one_object_per_map_with_the_frame_figures():
    run = bench("--frames", "12", "--maps", "village", "default", "--json")
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert [r["map"] for r in rows] == ["village", "default"]
    for r in rows:
        assert {"map", "p50_ms", "p95_ms", "bare_ms"} <= set(r)
        assert all(isinstance(r[k], float) and r[k] > 0 for k in ("p50_ms", "p95_ms", "bare_ms"))
        assert r["frames"] == 12 and r["turns"] >= 1 and r["runs"] >= 1


def test_frames_text_report_has_a_line_per_map():
    run = bench("--frames", "5", "--maps", "caves")
    assert run.returncode == 0, run.stderr
    [line] = run.stdout.splitlines()
    assert line.split()[:3] == ["caves", "frame", "p50"] and "bare" in line


def test_frames_on_a_map_that_is_not_shipped_or_not_a_dungeon_is_one_clear_line():
    run = bench("--frames", "5", "--maps", "nowhere")
    assert run.returncode == 2
    assert "no shipped map named 'nowhere'" in run.stderr and "Traceback" not in run.stderr
    run = bench("--frames", "5", "--maps", "region")
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [run.stderr.strip()]  # one line
    assert run.stderr.startswith("bench: region: ") and "is the region map" in run.stderr
