"""Instructions each stage of the world turn executes, counted by valgrind (docs/performance.md).

    python tools/stage_instructions.py [--creatures 2000] [--warm 3] [--turns 20] [--json]

Wall-clock time on a loaded machine says little; instruction counts do not move with the load. This
builds the benchmark's world (tools/bench.py), runs `--warm` turns uncounted, then `--turns` turns under
valgrind's callgrind with counting on, and has callgrind write its count after every stage of every
turn (a client request from a tiny C library compiled here with gcc and valgrind's header). It prints
each stage's instructions per turn and its share of the turn, most first; "between" is what lies outside
the stages (the driver, popping the events). Needs valgrind (with valgrind/callgrind.h) and gcc; under
valgrind a 2,000-creature run takes some minutes.
"""
from __future__ import annotations

import argparse
import ctypes
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.runtime import tune_gc  # noqa: E402
from game.world import turn  # noqa: E402
from tools.bench import build  # noqa: E402

CLIENT = """#include <valgrind/callgrind.h>
void toggle(void) { CALLGRIND_TOGGLE_COLLECT; }
void dump(const char *what) { CALLGRIND_DUMP_STATS_AT(what); }
"""
BETWEEN = "between"


def count_here(library: Path, creatures: int, warm: int, turns: int) -> None:
    """Runs inside valgrind: the world's turns with a dump after each stage, counting on for `turns` only."""
    client = ctypes.CDLL(str(library))
    tune_gc()
    driver = build(creatures)
    for _ in range(warm):
        driver.end_turn()
        driver.world.pop_events()

    def dumped(name, system):
        def run(world):
            system(world)
            client.dump(name.encode())
        return run

    turn.PIPELINE = tuple((name, dumped(name, system)) for name, system in turn.PIPELINE)
    client.toggle()
    for _ in range(turns):
        driver.end_turn()
        driver.world.pop_events()
        client.dump(BETWEEN.encode())
    client.toggle()
    driver.close()


def per_stage(out_dir: Path) -> tuple[Counter, int]:
    """Instructions by stage summed over the dumps callgrind wrote, and the number of turns counted."""
    stages: Counter = Counter()
    turns = 0
    for dump in out_dir.glob("callgrind.out.*"):
        text = dump.read_text(errors="replace")
        stage = re.search(r"^desc: Trigger: Client Request: (\S+)", text, re.M)
        total = re.search(r"^(?:totals|summary): (\d+)", text, re.M)
        if stage and total:
            stages[stage.group(1)] += int(total.group(1))
            turns += stage.group(1) == BETWEEN
    return stages, turns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--creatures", type=int, default=2000)
    parser.add_argument("--warm", type=int, default=3, help="turns run before counting")
    parser.add_argument("--turns", type=int, default=20, help="turns counted")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--inside", type=Path, help=argparse.SUPPRESS)  # internal: the run under valgrind
    args = parser.parse_args(argv)
    if min(args.creatures, args.turns) < 1 or args.warm < 0:
        parser.error("--creatures and --turns must be at least 1, --warm at least 0")
    if args.inside:
        count_here(args.inside, args.creatures, args.warm, args.turns)
        return 0
    missing = [tool for tool in ("valgrind", "gcc") if shutil.which(tool) is None]
    if missing:
        print(f"stage_instructions: {' and '.join(missing)} not found", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        (out / "client.c").write_text(CLIENT)
        library = out / "libclient.so"
        built = subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", str(library), str(out / "client.c")],
                               capture_output=True, text=True, check=False)
        if built.returncode:
            print(f"stage_instructions: cannot build the client library: {built.stderr.strip()}", file=sys.stderr)
            return 1
        run = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--dump-instr=no",
                              "--compress-strings=no", f"--callgrind-out-file={out}/callgrind.out.%p",
                              sys.executable, __file__, "--inside", str(library), "--creatures", str(args.creatures),
                              "--warm", str(args.warm), "--turns", str(args.turns)],
                             capture_output=True, text=True, check=False)
        if run.returncode:
            print(f"stage_instructions: the run under valgrind failed:\n{run.stderr.strip()[-2000:]}", file=sys.stderr)
            return 1
        stages, turns = per_stage(out)
    total = sum(stages.values())
    rows = [{"stage": name, "instructions": round(n / turns), "share": round(n / total, 4)}
            for name, n in stages.most_common()]
    if args.json:
        print(json.dumps({"creatures": args.creatures, "warm": args.warm, "turns": turns,
                          "per_turn": round(total / turns), "stages": rows}))
        return 0
    print(f"{args.creatures} creatures, turns {args.warm + 1}-{args.warm + turns}: "
          f"{total / turns / 1e6:.1f} million instructions a turn")
    for row in rows:
        print(f"  {row['stage']:<11} {row['instructions'] / 1e6:8.2f} M  {100 * row['share']:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
