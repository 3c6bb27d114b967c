"""Run a map headless and report what its creatures did, for a designer to act on.

    python tools/simulate.py maps/village.tmx --turns 2000 --seed 1 [--moments 6] [--plot out.png] [--graph web.png]
    python tools/simulate.py --world --turns 20000 --seed 1 [--moments 6]


The hero waits at the entrance; the report covers population over time, deaths by cause, who
levelled, food eaten and left, spawns, and the social web (N64-N73): exchanges by kind, feuds started and
ended, gifts, memories passed, how far opinions stand from first impressions, and a digest of the social
history (the same seed gives the same digest). A waiting hero does no deeds, so no news would travel:
--moments N plants N of the hero's moments (help and slight in turn, N81) with thinking creatures drawn
with an RNG of the seed's, as the dialogue screen would leave them. --plot draws the population, mean
needs and the opinions' bands over time; --graph draws who likes whom among the living at the end.

--world runs the whole region (maps/region.tmx, issue 12) with the hero waiting in the home settlement,
and reports each settlement's population (its residents and every other creature living there) at its
start, over time, at its lowest and highest, and at the end, with its deaths by cause, and the world NPCs
who travel between the settlements (N3): their departures and arrivals at each, the news of the hero they
passed on there, and how many there know of the hero's deeds at the end (--moments N plants the hero's
moments in the home settlement first, so there is news to carry).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.errors import ContentError, printable  # noqa: E402
from game.maps.errors import MapError  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.rules.social import band_of  # noqa: E402
from game.world.components import Item, Memories  # noqa: E402
from game.launch import new_game, new_realm  # noqa: E402
from game.paths import REGION_MAP  # noqa: E402
from game.world.realm import Realm  # noqa: E402
from game.world.driver import Driver  # noqa: E402
from game.world.verbs import social  # noqa: E402
from game.world.world import World  # noqa: E402

SAMPLES = 10  # rows of the population table
SOCIAL = ("converse", "feud_over")  # the events of the social web's history
RESIDENTS = ("world", "notable")  # a settlement's people (N3, N84): its residents and notable people


def snapshot(world: World) -> tuple[int, int, float, float]:
    """Living NPCs, the residents among them, and the mean hunger and thirst of all."""
    npcs = [a for a in world.actors.all() if a.body.health > 0]
    needy = [a.needs for a in npcs if a.needs is not None]
    mean = (lambda key: sum(getattr(n, key) for n in needy) / len(needy)) if needy else (lambda key: 0.0)
    return len(npcs), sum(a.ident.kind in RESIDENTS for a in npcs), mean("hunger"), mean("thirst")


def count_moods(world: World, moods: Counter) -> None:
    """One count a resident a turn, by its mood: how a settlement's people spend their time (N12)."""
    for actor in world.actors.all():
        if actor.ident.kind in RESIDENTS and actor.body.health > 0:
            moods[actor.mood.state.value] += 1


def keep_shops(world: World, shops: dict[str, list[int]]) -> None:
    """N5: for each living merchant (by name), the turns it stood in its shop (the room the map places it in)
    and away, and the longest time away at a stretch: [home, away, longest, current stretch]."""
    rooms = {p.name: p.room for p in world.map.placements if p.kind == "merchant"}
    for actor in world.actors.all():
        if actor.ident.kind == "merchant" and actor.body.health > 0 and actor.ident.name in rooms:
            tally = shops.setdefault(actor.ident.name, [0, 0, 0, 0])
            if actor.pos.room == rooms[actor.ident.name]:
                tally[0], tally[3] = tally[0] + 1, 0
            else:
                tally[1], tally[3] = tally[1] + 1, tally[3] + 1
                tally[2] = max(tally[2], tally[3])


def provisions_left(world: World) -> Counter:
    left: Counter = Counter()
    for _eid, item in world.query(Item):
        if world.content.items[item.item_id].provision:
            left[item.item_id] += item.count
    return left


