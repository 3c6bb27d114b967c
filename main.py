"""Ethernalis: start the game window, or run a world headless.

    python main.py                      the game window on the default dungeon
    python main.py --smoke-test         play a few scripted turns under SDL_VIDEODRIVER=dummy
    python main.py --headless --map maps/default.tmx --seed 7 --turns 200 --events out.jsonl
    python main.py --load SAVE                  the game window, carrying on from a save
    python main.py --headless --load SAVE --turns 50 --save SAVE    continue a saved run headless
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.paths import DEFAULT_MAP
from game.runtime import tune_gc


class ArgumentError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one line instead of exiting with usage text."""

    def error(self, message: str) -> None:
        raise ArgumentError(message)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = Parser(prog="ethernalis", description="Ethernalis, an NPC-driven dungeon game.")
    parser.add_argument("--map", type=Path, default=DEFAULT_MAP, help="Tiled .tmx map to play")
    parser.add_argument("--seed", type=int, default=None, help="world seed (default: random)")
    parser.add_argument("--headless", action="store_true", help="run the world without a window")
    parser.add_argument("--turns", type=int, default=100, help="headless: world turns to run")
    parser.add_argument("--events", type=Path, help="headless: write events as JSON lines here")
    parser.add_argument("--dump-state", type=Path, help="headless: write every creature's final card here")
    parser.add_argument("--load", type=Path, help="carry on from this save file (its map and seed)")
    parser.add_argument("--save", type=Path, help="headless: save the world here after the run")
    parser.add_argument("--smoke-test", action="store_true", help="play scripted turns in a dummy window")
    parser.add_argument("--screenshot", type=Path, help="smoke test: save the dungeon screen here")
    args = parser.parse_args(argv)
    if args.turns < 0:
        raise ArgumentError(f"--turns must be 0 or more, not {args.turns}")
    if not args.map.is_file():
        raise ArgumentError(f"map not found: {args.map}")
    if args.load is not None and not args.load.is_file():
        raise ArgumentError(f"save not found: {args.load}")
    if args.load is not None and args.smoke_test:
        raise ArgumentError("--smoke-test plays from the title screen and takes no --load")
    if args.save is not None and not args.headless:
        raise ArgumentError("--save works with --headless (the game window saves from its pause menu)")
    if args.save is not None and args.save.is_dir():
        raise ArgumentError(f"--save needs a file, not the folder {args.save}")
    return args


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
    except ArgumentError as exc:
        print(f"ethernalis: {exc}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    tune_gc()
    if args.headless:
        from game.headless import run_headless

        return run_headless(args.map, seed, args.turns, args.events, args.dump_state, args.load, args.save)
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
            print(f"ethernalis: {exc}", file=sys.stderr)
            return 1
    from game.ui.app import run

    return run(args.map, seed, args.smoke_test, args.screenshot, world)


if __name__ == "__main__":
    sys.exit(main())
