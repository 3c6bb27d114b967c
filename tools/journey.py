"""The journey bot (issue 24, `tools/balance.py --world`): a careful player of the whole world of sites, through
the same commands as the screens, and its report per site (docs/balance.md, "The journey").

The hero starts beside Ashby Vale as the creation screen's Random hero draws it for the seed. In the village
it works for one villager (asks for work until the giver wants something a shop here sells, buys it, brings
it, claims; a favour while the giver cools down, N40, N44) until that villager is loyal enough to join
(N38, N39) or its village time is up, buys provisions, healing potions and the armourer's gear it can afford,
and recruits. Then it takes the dungeons in the order of their danger (the tier the region map shows,
game/world/danger.py; the nearer first on a tie), each as game/bots.py's careful bot plays a dungeon, and
walks back out by the way up when it has been there `SITE_TURNS` turns, when it has nothing left to explore
(it waits `IDLE` turns whole and alone), or when it is hurt with no potion left; between sites it travels
home, rests until whole, works and trades again. It goes to the siege of Varr's Watch when it is READY (the
rule below) and storms the war camp as tools/siege.py's hero does (the Captain's work, the camp, potions);
after the siege, the artifact and beast sites it has found on the way, in the order of their danger. A
journey ends at the hero's death or at the turn cap.

READY for the siege: every dungeon tried once, level 2 or more, and at least one companion at its side or
armour bought (tools/siege.py: level 2 with the armourer's gear and a companion lifted it on 47 of 50 seeds).
A hero not ready after the round of dungeons goes round again.

The journey decides only from what the screens show: the region map's places and danger tiers, the trade
screen's wares and prices, the journal's work, the loyalty bar, its own sheet and pack. Inside a dungeon the
site play is game/bots.py's.
"""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field

from game.bots import EAT_ABOVE, Careful, play_turn
from game.content.content import Content, load_content
from game.launch import new_realm
from game.paths import MAPS
from game.world import views
from game.world.commands import Attack, Buy, EndTurn, Equip, Move, Recruit, Work
from game.world.components import Identity, Inventory, Item, Loyalty, Merchant, Persona
from game.world.danger import site_danger
from game.world.driver import Driver
from game.world.knowledge import in_sight
from game.world.systems import siege
from game.world.verbs import company, contracts, trade
from tools.siege import SiegeHero

REGION = MAPS / "region.tmx"
TURN_CAP = 5000  # a journey ends here (world turns) if the hero has not died
SITE_TURNS = 300  # the most turns it stays in one site at a time
BLOCKED = 10  # turns it waits for the way out to clear before it walks on regardless
IDLE = 50  # turns waited whole, alone and still: nothing left it dares explore
VILLAGE_TURNS = 300  # the most turns it spends winning its first companion
POTIONS = 2  # healing potions it keeps in its pack
PROVISIONS = {"ration": 2, "water_bottle": 2}
GEAR = ("longsword", "leather_jerkin", "helmet", "round_shield", "mail_hauberk")  # bought in this order
KEEP = 15  # gold it keeps back for potions when buying gear
READY_LEVEL = 2
SIEGE_TURNS = 300  # the turns it gives the assault on the war camp
FALL_BACK = 0.4  # below this share of its health, with no potion, it leaves the camp to rest


@dataclass
class Visit:
    """One visit of the hero to a site."""

    site: str
    kind: str  # dungeon, artifact, beast
    tier: int
    turn: int  # the world turn it entered
    level: int  # on arrival
    party: int  # companions on arrival
    turns: int = 0  # turns inside
    rooms: float = 0.0  # share of the site's rooms it entered
    cleared: bool = False  # no native enemy left alive when it left or died
    died: bool = False
    lost: int = 0  # companions who died inside
    killer: str = ""  # the kind of creature that killed the hero, if it died here


@dataclass
class Trip:
    """One seed's journey."""

    seed: int
    visits: list[Visit] = field(default_factory=list)
    jobs: int = 0
    bought: list[str] = field(default_factory=list)
    recruited: int = 0
    siege_won: bool = False
    siege_turn: int | None = None
    siege_level: int | None = None
    died_at: str = ""  # where the hero fell ("" alive at the cap)
    turn: int = 0  # the world turn the journey ended
    level: int = 0
    mates: list[bool] = field(default_factory=list)  # per companion: alive after its first 100 dungeon turns