def plant_moments(world: World, count: int, seed: int) -> None:
    """The hero's moments with thinking creatures, as the dialogue screen leaves them (N81): help and slight
    in turn, each with a creature drawn with an RNG of its own (the world's is left alone)."""
    thinking = sorted((a for a in world.actors.all() if a.opinions is not None), key=lambda a: a.ident.uid)
    rng = random.Random(seed)
    for n in range(count if thinking else 0):
        social.remember(world, rng.choice(thinking).eid, world.hero, ("help", "slight")[n % 2])


def opinions_now(world: World) -> list[tuple[str, str, int, int]]:
    """(holder, other, now, first) for every opinion a living thinking creature holds of another living one."""
    rows = []
    for actor in world.actors.all():
        if actor.opinions is not None and actor.body.health > 0:
            for uid, held in actor.opinions.of.items():
                if world.actors.by_uid(uid) is not None:
                    rows.append((actor.ident.uid, uid, social.current(world, held), held.first))
    return rows


def band_counts(world: World) -> Counter:
    bands = world.content.social.bands
    return Counter(band_of(now, bands) for _, _, now, _ in opinions_now(world))


def simulate(driver: Driver, turns: int) -> dict:
    world = driver.world
    curve = [(0, *snapshot(world))]
    bands = [(0, band_counts(world))]
    moods: Counter = Counter()
    shops: dict[str, list[int]] = {}
    events = []
    for _ in range(turns):
        driver.end_turn()
        curve.append((world.turn, *snapshot(world)))
        count_moods(world, moods)
        keep_shops(world, shops)
        if world.turn % 10 == 0 or world.turn == turns:
            bands.append((world.turn, band_counts(world)))
        events.extend(world.pop_events())
    deaths: Counter = Counter()
    for e in events:  # the creatures'; the waiting hero's own end is reported apart
        if e.kind == "killed" and e.target != "hero":
            deaths[f"killed by {e.actor.split('#')[0]}"] += 1
        elif e.kind == "death" and e.actor != "hero":
            deaths[str(e.data.get("cause", "unknown"))] += 1
    return {
        "curve": curve,
        "moods": moods,
        "shops": shops,
        "deaths": deaths,
        "levels": Counter(f"{e.actor.split('#')[0]} to level {e.data['level']}" for e in events
                          if e.kind == "level_up"),
        "eaten": Counter(e.data.get("item_id", "?") for e in events if e.kind in ("eat", "drink")),
        "left": provisions_left(world),
        "spawns": Counter(e.actor.split("#")[0] for e in events if e.kind == "spawn"),
        "blocked": sum(e.kind == "spawn_blocked" for e in events),
        "complaints": sum(e.kind.startswith("complain_") for e in events),
        "over": world.over,
        "social": social_history([e for e in events if e.kind in SOCIAL]),
        "bands": bands,
        "opinions": opinions_now(world),
    }


def social_history(events: list) -> dict:
    """N64-N73 over the run: exchanges by kind, feuds begun and ended, and a digest of the whole history."""
    talk = [e for e in events if e.kind == "converse"]
    over = [e for e in events if e.kind == "feud_over"]
    history = "\n".join(json.dumps(e.as_json(), sort_keys=True) for e in events)
    return {"kinds": Counter(e.data["exchange"] for e in talk), "feuds": sum(bool(e.data["feud"]) for e in talk),
            "ended": Counter(e.data["reason"] for e in over), "digest": hashlib.sha256(history.encode()).hexdigest()}


def table(title: str, counts: Counter) -> list[str]:
    rows = [f"{title}:"] + [f"  {n:>5}  {what}" for what, n in counts.most_common()]
    return rows if counts else [f"{title}: none"]


