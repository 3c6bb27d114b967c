"""The command line (issue 10): flags that would do nothing, bounded seeds, outputs that are regular files and
never a file the game reads, write errors that name the path, and Ctrl-C ending a headless run cleanly."""
from __future__ import annotations

import importlib.util
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.headless import run_headless
from game.paths import DATA, DEFAULT_MAP, ROOT

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

spec = importlib.util.spec_from_file_location("ethernalis_main", ROOT / "main.py")
main = importlib.util.module_from_spec(spec)
spec.loader.exec_module(main)


def refused(*argv: str) -> str:
    with pytest.raises(main.ArgumentError) as caught:
        main.parse_args(list(argv))
    return str(caught.value)


@pytest.mark.parametrize("argv, message", [
    (["--screenshot", "x.png"], "--screenshot works with --smoke-test"),
    (["--headless", "--smoke-test"], "--smoke-test plays in a window; it takes no --headless"),
    (["--events", "x.jsonl"], "--events works with --headless"),
    (["--dump-state", "x.json"], "--dump-state works with --headless"),
    (["--turns", "5"], "--turns works with --headless"),
    (["--headless", "--load", "main.py", "--seed", "3"], "--seed does nothing with --load"),
    (["--load", "main.py", "--map", "maps/crypt.tmx"], "--map does nothing with --load"),
    (["--headless", "--seed", "-1"], "--seed must be from 0 to 9223372036854775807 (what a save holds), not -1"),
    (["--headless", "--seed", str(2**63)], "--seed must be from 0 to 9223372036854775807"),
    (["--headless", "--turns", "1000001"], "--turns must be at most 1000000, not 1000001"),
    (["--headless", "--world", "-5"], "--world must be 0 or more, not -5"),  # the flag given, not --turns
    (["--headless", "--world", "1000001"], "--world must be at most 1000000, not 1000001"),
])
def test_flags_that_would_do_nothing_and_unbounded_numbers_are_refused(argv, message):
    assert refused(*argv).startswith(message)


@pytest.mark.parametrize("flag", ["--map", "--load", "--events", "--save", "--dump-state"])
def test_a_path_too_long_or_not_text_is_one_line_before_it_is_used(flag):
    """Issue 26: a name over 255 bytes was an `OSError: [Errno 36]` traceback from `is_file()`."""
    mode = [] if flag in ("--load", "--map") else ["--headless"]
    long_name, long_path = "a" * 300 + ".tmx", "/".join(["d" * 200] * 25)
    assert refused(*mode, flag, long_name) == (f"{flag}: the path {'a' * 80}… is too long (304 bytes, a name of "
                                               f"304; the system takes at most 4096, and 255 a name)")
    assert refused(*mode, flag, long_path).startswith(f"{flag}: the path {'d' * 80}… is too long (5024 bytes")
    assert refused(*mode, flag, "x\udcff\x1b.sav") == f"{flag}: the path x\\udcff\\x1b.sav is not UTF-8 text"


def test_a_path_too_long_ends_the_game_in_one_line_and_code_2():
    run = run_main("--headless", "--map", "m" * 300)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"ethernalis: --map: the path {'m' * 80}… is too long (300 bytes, a name of 300; the " \
                         f"system takes at most 4096, and 255 a name)\n"


def test_a_fifo_or_a_device_is_refused_and_left_alone(tmp_path: Path):
    fifo = tmp_path / "events.fifo"
    os.mkfifo(fifo)
    assert refused("--headless", "--events", str(fifo)).startswith("--events writes regular files only")
    assert refused("--headless", "--save", "/dev/null").startswith("--save writes regular files only")
    assert refused("--headless", "--dump-state", "/dev/full").startswith("--dump-state writes regular files only")
    assert refused("--smoke-test", "--screenshot", str(fifo)).startswith("--screenshot writes regular files only")
    assert fifo.is_fifo()


def test_two_outputs_or_an_output_over_the_loaded_save_are_refused(tmp_path: Path):
    save = tmp_path / "run.sav"
    save.write_bytes(b"a save")
    assert refused("--headless", "--events", "a.jsonl", "--dump-state", "./a.jsonl") == (
        "--events and --dump-state name the same file, a.jsonl")
    assert refused("--headless", "--load", str(save), "--events", str(save)) == (
        f"--events would overwrite the save being loaded, {save}")
    main.parse_args(["--headless", "--load", str(save), "--save", str(save)])  # saving in place is fine


@pytest.mark.parametrize("flag, target", [
    ("events", DEFAULT_MAP), ("state", DEFAULT_MAP.parent / "tilesets" / "dungeon.tsx"),
    ("save", ROOT / "assets" / "tiles" / "dungeon.png"), ("state", DATA / "world.toml"),
])
def test_no_output_ever_replaces_a_file_the_game_reads(flag, target, capsys):
    before = target.read_bytes()
    outputs = {"events": None, "state": None, "save": None, flag: target}
    code = run_headless(DEFAULT_MAP, 1, 1, outputs["events"], outputs["state"], None, outputs["save"])
    assert code == 2 and target.read_bytes() == before
    assert capsys.readouterr().err.endswith(f"would overwrite {target}, which the game reads\n")
    assert not target.with_name(target.name + ".lock").exists()  # refused before --save's slot lock is taken


def run_main(*args: str, **options) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, **options)


def small_files() -> None:
    """In the child: files may grow to 4 KB, and a write past that fails (EFBIG) instead of killing it."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_a_failed_write_names_its_file_in_one_line(tmp_path: Path):
    events = tmp_path / "events.jsonl"
    done = run_main("--headless", "--seed", "3", "--turns", "20", "--events", str(events), preexec_fn=small_files)
    assert done.returncode == 1
    assert done.stderr == f"ethernalis: cannot write {events}: File too large\n"
    missing = tmp_path / "no" / "such" / "folder" / "state.json"
    done = run_main("--headless", "--turns", "1", "--dump-state", str(missing))
    assert done.stderr == f"ethernalis: cannot write {missing}: No such file or directory\n"


def test_ctrl_c_ends_a_headless_run_with_one_line_and_whole_event_lines(tmp_path: Path):
    events = tmp_path / "events.jsonl"
    run = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--headless", "--seed", "2", "--turns", "1000000",
                            "--events", str(events)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
    deadline = time.monotonic() + 60
    while (not events.exists() or events.stat().st_size < 20_000) and time.monotonic() < deadline:
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    lines = events.read_text().splitlines(keepends=True)
    last = json.loads(lines[-1])["turn"]
    assert err == f"ethernalis: interrupted at turn {last}; {events} holds every event up to it\n" and out == ""
    assert all(line.endswith("\n") and json.loads(line) for line in lines)


def test_version_prints_the_version_of_pyproject(capsys):
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert main.main(["--version"]) == 0
    assert capsys.readouterr().out == f"Ethernalis {version}\n"
    assert refused("--version", "--seed", "3") == "--version takes no other option"