class JourneyBot:
    """A hero played across the region: the realm's travel and leave, and each site's commands via Driver.do."""

    def __init__(self, seed: int, content: Content | None = None, cap: int = TURN_CAP,
                 site_turns: int = SITE_TURNS) -> None:
        content = content or load_content()
        sheet = content.heroes.random_sheet(content.codex.shipped_sheet(), random.Random(f"bot/{seed}"))
        self.realm = new_realm(REGION, seed, content, sheet)
        self.content, self.cap, self.site_turns = content, cap, site_turns
        self.commands: list = []  # every command given inside a site, as the drivers log them
        self.travelled: list[tuple[str, str]] = []  # the realm's events: (kind, place)
        self.trip = Trip(seed)
        self.giver: str = ""  # the uid of the villager it works for
        self.mate_turns: dict[str, int] = {}  # a companion's dungeon turns so far
        self.mate_fate: dict[str, bool] = {}  # decided: alive after 100 dungeon turns, or dead before
        self.tried: set[int] = set()  # the sites visited
        self.gear: set[str] = set()  # the gear bought to wear
        self.last_seen: dict[str, int] = {}  # where the hero last saw a person (uid -> room)
        self.known_level = 0  # the hero's level as its sheet showed it last
        self.party_size = 0  # its companions, as the party panel showed them last

    # -- the world --------------------------------------------------------------------------------------
    @property
    def world(self):
        return self.realm.here

    def enter(self, pid: int) -> Driver | None:
        """Travel from the region map to place `pid` and go in (the region screen's Travel); its driver."""
        ok = self.realm.travel(pid).ok
        self.heard()
        return Driver(self.realm.here, self.commands) if ok else None

    def heard(self) -> None:
        """The region's events (travel, arrive, surface, stumble) kept as (kind, place)."""
        self.travelled += [(e.kind, str(e.data.get("place") or e.data.get("site") or e.room_name))
                           for e in self.realm.pop_events()]

    def out(self, driver: Driver) -> bool:
        """Walk to the way up and climb out onto the region map."""
        site = self.realm.sites[self.realm.hero.place]
        walker = SiegeHero(driver)
        for _ in range(3):  # a crowd in the way: it rests, and goes again
            if walker.walk_to(lambda: site.surface, limit=60) or driver.world.over:
                break
            self.rest(driver)
        left = not driver.world.over and self.realm.leave().ok
        self.heard()
        return left

    def over(self) -> bool:
        return self.realm.now >= self.cap or self.trip.died_at != ""

    # -- the whole journey ------------------------------------------------------------------------------
    def run(self) -> Trip:
        """The village, then the dungeons by danger, back home after each (the least dangerous again once all are
        tried); the siege once READY; then the dungeons left and the sites found, by danger, until death, the
        cap, or nothing left."""
        try:
            self.village(self.enter(self.realm.home), first=True)
            besieged = False
            while not self.over():
                if not besieged and self.ready():
                    besieged = True
                    self.siege()
                    continue
                left = [pid for pid in self.dungeons() if pid not in self.tried] or \
                    (self.beyond() if besieged else self.dungeons()[:1])
                if not left:
                    break
                if self.site(left[0]) is None:
                    break  # it could not go (no road, or it never got out of the last place)
                if not self.over():
                    self.village(self.enter(self.realm.home))
            self.trip.turn = self.realm.now
            self.trip.level = self.known_level
            self.trip.mates = list(self.mate_fate.values())
            return self.trip
        finally:
            self.realm.close()

    def ready(self) -> bool:
        """READY (the module's rule): level 2 or more, a companion, and armour bought."""
        armour = bool(self.gear & {"leather_jerkin", "mail_hauberk", "helmet"})
        return self.known_level >= READY_LEVEL and self.party_size > 0 and armour

    def tiers(self, kinds: tuple[str, ...]) -> list[int]:
        """The places of `kinds` on the region map the hero sees, by the danger tier shown, nearer first."""
        realm = self.realm
        shown = [pid for pid in realm.visible() if realm.sites[pid].place.kind in kinds]
        return sorted(shown, key=lambda pid: (self.tier(pid), realm.journey(pid).squares if realm.journey(pid)
                                              else 10 ** 6, pid))

    def tier(self, pid: int) -> int:
        return site_danger(self.realm.sites[pid].map, self.content.codex).tier

    def dungeons(self) -> list[int]:
        return self.tiers(("dungeon",))

    def beyond(self) -> list[int]:
        """The artifact and beast sites found by then, by danger (after the siege)."""
        return [pid for pid in self.tiers(("artifact", "beast")) if pid not in self.tried]

    # -- the village ------------------------------------------------------------------------------------
    def village(self, driver: Driver | None, first: bool = False) -> None:
        """Rest, work, trade and recruit in the home village, then climb out onto the region map."""
        if driver is None:
            return
        world = driver.world
        self.known_level = views.creature(world, world.hero).level
        self.rest(driver)
        self.shop(driver)
        giver = self.by_uid(world, self.giver)
        hiring = first or giver is None and self.party_size_in(world) == 0  # a companion to win (again)
        giver = self.choose_giver(driver) if giver is None and hiring else giver
        if giver is not None:
            start = world.turn
            budget = VILLAGE_TURNS if hiring else 60
            while not world.over and world.turn - start < budget and self.party_size_in(world) == 0:
                giver = self.by_uid(world, self.giver)
                if giver is None:
                    break  # the giver died
                if self.loyal(world, giver) and self.recruit(driver, giver):
                    break
                if not self.work(driver, giver):
                    self.wait(driver, 10)
            giver = self.by_uid(world, self.giver)
            if not first and giver is not None and self.party_size_in(world) > 0:
                self.work(driver, giver)
        self.shop(driver)
        self.rest(driver)
        self.known_level = views.creature(world, world.hero).level
        if not world.over:
            self.out(driver)
        else:
            self.trip.died_at = "Ashby Vale"


    def party_size_in(self, world) -> int:
        self.party_size = len(company.party(world, world.hero))
        return self.party_size

    def choose_giver(self, driver: Driver) -> int | None:
        """The villager (a person with a voice, not a merchant or notable) with the strongest card among the first
        the hero sees as it walks the village from the entrance, nearest room first: a companion to be."""
        world, walker = driver.world, SiegeHero(driver)
        looked: set[int] = set()
        for _ in range(len(world.map.rooms)):
            sight = in_sight(world, world.hero_room())
            looked |= sight
            people = [eid for room in sorted(sight) for eid in world.creatures_in(room) if self.villager(world, eid)]
            if people:
                best = max(people, key=lambda e: (views.creature(world, e).max_health, world.uid(e)))
                self.giver = world.uid(best)
                return best
            distances = world.rooms.distances_from(world.hero_room())
            unlooked = sorted((d, r) for r, d in distances.items() if r not in looked)
            if not unlooked or not walker.walk_to(lambda: unlooked[0][1], limit=20):
                return None
        return None

    def villager(self, world, eid: int) -> bool:
        ident = world.get(eid, Identity)
        return eid != world.hero and world.alive(eid) and world.has(eid, Persona) and ident.codex_id == "villager" \
            and ident.kind not in ("merchant", "notable")

    def by_uid(self, world, uid: str) -> int | None:
        return next((e for e in world.creatures() if world.uid(e) == uid and world.alive(e)), None) if uid else None

    def seek(self, driver: Driver, eid: int, limit: int = 80) -> bool:
        """Walk until the hero shares `eid`'s room, finding it as a player does: toward it while it is in sight
        (the hero's room and those through its open exits), else to where it was last seen, else room by room,
        the nearest not yet looked into; whether it got there."""
        world, walker = driver.world, SiegeHero(driver)
        if eid not in world.creatures():
            return False
        uid, looked = world.uid(eid), set()
        for _ in range(limit):
            if world.over or eid not in world.creatures() or not world.alive(eid):
                return False
            here = world.hero_room()
            sight = in_sight(world, here)
            looked |= sight
            if world.room_of(eid) in sight:
                self.last_seen[uid] = world.room_of(eid)
                if world.room_of(eid) == here:
                    return True
            goal = self.last_seen.get(uid)
            if goal is None or goal in sight and world.room_of(eid) not in sight:
                self.last_seen.pop(uid, None)
                distances = world.rooms.distances_from(here)
                unlooked = sorted((d, r) for r, d in distances.items() if r not in looked)
                if not unlooked:
                    looked = set()
                    continue
                goal = unlooked[0][1]
            towards = walker.next_room(goal)
            if towards is None or not walker.act(Move(world.hero, towards)):
                driver.end_turn()
        return False

    def loyal(self, world, giver: int) -> bool:
        """The loyalty bar: whether the giver would follow now."""
        loyalty = world.try_get(giver, Loyalty)
        return loyalty is not None and loyalty.to.get(world.uid(world.hero), 0) >= self.content.companions.loyalty

    def recruit(self, driver: Driver, giver: int) -> bool:
        walker = SiegeHero(driver)
        world = driver.world
        if self.seek(driver, giver):
            walker.act(Recruit(world.hero, giver))
        if self.party_size_in(world):
            self.trip.recruited += 1
            return True
        return False

    def work(self, driver: Driver, giver: int) -> bool:
        """One piece of work for `giver` that needs no fight (N40-N44): a bring or a favour a shop here supplies, a
        parcel to someone here, or the giver taken to a room here; asked for ("another" until one fits), accepted,
        done and claimed. Whether it was done."""
        world, walker = driver.world, SiegeHero(driver)
        hero = world.hero
        if contracts.cooldown_left(world, hero, giver) and not self.loyal_enough_for_favour(world, giver):
            return False
        if not self.seek(driver, giver):
            return False
        offered = None
        for _ in range(30):  # "another": an ordinary giver offers something else (N40)
            if not walker.act(Work(hero, giver, "ask")):
                return False
            offered = contracts.of_giver(world, hero, giver, "offered")
            if offered is not None and self.doable(world, offered):
                break
            offered = None
        if offered is None or not walker.act(Work(hero, giver, "accept")):
            return False
        if not self.carry_out(driver, walker, giver, offered):
            walker.act(Work(hero, giver, "abandon"))
            return False
        if not self.seek(driver, giver):
            return False
        if walker.act(Work(hero, giver, "give" if offered.kind == "mini" else "claim")):
            self.trip.jobs += 1
            return True
        return False

    def doable(self, world, contract) -> bool:
        """Work the journey takes: what a shop here sells brought, or a parcel or the giver taken to someone or
        somewhere in this place."""
        if contract.kind in ("bring", "mini"):
            return self.wanted(world, contract) in self.sold(world)
        if contract.kind == "deliver":
            return world.actors.by_uid(contract.target) is not None
        return contract.kind == "escort"

    def carry_out(self, driver: Driver, walker: SiegeHero, giver: int, contract) -> bool:
        """The objective of accepted work, before it is claimed."""
        world = driver.world
        if contract.kind in ("bring", "mini"):
            wanted = self.wanted(world, contract)
            return self.carried(world, wanted) is not None or self.buy(driver, wanted, spare=0)
        if contract.kind == "deliver":
            person = world.actors.by_uid(contract.target)
            return person is not None and self.seek(driver, person.eid) \
                and walker.act(Work(world.hero, person.eid, "deliver"))
        return walker.walk_to(lambda: contract.room, limit=40) and not world.over

    def loyal_enough_for_favour(self, world, giver: int) -> bool:
        loyalty = world.try_get(giver, Loyalty)
        return loyalty is not None and loyalty.to.get(world.uid(world.hero), 0) >= 10

    def wanted(self, world, contract) -> str:
        """The item a bring or a favour asks for ("" for other work)."""
        if contract.kind == "bring":
            return contract.item
        if contract.kind == "mini":
            return world.content.contracts.wants[contract.item].items[0]
        return ""

    def sold(self, world) -> dict[str, tuple[int, int]]:
        """What the shops of this place sell: item id -> (merchant, ware), the cheapest of each."""
        found: dict[str, tuple[int, int, int]] = {}
        for merchant in [eid for eid, _ in world.query(Merchant) if world.alive(eid)]:
            for ware in trade.wares(world, merchant):
                item = world.get(ware, Item).item_id
                price = trade.price(world, merchant, ware, selling=True).total
                if item not in found or price < found[item][2]:
                    found[item] = (merchant, ware, price)
        return {item: (m, w) for item, (m, w, _) in found.items()}

    def carried(self, world, item_id: str) -> int | None:
        return next((i for i in world.get(world.hero, Inventory).items if world.get(i, Item).item_id == item_id), None)

    def count(self, world, item_id: str) -> int:
        items = (world.get(i, Item) for i in world.get(world.hero, Inventory).items)
        return sum(item.count for item in items if item.item_id == item_id)

    def buy(self, driver: Driver, item_id: str, spare: int) -> bool:
        """Walk to the shop that sells `item_id` cheapest and buy it, if the hero keeps `spare` gold after."""
        world = driver.world
        offer = self.sold(world).get(item_id)
        if offer is None:
            return False
        merchant, ware = offer
        if trade.gold_of(world, world.hero) - trade.price(world, merchant, ware, selling=True).total < spare:
            return False
        walker = SiegeHero(driver)
        if not self.seek(driver, merchant):
            return False
        offer = self.sold(world).get(item_id)  # the same ware, or another now
        if offer is None or not walker.act(Buy(world.hero, offer[0], offer[1])):
            return False
        self.trip.bought.append(item_id)
        return True

    def shop(self, driver: Driver) -> None:
        """Provisions and potions first, then the next piece of gear it can afford with KEEP to spare, worn."""
        world = driver.world
        for item_id, wanted in (*PROVISIONS.items(), ("healing_potion", POTIONS)):
            while self.count(world, item_id) < wanted and self.buy(driver, item_id, spare=0):
                pass
        for item_id in GEAR:
            if item_id in self.gear or self.worn(world, item_id):
                continue
            if self.buy(driver, item_id, spare=KEEP):
                self.gear.add(item_id)
                item = self.carried(world, item_id)
                if item is not None:
                    SiegeHero(driver).act(Equip(world.hero, item))

    def worn(self, world, item_id: str) -> bool:
        equipped = world.get(world.hero, Inventory).equipped
        return any(world.get(eid, Item).item_id == item_id for eid in equipped.values() if eid is not None)

    def rest(self, driver: Driver, limit: int = 200) -> None:
        """Wait, eating and drinking, until whole."""
        world = driver.world
        for _ in range(limit):
            hero = views.creature(world, world.hero)
            if world.over or hero.health >= hero.max_health:
                return
            self.wait(driver, 1)

    def wait(self, driver: Driver, turns: int) -> None:
        world = driver.world
        bot = Careful(driver)
        for _ in range(turns):
            if world.over:
                return
            if not bot.eat_and_drink(EAT_ABOVE):
                bot.do(EndTurn(world.hero))
            if driver.busy:
                driver.finish_turn()

    # -- a site -----------------------------------------------------------------------------------------
    def site(self, pid: int) -> Visit | None:
        """A visit to site `pid` as the careful bot plays it, out again by the way up (or dead inside)."""
        realm = self.realm
        place = realm.sites[pid].place
        party = len(realm.hero.party)
        turn = realm.now
        driver = self.enter(pid)
        if driver is None:
            return None
        self.tried.add(pid)
        world = driver.world
        visit = Visit(place.name, place.kind, self.tier(pid), turn, views.creature(world, world.hero).level, party)
        self.trip.visits.append(visit)
        bot = Careful(driver)
        mates = {world.uid(e): e for e in company.party(world, world.hero)}
        start, idle, leaving, blocked, last = world.turn, 0, False, 0, None
        surface = realm.sites[pid].surface
        while not world.over and realm.now < self.cap:
            hero = views.creature(world, world.hero)
            here = world.room_of(world.hero)
            enemies = bot.enemies(here)
            whole = hero.health >= hero.max_health
            idle, last = (idle + 1 if whole and not enemies and last == here else 0), here
            hurt = hero.health < 0.5 * hero.max_health and bot.carried("healing") is None
            long = world.turn - start >= self.site_turns and whole and not bot.threat(here)
            leaving = leaving or long or idle >= IDLE or hurt
            if leaving and not enemies:
                if here == surface:
                    break
                blocked = 0 if self.safe_step(bot, surface) else blocked + 1
                if blocked > BLOCKED and not bot.step_toward(surface) or blocked and blocked <= BLOCKED:
                    play_turn(bot) if hero.health < hero.max_health else bot.do(EndTurn(world.hero))
            else:
                play_turn(bot)
            for event in world.pop_events():
                if event.kind == "killed" and event.target == world.uid(world.hero) and event.actor:
                    visit.killer = event.actor.split("#")[0]
            self.count_mates(world, mates)
        visit.turns = world.turn - start
        visit.rooms = len(bot.seen) / len(world.rooms.exits)
        visit.cleared = not any(world.alive(e) and e != world.hero and world.get(e, Identity).kind == "dungeon"
                                and world.is_enemy(e, world.hero) for e in world.creatures())
        visit.lost = sum(not world.alive(e) for e in mates.values())
        self.known_level = views.creature(world, world.hero).level
        if world.over:
            visit.died = True
            self.trip.died_at = place.name
            self.trip.level = self.known_level
        elif realm.now < self.cap:
            realm.leave()
            self.heard()
        self.party_size = len(realm.hero.party) if not realm.hero.inside else self.party_size_in(world)
        return visit

    def safe_step(self, bot: Careful, goal: int) -> bool:
        """One room toward `goal` on the way out, unless the careful bot would not step there (what it sees of
        the room's creatures and their cards); whether it moved."""
        distances = self.world.rooms.distances_from(goal)
        step = min(bot.neighbours(), key=lambda r: (distances.get(r, 10 ** 6), r), default=None)
        return step is not None and not bot.hostile(step) and not bot.exposed(step) and bot.move(step)

    def count_mates(self, world, mates: dict[str, int]) -> None:
        """A companion's first 100 dungeon turns: alive after them, or dead before."""
        for uid, eid in mates.items():
            if uid in self.mate_fate:
                continue
            if not world.alive(eid):
                self.mate_fate[uid] = False
                continue
            self.mate_turns[uid] = self.mate_turns.get(uid, 0) + 1
            if self.mate_turns[uid] >= 100:
                self.mate_fate[uid] = True

    # -- the siege --------------------------------------------------------------------------------------
    def siege(self) -> None:
        """Varr's Watch: rest, buy what the Quartermaster sells that it can afford, take the Captain's work and
        storm the war camp (tools/siege.py's hero)."""
        realm = self.realm
        goal = self.content.goal
        pid = next(p for p, s in realm.sites.items() if s.map.path.name == goal.map)
        driver = self.enter(pid)
        if driver is None:
            return
        world = driver.world
        self.rest(driver)
        self.shop(driver)
        level = views.creature(world, world.hero).level
        if SiegeHero(driver).take_the_work():
            self.storm(driver, until=world.turn + SIEGE_TURNS)
        self.known_level = views.creature(world, world.hero).level if not world.over else level
        if siege.lifted(world):
            self.trip.siege_won, self.trip.siege_turn, self.trip.siege_level = True, world.turn, level
        if world.over:
            self.trip.died_at = realm.sites[pid].place.name
            return
        self.rest(driver)
        self.out(driver)


    def storm(self, driver: Driver, until: int) -> None:
        """The war camp (the room the Captain's work names), fought as tools/siege.py's hero fights it (every foe
        there, a potion below a third of its health), except that below FALL_BACK of its health with no potion
        left it falls back to the room of the way up and rests until whole before it goes again."""
        world, walker = driver.world, SiegeHero(driver)
        camp, way_up = siege.camp_of(world).room, self.realm.sites[self.realm.hero.place].surface
        while not world.over and not siege.lifted(world) and world.turn < until:
            body = views.creature(world, world.hero)
            if body.health < FALL_BACK * body.max_health and self.carried(world, "healing_potion") is None:
                walker.walk_to(lambda: way_up, limit=30)
                self.rest(driver)
            elif world.hero_room() != camp:
                walker.walk_to(lambda: camp, limit=30)
            elif not walker.heal():
                foes = [e for e in world.creatures_in(camp) if world.alive(e) and world.is_enemy(e, world.hero)]
                if not (foes and walker.act(Attack(world.hero, foes[0]))):
                    driver.end_turn()
            world.pop_events()


