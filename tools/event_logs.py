"""Record or compare the event logs of the shipped maps and of the world run, to prove a restructure changes
no behaviour (docs/testing.md): every map in maps/ and maps/sites/ headless (seed 7, 300 turns, events and
final state), and the world of sites (seeds 1-5, 500 turns each).

    python tools/event_logs.py record logs.json     # before the change
    python tools/event_logs.py compare logs.json    # after it: exit 1 naming each run that differs
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.headless import run_headless, run_world  # noqa: E402

MAP_SEED, MAP_TURNS = 7, 300
WORLD_SEEDS, WORLD_TURNS = range(1, 6), 500


def digest(*paths: Path) -> str:
    sha = hashlib.sha256()
    for path in paths:
        sha.update(path.read_bytes())
    return sha.hexdigest()


def runs() -> dict[str, str]:
    """Each run's name -> the SHA-256 of its event log and final state."""
    found: dict[str, str] = {}
    maps = sorted(p for p in [*ROOT.glob("maps/*.tmx"), *ROOT.glob("maps/sites/*.tmx")] if p.name != "region.tmx")
    with tempfile.TemporaryDirectory() as scratch:
        events, state = Path(scratch) / "events.jsonl", Path(scratch) / "state.json"
        for map_path in maps:
            with contextlib.redirect_stdout(io.StringIO()):
                code = run_headless(map_path, MAP_SEED, MAP_TURNS, events, state)
            found[str(map_path.relative_to(ROOT))] = f"{code}:{digest(events, state)}"
            print(map_path.name, found[str(map_path.relative_to(ROOT))][:14], flush=True)
        for seed in WORLD_SEEDS:
            with contextlib.redirect_stdout(io.StringIO()):
                code = run_world(seed, WORLD_TURNS, events, state)
            found[f"world seed {seed}"] = f"{code}:{digest(events, state)}"
            print("world", seed, found[f"world seed {seed}"][:14], flush=True)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("record", "compare"))
    parser.add_argument("file", type=Path)
    args = parser.parse_args()
    found = runs()
    if args.mode == "record":
        args.file.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return 0
    expected = json.loads(args.file.read_text(encoding="utf-8"))
    differ = [name for name in sorted(expected.keys() | found.keys()) if expected.get(name) != found.get(name)]
    for name in differ:
        print(f"differs: {name}")
    print("all event logs identical" if not differ else f"{len(differ)} of {len(expected)} runs differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
