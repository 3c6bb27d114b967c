"""Mutation testing of the numbers mutmut 3 cannot reach: module-level constants (docs/testing.md).

mutmut 3 mutates code inside functions only, yet many of the seeds' numbers sit in module-level constants
and tables (PAIR_WAIT = 5, FIRST_LEVEL_XP = 100, the C23 tier budget table…). This tool changes each
number of a module-level assignment in the files `[tool.mutmut] only_mutate` names, one at a time, by
one either way (a float by 10 % either way), runs the tests `[tool.mutmut]` selects against a copy of the
project, and reports which mutants survive and which test killed the others.

    python tools/mutate_constants.py [--only 'game/rules/*' | --names 'game.rules*'] [--jobs 2] [--sample 0.3]

`--sample` tries a fixed random share of the mutants (seeded, so the same share each time) when the
machine is too busy for all of them.

Exit status 0 whatever survives: it is a report, read in docs/testing.md.
"""
from __future__ import annotations

import argparse
import ast
import fnmatch
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPY = ("game", "tests", "assets", "maps", "tools", "main.py", "pyproject.toml")
ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
       "PYTHONDONTWRITEBYTECODE": "1"}


@dataclass(frozen=True)
class Mutant:
    path: str  # relative to the project
    line: int
    name: str  # the assigned name
    start: int  # offsets of the literal in the file's text
    end: int
    old: str
    new: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.name}: {self.old} -> {self.new}"


def settings() -> tuple[list[str], list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    return config["only_mutate"], config["pytest_add_cli_args_test_selection"]


def offsets(text: str) -> list[int]:
    """Offset of the start of each line (1-based line numbers index it with line - 1)."""
    starts, total = [], 0
    for line in text.splitlines(keepends=True):
        starts.append(total)
        total += len(line)
    return starts


def changes(value: int | float) -> list[str]:
    if isinstance(value, int):
        return [str(value + 1), str(value - 1)]
    return [repr(value * 1.1), repr(value * 0.9)]


def mutants_of(path: Path) -> list[Mutant]:
    text = path.read_text(encoding="utf-8")
    starts = offsets(text)
    tree = ast.parse(text)
    found = []
    for stmt in tree.body:
        if not isinstance(stmt, (ast.Assign, ast.AnnAssign)) or stmt.value is None:
            continue
        name = ast.unparse(stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target)
        for node in ast.walk(stmt.value):
            if isinstance(node, ast.Constant) and type(node.value) in (int, float):
                start = starts[node.lineno - 1] + node.col_offset
                end = starts[node.end_lineno - 1] + node.end_col_offset
                old = text[start:end]
                for new in changes(node.value):
                    found.append(Mutant(path.relative_to(ROOT).as_posix(), node.lineno, name, start, end, old, new))
    return found


def copy_project(into: Path) -> Path:
    for name in COPY:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, into / name)
    return into


def run_tests(tree: Path, tests: list[str], timeout: float | None) -> tuple[str, str]:
    """("killed", the first failing test) or ("survived", "") or ("timeout", "")."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    try:
        done = subprocess.run(command, cwd=tree, env={**os.environ, **ENV}, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    if done.returncode == 0:
        return "survived", ""
    failed = next((line.split()[1] for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))),
                  f"exit {done.returncode}")
    return "killed", failed


def imports(text: str, module: str) -> bool:
    return f"import {module}" in text or f".{module} import" in text or f", {module}" in text


def likely_first(mutant: Mutant, tests: list[str]) -> list[str]:
    """The selected test files that name the constant or import its module or a module importing it
    (game.rules.creature gathers the rules' tables): tried alone first, so a mutant they kill costs one
    small pytest run instead of collecting every selected file."""
    module = Path(mutant.path).stem
    near = {module} | {path.stem for path in (ROOT / Path(mutant.path).parent).glob("*.py")
                       if imports(path.read_text(encoding="utf-8"), module)}
    return [test for test in tests if mutant.name in (text := (ROOT / test).read_text(encoding="utf-8"))
            or any(imports(text, name) for name in near)]


def attempt_in(tree: Path, mutant: Mutant, tests: list[str], timeout: float) -> tuple[str, str]:
    """The likely test files first, then the others."""
    first = likely_first(mutant, tests)
    rest = [test for test in tests if test not in first]
    status, failed = run_tests(tree, first, timeout) if first else ("survived", "")
    if status == "survived" and rest:
        status, failed = run_tests(tree, rest, timeout)
    return status, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="glob of files to mutate (default: [tool.mutmut] only_mutate)")
    parser.add_argument("--names", nargs="*", default=[],
                        help="module globs as mutmut names its mutants (make mutate MUTANTS='game.rules*')")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sample", type=float, default=1.0, help="try this share of the mutants (0-1)")
    args = parser.parse_args()
    patterns, tests = settings()
    patterns = args.only or patterns
    files = sorted(p for p in ROOT.glob("game/**/*.py")
                   if any(fnmatch.fnmatch(p.relative_to(ROOT).as_posix(), pat) for pat in patterns))
    if args.names:
        files = [p for p in files
                 if any(fnmatch.fnmatch(p.relative_to(ROOT).with_suffix("").as_posix().replace("/", "."), name)
                        for name in args.names)]
    mutants = [m for path in files for m in mutants_of(path)]
    if args.sample < 1.0:
        every = len(mutants)
        mutants = sorted(random.Random(15).sample(mutants, round(args.sample * every)), key=mutants.index)
        print(f"a sample of {len(mutants)} of the {every} mutants", flush=True)
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mutate-constants-") as scratch:
        trees = [copy_project(Path(scratch) / f"w{i}") for i in range(args.jobs)]
        clean_began = time.monotonic()
        status, failed = run_tests(trees[0], tests, None)
        if status != "survived":
            print(f"the tests fail without any mutant ({failed}); fix them first")
            return 1
        timeout = 10 * (time.monotonic() - clean_began) + 30
        print(f"{len(mutants)} mutants of module-level numbers in {len(files)} files; clean run "
              f"{time.monotonic() - clean_began:.0f} s", flush=True)
        free = list(trees)

        def attempt(mutant: Mutant) -> tuple[Mutant, str, str]:
            tree = free.pop()
            try:
                target = tree / mutant.path
                original = target.read_text(encoding="utf-8")
                target.write_text(original[:mutant.start] + mutant.new + original[mutant.end:], encoding="utf-8")
                try:
                    return (mutant, *attempt_in(tree, mutant, tests, timeout))
                finally:
                    target.write_text(original, encoding="utf-8")
            finally:
                free.append(tree)

        results = []
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for mutant, status, failed in pool.map(attempt, mutants):
                results.append((mutant, status))
                print(f"{status:8} {mutant}{'  (' + failed + ')' if failed else ''}", flush=True)
    killed = sum(status == "killed" for _, status in results)
    print(f"\n{killed}/{len(results)} killed ({100 * killed / max(len(results), 1):.1f} %) in "
          f"{(time.monotonic() - began) / 60:.1f} min")
    for mutant, status in results:
        if status != "killed":
            print(f"  {status}: {mutant}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