def report(world: World, result: dict) -> str:
    curve = result["curve"]
    step = max(1, (len(curve) - 1) // SAMPLES)
    lines = [f"{printable(world.map.name)}: {world.turn} turns, seed {world.seed}", "",
             " turn  alive  residents  hunger  thirst"]
    lines += [f"{t:>5}  {n:>5}  {p:>9}  {h:>6.1f}  {d:>6.1f}" for t, n, p, h, d in curve[::step]]
    people = [p for _, _, p, _, _ in curve]
    lines += [f"residents (world and notable people) over the run: start {people[0]}, least {min(people)}, "
              f"most {max(people)}, end {people[-1]}"]
    moods = result["moods"]
    if moods:
        total = sum(moods.values())
        lines += ["how the residents spent their turns: " + ", ".join(
            f"{mood} {100 * n / total:.0f}%" for mood, n in moods.most_common())]
    for name, (home, away, longest, _) in result["shops"].items():
        lines.append(f"merchant {printable(name)} in its shop (N5): {100 * home / (home + away):.1f}% of its turns, "
                     f"longest away {longest} turns")
    lines += [""] + table("deaths by cause", result["deaths"])
    lines += table("levels gained", result["levels"])
    lines += table("food and drink consumed", result["eaten"])
    lines += table("food and drink left in the dungeon", result["left"])
    lines += table("spawns", result["spawns"])
    lines += [f"spawns blocked for lack of space: {result['blocked']}",
              f"complaints of hunger or thirst: {result['complaints']}"]
    if result["over"]:
        lines.append(f"the waiting hero: {result['over']}")
    return "\n".join(lines + [""] + social_report(world, result))


def social_report(world: World, result: dict) -> list[str]:
    web, opinions = result["social"], result["opinions"]
    kinds = web["kinds"]
    ended = web["ended"]
    order = [band.name for band in world.content.social.bands]
    end = result["bands"][-1][1]
    firsts = Counter(band_of(first, world.content.social.bands) for _, _, _, first in opinions)
    away = sum(abs(now - first) for _, _, now, first in opinions) / len(opinions) if opinions else 0.0
    lines = ["the social web:"] + [f"  {n:>5}  {kind}" for kind, n in kinds.most_common()]
    lines += [f"exchanges: {sum(kinds.values())}",
              f"feuds started: {web['feuds']}, ended: {sum(ended.values())} "
              f"({ended['calm']} in calm, {ended['death']} by a death)",
              f"gifts: {kinds['gift']}, memories passed: {kinds['gossip']}",
              "opinions of the living for the living, by band:",
              "  " + "  ".join(f"{name:>11}" for name in ["", *order]),
              "  " + "  ".join(f"{what:>11}" for what in ["first", *(str(firsts[b]) for b in order)]),
              "  " + "  ".join(f"{what:>11}" for what in [f"turn {world.turn}", *(str(end[b]) for b in order)]),
              f"mean distance from the first impression at the end: {away:.1f}",
              f"social history digest (same seed, same digest): {web['digest'][:16]}"]
    return lines


def plot(world: World, result: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bands = world.content.social.bands
    turns, alive, people, hunger, thirst = zip(*result["curve"])
    fig, (top, bottom, web) = plt.subplots(3, 1, figsize=(9, 9), sharex=True)
    top.plot(turns, alive, color="#b03a2e", label="creatures")
    top.plot(turns, people, color="#6c3483", label="residents")
    top.set_ylabel("alive")
    top.legend()
    bottom.plot(turns, hunger, label="mean hunger", color="#ca6f1e")
    bottom.plot(turns, thirst, label="mean thirst", color="#2e86c1")
    bottom.axhline(20, color="grey", linestyle=":", linewidth=1)
    bottom.axhline(80, color="grey", linestyle="--", linewidth=1)
    bottom.set_ylabel("need")
    bottom.legend()
    names = [band.name for band in bands]
    held = [(turn, counts) for turn, counts in result["bands"] if counts]  # none before the first meetings
    when = [turn for turn, _ in held]
    shares = [[100 * counts[name] / sum(counts.values()) for _, counts in held] for name in names]
    web.stackplot(when, shares, labels=names, colors=[BAND_COLOURS[name] for name in names])
    web.set_ylabel("opinions by band (%)")
    web.set_ylim(0, 100)
    web.set_xlabel("world turn")
    web.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), fontsize=7, ncol=len(names), frameon=False)
    fig.tight_layout()
    fig.savefig(path)


