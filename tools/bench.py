"""Benchmarks of the world turn (worlds of 500, 2,000 and 8,000 creatures) and of the dungeon screen's frame.

    python tools/bench.py [--sizes 500 2000 8000] [--turns 30] [--runs 1] [--json]
    python tools/bench.py --frames [N] [--maps default village caves] [--json]

The world turn: the median cost of one world turn beside one bare esper pass over the same entities. Each
world is built and measured in a process of its own, as the game holds one world per process: a world
built where a smaller one was freed would sit in that one's scattered leftovers. With `--runs N` every
size is measured N times, the sizes taking turns, and the median run is reported.

The frame (`--frames`, 600 frames unless N is given): the real dungeon scene on each shipped map, in a
dummy window like the game's, its own process per map. Space ends the turn whenever the world is idle,
so turns pass back to back, and each frame runs as the app loop runs it (events, update, draw, flip). The
time the world turn itself takes inside a frame (World.advance, what the world benchmark measures) is
left out of the frame time and reported apart. Beside it, the bare frame: the pre-rendered map blitted
once and flipped, in the same run. Results and the machine they came from go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import esper  # noqa: E402

from game.content.content import load_content  # noqa: E402
from game.maps.model import DungeonMap, Exit, ItemPlacement, Room  # noqa: E402
from game.paths import MAPS  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.world.components import Body, Mood, Position  # noqa: E402
from game.world.driver import Driver, new_world  # noqa: E402
from game.world.verbs import factory  # noqa: E402

if TYPE_CHECKING:
    import pygame

    from game.ui.dungeon import DungeonScene

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


FRAME_MAPS = ("default", "village", "caves")
FRAME_SEED = 5
WARM_FRAMES = 60
DT = 1 / 60  # the update step of a 60 fps frame
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def measure_frames(map_name: str, frames: int, every: int = 1) -> dict[str, object]:
    """`frames` frames of the dungeon scene on maps/<map_name>.tmx while turns pass, and as many bare frames.

    Space is pressed on every `every`-th frame on which the world is idle (1: turns back to back).
    """
    for name, value in HEADLESS.items():
        os.environ.setdefault(name, value)
    import pygame

    from game.ui.app import scene_stack
    from game.ui.display import open_window
    from game.ui.dungeon import MAP_VIEW, DungeonScene
    from game.ui.scene import SceneRefused
    from game.ui.session import Session

    pygame.display.init()
    pygame.font.init()
    surface = open_window(fullscreen=False, scale=1.0)
    session = Session(MAPS / f"{map_name}.tmx", FRAME_SEED)
    stack = scene_stack(session)
    in_world: list[tuple[float, float]] = []  # (wall, cpu) seconds spent in Driver.advance this frame

    def new_run() -> DungeonScene:
        """A run (the first, or the next after the hero died), its world turn timed, the mouse over the map."""
        try:
            dungeon = stack.reset("dungeon")
        except SceneRefused as exc:
            raise SystemExit(f"bench: {map_name}: {exc.problems[0]}") from None
        advance = dungeon.driver.advance

        def timed(budget: float) -> bool:
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return advance(budget)
            finally:
                in_world.append((time.perf_counter() - wall, time.thread_time() - cpu))

        dungeon.driver.advance = timed  # type: ignore[method-assign]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=MAP_VIEW.center, rel=(0, 0), buttons=(0, 0, 0)))
        return dungeon

    dungeon, runs, turns = new_run(), 1, 0
    wall_ms, cpu_ms, world_ms, turn_frames = [], [], [], []
    try:
        for n in range(WARM_FRAMES + frames):
            if stack.top is not dungeon:  # the hero died: a new run, between frames
                dungeon, runs = new_run(), runs + 1
            if n % every == 0 and not dungeon.driver.busy:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                     scancode=0))
                turns += n >= WARM_FRAMES
            in_world.clear()
            wall, cpu = time.perf_counter(), time.thread_time()
            for event in pygame.event.get():  # as game/ui/app.py's loop
                stack.top.handle(event)
            stack.top.update(DT)
            for scene in stack.visible():
                scene.draw(surface)
            pygame.display.flip()
            wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
            if n >= WARM_FRAMES:
                wall_ms.append((wall - sum(w for w, _ in in_world)) * 1000)
                cpu_ms.append((cpu - sum(c for _, c in in_world)) * 1000)
                if in_world:
                    world_ms.append(sum(w for w, _ in in_world) * 1000)
                    turn_frames.append(wall_ms[-1])
        bare_ms = [bare_frame(surface, dungeon, MAP_VIEW) for _ in range(frames)]
    finally:
        session.close()
        pygame.quit()
    median = statistics.median
    return {"map": map_name, "p50_ms": round(median(wall_ms), 3), "p95_ms": round(percentile(wall_ms, 95), 3),
            "bare_ms": round(median(bare_ms), 3), "cpu_p50_ms": round(median(cpu_ms), 3),
            "cpu_p95_ms": round(percentile(cpu_ms, 95), 3),
            "turn_frame_ms": round(median(turn_frames), 3) if turn_frames else None,
            "world_ms": round(median(world_ms), 3) if world_ms else None,
            "frames": frames, "every": every, "turns": turns, "runs": runs, "load": round(os.getloadavg()[0], 2)}


def bare_frame(surface: pygame.Surface, dungeon: DungeonScene, view: pygame.Rect) -> float:
    """One bare frame: the pre-rendered map blitted once where the scene shows it, and flipped."""
    import pygame

    began = time.perf_counter()
    ox, oy = dungeon.camera.to_view(0, 0)
    surface.set_clip(view)
    surface.blit(dungeon.view.layer.surface, (view.x + ox, view.y + oy))
    surface.set_clip(None)
    pygame.display.flip()
    return (time.perf_counter() - began) * 1000


def percentile(values: list[float], p: int) -> float:
    """The p-th percentile (statistics.quantiles, exclusive method)."""
    return statistics.quantiles(values, n=100)[p - 1] if len(values) > 1 else values[0]


def frames_apart(map_name: str, frames: int, every: int) -> dict[str, object]:
    """`measure_frames` in a fresh Python process (this script with --one-map)."""
    run = subprocess.run([sys.executable, __file__, "--one-map", map_name, "--frames", str(frames), "--every",
                          str(every)], capture_output=True, text=True, check=False)
    if run.returncode:
        lines = run.stderr.strip().splitlines() or ["no output"]
        raise SystemExit(lines[-1] if lines[-1].startswith("bench: ") else
                         f"bench: the {map_name} frames failed:\n{run.stderr.strip()}")
    return json.loads(run.stdout)


def shipped_map(name: str) -> str:
    """A shipped map by name (default, village, caves, ...)."""
    known = sorted(p.stem for p in MAPS.glob("*.tmx"))
    if name not in known:
        raise argparse.ArgumentTypeError(f"no shipped map named {name!r} (maps: {', '.join(known)})")
    return name


def report_frames(results: list[dict[str, object]], as_json: bool) -> None:
    for r in results:
        if as_json:
            print(json.dumps(r))
        else:
            turn = f"{r['turn_frame_ms']:.2f}" if r["turn_frame_ms"] is not None else "-"
            world = f"{r['world_ms']:.2f}" if r["world_ms"] is not None else "-"
            print(f"{r['map']:>8}  frame p50 {r['p50_ms']:6.2f} ms  p95 {r['p95_ms']:6.2f} ms"
                  f"  bare {r['bare_ms']:5.2f} ms  (p95 {r['p95_ms'] / r['bare_ms']:.1f}x bare)"
                  f"  cpu p50 {r['cpu_p50_ms']:.2f} p95 {r['cpu_p95_ms']:.2f} ms  frames with a turn {turn} ms"
                  f" (+ world {world} ms)  {r['frames']} frames, {r['turns']} turns, {r['runs']} runs,"
                  f" load {r['load']}")


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
    parser.add_argument("--json", action="store_true", help="one JSON object per size (per map with --frames)")
    parser.add_argument("--frames", type=positive, nargs="?", const=600,
                        help="measure the dungeon screen's frame for this many frames a map (600)")
    parser.add_argument("--maps", type=shipped_map, nargs="+", default=list(FRAME_MAPS),
                        help="with --frames: the shipped maps to run (default, village, caves)")
    parser.add_argument("--every", type=positive, default=1,
                        help="with --frames: end a turn every this many frames (1: back to back)")
    parser.add_argument("--one", type=positive, help=argparse.SUPPRESS)  # internal: measure one size here
    parser.add_argument("--one-map", type=shipped_map, help=argparse.SUPPRESS)  # internal: one map's frames here
    args = parser.parse_args(argv)
    tune_gc()  # as main.py does for the game
    if args.one:
        print(json.dumps(measure(args.one, args.turns)))
        return 0
    if args.one_map:
        print(json.dumps(measure_frames(args.one_map, args.frames or 600, args.every)))
        return 0
    if args.frames:
        report_frames([frames_apart(name, args.frames, args.every) for name in args.maps], args.json)
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
