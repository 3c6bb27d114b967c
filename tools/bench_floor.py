"""The world turn's cost with many items lying in one room (issue 26): one item, or N copies of one floor item
laid one by one (a provision: alike ones join one stack; a weapon: they stay apart), on the village map.

    python tools/bench_floor.py [--copies 50000] [--item ration] [--turns 20] [--json]

Each case is built in a process of its own; the figure is the median CPU time of a world turn after two
turns to settle. Results go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def one_case(item: str, copies: int, turns: int) -> dict[str, object]:
    """A world of the village with `copies` of `item` laid in its most peopled room; the turn's median CPU time."""
    from collections import Counter

    from game.launch import new_game
    from game.paths import MAPS
    from game.world.components import Position
    from game.world.verbs import factory

    game = new_game(MAPS / "village.tmx", 7)
    world = game.world
    room = Counter(world.get(e, Position).room for e in world.creatures()).most_common(1)[0][0]
    square = (world.map.rooms[room].x, world.map.rooms[room].y)
    for _ in range(copies):
        factory.spawn_item(world, item, room, square)
    for _ in range(2):
        game.end_turn()
    times = []
    for _ in range(turns):
        start = time.process_time()
        game.end_turn()
        times.append(time.process_time() - start)
        world.pop_events()
    return {"item": item, "copies": copies, "floor_entities": len(world.rooms.floor(room)),
            "turn_ms": round(statistics.median(times) * 1000, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=50_000)
    parser.add_argument("--item", default="ration")
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--case", nargs=2, metavar=("ITEM", "COPIES"), help=argparse.SUPPRESS)  # a child process
    args = parser.parse_args(argv)
    if args.case:
        print(json.dumps(one_case(args.case[0], int(args.case[1]), args.turns)))
        return 0
    results = []
    for item, copies in ((args.item, 0), (args.item, args.copies)):
        run = subprocess.run([sys.executable, __file__, "--case", item, str(copies), "--turns", str(args.turns)],
                             capture_output=True, text=True, check=True)
        results.append(json.loads(run.stdout))
    if args.json:
        print(json.dumps(results))
    for r in results:
        print(f"{r['copies']:>7} x {r['item']}: {r['floor_entities']} entities on the floor, "
              f"{r['turn_ms']} ms of CPU a turn (median of {args.turns})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
