"""tools/simulate.py: the report of a run, with the social web (N64-N73), its plot and its graph."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

ROOT = Path(__file__).resolve().parent.parent


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "tools/simulate.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_a_village_run_reports_its_social_web_the_same_for_the_same_seed(tmp_path: Path):
    args = ("maps/village.tmx", "--turns", "150", "--seed", "3", "--moments", "4")
    run = simulate(*args, "--plot", str(tmp_path / "plot.png"), "--graph", str(tmp_path / "graph.png"))
    assert run.returncode == 0, run.stderr
    report = run.stdout
    assert "the social web:" in report and re.search(r"exchanges: [1-9]\d*", report)
    assert re.search(r"residents \(world and notable people\) over the run: start 18, least \d+, most \d+, end \d+",
                     report)
    assert re.search(r"how the residents spent their turns: .*resting \d+%", report)
    for name in ("Osla Brewer", "Garm Hammerhand", "Wendel Chandler"):  # N5: each merchant's time in its shop
        assert f"merchant {name} in its shop (N5): 100.0% of its turns, longest away 0 turns" in report
    assert re.search(r"^ +150 +\d+ +\d+ +\d+\.\d +\d+\.\d$", report, re.M)  # turn, alive, residents, needs
    assert re.search(r"feuds started: \d+, ended: \d+ \(\d+ in calm, \d+ by a death\)", report)
    assert re.search(r"gifts: \d+, memories passed: [1-9]", report)  # the planted moments travel
    assert (tmp_path / "plot.png").stat().st_size > 0 and (tmp_path / "graph.png").stat().st_size > 0
    digest = re.search(r"digest \(same seed, same digest\): (\w+)", report).group(1)
    again = simulate(*args)
    assert again.returncode == 0 and digest in again.stdout


def test_negative_moments_are_refused():
    run = simulate("maps/village.tmx", "--moments", "-1")
    assert run.returncode == 2 and "--moments must not be negative" in run.stderr


def test_a_world_run_reports_each_settlements_people_over_time():
    """--world (issue 12): the whole region, the hero waiting in Ashby Vale, a report per settlement."""
    run = simulate("--world", "--turns", "60", "--seed", "2")
    assert run.returncode == 0, run.stderr
    report = run.stdout
    assert report.startswith("The Vale of Ethernalis: 60 turns, seed 2, the hero waiting in Ashby Vale")
    assert re.search(r"Ashby Vale: residents at the start \d+, lowest \d+, highest \d+, end \d+", report)
    assert re.search(r"Varr's Watch: residents at the start \d+, lowest \d+, highest \d+, end \d+", report)
    assert report.count("   turn  residents  all alive") == 2 and "\n     60 " in report
    assert simulate("--world", "--turns", "60", "--seed", "2").stdout == report
    refused = simulate("--world", "maps/village.tmx")
    assert refused.returncode == 2 and "give a map, or --world for the whole region" in refused.stderr
