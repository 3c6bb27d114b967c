"""Ethernalis: start the game window, or run a world headless.

    python main.py                      the game window on the default dungeon
    python main.py --smoke-test         play a few scripted turns under SDL_VIDEODRIVER=dummy
    python main.py --headless --map maps/default.tmx --seed 7 --turns 200 --events out.jsonl
    python main.py --load SAVE                  the game window, carrying on from a save
    python main.py --headless --load SAVE --turns 50 --save SAVE    continue a saved run headless
    python main.py --version            the game's version
    python main.py --headless --world 500 --seed 7 --events out.jsonl    a world of sites for 500 turns
    python main.py --headless --map maps/crypt.tmx --seed 7 --bot careful --record run.rec    a recorded run
    python main.py --headless --replay run.rec --events out.jsonl    the recorded run again, the same events
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import __version__
from game.content.errors import clipped, printable
from game.paths import DEFAULT_MAP, regular_file, same_file
from game.runtime import MAX_SEED, tune_gc

MAX_TURNS = 1_000_000  # a headless run of that many turns takes hours already
OUTPUTS = ("save", "events", "dump_state", "screenshot", "record")
PATHS = ("map", "load", "replay", *OUTPUTS)
MAX_PATH_BYTES = 4096  # PATH_MAX on Linux; a longer path is refused before the system is asked
MAX_NAME_BYTES = 255  # one folder or file name (NAME_MAX on Linux, macOS and Windows)


class ArgumentError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line instead of exiting with usage text."""

    def error(self, message: str) -> None:
        raise ArgumentError(message)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(prog="ethernalis", description="Ethernalis, an NPC-driven dungeon game.")
    parser.add_argument("--map", type=Path, help="Tiled .tmx map to play (default maps/default.tmx)")
    parser.add_argument("--seed", type=int, default=None, help="world seed (default: random)")
    parser.add_argument("--headless", action="store_true", help="run the world without a window")
    parser.add_argument("--turns", type=int, help="headless: world turns to run (default 100)")
    parser.add_argument("--events", type=Path, help="headless: write events as JSON lines here")
    parser.add_argument("--dump-state", type=Path, help="headless: write every creature's final card here")
    parser.add_argument("--load", type=Path, help="carry on from this save file (its map and seed)")
    parser.add_argument("--save", type=Path, help="headless: save the world here after the run")
    parser.add_argument("--world", type=int, metavar="TURNS",
                        help="headless: run the world of sites of maps/region.tmx (every site) for TURNS turns")
    parser.add_argument("--bot", choices=("careful", "reckless"),
                        help="headless: a scripted hero plays the map instead of waiting (game/bots.py)")
    parser.add_argument("--record", type=Path, help="headless: keep the run's seed and commands in this file")
    parser.add_argument("--replay", type=Path, help="headless: play a recording again, to the same events")
    parser.add_argument("--smoke-test", action="store_true", help="play scripted turns in a dummy window")
    parser.add_argument("--screenshot", type=Path, help="smoke test: save the dungeon screen here")
    parser.add_argument("--version", action="store_true", help="print the game's version and stop")
    args = parser.parse_args(argv)
    if args.version and len(argv) > 1:
        raise ArgumentError("--version takes no other option")
    refuse_idle_flags(args)
    for flag in PATHS:
        if getattr(args, flag) is not None:
            check_path("--" + flag.replace("_", "-"), getattr(args, flag))
    refuse_replay_flags(args)
    if args.world is not None:
        if args.turns is not None:
            raise ArgumentError("--world takes its turns itself (--world 500); give no --turns")
        if args.map is not None:
            raise ArgumentError("--world runs the region map's sites; it takes no --map")
        args.turns = args.world
    flag = "--world" if args.world is not None else "--turns"
    if args.turns is not None and args.turns < 0:
        raise ArgumentError(f"{flag} must be 0 or more, not {args.turns}")
    if args.turns is not None and args.turns > MAX_TURNS:
        raise ArgumentError(f"{flag} must be at most {MAX_TURNS}, not {args.turns}")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise ArgumentError(f"--seed must be from 0 to {MAX_SEED} (what a save holds), not {args.seed}")
    if args.map is not None and not args.map.is_file():
        raise ArgumentError(f"map not found: {args.map}")
    if args.load is not None and not args.load.is_file():
        raise ArgumentError(f"save not found: {args.load}")
    check_outputs(args)
    args.map = args.map or DEFAULT_MAP
    args.turns = 100 if args.turns is None else args.turns
    return args