def journey(seed: int, content: Content | None = None, cap: int = TURN_CAP) -> Trip:
    """One seed's journey, start to end."""
    return JourneyBot(seed, content, cap).run()


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def report(trips: list[Trip]) -> list[str]:
    """The markdown of docs/balance.md's journey section: per site, the first visit of each seed that reached
    it; then companions and the siege."""
    lines = ["| site | kind | danger | reached (seeds) | level on arrival | party on arrival | turns inside: median "
             "(quartiles) | died there | killed by | rooms entered | cleared | companions lost |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    order: dict[str, tuple[int, str]] = {}
    for trip in trips:
        for visit in trip.visits:
            order.setdefault(visit.site, (visit.tier, visit.kind))
    for name, (tier, kind) in sorted(order.items(), key=lambda item: (item[1][0], item[0])):
        firsts = [next(v for v in trip.visits if v.site == name) for trip in trips
                  if any(v.site == name for v in trip.visits)]
        turns = [v.turns for v in firsts]
        q = statistics.quantiles(turns, n=4, method="inclusive") if len(turns) > 1 else [turns[0]] * 3
        lines.append(f"| {name} | {kind} | {tier} | {len(firsts)} | {median([v.level for v in firsts]):g} | "
                     f"{median([v.party for v in firsts]):g} | {median(turns):g} ({q[0]:g}–{q[2]:g}) | "
                     f"{sum(v.died for v in firsts)} | {killers(firsts)} | "
                     f"{round(100 * median([v.rooms for v in firsts]))} % | "
                     f"{sum(v.cleared for v in firsts)} | {sum(v.lost for v in firsts)} |")
    return lines


def killers(visits: list[Visit]) -> str:
    """The kinds that killed the hero in these visits, the commonest first: "goblin_cutter 3, wolf 1"."""
    kinds = [v.killer or "unknown" for v in visits if v.died]
    counted = sorted({k: kinds.count(k) for k in kinds}.items(), key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{kind} {n}" for kind, n in counted[:3]) or "–"


def summary(trips: list[Trip]) -> list[str]:
    """Companions, the siege and the ends of the journeys, as lines."""
    mates = [fate for trip in trips for fate in trip.mates]
    won = [t for t in trips if t.siege_won]
    died = [t for t in trips if t.died_at]
    lines = [f"- seeds: {len(trips)}; jobs done (median) {median([t.jobs for t in trips]):g}; recruited a companion: "
             f"{sum(t.recruited > 0 for t in trips)}/{len(trips)}",
             f"- companions alive after their first 100 turns in a dungeon: {sum(mates)}/{len(mates)}"
             + (f" ({round(100 * sum(mates) / len(mates))} %)" if mates else ""),
             f"- the siege lifted: {len(won)}/{len(trips)}" + (
                 f", at world turn median {median([t.siege_turn for t in won]):g} "
                 f"(earliest {min(t.siege_turn for t in won)}, latest {max(t.siege_turn for t in won)}), "
                 f"hero level median {median([t.siege_level for t in won]):g}" if won else ""),
             f"- the hero died: {len(died)}/{len(trips)}; where: " + ", ".join(
                 f"{name} {sum(t.died_at == name for t in died)}" for name in sorted({t.died_at for t in died})),
             f"- journeys' end: world turn median {median([t.turn for t in trips]):g}, level median "
             f"{median([t.level for t in trips]):g}"]
    return lines
