"""tools/balance.py (issue 14): a careful and a reckless bot play a dungeon through the game's commands; a
few seeds, briefly, so the tool cannot rot."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

ROOT = Path(__file__).resolve().parent.parent


def balance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "tools/balance.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_both_bots_play_the_keep_and_the_careful_one_lives_longer_the_same_for_the_same_seeds():
    run = balance("maps/default.tmx", "--seeds", "3", "--turns", "120")
    assert run.returncode == 0, run.stderr
    found = {}
    for line in run.stdout.splitlines():
        match = re.match(r"default\.tmx\s+(\w+)\s+turns survived median (\S+) \(quartiles \S+\), "
                         r"deepest room median (\S+) \(\S+\), rooms entered median \d+ %, lived to turn 120: (\d+)/3", line)
        assert match, line
        found[match.group(1)] = (float(match.group(2)), float(match.group(3)))
    assert set(found) == {"careful", "reckless"}
    assert found["careful"][0] > found["reckless"][0]
    assert all(deepest >= 1 for _, deepest in found.values())  # each walked out of the entrance
    assert balance("maps/default.tmx", "--seeds", "3", "--turns", "120").stdout == run.stdout


def test_a_companion_joins_at_the_start_and_its_survival_is_counted():
    """issue 24: --companion puts a person in the hero's party at the entrance, --order gives it its order."""
    run = balance("maps/default.tmx", "--seeds", "2", "--turns", "30", "--bots", "careful", "--companion", "guard",
                  "--order", "behind")
    assert run.returncode == 0, run.stderr
    assert re.search(r"companion alive [012]/2$", run.stdout.strip()), run.stdout
    refused = balance("--companion", "nobody")
    assert refused.returncode == 2 and "no creature 'nobody'" in refused.stderr


def test_the_markdown_table_and_bad_arguments():
    run = balance("maps/caves.tmx", "--seeds", "1", "--turns", "20", "--bots", "reckless", "--markdown")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("| map | bot | turns survived") and lines[2].startswith("| caves.tmx | reckless | ")
    refused = balance("--bots", "lucky")
    assert refused.returncode == 2 and "bots are careful, reckless" in refused.stderr
    missing = balance("maps/nowhere.tmx", "--seeds", "1")
    assert missing.returncode == 1 and "nowhere.tmx" in missing.stderr and "Traceback" not in missing.stderr
