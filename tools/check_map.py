"""Check Tiled maps the way the game loads them (docs/maps.md, "The checker").

    python tools/check_map.py maps/*.tmx            every problem as `file: object id (name): message`
    python tools/check_map.py --structure-only X    skip the ids that come from assets/data/

Exits 1 when any map has a problem, 0 when all are playable.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.errors import ContentError, printable  # noqa: E402
from game.maps.data_ids import DataIds, read_data_ids  # noqa: E402
from game.maps.errors import MapError  # noqa: E402
from game.maps.tiled import check_ranges, load_map, load_region  # noqa: E402
from game.maps.validate import map_kind  # noqa: E402


def check(path: Path, data: DataIds) -> list[str]:
    """The problems of one map (an empty list when it is playable), and a one-line summary."""
    try:
        if map_kind(path) == "region":
            region = load_region(path)
            check_ranges(region, {pid: load_map(place.map, data=data) for pid, place in region.places.items()})
            print(f"{printable(path)}: ok: region, {len(region.places)} places, {len(region.sites)} sites, "
                  f"{len(region.roads)} roads")
        else:
            m = load_map(path, data=data)
            print(
                f"{printable(path)}: ok: {m.kind}, {len(m.rooms)} rooms, {len(m.exits)} exits, {len(m.placements)} creatures, "
                f"{len(m.items)} items, {len(m.traps)} traps, {len(m.spawners)} spawners, {len(m.supplies)} supplies"
            )
    except MapError as exc:
        return exc.problems
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="check_map", description="Check Ethernalis Tiled maps.")
    parser.add_argument("maps", nargs="+", type=Path, help=".tmx files")
    parser.add_argument("--structure-only", action="store_true", help="do not check ids against assets/data/")
    args = parser.parse_args(argv)
    try:
        data = DataIds() if args.structure_only else read_data_ids()
    except ContentError as exc:
        print(f"check_map: {exc}", file=sys.stderr)
        return 1
    problems = []
    for path in args.maps:
        problems += check(path, data)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stdout = open(os.devnull, "w")
        sys.exit(1)
