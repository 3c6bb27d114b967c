"""The siege of Varr's Watch, measured (issue 24): a scripted hero at a given growth and party storms the war
camp through the same commands as the screen.

    python tools/siege.py [--seeds 50] [--levels 0,2,4,6] [--parties 0,2] [--gear both] [--markdown]

Each run starts a new world on maps/tower.tmx: the hero is given the XP of its level (as if grown in the
crypt and the caves) and, with --gear bought, the armourer's longsword, mail hauberk and helmet (else its own
shortsword, --gear own); it walks to the Captain, answers
a moment she opens and takes the work she offers first (the siege); it recruits the wanted number of the
garrison (their loyalty granted, as if earned by work); then it walks to the war camp and fights every enemy
there until the siege falls or it dies, drinking a healing potion when below a third of its health. The
report gives, per level, party and gear, the share of seeds that lift the siege, the median turn it fell, and the
companions lost (docs/balance.md, "The siege of Varr's Watch").
"""
from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.launch import new_game  # noqa: E402
from game.paths import MAPS  # noqa: E402
from game.runtime import tune_gc  # noqa: E402
from game.rules.growth import level_for_xp  # noqa: E402
from game.world.commands import Attack, Command, Consume, Equip, Move, Recruit, Reply, Talk, Work  # noqa: E402
from game.world.components import Body, Identity, Inventory, Item, Loyalty  # noqa: E402
from game.world.driver import Driver  # noqa: E402
from game.world.systems import siege  # noqa: E402
from game.world.verbs import company, experience, moments  # noqa: E402
from game.world.verbs.items import give  # noqa: E402

TOWER = MAPS / "tower.tmx"
GEAR = ("longsword", "mail_hauberk", "helmet")  # what the tower's armourer sells
GARRISON = ("Corporal Ulla", "Halvard", "Mira", "Sergeant Bryn")  # the garrison a hero may recruit, in order
TURNS = 300  # a run that has not won by then has not


@dataclass
class Run:
    lifted: bool
    turn: int  # when the siege fell, or the run ended
    died: bool
    party: int  # companions at the start of the assault
    lost: int  # of them, dead at the end


class SiegeHero:
    """A hero that lifts the siege through Driver.do, one command at a time, as the screen sends them."""

    def __init__(self, driver: Driver) -> None:
        self.driver, self.world = driver, driver.world

    def act(self, command: Command) -> bool:
        """Carry out a command; a world turn it began runs to its end."""
        ok = self.driver.do(command).ok
        if self.driver.busy:
            self.driver.finish_turn()
        return ok

    def named(self, name: str) -> int:
        return next(eid for eid, ident in self.world.query(Identity) if ident.name == name)

    def walk_to(self, room_of, limit: int = 100) -> bool:
        """Move room by room until the hero stands where `room_of()` says (it may move meanwhile)."""
        world = self.world
        for _ in range(limit):
            if world.over:
                return False
            goal = room_of()
            if world.hero_room() == goal:
                return True
            towards = self.next_room(goal)
            if towards is None or not self.act(Move(world.hero, towards)):
                self.driver.end_turn()
        return False

    def next_room(self, goal: int) -> int | None:
        """The room through an open exit that is fewest steps from `goal` (the tower has no locked doors)."""
        world = self.world
        to_goal = world.rooms.distances_from(goal)
        ways = [other for ex, other in world.map.exits_of(world.hero_room())
                if other in to_goal and not (ex.locked and ex.id not in world.opened_doors)]
        return min(ways, key=lambda room: (to_goal[room], room), default=None)

    def grow(self, level: int, bought: bool) -> None:
        """The hero as it comes back from the dungeons and the shop: `level`, and the armourer's gear if `bought`."""
        xp = 0
        while level_for_xp(xp) < level:
            xp += 25
        experience.gain(self.world, self.world.hero, xp)
        for item in GEAR if bought else ():
            self.act(Equip(self.world.hero, give(self.world, self.world.create(Item(item)), self.world.hero)))

    def take_the_work(self) -> bool:
        """Walk to the Captain, answer a moment she opens, ask for work and accept the siege."""
        world = self.world
        captain = self.named(world.content.goal.giver)
        if not self.walk_to(lambda: world.room_of(captain)):
            return False
        self.act(Talk(world.hero, captain))
        moment = moments.open_moment(world, world.hero, captain)
        if moment is not None:
            self.act(Reply(world.hero, captain, moment.replies[0].approach))
        return self.act(Work(world.hero, captain, "ask")) and self.act(Work(world.hero, captain, "accept"))

    def gather(self, size: int) -> list[int]:
        """Recruit `size` of the garrison (their loyalty granted, as if earned by work for them)."""
        world = self.world
        for name in GARRISON[:size]:
            friend = self.named(name)
            if not world.alive(friend):
                continue
            world.ensure(friend, Loyalty).to[world.uid(world.hero)] = world.content.companions.loyalty + 10
            if self.walk_to(lambda: world.room_of(friend), limit=50):
                self.act(Recruit(world.hero, friend))
        return company.party(world, world.hero)

    def storm_the_camp(self, turns: int = TURNS) -> None:
        """Go to the war camp and fight every enemy there until the siege falls, the hero dies or `turns` pass."""
        world = self.world
        camp = siege.camp_of(world)
        while not world.over and not siege.lifted(world) and world.turn < turns:
            if world.hero_room() != camp.room:
                self.walk_to(lambda: camp.room)
                continue
            if self.heal():
                continue
            foes = [e for e in world.creatures_in(camp.room) if world.alive(e) and world.is_enemy(e, world.hero)]
            if not (foes and self.act(Attack(world.hero, foes[0]))):
                self.driver.end_turn()

    def heal(self) -> bool:
        """Below a third of its health the hero drinks a healing potion it carries; whether it did."""
        world, hero = self.world, self.world.hero
        body = world.get(hero, Body)
        if body.health * 3 >= body.card.health:
            return False
        potion = next((i for i in world.get(hero, Inventory).items
                       if world.get(i, Item).item_id == "healing_potion"), None)
        return potion is not None and self.act(Consume(hero, potion))


