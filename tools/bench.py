"""Benchmark of the world turn: worlds of 500, 2,000 and 8,000 creatures over proportional rooms.

    python tools/bench.py [--sizes 500 2000 8000] [--turns 30] [--runs 1] [--json]

Reports the median cost of one world turn beside one bare esper pass over the same entities. Each world
is built and measured in a process of its own, as the game holds one world per process: a world built
where a smaller one was freed would sit in that one's scattered leftovers. With `--runs N` every size is
measured N times, the sizes taking turns, and the median run is reported.
Results and the machine they came from go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import esper  # noqa: E402

from game.content.content import load_content  # noqa: E402
from game.maps.model import DungeonMap, Exit, ItemPlacement, Room  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.world.components import Body, Mood, Position  # noqa: E402
from game.world.driver import Driver, new_world  # noqa: E402
from game.world.verbs import factory  # noqa: E402

CREATURES_PER_ROOM = 4
ROOM_SIZE = 5
MIX = ("wanderer", "wolf", "goblin_cutters", "zombie", "giant_rat", "outlaw", "villager", "cave_bats",
       "skeleton_rabble", "guard")


def grid_map(rooms: int) -> DungeonMap:
    """A square-ish grid of 5x5 rooms, each joined to its right and lower neighbours by a door."""
    cols = max(1, int(rooms ** 0.5))
    made, exits, items = {}, [], []
    step = ROOM_SIZE + 1
    for i in range(rooms):
        cx, cy = i % cols, i // cols
        made[i + 1] = Room(i + 1, f"Room {i + 1}", 1 + cx * step, 1 + cy * step, ROOM_SIZE, ROOM_SIZE)
        if cx > 0:
            exits.append(Exit(100000 + i, "door", (cx * step, 1 + cy * step + 2), (i, i + 1)))
        if cy > 0:
            exits.append(Exit(200000 + i, "door", (1 + cx * step + 2, cy * step), (i + 1 - cols, i + 1)))
        if i % 3 == 0:
            items.append(ItemPlacement(300000 + i, "ration", i + 1, (1 + cx * step, 1 + cy * step), "ration", 2))
    rows = (rooms + cols - 1) // cols
    return DungeonMap(Path("bench"), "bench", cols * step + 1, rows * step + 1, 32, 32, made, tuple(exits),
                      (1, (1, 1)), items=tuple(items))


def build(creatures: int, seed: int = 1) -> Driver:
    rooms = creatures // CREATURES_PER_ROOM
    world = new_world(grid_map(rooms), load_content(), seed)
    for n in range(creatures):  # room r holds creatures 4r..4r+3: the same mix in every room at every size
        room, kind = 1 + n // CREATURES_PER_ROOM, MIX[n % len(MIX)]
        if factory.spawn_creature(world, kind, room) is None:
            raise RuntimeError(f"no space for {kind} in room {room}")
    return Driver(world)


def bare_pass() -> float:
    """One esper query over every creature, built afresh (esper drops its query cache whenever an entity
    dies, as most turns one does), doing no work per entity."""
    esper.clear_cache()
    start = time.perf_counter()
    for _eid, (_body, _mood, _pos) in esper.get_components(Body, Mood, Position):
        pass
    return (time.perf_counter() - start) * 1000


def measure(creatures: int, turns: int) -> dict[str, float]:
    driver = build(creatures)
    world = driver.world
    try:
        for _ in range(3):
            driver.end_turn()  # warm caches
        turn_ms, bare_ms = [], []
        for _ in range(turns):
            start = time.perf_counter()
            driver.end_turn()
            turn_ms.append((time.perf_counter() - start) * 1000)
            bare_ms.append(bare_pass())
            world.pop_events()  # as the screen does every frame
        return {"creatures": creatures, "rooms": len(world.map.rooms),
                "turn_ms": round(statistics.median(turn_ms), 3), "bare_ms": round(statistics.median(bare_ms), 4),
                "alive": len(world.creatures())}
    finally:
        driver.close()


def measure_apart(creatures: int, turns: int) -> dict[str, float]:
    """`measure` in a fresh Python process (this script with --one)."""
    run = subprocess.run([sys.executable, __file__, "--one", str(creatures), "--turns", str(turns)],
                         capture_output=True, text=True, check=False)
    if run.returncode:
        raise SystemExit(f"bench: the {creatures}-creature run failed:\n{run.stderr.strip()}")
    return json.loads(run.stdout)


def median_run(runs: list[dict[str, float]]) -> dict[str, float]:
    """The run with the median turn cost, with every run's turn cost beside it."""
    ordered = sorted(runs, key=lambda r: r["turn_ms"])
    return {**ordered[(len(ordered) - 1) // 2], "turn_ms_runs": [r["turn_ms"] for r in runs]}


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive whole number")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=positive, nargs="+", default=[500, 2000, 8000])
    parser.add_argument("--turns", type=positive, default=30)
    parser.add_argument("--runs", type=positive, default=1, help="measure every size this many times")
    parser.add_argument("--json", action="store_true", help="one JSON object per size")
    parser.add_argument("--one", type=positive, help=argparse.SUPPRESS)  # internal: measure one size here
    args = parser.parse_args(argv)
    tune_gc()  # as main.py does for the game
    if args.one:
        print(json.dumps(measure(args.one, args.turns)))
        return 0
    runs: dict[int, list[dict[str, float]]] = {n: [] for n in args.sizes}
    for _ in range(args.runs):
        for n in args.sizes:
            runs[n].append(measure_apart(n, args.turns))
    results = [median_run(runs[n]) for n in args.sizes]
    for r in results:
        if args.json:
            print(json.dumps(r))
        else:
            spread = f"  (runs: {', '.join(f'{t:.2f}' for t in r['turn_ms_runs'])})" if args.runs > 1 else ""
            print(f"{r['creatures']:>6} creatures {r['rooms']:>5} rooms  turn {r['turn_ms']:8.2f} ms"
                  f"  bare esper pass {r['bare_ms']:7.3f} ms  ({r['alive']} alive after){spread}")
    if not args.json and len(args.sizes) > 1:
        small, large = args.sizes[-2], args.sizes[-1]
        ratios = [b["turn_ms"] / a["turn_ms"] for a, b in zip(runs[small], runs[large])]
        print(f"growth {large / small:.1f}x creatures -> {statistics.median(ratios):.2f}x time"
              + (f" (median of runs: {', '.join(f'{x:.2f}' for x in ratios)})" if args.runs > 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
