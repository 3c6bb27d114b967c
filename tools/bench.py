"""Benchmarks of the world turn (worlds of 500, 2,000 and 8,000 creatures) and of the dungeon screen's frame.

    python tools/bench.py [--sizes 500 2000 8000] [--turns 30] [--runs 1] [--json]
    python tools/bench.py --frames [N] [--maps default village caves] [--json]

The world turn: the median cost of one world turn beside one bare pass over the same entities (the
world store's query, esper's walk; esper's own pass over a copy is reported beside it). Each
world is built and measured in a process of its own, as the game holds one world per process: a world
built where a smaller one was freed would sit in that one's scattered leftovers. With `--runs N` every
size is measured N times, the sizes taking turns, and the median run is reported.

The frame (`--frames`, 600 frames unless N is given): the real dungeon scene on each shipped map, in a
dummy window like the game's, its own process per map. Space ends the turn whenever the world is idle,
so turns pass back to back, and each frame runs as the app loop runs it (events, update, draw, flip). The
time the world turn itself takes inside a frame (World.advance, what the world benchmark measures) is
left out of the frame time and reported apart. Beside it, the bare frame: the pre-rendered map blitted
once and flipped, in the same run.

The idle window (`--idle [SECONDS]`, 10 unless given): the game's own loop (game/ui/app.py `frame`) left
alone on the title, the dungeon, the region map and the dialogue screen, each in a process of its own and in
the window the video driver gives (run it under `xvfb-run -a -s "-screen 0 1280x800x24"` for a real one);
the process's CPU time over SECONDS after the loop has had its moment awake, as a share of one core.
`--awake` measures the same loop never sleeping (the game before issue 28).

The arrival (`--arrival [TURNS]`, 2,000 unless given): a new world's hero away from its home settlement for
TURNS turns (the realm's clock moved on, as after a long dungeon run), then going in from the region map
through the game's loop: every frame's time until the settlement's screen is up (the catching up spread over
frames behind the arrival screen, game/ui/region.py), beside the same arrival in one go (Session.travel), each
in a process of its own (`--one-arrival`).

The cold start (`--cold [N]`, 10 unless given): a new Python process, from its start to the title's first
frame drawn and flipped (main.py's imports, game/ui/app.py `open_game`, then one `frame`), N times with the
bytecode cached (one untimed start first); the median and the spread. Results and the machine they came from go in docs/performance.md.
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

import esper  # noqa: E402  esper's own bare pass, measured beside the store's

from game.content.content import load_content  # noqa: E402
from game.maps.model import DungeonMap, Exit, ItemPlacement, Room  # noqa: E402
from game.paths import MAPS  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.world.components import Body, Mood, Position  # noqa: E402
from game.world.driver import Driver, new_world  # noqa: E402
from game.world.verbs import factory  # noqa: E402
from game.world.world import World  # noqa: E402

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


def bare_pass(world: World) -> float:
    """One query of the world's store over every creature, built afresh (the store drops its query cache
    whenever an entity dies, as most turns one does), doing no work per entity: esper's own walk over the
    world's own entities (game/world/ecs.py keeps it; `esper_pass` measures esper's beside it)."""
    world.forget_queries()
    start = time.perf_counter()
    for _eid, (_body, _mood, _pos) in world.join(Body, Mood, Position):
        pass
    return (time.perf_counter() - start) * 1000


def esper_pass(world: World, times: int = 20) -> float:
    """The bare pass made by esper itself over a copy of the world's creatures in an esper world (built
    untimed, after the measured turns): the median of `times`, to show the store's pass costs what esper's does."""
    esper.switch_world("bench")
    for _eid, parts in world.join(Body, Mood, Position):
        esper.create_entity(*parts)
    timed = []
    for _ in range(times):
        esper.clear_cache()
        start = time.perf_counter()
        for _eid, (_body, _mood, _pos) in esper.get_components(Body, Mood, Position):
            pass
        timed.append((time.perf_counter() - start) * 1000)
    esper.switch_world("default")
    esper.delete_world("bench")
    return statistics.median(timed)


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
            bare_ms.append(bare_pass(world))
            world.pop_events()  # as the screen does every frame
        return {"creatures": creatures, "rooms": len(world.map.rooms),
                "turn_ms": round(statistics.median(turn_ms), 3), "bare_ms": round(statistics.median(bare_ms), 4),
                "esper_ms": round(esper_pass(world), 4),
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


IDLE_SCREENS = ("title", "dungeon", "region", "dialogue")


def measure_idle(screen: str, seconds: float, awake: bool = False) -> dict[str, object]:
    """The CPU share of one core the game's loop takes over `seconds` left alone on `screen` (IDLE_SCREENS);
    with `awake`, of the loop never sleeping. User folders point at a temporary folder (no save is touched)."""
    import tempfile

    scratch = tempfile.mkdtemp(prefix="ethernalis-bench-")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = os.path.join(scratch, name.lower())
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui import pacing
    from game.ui.app import frame, scene_stack
    from game.ui.display import open_window
    from game.ui.preferences import Preferences
    from game.ui.session import Session

    pygame.display.init()
    pygame.font.init()
    open_window(fullscreen=False, scale=1.0)
    session = Session(MAPS / ("village.tmx" if screen == "dialogue" else "default.tmx"), FRAME_SEED)
    stack, preferences = scene_stack(session), Preferences()
    stack.push("title")
    if screen == "dungeon":
        stack.reset("dungeon")
    elif screen == "region":
        stack.reset("region", new=True)
    elif screen == "dialogue":
        dungeon = stack.reset("dungeon")
        hero = dungeon.hero_view()
        person = next(v for v in dungeon.views if v.room == hero.room and not v.is_hero and not v.hostile)
        stack.push("dialogue", person=person.eid, log=dungeon.log)
    pace = pacing.Pace(sleeps=not awake)
    clock = pygame.time.Clock()
    try:
        warm_until = time.perf_counter() + pacing.AWAKE_SECONDS + 1.0
        while time.perf_counter() < warm_until:
            frame(stack, preferences, None, pace, min(pacing.MAX_DT, clock.tick(60) / 1000))
        drawn, cpu, wall = 0, time.process_time(), time.perf_counter()
        while time.perf_counter() - wall < seconds:
            drawn += frame(stack, preferences, None, pace, min(pacing.MAX_DT, clock.tick(60) / 1000))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        session.close(autosave=False)
        pygame.quit()
    return {"screen": screen, "cpu_percent": round(100 * cpu / wall, 2), "frames_drawn": drawn,
            "seconds": round(wall, 2), "awake": awake, "driver": os.environ.get("SDL_VIDEODRIVER", "default"),
            "load": round(os.getloadavg()[0], 2)}


def idle_apart(screen: str, seconds: float, awake: bool) -> dict[str, object]:
    """`measure_idle` in a fresh Python process (this script with --one-idle)."""
    run = subprocess.run([sys.executable, __file__, "--one-idle", screen, "--idle", str(seconds)]
                         + (["--awake"] if awake else []), capture_output=True, text=True, check=False)
    if run.returncode:
        raise SystemExit(f"bench: the idle {screen} run failed:\n{run.stderr.strip()}")
    return json.loads(run.stdout)


FIRST_FRAME = ("import sys; sys.path.insert(0, {root!r}); import main; main.tune_gc(); "
               "from game.paths import DEFAULT_MAP; from game.ui import app, pacing; "
               "stack, preferences, session = app.open_game(DEFAULT_MAP, 5); "
               "app.frame(stack, preferences, None, pacing.Pace(), 0.0); print('ready', flush=True)")  # as main.py


def measure_arrival(turns: int, in_one_go: bool) -> dict[str, object]:
    """The frames of arriving home after `turns` turns away (or the one call that arrives in one go)."""
    import tempfile

    scratch = tempfile.mkdtemp(prefix="ethernalis-bench-")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = os.path.join(scratch, name.lower())
    for name, value in HEADLESS.items():
        os.environ.setdefault(name, value)
    import pygame

    from game.paths import DEFAULT_MAP
    from game.ui import app, pacing
    from game.ui.dungeon import DungeonScene

    stack, preferences, session = app.open_game(DEFAULT_MAP, FRAME_SEED)
    try:
        region = stack.reset("region", new=True)
        realm = session.realm
        realm.clock += turns  # away that long (a long dungeon run), the hero beside its home again
        region.chosen = realm.home
        frames, cpu, pace, clock = [], [], pacing.Pace(sleeps=False), pygame.time.Clock()
        began = time.perf_counter()
        step = (lambda: session.travel(realm.home)) if in_one_go else region.go
        while step is not None:
            start, start_cpu = time.perf_counter(), time.thread_time()
            step()
            frames.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            done = in_one_go or isinstance(stack.top, DungeonScene)
            step = None if done else lambda: app.frame(stack, preferences, None, pace, 1 / 60)
            clock.tick(60)
        took = time.perf_counter() - began
    finally:
        session.close(autosave=False)
        pygame.quit()
    return {"turns": turns, "in_one_go": in_one_go, "frames": len(frames), "max_frame_ms": round(max(frames), 1),
            "p95_frame_ms": round(percentile(frames, 95), 1), "last_frame_ms": round(frames[-1], 1),
            "max_frame_cpu_ms": round(max(cpu), 1),
            "seconds": round(took, 2),
            "load": round(os.getloadavg()[0], 2)}


def arrival_apart(turns: int, in_one_go: bool) -> dict[str, object]:
    """`measure_arrival` in a fresh Python process (this script with --one-arrival)."""
    run = subprocess.run([sys.executable, __file__, "--one-arrival", str(turns)] + (["--awake"] if in_one_go else []),
                         capture_output=True, text=True, check=False)
    if run.returncode:
        raise SystemExit(f"bench: the arrival failed:\n{run.stderr.strip()}")
    return json.loads(run.stdout)


def measure_cold(runs: int) -> dict[str, object]:
    """`runs` new processes timed from their start to the title's first frame (one untimed first, to cache
    the bytecode)."""
    import tempfile

    scratch = tempfile.mkdtemp(prefix="ethernalis-bench-")  # the player's folders: empty, as on a first start
    env = {**os.environ, "SDL_AUDIODRIVER": os.environ.get("SDL_AUDIODRIVER", "dummy"), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           **{name: os.path.join(scratch, name.lower()) for name in
              ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")}}
    command = [sys.executable, "-c", FIRST_FRAME.format(root=str(Path(__file__).resolve().parent.parent))]
    times = []
    for n in range(runs + 1):
        began = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        line = child.stdout.readline()
        took = (time.perf_counter() - began) * 1000
        child.communicate()
        if line.strip() != "ready":
            raise SystemExit(f"bench: the cold start failed:\n{child.stderr if child.stderr else ''}")
        if n:
            times.append(took)
    return {"runs": runs, "median_ms": round(statistics.median(times), 1), "min_ms": round(min(times), 1),
            "max_ms": round(max(times), 1), "driver": os.environ.get("SDL_VIDEODRIVER", "default"),
            "load": round(os.getloadavg()[0], 2)}


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
    parser.add_argument("--idle", type=float, nargs="?", const=10.0,
                        help="the CPU share of the game left idle on each screen, over this many seconds (10)")
    parser.add_argument("--awake", action="store_true", help="with --idle: the loop never sleeping")
    parser.add_argument("--one-idle", choices=IDLE_SCREENS, help=argparse.SUPPRESS)  # internal: one screen here
    parser.add_argument("--arrival", type=positive, nargs="?", const=2000,
                        help="the frames of arriving home after this many turns away (2000)")
    parser.add_argument("--one-arrival", type=positive, help=argparse.SUPPRESS)  # internal: here; --awake: in one go
    parser.add_argument("--cold", type=positive, nargs="?", const=10,
                        help="time a new process to the title's first frame, this many times (10)")
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
    if args.one_arrival:
        print(json.dumps(measure_arrival(args.one_arrival, in_one_go=args.awake)))
        return 0
    if args.arrival:
        for r in (arrival_apart(args.arrival, False), arrival_apart(args.arrival, True)):
            print(json.dumps(r) if args.json else
                  f"arrival after {r['turns']} turns away {'in one go' if r['in_one_go'] else 'over frames'}:"
                  f" {r['frames']} frames, longest {r['max_frame_ms']} ms (cpu {r['max_frame_cpu_ms']} ms),"
                  f" p95 {r['p95_frame_ms']} ms, the last"
                  f" (the place's screen built, the world saved) {r['last_frame_ms']} ms,"
                  f" {r['seconds']} s in all (load {r['load']})")
        return 0
    if args.cold:
        r = measure_cold(args.cold)
        print(json.dumps(r) if args.json else
              f"cold start to the title's first frame: median {r['median_ms']} ms (min {r['min_ms']}, max"
              f" {r['max_ms']}) over {r['runs']} new processes, video {r['driver']}, load {r['load']}")
        return 0
    if args.one_idle:
        print(json.dumps(measure_idle(args.one_idle, args.idle or 10.0, args.awake)))
        return 0
    if args.idle:
        for r in (idle_apart(screen, args.idle, args.awake) for screen in IDLE_SCREENS):
            print(json.dumps(r) if args.json else
                  f"{r['screen']:>9}  idle cpu {r['cpu_percent']:5.1f} % of a core  {r['frames_drawn']} frames drawn"
                  f" in {r['seconds']} s  ({'never sleeping, ' if r['awake'] else ''}video {r['driver']},"
                  f" load {r['load']})")
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
                  f"  bare pass {r['bare_ms']:7.3f} ms ({r['turn_ms'] / r['bare_ms']:.1f}x)  esper's {r['esper_ms']:7.3f} ms"
                  f"  ({r['alive']} alive after){spread}")
    if not args.json and len(args.sizes) > 1:
        small, large = args.sizes[-2], args.sizes[-1]
        ratios = [b["turn_ms"] / a["turn_ms"] for a, b in zip(runs[small], runs[large])]
        print(f"growth {large / small:.1f}x creatures -> {statistics.median(ratios):.2f}x time"
              + (f" (median of runs: {', '.join(f'{x:.2f}' for x in ratios)})" if args.runs > 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
