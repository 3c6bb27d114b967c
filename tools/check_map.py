"""Check Tiled maps the way the game loads them (docs/maps.md, "The checker").

    python tools/check_map.py maps/*.tmx            every problem as `file: object id (name): message`
    python tools/check_map.py --structure-only X    skip the ids that come from assets/data/
    python tools/check_map.py --json X              one JSON document (format 1) for tools: the Tiled extension

A problem that explains later ones comes first with theirs indented under it. Exits 1 when any map has a
problem, 0 when all are playable.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.errors import ContentError, printable  # noqa: E402
from game.maps.data_ids import DataIds, read_data_ids  # noqa: E402
from game.maps.errors import MapError, Problem  # noqa: E402
from game.maps.tiled import check_ranges, load_map, load_region  # noqa: E402
from game.maps.validate import map_kind  # noqa: E402


FORMAT = 1  # of the --json document: raise it when its layout changes


def check(path: Path, data: DataIds) -> tuple[str, list[Problem]]:
    """One map's summary line (empty when it has problems) and its problems."""
    try:
        if map_kind(path) == "region":
            region = load_region(path)
            check_ranges(region, {pid: load_map(place.map, data=data) for pid, place in region.places.items()})
            return (f"{printable(path)}: ok: region, {len(region.places)} places, {len(region.sites)} sites, "
                    f"{len(region.roads)} roads"), []
        m = load_map(path, data=data)
        return (f"{printable(path)}: ok: {m.kind}, {len(m.rooms)} rooms, {len(m.exits)} exits, {len(m.placements)} "
                f"creatures, {len(m.items)} items, {len(m.traps)} traps, {len(m.spawners)} spawners, "
                f"{len(m.supplies)} supplies"), []
    except MapError as exc:
        return "", exc.details


def as_json(problem: Problem) -> dict:
    """A problem for tools: its line, the Tiled object it names (null for the map, a layer or a tileset) and
    the problems that follow from it."""
    return {"line": problem.line, "object": problem.object_id, "follows": [as_json(p) for p in problem.follows]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="check_map", description="Check Ethernalis Tiled maps.")
    parser.add_argument("maps", nargs="+", type=Path, help=".tmx files")
    parser.add_argument("--structure-only", action="store_true", help="do not check ids against assets/data/")
    parser.add_argument("--json", action="store_true", help="print one JSON document: every map's problems with "
                                                            "the ids of their objects")
    args = parser.parse_args(argv)
    try:
        data = DataIds() if args.structure_only else read_data_ids()
    except ContentError as exc:
        if args.json:
            print(json.dumps({"format": FORMAT, "error": str(exc), "maps": []}))
        else:
            print(f"check_map: {exc}", file=sys.stderr)
        return 1
    results = [(path, *check(path, data)) for path in args.maps]
    if args.json:
        print(json.dumps({"format": FORMAT, "maps": [
            {"file": printable(path), "ok": not problems, "summary": summary, "problems": list(map(as_json, problems))}
            for path, summary, problems in results]}, ensure_ascii=False, indent=1))
    else:
        for _, summary, _ in results:
            if summary:
                print(summary)
        for _, _, problems in results:
            for problem in problems:
                print(problem.summary)
                print("".join(f"    {follow.line}\n" for follow in problem.follows), end="")
    return 1 if any(problems for _, _, problems in results) else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stdout = open(os.devnull, "w")
        sys.exit(1)
