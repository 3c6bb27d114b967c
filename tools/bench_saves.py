"""Benchmark of a whole world's save (issue 12): every shipped site populated, 2,000 creatures in all.

    python tools/bench_saves.py [--creatures 2000] [--runs 7] [--json]

A world of sites is made from maps/region.tmx with its hero inside the Ruined Keep: every world a save can
hold at once (both settlements and the one dungeon run a hero is in, N2: the other dungeons have no run to
save), filled with creatures of a mix of kinds, spread over their rooms where there is space, until the
world holds `--creatures` in all. Then it is saved and loaded `--runs` times, a load with the maps in
memory (a quickload, a Continue after playing), after `store.forget(disk=True)` (a process's first load on
a machine where the game never ran) and after `store.forget()` (a process's first load, the maps read back
from the disk cache, game/maps/diskcache.py), and the region's maps read on their own both ways: the
median of each on the clock and in this process's CPU time (which the other sessions sharing the machine
lengthen far less), the Python function calls of one (cProfile: the same however busy the machine), and
the file's size. Results and the machine they came from go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.content import load_content  # noqa: E402
from game.launch import new_realm  # noqa: E402
from game.maps import store  # noqa: E402
from game.paths import REGION_MAP  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.save import worldsave  # noqa: E402
from game.world.realm import Realm  # noqa: E402
from game.world.verbs import factory  # noqa: E402

KEEP = 3  # the Ruined Keep's place id in maps/region.tmx
MIX = ("wanderer", "wolf", "goblin_cutters", "zombie", "giant_rat", "outlaw", "villager", "cave_bats",
       "skeleton_rabble", "guard")


def populated(creatures: int) -> Realm:
    """A realm with its hero in the keep and `creatures` creatures in all its worlds."""
    realm = new_realm(REGION_MAP, 1)
    realm.new_hero()  # a second hero, waiting on the road
    realm.travel(KEEP)
    worlds = [site.world for site in realm.sites.values() if site.world is not None]
    count = sum(len(w.creatures()) for w in worlds)
    n = 0
    while count < creatures:
        world = worlds[n % len(worlds)]
        rooms = sorted(world.map.rooms)
        if factory.spawn_creature(world, MIX[n % len(MIX)], rooms[(n // len(worlds)) % len(rooms)]) is not None:
            count += 1
        n += 1
        if n > creatures * 20:
            raise SystemExit(f"bench: no room for {creatures} creatures in the shipped sites")
    return realm


def timed(action: Callable[[], object]) -> tuple[float, float]:
    """Milliseconds `action` took: on the clock, and of this process's CPU time (which other processes
    sharing the machine lengthen far less)."""
    wall, cpu = time.perf_counter(), time.process_time()
    done = action()
    took = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
    closed(done)
    return took


def calls(action: Callable[[], object]) -> int:
    """Python function calls `action` makes (cProfile's count): the same on a busy machine as on a quiet one."""
    profile = cProfile.Profile()
    closed(profile.runcall(action))
    return pstats.Stats(profile).total_calls  # type: ignore[attr-defined]


def closed(done: object) -> None:
    """A loaded realm closed after its load was timed: giving it up is no part of loading it."""
    if isinstance(done, Realm):
        done.close()


def measure(creatures: int, runs: int) -> dict[str, object]:
    """Save, load with the maps in memory (a quickload, a Continue after playing) and load after
    store.forget() (as a process's first load, the title screen's Continue after starting the game), with
    the disk cache of the maps emptied and with it holding them."""
    realm = populated(creatures)
    content = load_content()
    total = sum(len(s.world.creatures()) for s in realm.sites.values() if s.world is not None)
    times: dict[str, list[tuple[float, float]]] = {"save": [], "load": [], "first_load": [], "cached_load": [],
                                                   "maps": [], "cached_maps": []}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "world.sav"

        def save() -> None:
            worldsave.save_realm(realm, path)

        def load() -> Realm:
            return worldsave.load_realm(path, content)

        def read_maps() -> None:
            worldsave.region_maps(path, region)

        save()
        region = worldsave.fileformat.read(path)["region"]  # the maps' figure without reading the save's body
        for _ in range(runs):
            times["save"].append(timed(save))
            for cache, maps_key, load_key in ((True, "maps", "first_load"), (False, "cached_maps", "cached_load")):
                store.forget(disk=cache)
                times[maps_key].append(timed(read_maps))
                store.forget(disk=cache)
                times[load_key].append(timed(load))
            times["load"].append(timed(load))
        counted = {"save_calls": calls(save), "load_calls": calls(load)}
        store.forget(disk=True)
        counted["first_load_calls"] = calls(load)
        store.forget()
        counted["cached_load_calls"] = calls(load)
        size = path.stat().st_size
    realm.close()
    medians = {f"{what}_{clock}_ms": round(statistics.median(t[i] for t in taken), 1)
               for what, taken in times.items() for i, clock in enumerate(("wall", "cpu"))}
    best = {f"{what}_cpu_best_ms": round(min(t[1] for t in taken), 1) for what, taken in times.items()}
    return {"creatures": total, "sites": len(realm.sites), **medians, **best, **counted, "bytes": size}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--creatures", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.creatures < 1 or args.runs < 1:
        print("bench_saves: --creatures and --runs must be 1 or more", file=sys.stderr)
        return 2
    tune_gc()
    result = measure(args.creatures, args.runs)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['creatures']} creatures in {result['sites']} sites, file {result['bytes'] / 1024:.0f} KiB; "
          f"of {args.runs} runs the median on the clock / of CPU time, the best of CPU time (what the code costs "
          f"when no other guest of a shared machine disturbs it, as timeit reckons), and the Python calls of one:")
    for what, words in (("save", "save"), ("load", "load, maps in memory"),
                        ("first_load", "load, maps read (a process's first)"), ("maps", "… reading the maps"),
                        ("cached_load", "load, maps from the disk cache (first)"), ("cached_maps", "… reading them")):
        calls_of = f", {result[what + '_calls']:,} calls" if what + "_calls" in result else ""
        print(f"  {words:39} {result[what + '_wall_ms']:7.1f} ms / {result[what + '_cpu_ms']:7.1f} ms, best "
              f"{result[what + '_cpu_best_ms']:7.1f} ms{calls_of}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
