"""Benchmark of a whole world's save (issue 12): every shipped site populated, 2,000 creatures in all.

    python tools/bench_saves.py [--creatures 2000] [--runs 7] [--json]

A world of sites is made from maps/region.tmx with its hero inside the Ruined Keep: every world a save can
hold at once (both settlements and the one dungeon run a hero is in, N2: the other dungeons have no run to
save), filled with creatures of a mix of kinds, spread over their rooms where there is space, until the
world holds `--creatures` in all. Then it is saved and loaded `--runs` times: the median of each, the
file's size, and the load split into reading the region's Tiled maps (pytmx) and building the worlds
from the body. Results and the machine they came from go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.content import load_content  # noqa: E402
from game.launch import new_realm  # noqa: E402
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
        world.ecs.activate()
        if factory.spawn_creature(world, MIX[n % len(MIX)], rooms[(n // len(worlds)) % len(rooms)]) is not None:
            count += 1
        n += 1
        if n > creatures * 20:
            raise SystemExit(f"bench: no room for {creatures} creatures in the shipped sites")
    return realm


def measure(creatures: int, runs: int) -> dict[str, object]:
    realm = populated(creatures)
    content = load_content()
    total = sum(len(s.world.creatures()) for s in realm.sites.values() if s.world is not None)
    saves, loads, maps = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "world.sav"
        for _ in range(runs):
            start = time.perf_counter()
            worldsave.save_realm(realm, path)
            saves.append((time.perf_counter() - start) * 1000)
            body = worldsave.fileformat.read(path)
            start = time.perf_counter()
            worldsave.region_maps(path, body["region"])
            maps.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            loaded = worldsave.load_realm(path, content)
            loads.append((time.perf_counter() - start) * 1000)
            loaded.close()
        size = path.stat().st_size
    realm.close()
    load_ms, maps_ms = statistics.median(loads), statistics.median(maps)
    return {"creatures": total, "sites": len(realm.sites), "save_ms": round(statistics.median(saves), 1),
            "load_ms": round(load_ms, 1), "maps_ms": round(maps_ms, 1), "build_ms": round(load_ms - maps_ms, 1),
            "bytes": size}


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
    else:
        print(f"{result['creatures']} creatures in {result['sites']} sites: save {result['save_ms']} ms, "
              f"load {result['load_ms']} ms (reading the Tiled maps {result['maps_ms']} ms, building "
              f"{result['build_ms']} ms), file {result['bytes'] / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
