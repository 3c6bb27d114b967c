"""tools/stage_instructions.py: callgrind's dumps summed by stage, and bad arguments refused (the run
under valgrind itself takes minutes; docs/performance.md gives its figures)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools.stage_instructions import per_stage

ROOT = Path(__file__).resolve().parent.parent


def dump(path: Path, stage: str, instructions: int) -> None:
    path.write_text(f"version: 1\ncreator: callgrind-3.19.0\ncmd: python\npart: 1\n"
                    f"desc: Trigger: Client Request: {stage}\n\nevents: Ir\nsummary: {instructions}\n")


def test_the_dumps_are_summed_by_stage_and_the_turns_counted_by_the_dumps_between(tmp_path: Path):
    for n, (stage, count) in enumerate([("pairs", 5), ("movement", 40), ("between", 1), ("pairs", 7),
                                        ("movement", 44), ("between", 2)], start=1):
        dump(tmp_path / f"callgrind.out.77.{n}", stage, count)
    (tmp_path / "callgrind.out.77").write_text("desc: Trigger: Program termination\nsummary: 0\n")
    stages, turns = per_stage(tmp_path)
    assert stages == {"pairs": 12, "movement": 84, "between": 3} and turns == 2


def test_no_turns_is_refused_in_one_line():
    run = subprocess.run([sys.executable, "tools/stage_instructions.py", "--turns", "0"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 2 and "--turns must be at least 1" in run.stderr and "Traceback" not in run.stderr
