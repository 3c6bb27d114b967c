"""Run a map headless and report what its creatures did, for a designer to act on.

    python tools/simulate.py maps/default.tmx --turns 500 --seed 1 [--plot out.png]

The hero waits at the entrance; the report covers population over time, deaths by cause, who
levelled, food eaten and left, and spawns. --plot draws the population and mean-needs curves.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import esper  # noqa: E402

from game.content.errors import ContentError, printable  # noqa: E402
from game.maps.errors import MapError  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.world.components import Item  # noqa: E402
from game.launch import new_game  # noqa: E402
from game.world.driver import Driver  # noqa: E402
from game.world.world import World  # noqa: E402

SAMPLES = 10  # rows of the population table


def snapshot(world: World) -> tuple[int, float, float]:
    """Living NPCs, and their mean hunger and thirst."""
    npcs = [a for a in world.actors.all() if a.body.health > 0]
    needy = [a.needs for a in npcs if a.needs is not None]
    mean = (lambda key: sum(getattr(n, key) for n in needy) / len(needy)) if needy else (lambda key: 0.0)
    return len(npcs), mean("hunger"), mean("thirst")


def provisions_left(world: World) -> Counter:
    left: Counter = Counter()
    for _eid, item in esper.get_component(Item):
        if world.content.items[item.item_id].provision:
            left[item.item_id] += item.count
    return left


def simulate(driver: Driver, turns: int) -> dict:
    world = driver.world
    curve = [(0, *snapshot(world))]
    for _ in range(turns):
        driver.end_turn()
        curve.append((world.turn, *snapshot(world)))
    events = world.pop_events()
    deaths: Counter = Counter()
    for e in events:  # the creatures'; the waiting hero's own end is reported apart
        if e.kind == "killed" and e.target != "hero":
            deaths[f"killed by {e.actor.split('#')[0]}"] += 1
        elif e.kind == "death" and e.actor != "hero":
            deaths[str(e.data.get("cause", "unknown"))] += 1
    return {
        "curve": curve,
        "deaths": deaths,
        "levels": Counter(f"{e.actor.split('#')[0]} to level {e.data['level']}" for e in events
                          if e.kind == "level_up"),
        "eaten": Counter(e.data.get("item_id", "?") for e in events if e.kind in ("eat", "drink")),
        "left": provisions_left(world),
        "spawns": Counter(e.actor.split("#")[0] for e in events if e.kind == "spawn"),
        "blocked": sum(e.kind == "spawn_blocked" for e in events),
        "complaints": sum(e.kind.startswith("complain_") for e in events),
        "over": world.over,
    }


def table(title: str, counts: Counter) -> list[str]:
    rows = [f"{title}:"] + [f"  {n:>5}  {what}" for what, n in counts.most_common()]
    return rows if counts else [f"{title}: none"]


def report(world: World, result: dict) -> str:
    curve = result["curve"]
    step = max(1, (len(curve) - 1) // SAMPLES)
    lines = [f"{printable(world.map.name)}: {world.turn} turns, seed {world.seed}", "",
             "turn  alive  hunger  thirst"]
    lines += [f"{t:>4}  {n:>5}  {h:>6.1f}  {d:>6.1f}" for t, n, h, d in curve[::step]]
    lines += [""] + table("deaths by cause", result["deaths"])
    lines += table("levels gained", result["levels"])
    lines += table("food and drink consumed", result["eaten"])
    lines += table("food and drink left in the dungeon", result["left"])
    lines += table("spawns", result["spawns"])
    lines += [f"spawns blocked for lack of space: {result['blocked']}",
              f"complaints of hunger or thirst: {result['complaints']}"]
    if result["over"]:
        lines.append(f"the waiting hero: {result['over']}")
    return "\n".join(lines)


def plot(result: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    turns, alive, hunger, thirst = zip(*result["curve"])
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
    top.plot(turns, alive, color="#b03a2e")
    top.set_ylabel("creatures alive")
    bottom.plot(turns, hunger, label="mean hunger", color="#ca6f1e")
    bottom.plot(turns, thirst, label="mean thirst", color="#2e86c1")
    bottom.axhline(20, color="grey", linestyle=":", linewidth=1)
    bottom.axhline(80, color="grey", linestyle="--", linewidth=1)
    bottom.set_xlabel("world turn")
    bottom.set_ylabel("need")
    bottom.legend()
    fig.tight_layout()
    fig.savefig(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run a map headless and report on its creatures.")
    parser.add_argument("map", type=Path)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, help="write the population and needs curves to this PNG")
    args = parser.parse_args(argv)
    if args.turns < 1:
        parser.error("--turns must be at least 1")
    tune_gc()
    try:
        driver = new_game(args.map, args.seed)
    except (MapError, ContentError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 1
    try:
        result = simulate(driver, args.turns)
        print(report(driver.world, result))
        if args.plot:
            plot(result, args.plot)
            print(f"plot written to {args.plot}")
    finally:
        driver.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