BAND_COLOURS = {"nemesis": "#7b241c", "hostile": "#cb4335", "wary": "#eb984e", "indifferent": "#d5d8dc",
                "cordial": "#a9dfbf", "friendly": "#52be80", "trusted": "#1e8449"}


def graph(world: World, result: dict, path: Path) -> None:
    """Who likes whom among the living thinking creatures at the end: one arrow for each opinion outside
    indifference, from the one who holds it, coloured by its band."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bands = world.content.social.bands
    people = sorted({holder for holder, *_ in result["opinions"]} | {other for _, other, *_ in result["opinions"]})
    at = {uid: (math.cos(2 * math.pi * i / max(1, len(people))), math.sin(2 * math.pi * i / max(1, len(people))))
          for i, uid in enumerate(people)}
    fig, ax = plt.subplots(figsize=(10, 10))
    for holder, other, now, _ in result["opinions"]:
        band = band_of(now, bands)
        if band == "indifferent":
            continue
        ax.annotate("", xy=at[other], xytext=at[holder],
                    arrowprops={"arrowstyle": "-|>", "color": BAND_COLOURS[band], "alpha": 0.8,
                                "lw": 0.7 if band == "cordial" else 1.6,
                                "shrinkA": 14, "shrinkB": 14, "connectionstyle": "arc3,rad=0.12"})
    for uid, (x, y) in at.items():
        ax.plot(x, y, "o", color="#34495e", markersize=9)
        side = "left" if x > 0.3 else "right" if x < -0.3 else "center"  # names clear of the dots and arrows
        ax.annotate(world.actors.by_uid(uid).ident.name, (x * 1.07, y * 1.09), ha=side, va="center", fontsize=8)
    for name in (b.name for b in bands if b.name != "indifferent"):
        ax.plot([], [], color=BAND_COLOURS[name], label=name)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title(f"{world.map.name}, turn {world.turn}: who thinks what of whom (arrows from the one who thinks)")
    ax.set_xlim(-1.5, 1.5)
    ax.set_ylim(-1.35, 1.35)
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(path)


def simulate_world(realm: Realm, turns: int, moments: int = 0) -> dict[str, dict]:
    """The hero waits in the home settlement for `turns` turns (after `moments` of its moments there); each
    settlement's living NPCs counted every `turns / SAMPLES` turns (the settlements away from the hero
    brought up to the world turn each time), its travellers' comings and goings and the news they told."""
    realm.travel(realm.home)
    plant_moments(realm.here, moments, realm.seed)
    driver = Driver(realm.here)
    settlements = [s for s in realm.sites.values() if s.is_settlement]
    sites = {s.place.name: {"curve": [(0, *population(s.world))], "deaths": Counter(), "roads": Counter()}
             for s in settlements}
    every = max(1, turns // SAMPLES)
    realm.heard = heard = []  # the sites lived offstage (those a traveller comes from, within a turn too)
    travellers: set[str] = set()
    for turn in range(1, turns + 1):
        driver.end_turn()
        heard.extend((realm.home, e) for e in realm.here.pop_events())
        if turn % every == 0 or turn == turns:
            realm.catch_up_all()
            for site in settlements:
                sites[site.place.name]["curve"].append((turn, *population(site.world)))
            for pid, event in heard:
                site = sites[realm.sites[pid].place.name]
                deaths = site["deaths"]
                if event.kind == "killed" and event.target != "hero":
                    deaths[f"killed by {event.actor.split('#')[0]}"] += 1
                elif event.kind == "death" and event.actor != "hero":
                    deaths[str(event.data.get("cause", "unknown"))] += 1
                elif event.kind in ("set_out", "arrive_from"):
                    travellers.add(event.actor)
                    site["roads"][event.kind] += 1
                elif event.kind == "converse" and "about" in event.data and event.actor in travellers:
                    site["roads"]["news"] += 1
            heard.clear()
    for site in settlements:
        sites[site.place.name]["knowing"] = knowing(site.world, realm.hero.uid)
    return sites


def knowing(world: World, hero: str) -> int:
    """How many living creatures of the world know a deed of `hero` (N73)."""
    return sum(any(m.hero == hero for m in memories.known) and world.alive(eid)
               for eid, memories in world.query(Memories))


def population(world: World) -> tuple[int, int]:
    """The settlement's residents (world NPCs and notables: N3, N84) alive, and every creature alive there."""
    living = [a for a in world.actors.all() if a.body.health > 0]
    return sum(a.ident.kind in RESIDENTS for a in living), len(living)


def world_report(realm: Realm, sites: dict[str, dict]) -> str:
    lines = [f"{printable(realm.region.properties.get('title', realm.region.name))}: {realm.now} turns, "
             f"seed {realm.seed}, the hero waiting in {realm.sites[realm.home].place.name}", ""]
    for name, site in sites.items():
        counts = [n for _, n, _ in site["curve"]]
        lines += [f"{name}: residents at the start {counts[0]}, lowest {min(counts)}, highest {max(counts)}, "
                  f"end {counts[-1]} ({counts[-1] / counts[0]:.2f} of the start)" if counts[0]
                  else f"{name}: no residents"]
        lines += ["   turn  residents  all alive"] + [f"  {t:>5}  {n:>9}  {a:>9}" for t, n, a in site["curve"]]
        lines += ["  " + row for row in table("deaths by cause", site["deaths"])]
        roads = site["roads"]
        lines += [f"  travellers (N3): {roads['set_out']} departures, {roads['arrive_from']} arrivals; news of the "
                  f"hero told by travellers {roads['news']} times; {site['knowing']} living there know of the "
                  "hero's deeds at the end", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run a map headless and report on its creatures.")
    parser.add_argument("map", type=Path, nargs="?", help="the map to run (not with --world)")
    parser.add_argument("--world", action="store_true", help="run the whole region and report per settlement")
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moments", type=int, default=0, help="plant this many of the hero's moments first")
    parser.add_argument("--plot", type=Path, help="write the population, needs and opinion curves to this PNG")
    parser.add_argument("--graph", type=Path, help="write who likes whom at the end to this PNG")
    args = parser.parse_args(argv)
    if args.turns < 1:
        parser.error("--turns must be at least 1")
    if args.moments < 0:
        parser.error("--moments must not be negative")
    if args.world == (args.map is not None):
        parser.error("give a map, or --world for the whole region")
    tune_gc()
    if args.world:
        return run_world(args.seed, args.turns, args.moments)
    try:
        driver = new_game(args.map, args.seed)
    except (MapError, ContentError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 1
    try:
        plant_moments(driver.world, args.moments, args.seed)
        result = simulate(driver, args.turns)
        print(report(driver.world, result))
        if args.plot:
            plot(driver.world, result, args.plot)
            print(f"plot written to {args.plot}")
        if args.graph:
            graph(driver.world, result, args.graph)
            print(f"graph written to {args.graph}")
    finally:
        driver.close()
    return 0


def run_world(seed: int, turns: int, moments: int = 0) -> int:
    try:
        realm = new_realm(REGION_MAP, seed)
    except (MapError, ContentError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 1
    try:
        print(world_report(realm, simulate_world(realm, turns, moments)))
    finally:
        realm.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
