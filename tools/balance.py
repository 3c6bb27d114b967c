"""Balance, measured: two headless heroes play each dungeon through the same commands as the screen.

    python tools/balance.py [MAPS ...] [--seeds 50] [--turns 1000] [--bots careful,reckless] [--markdown]
    python tools/balance.py maps/default.tmx --turns 100 --companion guard [--order behind]
    python tools/balance.py --world [--seeds 50] [--turns 5000]

--world plays the journey bot of tools/journey.py across the whole region instead (docs/balance.md, "The
journey"): --turns then caps each journey (default 5,000 world turns).

The bots are game/bots.py's (careful and reckless, as `main.py --headless --bot` plays them). Each run
ends when the hero dies or after --turns world turns. The report gives, per map and bot, the median
world turns survived and the median deepest room reached (doors from the entrance), with quartiles and
the share of runs that lived to the end, and the median share of the map's rooms entered (docs/balance.md).
With --companion, the hero starts with that creature joined at its side (given --order, e.g. behind) and the
report adds the share of runs whose companion was alive at the end.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.codex import HeroSheet  # noqa: E402
from game.content.content import Content, load_content  # noqa: E402
from game.content.errors import ContentError, printable  # noqa: E402
from game.launch import new_game  # noqa: E402
from game.maps.errors import MapError  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.bots import BOTS, play_turn  # noqa: E402
from game.world import views  # noqa: E402
from game.world.commands import Order  # noqa: E402
from game.world.components import Position  # noqa: E402
from game.world.driver import Driver  # noqa: E402
from game.world.verbs import company  # noqa: E402
from game.world.verbs.factory import spawn_creature  # noqa: E402
from tools import journey  # noqa: E402

DUNGEONS = ("maps/default.tmx", "maps/crypt.tmx", "maps/caves.tmx")


@dataclass
class Run:
    """What one bot did on one map and seed."""

    turns: int
    deepest: int
    share: float  # the share of the map's rooms it entered
    alive: bool
    kills: int
    level: int
    mate_alive: bool | None = None  # with a companion: whether it lived to the end of the run


def hero_for(how: str, seed: int, content: Content) -> HeroSheet | None:
    """The hero a bot plays: hero.toml's as shipped, or the creation screen's Random hero for the seed."""
    if how == "shipped":
        return None
    return content.heroes.random_sheet(content.codex.shipped_sheet(), random.Random(f"bot/{seed}"))


def play(map_path: Path, seed: int, bot_name: str, turns: int, content: Content | None = None,
         hero: str = "random", companion: str = "", order: str = "follow") -> Run:
    """One run: the bot gives commands until its hero dies or `turns` world turns have passed."""
    content = content or load_content()
    driver = new_game(map_path, seed, content, hero_for(hero, seed, content))
    try:
        world = driver.world
        mate = join_companion(driver, companion, order) if companion else None
        bot = BOTS[bot_name](driver)
        kills = 0
        while not world.over and world.turn < turns:
            play_turn(bot)
            kills += sum(1 for e in world.pop_events() if e.kind == "killed" and e.actor == world.uid(world.hero))
        level = views.creature(world, world.hero).level
        return Run(world.turn, bot.deepest(), len(bot.seen) / len(world.rooms.exits), not world.over, kills, level,
                   None if mate is None else world.alive(mate))
    finally:
        driver.close()


def join_companion(driver: Driver, codex_id: str, order: str) -> int:
    """A `codex_id` person beside the hero at the entrance, joined to its party (as Recruit does once its
    loyalty allows) and given `order` through the Order command."""
    world = driver.world
    here = world.room_of(world.hero)
    mate = spawn_creature(world, codex_id, here, world.get(world.hero, Position).square, kind="world")
    if mate is None:
        raise ContentError(f"no room beside the hero at the entrance for a {codex_id}")
    company.join(world, world.hero, mate)
    if order != "follow" and not driver.do(Order(world.hero, mate, order)).ok:
        raise ContentError(f"the companion refused the order {order!r}")
    return mate


def quartiles(values: list[int]) -> tuple[float, float, float]:
    if len(values) < 2:
        return (values[0],) * 3 if values else (0, 0, 0)
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, statistics.median(values), q3


def report(map_path: Path, bot_name: str, runs: list[Run], turns: int, markdown: bool) -> str:
    survived = [r.turns for r in runs]
    deepest = [r.deepest for r in runs]
    t1, t2, t3 = quartiles(survived)
    d1, d2, d3 = quartiles(deepest)
    lived = sum(r.alive for r in runs)
    kills = statistics.median(r.kills for r in runs)
    level = statistics.median(r.level for r in runs)
    share = round(100 * statistics.median(r.share for r in runs))
    mates = [r.mate_alive for r in runs if r.mate_alive is not None]
    mate = f"{sum(mates)}/{len(mates)}" if mates else "–"
    if markdown:
        return (f"| {map_path.name} | {bot_name} | {t2:g} ({t1:g}–{t3:g}) | {d2:g} ({d1:g}–{d3:g}) | {share} % | "
                f"{lived}/{len(runs)} | {kills:g} | {level:g} | {mate} |")
    return (f"{map_path.name:12} {bot_name:9} turns survived median {t2:g} (quartiles {t1:g}-{t3:g}), "
            f"deepest room median {d2:g} ({d1:g}-{d3:g}), rooms entered median {share} %, lived to turn {turns}: "
            f"{lived}/{len(runs)}, kills median {kills:g}, level median {level:g}, companion alive {mate}")


def world_report(seeds: int, cap: int) -> int:
    """The journey bot on seeds 1..`seeds`: the per-site table and the summary of docs/balance.md."""
    tune_gc()
    content = load_content()
    try:
        trips = [journey.journey(seed, content, cap) for seed in range(1, seeds + 1)]
    except (MapError, ContentError) as exc:
        print(printable(str(exc)), file=sys.stderr)
        return 1
    print("\n".join(journey.report(trips) + [""] + journey.summary(trips)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", type=Path, default=[Path(m) for m in DUNGEONS])
    parser.add_argument("--seeds", type=int, default=50, help="seeds 1..N per map and bot (default 50)")
    parser.add_argument("--turns", type=int, default=None,
                        help="a run ends after this many world turns (default 1000; a journey 5000)")
    parser.add_argument("--world", action="store_true", help="the journey bot across the region (tools/journey.py)")
    parser.add_argument("--bots", default="careful,reckless", help="comma-separated: careful, reckless")
    parser.add_argument("--hero", choices=("random", "shipped"), default="random",
                        help="the creation screen's Random hero for each seed (default), or hero.toml's as shipped")
    parser.add_argument("--markdown", action="store_true", help="rows of the docs/balance.md table")
    parser.add_argument("--companion", default="", help="a codex id: the hero starts with it in its party")
    parser.add_argument("--order", choices=("follow", "behind", "wait"), default="follow",
                        help="the companion's order (default follow)")
    args = parser.parse_args(argv)
    if args.world:
        return world_report(args.seeds, args.turns or journey.TURN_CAP) if 1 <= args.seeds <= 10_000 \
            and 1 <= (args.turns or 1) <= 1_000_000 else parser.error("--seeds 1 to 10000; --turns 1 to 1000000")
    args.turns = args.turns or 1000
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not 1 <= args.seeds <= 10_000 or not 1 <= args.turns <= 1_000_000:
        parser.error(f"bots are {', '.join(BOTS)}; --seeds 1 to 10000; --turns 1 to 1000000")
    if args.companion and args.companion not in load_content().codex.creatures:
        parser.error(f"--companion: no creature {args.companion!r} in assets/data/creatures")
    tune_gc()
    if args.markdown:
        print("| map | bot | turns survived: median (quartiles) | deepest room | rooms entered | lived to the end | "
              "kills | level | companion alive |")
        print("|---|---|---|---|---|---|---|---|---|")
    for map_path in args.maps:
        for bot_name in bots:
            try:
                runs = [play(map_path, seed, bot_name, args.turns, hero=args.hero, companion=args.companion,
                             order=args.order)
                        for seed in range(1, args.seeds + 1)]
            except (MapError, ContentError) as exc:
                print(printable(str(exc)), file=sys.stderr)
                return 1
            print(report(map_path, bot_name, runs, args.turns, args.markdown), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