def play(seed: int, level: int, party: int, bought: bool = True) -> Run:
    """One assault on the siege: a new world on the tower, the hero grown to `level` with `party` companions
    and, if `bought`, the armourer's gear."""
    driver = new_game(TOWER, seed)
    try:
        world = driver.world
        hero = SiegeHero(driver)
        hero.grow(level, bought)
        friends = hero.gather(party) if hero.take_the_work() else []
        hero.storm_the_camp()
        return Run(siege.lifted(world), world.turn, bool(world.over), len(friends),
                   sum(not world.alive(f) for f in friends))
    finally:
        driver.close()


def report(level: int, party: int, gear: str, runs: list[Run], markdown: bool) -> str:
    won = [r for r in runs if r.lifted]
    turn = f"{statistics.median(r.turn for r in won):g}" if won else "—"
    lost = sum(r.lost for r in runs)
    taken = sum(r.party for r in runs)
    if markdown:
        return f"| {level} | {party} | {gear} | {len(won)}/{len(runs)} | {turn} | {sum(r.died for r in runs)} | {lost}/{taken} |"
    return (f"level {level} party {party} gear {gear}: lifted {len(won)}/{len(runs)}, median turn it fell {turn}, "
            f"hero died {sum(r.died for r in runs)}, companions lost {lost}/{taken}")


def numbers(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds 1..N per level and party (default 50)")
    parser.add_argument("--levels", default="0,2,4,6", help="comma-separated hero levels (default 0,2,4,6)")
    parser.add_argument("--parties", default="0,2", help="comma-separated party sizes, 0 to 4 (default 0,2)")
    parser.add_argument("--gear", choices=("own", "bought", "both"), default="both",
                        help="the hero's own shortsword, the armourer's gear, or each in turn (default)")
    parser.add_argument("--markdown", action="store_true", help="rows of the docs/balance.md table")
    args = parser.parse_args(argv)
    try:
        levels, parties = numbers(args.levels), numbers(args.parties)
    except ValueError:
        parser.error("--levels and --parties are comma-separated whole numbers")
    if not 1 <= args.seeds <= 10_000 or not all(0 <= n <= 20 for n in levels) \
            or not all(0 <= n <= len(GARRISON) for n in parties):
        parser.error(f"--seeds 1 to 10000; levels 0 to 20; parties 0 to {len(GARRISON)}")
    tune_gc()
    if args.markdown:
        print("| level | party | gear | siege lifted | median turn it fell | hero died | companions lost |")
        print("|---|---|---|---|---|---|---|")
    gears = ("own", "bought") if args.gear == "both" else (args.gear,)
    for level in levels:
        for party in parties:
            for gear in gears:
                runs = [play(seed, level, party, gear == "bought") for seed in range(1, args.seeds + 1)]
                print(report(level, party, gear, runs, args.markdown), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
