"""The mutation score of the last `make mutate` run, per part of the game (docs/testing.md).

Reads mutmut 3's results under mutants/ and prints, for game/rules, game/world/systems and
game/world/verbs, how many mutants were caught (killed, or timed out: a test ran forever), survived, had
no test or were not run; the score is the share caught of those run.
`--survivors` lists the surviving mutants by name (`mutmut show NAME` prints one).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("game/rules", "game/world/systems", "game/world/verbs")
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", None: "not run",
          36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout"}


def results(mutants: Path) -> dict[str, dict[str, str]]:
    """{part: {mutant name: status}}"""
    found: dict[str, dict[str, str]] = {part: {} for part in PARTS}
    for meta in sorted(mutants.glob("game/**/*.py.meta")):
        path = meta.relative_to(mutants).as_posix()
        part = next((p for p in PARTS if path.startswith(p + "/")), None)
        if part is None:
            continue
        try:
            codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        except (ValueError, KeyError) as exc:
            raise SystemExit(f"{meta}: not a mutmut 3 result file ({exc}); delete mutants/ and run again")
        found[part].update({name: STATUS.get(code, "suspicious") for name, code in codes.items()})
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    args = parser.parse_args()
    mutants = ROOT / "mutants"
    if not mutants.is_dir():
        print("no mutants/ here: run `make mutate` first")
        return 1
    for part, by_name in results(mutants).items():
        counts = Counter(by_name.values())
        tried = len(by_name) - counts["not run"]
        caught = counts["killed"] + counts["timeout"]  # a mutant that makes a test run forever is caught too
        score = 100 * caught / tried if tried else 0.0
        detail = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()) if status != "killed")
        print(f"{part:20} {caught:5} of {tried:5} caught ({score:5.1f} %)  {detail}")
        if args.survivors:
            for name, status in sorted(by_name.items()):
                if status not in ("killed", "timeout", "not run"):
                    print(f"    {status}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
