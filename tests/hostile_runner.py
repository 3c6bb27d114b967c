"""Run the hostile corpus (tests/data/hostile/cases.json) in this process under an address-space limit,
printing one JSON line per case: its name, seconds, the lines it ended with and any unexpected error.

    python tests/hostile_runner.py BYTES [CASE ...]

A map is read by the checker (tools/check_map.py's check) and by the game (launch.load_dungeon), a region
map by the checker; a data case is the game's data with that one file replaced, loaded by the game
(load_content), by the map checker (read_data_ids) and by `tools/check_data.py --data`; a creature file goes to
`tools/creature.py check` and to the game as a mod's creature (load_content with it read over the data). The
checkers' verdicts must be the game's. A settings file is read as the game reads it at start
(game/ui/settings.py `load`: its problems, never raising); a recording is replayed (`main.py --replay`).
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import resource
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ROOT / "tests" / "data" / "hostile"
sys.path.insert(0, str(ROOT))

from game import headless, launch  # noqa: E402
from game.content.content import Overlay, load_content  # noqa: E402
from game.content.errors import ContentError  # noqa: E402
from game.maps.data_ids import read_data_ids  # noqa: E402
from game.maps.errors import MapError  # noqa: E402
from game.paths import DATA  # noqa: E402
from game.ui import settings  # noqa: E402


def tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK_MAP, CREATURE, CHECK_DATA = tool("check_map"), tool("creature"), tool("check_data")
IDS = read_data_ids()  # the shipped data, read once for every map


def quietly(run, *args) -> tuple[object, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = run(*args)
    return result, out.getvalue().splitlines()


def map_case(path: Path, game: bool) -> list[str]:
    """The checker's problems, which the game's (when it reads the map) must equal."""
    checked = [problem.summary for problem in CHECK_MAP.check(path, IDS)[1]]
    if game:
        try:
            launch.load_dungeon(path)
        except MapError as exc:
            if exc.problems != checked:
                raise AssertionError(f"the game says {exc.problems}, the checker {checked}") from None
        else:
            raise AssertionError("the game loaded it")
    return checked


def data_case(path: Path, folder: str) -> list[str]:
    """The game's ContentError with the data folder left out; the checker passes or says the same."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(DATA, data)
        shutil.copy(path, data / path.relative_to(HOSTILE / "data" / folder))
        game, checker = refusal(load_content, data), refusal(read_data_ids, data)
        code, lines = quietly(CHECK_DATA.main, ["--data", str(data)])
    if game is None:
        raise AssertionError("the game loaded it")
    if checker not in (None, game):
        raise AssertionError(f"the game says {game!r}, the checker {checker!r}")
    if code != 1 or not any(f"{data}/{game}".startswith(line) for line in lines[:-1]):
        raise AssertionError(f"the game says {game!r}, check_data.py exited {code}: {lines}")
    return [game]


def refusal(load, data: Path) -> str | None:
    """The ContentError `load(data)` raises, the data folder left out, or None when it loads."""
    try:
        load(data)
    except ContentError as exc:
        return str(exc).removeprefix(f"{data}/")
    return None


def creature_case(path: Path) -> list[str]:
    code, lines = quietly(CREATURE.main, ["check", str(path)])
    if code != 1:
        raise AssertionError(f"creature.py check exited {code}")
    try:
        load_content(DATA, Overlay((path,)))
        read_data_ids(DATA, (path,))
    except ContentError:
        pass
    else:
        raise AssertionError("the game starts with it, creature.py check refuses it")
    return lines[:-1]  # the problems, not the count


def recording_case(path: Path) -> list[str]:
    """What `main.py --headless --replay` prints: its one line, without the program's name."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = headless.run_replay(path, None, None)
    if code != 1:
        raise AssertionError(f"the replay exited {code}")
    return [line.removeprefix("ethernalis: ") for line in err.getvalue().splitlines()]


def run(case: dict) -> list[str]:
    path = HOSTILE / case["file"]
    if case["kind"] == "recording":
        return recording_case(path)
    if case["kind"] in ("map", "region"):
        return map_case(path, game=case["kind"] == "map")
    if case["kind"] == "data":
        return data_case(path, case["name"])
    if case["kind"] == "settings":
        return settings.load(path)[1]
    return creature_case(path)


def main(argv: list[str]) -> int:
    limit = int(argv[0])
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    cases = json.loads((HOSTILE / "cases.json").read_text())
    for case in cases:
        if argv[1:] and case["name"] not in argv[1:]:
            continue
        start = time.perf_counter()
        try:
            lines, error = run(case), None
        except BaseException as exc:  # noqa: B902 - MemoryError, RecursionError, anything: the case failed
            lines, error = [], "".join(traceback.format_exception_only(type(exc), exc)).strip()
        print(json.dumps({"name": case["name"], "seconds": round(time.perf_counter() - start, 3), "lines": lines,
                          "error": error}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