def refuse_idle_flags(args: argparse.Namespace) -> None:
    """A flag that would do nothing in the chosen mode is an error, not silently ignored."""
    if args.load is not None and args.smoke_test:
        raise ArgumentError("--smoke-test plays from the title screen and takes no --load")
    if args.save is not None and not args.headless:
        raise ArgumentError("--save works with --headless (the game window saves from its pause menu)")
    if args.smoke_test and args.headless:
        raise ArgumentError("--smoke-test plays in a window; it takes no --headless")
    if args.screenshot is not None and not args.smoke_test:
        raise ArgumentError("--screenshot works with --smoke-test (in the game, F12 takes screenshots)")
    for flag in ("turns", "events", "dump_state", "world", "bot", "record", "replay"):
        if getattr(args, flag) is not None and not args.headless:
            raise ArgumentError(f"--{flag.replace('_', '-')} works with --headless")
    for flag in ("map", "seed"):
        if getattr(args, flag) is not None and args.load is not None:
            raise ArgumentError(f"--{flag} does nothing with --load: the save has its own map and seed")


def check_path(flag: str, path: Path) -> None:
    """A path from the command line is UTF-8 text (a save names its map as text) no longer than the system
    takes (ENAMETOOLONG), and the system can look it up; else ArgumentError, quoting the path safely."""
    text = str(path)
    shown = clipped(printable(text), 80)
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise ArgumentError(f"{flag}: the path {shown} is not UTF-8 text") from None
    longest = max((len(os.fsencode(part)) for part in path.parts), default=0)
    if size > MAX_PATH_BYTES or longest > MAX_NAME_BYTES:
        raise ArgumentError(f"{flag}: the path {shown} is too long ({size} bytes, a name of {longest}; the "
                            f"system takes at most {MAX_PATH_BYTES}, and {MAX_NAME_BYTES} a name)")
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        pass
    except OSError as exc:
        raise ArgumentError(f"{flag}: the path {shown} cannot be used ({exc.strerror})") from None


def refuse_replay_flags(args: argparse.Namespace) -> None:
    """A recording holds its map, seed and commands; a recorded run starts afresh (docs/saves.md)."""
    if args.replay is not None:
        for flag in ("map", "seed", "turns", "load", "save", "world", "bot", "record"):
            if getattr(args, flag) is not None and getattr(args, flag) is not False:
                raise ArgumentError(f"--replay plays the recording's own run; it takes no --{flag}")
        if not args.replay.is_file():
            raise ArgumentError(f"recording not found: {args.replay}")
    if args.record is not None and args.load is not None:
        raise ArgumentError("--record keeps a run from its start; it takes no --load")
    if args.bot is not None and args.world is not None:
        raise ArgumentError("--bot plays one map's run; it takes no --world")


def check_outputs(args: argparse.Namespace) -> None:
    """--save, --events, --dump-state and --screenshot name regular files (or new ones), each a different one,
    and never the save being loaded (only --save may replace it)."""
    given = [(flag, getattr(args, flag)) for flag in OUTPUTS if getattr(args, flag) is not None]
    for flag, path in given:
        name = "--" + flag.replace("_", "-")
        if path.is_dir():
            raise ArgumentError(f"{name} needs a file, not the folder {path}")
        if os.path.lexists(path) and regular_file(path) is None:
            raise ArgumentError(f"{name} writes regular files only; {path} is not one (a FIFO, a device or a "
                                f"broken link)")
    for i, (flag, path) in enumerate(given):
        for other, other_path in given[i + 1:]:
            if same_file(path, other_path):
                raise ArgumentError(f"--{flag.replace('_', '-')} and --{other.replace('_', '-')} name the same "
                                    f"file, {path}")
        if flag != "save" and args.load is not None and same_file(path, args.load):
            raise ArgumentError(f"--{flag.replace('_', '-')} would overwrite the save being loaded, {path}")


def main(argv: list[str] | None = None) -> int:
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        print("ethernalis: interrupted", file=sys.stderr)
        return 130


def run(argv: list[str]) -> int:
    try:
        args = parse_args(argv)
    except ArgumentError as exc:
        print(f"ethernalis: {printable(exc)}", file=sys.stderr)
        return 2
    if args.version:
        print(f"Ethernalis {__version__}")
        return 0
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    tune_gc()
    if args.headless or args.load:  # the window reads them behind its title (game/ui/app.py, warm_up)
        from game import mods

        mods.switch_on()  # the player's mods read over the data, a broken one skipped (docs/modding.md)
    if args.headless:
        from game.headless import run_headless, run_replay, run_world

        if args.replay is not None:
            return run_replay(args.replay, args.events, args.dump_state)
        if args.world is not None:
            return run_world(seed, args.turns, args.events, args.dump_state, args.load, args.save, args.record)
        return run_headless(args.map, seed, args.turns, args.events, args.dump_state, args.load, args.save,
                            args.bot, args.record)
    if args.smoke_test:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    world = None
    if args.load:
        from game.save import SaveError, load_world

        try:
            world = load_world(args.load)
        except SaveError as exc:
            print(f"ethernalis: {printable(exc)}", file=sys.stderr)
            return 1
    from game.ui.app import run as run_window

    return run_window(args.map, seed, args.smoke_test, args.screenshot, world)


if __name__ == "__main__":
    sys.exit(main())
