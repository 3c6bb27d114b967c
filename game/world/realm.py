"""The world of sites (N2, N3, N62): the region map, one world per site, the heroes, the clock and one RNG.

A `Realm` is built from the region map and every site's map (game/launch.py reads them). Every place and
every artifact or beast site exists from its creation (N62). A settlement's world is made then and lives as
long as the realm (N3: its residents keep their state, opinions, memories, packs and levels); a dungeon's
world is made when a hero enters it and closed when the hero leaves (N2: one run, a fresh population).

One seeded RNG (`Realm.rng`) draws each site world's seed, in a fixed order, when that world is made, so
the same seed and the same commands give the same events. Sites never touch one another, so a settlement
the hero is away from is brought up to the clock when the hero arrives (`catch_up`), turn by turn and in
full, which gives what running it alongside would have (docs/rules.md, "The world of sites").

Heroes (N3) are profiles: each has its own place, pack and standing; one is played at a time, and the
others wait on the region map outside any site's world.

Travellers (N3): a world NPC with a range (`Errand`, from its map's `travels`) sets out when its stay is
over, is a `Wayfarer` on the road (outside every world, like a hero between sites) for the road's turns,
and arrives at the next settlement of its range with everything it knows. Each settlement's world calls
`cross` first thing each turn (systems/roads.py); before anyone arrives there, every other settlement
lives up to the earliest turn one of its travellers could still set out to arrive by now (known without
running it: `Errand.leaves`, the road's turns, `stay`), so a settlement played live and one caught up see
the same comings and goings.
"""
from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generator, Iterator, Protocol, TypeVar

from game.content.codex import HERO_ID, HeroSheet
from game.content.content import Content
from game.maps.model import DungeonMap, Place, RegionMap, Site, Square
from game.world.commands import Result
from game.world.components import Body, Errand, Position, Ties
from game.world.events import NO_DATA, Event
from game.world.turn import run_turn
from game.world.verbs import company, factory
from game.world.verbs.journey import Traveller, bring_in, nearest_free, take_out
from game.world.verbs.secrets import Lore
from game.world.world import World


class Dormant(Protocol):
    """A site's saved world, checked whole when the save was loaded but with no entity made yet (game/save/
    snapshot.py `Checked`): it is built the first time anything needs the site's world. Until then a save
    writes `body`, the world as it was read."""

    body: dict[str, Any]

    def build(self) -> World: ...

    def close(self) -> None: ...


@dataclass(slots=True)
class SiteWorld:
    """A place of the region with its map; `world` while it holds creatures (a settlement always, a dungeon
    during a run). A world loaded from a save waits `dormant` until first needed (docs/saves.md)."""

    place: Place
    map: DungeonMap
    built: World | None = None
    dormant: Dormant | None = field(default=None, repr=False)

    @property
    def world(self) -> World | None:
        """The site's world, built now if it was dormant."""
        if self.dormant is not None:
            dormant, self.dormant = self.dormant, None
            self.built = dormant.build()
        return self.built

    @world.setter
    def world(self, world: World | None) -> None:
        self.built, self.dormant = world, None

    @property
    def peopled(self) -> bool:
        """Whether the site has a world, built or dormant (without building it)."""
        return self.built is not None or self.dormant is not None

    def close(self) -> None:
        """Give up the site's world, built or not."""
        if self.dormant is not None:
            self.dormant.close()
        if self.built is not None:
            self.built.close()
        self.world = None

    @property
    def is_settlement(self) -> bool:
        return self.place.kind == "settlement"

    @property
    def is_site(self) -> bool:
        """An artifact or beast site (N60-N62): entered like a dungeon, seen only by a hero who knows it."""
        return self.place.kind not in ("settlement", "dungeon")

    @property
    def surface(self) -> int | None:
        """The room whose way up leads to the region (the map's `surface` property, docs/maps.md)."""
        name = self.map.properties.get("surface", "")
        return next((room.id for room in self.map.rooms.values() if name and room.name == name), None)

    @property
    def arrivals(self) -> tuple[int, tuple[int, int]]:
        """Where world NPCs coming by road come in (N3): the room the map's `arrivals` property names, at its
        middle, else the entrance (docs/maps.md)."""
        name = self.map.properties.get("arrivals", "")
        room = next((r for r in self.map.rooms.values() if name and r.name == name), None)
        return (room.id, (room.x + room.w // 2, room.y + room.h // 2)) if room is not None else self.map.entrance


@dataclass(slots=True)
class HeroProfile:
    """One hero of the realm: where it is, what it knows of the hidden sites, and, while it is in no site's
    world, its body and pack (`traveller`) and the companions travelling with it (`party`, N4, N38)."""

    uid: str
    name: str
    place: int  # the place it is in (`inside`) or beside on the region map
    inside: bool = False
    known: set[int] = field(default_factory=set)  # hidden sites it has found or been told of (N62)
    traveller: Traveller | None = field(default=None, repr=False)
    party: list[Traveller] = field(default_factory=list, repr=False)


@dataclass(frozen=True, slots=True)
class Journey:
    """What travelling to a place costs, shown before the player commits."""

    to: int
    path: tuple[int, ...]  # the places passed through, from where the hero is to `to`
    squares: int  # road length on the region map
    turns: int


@dataclass(slots=True)
class Wayfarer:
    """N3: a world NPC on the road: its body and pack, the places it left and goes to, the turns it set out
    and arrives."""

    traveller: Traveller
    start: int
    to: int
    left: int
    arrives: int


Done = TypeVar("Done")


def run_through(steps: Generator[None, None, Done] | Iterator[None]) -> Done | None:
    """Run a slice-at-a-time action (`travelling`, `catching_up`) to its end; its value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class Realm:
    """The region's sites, heroes and clock; `play`, `travel` and `leave` are the commands the region screen
    and the bots give (each returns a Result, never raises for a refusal)."""

    def __init__(self, region: RegionMap, maps: dict[int, DungeonMap], content: Content, seed: int,
                 populate: bool = True) -> None:
        """A new realm; `populate` False for one a save rebuilds (it sets the worlds, heroes, clock and RNG)."""
        self.region, self.content, self.seed = region, content, seed
        self.rng = random.Random(seed)
        self.tuning = content.tuning["region"]
        self.clock = 0  # world turns since the realm began, while no hero is inside a site
        self.events: list[Event] = []
        self.road: list[Wayfarer] = []  # N3: the world NPCs between two settlements
        self.routes: dict[tuple[int, int], Journey | None] = {}  # the shortest ways by road, as asked for
        self.heard: list[tuple[int, Event]] | None = None  # a list: every event of the sites lived offstage
        self.sites = {pid: SiteWorld(place, maps[pid]) for pid, place in sorted(region.places.items())}
        for found in region.sites:  # N62: every artifact and beast site is there from the start, hidden
            if found.map is not None:
                place = Place(found.id, found.name, found.kind, found.map, *found.square)
                self.sites[found.id] = SiteWorld(place, maps[found.id])
        self.lore = Lore(region.sites, self.known_of)  # N60: what a loyal creature may tell a hero
        self.by_name = {site.place.name: pid for pid, site in self.sites.items() if site.is_settlement}
        for site in self.sites.values():
            if site.is_settlement and populate:
                site.world = self.open_world(site)
        self.home = next((pid for pid, s in self.sites.items() if s.is_settlement), min(self.sites))
        self.heroes: dict[str, HeroProfile] = {}
        self.log: list[tuple[str, tuple[int, int, int]]] = []  # the message log's lines, saved with the world
        self.playing = ""

    # -- the time and the sites -----------------------------------------------------------------------
    @property
    def now(self) -> int:
        """The world turn: the played hero's site's while it is inside one, else the realm's clock."""
        world = self.here
        return world.turn if world is not None else self.clock

    @property
    def minutes(self) -> int:
        """The day clock (N75) at `now`, as World.minutes reckons it."""
        clock = self.content.tuning["clock"]
        return int(clock["start_hour"]) * 60 + self.now * int(clock["minutes_per_turn"])

    @property
    def hero(self) -> HeroProfile:
        return self.heroes[self.playing]

    @property
    def here(self) -> World | None:
        """The world of the site the played hero is in; None on the region map."""
        if not self.playing or not self.hero.inside:
            return None
        return self.sites[self.hero.place].world

    def open_world(self, site: SiteWorld) -> World:
        """A site's world, populated from its map (N2, N3) at the current turn; its seed drawn from the realm's RNG."""
        world = World(site.map, self.content, self.rng.getrandbits(63))
        world.lore = self.lore
        world.turn = self.clock
        factory.place_contents(world, site.map)
        world.actors.all()  # the NPC index built now, in the order the map made them
        self.connect(site, world)
        return world

    def connect(self, site: SiteWorld, world: World) -> None:
        """A settlement's world takes part in the roads (N3: its travellers come and go, systems/roads.py)."""
        if site.is_settlement:
            world.roads = partial(self.cross, site.place.id)

    def catch_up(self, site: SiteWorld, heard: list[tuple[int, Event]] | None = None,
                 until: int | None = None) -> None:
        """A settlement lives the turns it missed up to `until` (the world turn, `now`), in full, up to
        `catch_up` of them (the last ones). No hero hears what happens there (what the residents did stays in
        their memories); `heard` (else the realm's `heard`), when a list, gathers the events with the place's
        id (headless runs log every site)."""
        run_through(self.catching_up(site, heard, until))

    def catching_up(self, site: SiteWorld, heard: list[tuple[int, Event]] | None = None,
                    until: int | None = None) -> Iterator[None]:
        """`catch_up` a slice at a time: it yields after each system of each turn, so an arrival screen draws
        between (the same turns and events as in one go). The settlements a turn's roads would catch up first
        (`cross`, `behind`) are caught up just before that turn, in slices too: the same turns, in the same
        order, as when the roads stage does it (it then finds them lived)."""
        world, until = site.world, self.now if until is None else until
        heard = self.heard if heard is None else heard
        if world is None or world.turn >= until:
            return
        world.turn = max(world.turn, until - int(self.tuning["catch_up"]))
        while world.turn < until:
            if world.roads is not None:  # the settlements its roads would catch up this turn (`cross`): first,
                for other, upto in iter(lambda: self.behind(site.place.id, world.turn + 1), None):  # in slices
                    yield from self.catching_up(self.sites[other], until=upto)
            for _ in run_turn(world):
                yield
            events = world.pop_events()
            if heard is not None:
                heard.extend((site.place.id, event) for event in events)

    def catch_up_all(self, heard: list[tuple[int, Event]] | None = None) -> None:
        """Every settlement the hero is not in up to the world turn (headless runs and the simulation tool)."""
        for site in self.sites.values():
            if site.is_settlement and site.world is not self.here:
                self.catch_up(site, heard)

    def sites_known(self, uid: str) -> list[Site]:
        """The artifact and beast sites the hero may see on the region map: the unhidden and the found (N62)."""
        known = self.heroes[uid].known
        return [s for s in self.region.sites if not s.hidden or s.id in known]

    def known_of(self, uid: str) -> set[int]:
        """The hidden sites hero `uid` has found or been told of (its own set: a secret adds to it, N60)."""
        return self.heroes[uid].known

    def visible(self) -> list[int]:
        """The places and sites the played hero sees on the region map and may travel to, in id order: every
        dungeon and settlement, the sites it knows (N62) and the one it stands beside."""
        hero, shown = self.hero, {s.id for s in self.sites_known(self.playing)}
        return [pid for pid, site in self.sites.items()
                if not site.is_site or pid in shown or pid == hero.place]

    # -- heroes -----------------------------------------------------------------------------------
    def new_hero(self, name: str = "", sheet: HeroSheet | None = None) -> HeroProfile:
        """A hero made at the home settlement's entrance and standing beside it on the region map; the first is
        "hero", later ones "hero#2", "hero#3"... (each a stranger to the world, N3). `sheet`: its own, made on
        the creation screen (ContentError when it breaks heroes.toml's limits), else hero.toml's under `name`
        (a later hero's drawn from the names when none is given)."""
        uid = HERO_ID if not self.heroes else f"{HERO_ID}#{len(self.heroes) + 1}"
        if sheet is not None:
            self.content.check_hero(sheet)
            name = sheet.name
        elif not name and self.heroes:
            name = self.rng.choice(self.content.names.given["human"])
        site = self.sites[self.home]
        world = site.world or World(site.map, self.content, 0)  # a region without settlements: a scratch world
        room, square = site.map.entrance  # on no one's square, if only for the moment it is made:
        free = world.rooms.free_spot(room, near=square)
        room, square = (room, free) if free else nearest_free(world, room, 1, 1) or (room, square)
        eid = factory.spawn_hero(world, room, square, uid, name, sheet)
        traveller = take_out(world, eid)
        if world is not site.world:
            world.close()
        profile = self.heroes[uid] = HeroProfile(uid, traveller.name, self.home, traveller=traveller)
        return profile

    def play(self, uid: str) -> Result:
        """Play hero `uid` (Continue): the hero played before waits outside any world; one who was inside a site
        goes in again at its entrance (a dungeon's run then starts afresh, N2)."""
        if uid not in self.heroes:
            return Result(False, f"There is no hero {uid!r} in this world.")
        if self.fallen(uid):
            return Result(False, f"{self.heroes[uid].name} has fallen: play on as another hero of this world, "
                                 f"or make a new one.")
        if self.playing and self.playing != uid and self.hero.inside:
            fell = self.fallen(self.playing)
            self._step_out(self.hero)
            self.hero.inside = not fell  # it goes back in when played again; a fallen hero never is
        self.playing = uid
        if self.hero.traveller is not None and self.hero.inside:
            self.hero.inside = False
            self._enter()
        return Result(True)

    def fallen(self, uid: str) -> bool:
        """Whether hero `uid` has died: its site's world is over with it, or its body, carried out, is dead. The
        world goes on without it (docs/rules.md, "The world of sites")."""
        hero = self.heroes[uid]
        if hero.traveller is not None:
            return next(part for part in hero.traveller.parts if isinstance(part, Body)).health <= 0
        world = self.sites[hero.place].world if hero.inside else None
        if world is None or world.over is None:
            return False
        return world.uid(world.hero) == uid

    # -- travelling -------------------------------------------------------------------------------------
    def journey(self, to: int) -> Journey | None:
        """The shortest way from the played hero's place to `to` (None when there is none, or `to` is a site the
        hero does not know): by road between dungeons and settlements (Dijkstra); a site lies off the roads and
        is reached from the place nearest it, across the grid (`nearest`)."""
        if to not in self.visible():
            return None
        start, places = self.hero.place, self.region.places
        if to == start:
            return self._trip(to, [start], 0)
        if start in places:
            origins = {start: 0}
        else:  # from beside a site, first across to the place nearest it
            off = self.nearest(start)
            origins = {off: road_length(places[off], self.sites[start].place)}
        best, came = self._by_road(origins)
        there = self.sites[to].place
        end = to if to in places else self.nearest(to)
        if end not in best:
            return None
        squares = best[end] + (0 if end == to else road_length(places[end], there))
        path = [*([] if start in places else [start]), *way(came, end), *([] if end == to else [to])]
        return self._trip(to, path, squares)

    def route(self, start: int, to: int) -> Journey | None:
        """The shortest way by road between places `start` and `to` (None when no road leads there), kept once
        asked: the way a world NPC with a range takes (N3)."""
        if (start, to) not in self.routes:
            best, came = self._by_road({start: 0})
            self.routes[start, to] = self._trip(to, way(came, to), best[to]) if to in best else None
        return self.routes[start, to]

    def _trip(self, to: int, path: list[int], squares: int) -> Journey:
        """A journey to `to` along `path` of `squares` squares, with the world turns it takes."""
        return Journey(to, tuple(path), squares, squares * int(self.tuning["turns_per_square"]))

    def nearest(self, pid: int) -> int:
        """The dungeon or settlement nearest a site (fewest squares; the lower id on a tie): its way off the road."""
        spot = self.sites[pid].place
        return min(self.region.places, key=lambda other: (road_length(self.region.places[other], spot), other))

    def _by_road(self, origins: dict[int, int]) -> tuple[dict[int, int], dict[int, int]]:
        """Dijkstra over the roads from places already reached (`origins`: squares so far): the squares to
        each place reached and the place each was reached from."""
        best, came = dict(origins), {}
        queue = [(squares, pid) for pid, squares in origins.items()]
        heapq.heapify(queue)
        while queue:
            squares, pid = heapq.heappop(queue)
            if squares > best[pid]:
                continue
            for other in self.region.neighbours(pid):
                length = squares + road_length(self.region.places[pid], self.region.places[other])
                if length < best.get(other, length + 1):
                    best[other], came[other] = length, pid
                    heapq.heappush(queue, (length, other))
        return best, came

    def travel(self, to: int) -> Result:
        """Go to place or known site `to` (the world turns pass, N62: a hidden site near the way may be found)
        and enter it. The hero must be on the region map."""
        return run_through(self.travelling(to))

    def travelling(self, to: int) -> Generator[None, None, Result]:
        """`travel` a slice at a time: the place catching up on arrival yields between slices (the screen
        draws); its value is travel's Result."""
        if not self.playing:
            return Result(False, "No hero is being played.")
        if self.hero.inside:
            return Result(False, "Leave this place by its way to the surface first.")
        if to not in self.visible():  # a site the hero does not know is not on its map at all (N62)
            return Result(False, f"There is no place {to} on the region map.")
        trip = self.journey(to)
        if trip is None:
            return Result(False, f"No road leads to {self.sites[to].place.name}.")
        if trip.turns:
            self.emit("travel", place=self.sites[to].place.name, turns=trip.turns, squares=trip.squares)
            self.clock += trip.turns
            self.stumble(trip.path)
        self.hero.place = to
        yield from self._entering()
        return Result(True)

    def leave(self) -> Result:
        """Climb out of the site by its way to the surface, back onto the region map (the run of a dungeon ends)."""
        world = self.here
        if world is None:
            return Result(False, "You are not in any place.")
        site = self.sites[self.hero.place]
        if world.over:
            return Result(False, "You are dead.")
        if world.mid_turn:
            return Result(False, "The world is still moving.")
        if site.surface is None or world.room_of(world.hero) != site.surface:
            room = site.map.rooms.get(site.surface) if site.surface is not None else None
            return Result(False, f"The way up is in {room.name}." if room else "This place has no way up.")
        self._step_out(self.hero)
        self.emit("surface", place=site.place.name)
        return Result(True)

    def _enter(self) -> None:
        """The played hero goes into the site at its place: a dungeon's run begins, a settlement catches up."""
        run_through(self._entering())

    def _entering(self) -> Iterator[None]:
        """`_enter`, yielding while the settlement catches up."""
        hero, site = self.hero, self.sites[self.hero.place]
        if site.world is None:
            site.world = self.open_world(site)
        else:
            yield from self.catching_up(site)
        world = site.world
        room, square = site.map.entrance
        world.hero = bring_in(world, hero.traveller, room, square)
        for mate in hero.party:  # N4, N38: beside the hero, on the free squares nearest the entrance
            bring_in(world, mate, room, square)
        hero.traveller, hero.party, hero.inside = None, [], True
        self.emit("arrive", place=site.place.name)

    def _step_out(self, hero: HeroProfile) -> None:
        site = self.sites[hero.place]
        world = site.world
        self.clock = world.turn
        if world.over:  # the hero fell here: its companions stay, free, and the site lives on without it
            for eid in company.party(world, world.hero):
                company.part(world, world.hero, eid, quietly=True)
            world.over = None
        hero.party = [take_out(world, eid) for eid in company.travelling(world, world.hero)]
        hero.traveller, hero.inside = take_out(world, world.hero), False
        if not site.is_settlement:  # N2: the dungeon's population lives for one run only
            world.close()
            site.world = None

    # -- world NPCs on the road (N3) ---------------------------------------------------------------------
    def cross(self, pid: int, world: World) -> None:
        """At the start of settlement `pid`'s turn: its travellers whose stay is over set out; the other
        settlements live up to the turns a traveller could set out there to reach `pid` by now (`behind`);
        those due arrive."""
        turn = world.turn
        self.set_out(pid, world, turn)
        for other, until in iter(lambda: self.behind(pid, turn), None):
            self.catch_up(self.sites[other], until=until)
        due = sorted((w for w in self.road if w.to == pid and w.arrives <= turn),
                     key=lambda w: (w.arrives, w.start, w.traveller.identity.uid))
        for wayfarer in due:
            self.road.remove(wayfarer)
            self.arrive(pid, world, wayfarer)

    def set_out(self, pid: int, world: World, turn: int) -> None:
        """Every traveller here whose stay is over takes the road to the next place of its range; one held by
        a hero (a companion, a contract, a claim, a spell: N69, N74) stays another `stay` turns."""
        here = self.sites[pid].place.name
        for eid, errand in sorted(world.query(Errand), key=lambda pair: world.uid(pair[0])):
            if errand.leaves > turn or not world.alive(eid):
                continue
            to = self.next_stop(errand, here)
            trip = self.route(pid, to) if to is not None else None
            if trip is None or company.companion_of(world, eid) is not None or self.held(world, eid):
                errand.leaves = turn + int(self.tuning["stay"])
                continue
            errand.range = errand.range if here in errand.range else (here, *errand.range)
            world.emit("set_out", eid, room=world.get(eid, Position).room,
                       place=self.sites[to].place.name, turns=trip.turns)
            world.travelled[world.uid(eid)] = world.actors.of(eid).ident.name
            self.road.append(Wayfarer(take_out(world, eid), pid, to, turn, turn + trip.turns))

    def behind(self, pid: int, turn: int) -> tuple[int, int] | None:
        """The earliest moment another settlement has not lived yet that could send someone to `pid` by
        `turn`: (that settlement, the turn). A traveller there setting out at L reaches `pid` no sooner than
        L + the road between them (the roads are shortest ways); one on the road to it arriving at A sets out
        again no sooner than A + `stay`."""
        stay, soonest = int(self.tuning["stay"]), None
        for other, site in self.sites.items():
            trip = self.route(other, pid) if other != pid and site.is_settlement and site.world else None
            if trip is None:
                continue
            starts = [errand.leaves for _, errand in site.world.query(Errand)]
            starts += [w.arrives for w in self.road if w.to == other and w.arrives + stay + trip.turns <= turn]
            for start in starts:
                if site.world.turn < start <= turn - trip.turns:
                    soonest = min(soonest or (start, other), (start, other))
        return None if soonest is None else (soonest[1], soonest[0])

    def next_stop(self, errand: Errand, here: str) -> int | None:
        """The settlement after `here` in the traveller's range (its first when `here` is not in it yet)."""
        stops = errand.range if here in errand.range else (here, *errand.range)
        name = stops[(stops.index(here) + 1) % len(stops)]
        return self.by_name.get(name) if name != here else None

    @staticmethod
    def held(world: World, eid: int) -> bool:
        ties = world.try_get(eid, Ties)
        return ties is not None and bool(ties.holds)

    def arrive(self, pid: int, world: World, wayfarer: Wayfarer) -> None:
        """The traveller comes in where the settlement's travellers arrive (its `arrivals` room, else its
        entrance) with all it knows, to stay `stay` turns."""
        room, square = self.sites[pid].arrivals
        eid = bring_in(world, wayfarer.traveller, room, square)
        world.get(eid, Errand).leaves = world.turn + int(self.tuning["stay"])
        world.emit("arrive_from", eid, room=room, place=self.sites[wayfarer.start].place.name)

    def stumble(self, path: tuple[int, ...]) -> None:
        """N62: each unknown hidden site near a road of the journey is found with the data's odds, once."""
        radius, chance = int(self.tuning["stumble_radius"]), float(self.tuning["stumble_chance"])
        known = self.hero.known
        for site in self.region.sites:
            if not site.hidden or site.id in known:
                continue
            near = any(distance_to_road(site.square, self.sites[a].place, self.sites[b].place) <= radius
                       for a, b in zip(path, path[1:]))
            if near and self.rng.random() < chance:
                known.add(site.id)
                self.emit("stumble", site=site.name, site_kind=site.kind)

    # -- events ---------------------------------------------------------------------------------------
    def emit(self, kind: str, **data: object) -> Event:
        hero = self.hero
        event = Event(self.now, kind, hero.uid, None, None, data or NO_DATA, self.content.texts.template(kind),
                      hero.name, None, self.sites[hero.place].place.name)
        self.events.append(event)
        return event

    def pop_events(self) -> list[Event]:
        new, self.events = self.events, []
        return new

    def close(self) -> None:
        for site in self.sites.values():
            site.close()


def way(came: dict[int, int], end: int) -> list[int]:
    """The places of a shortest way from where `Realm._by_road` began to `end`, in order (`came`: the place each
    was reached from)."""
    path = [end]
    while path[-1] in came:
        path.append(came[path[-1]])
    return path[::-1]


def road_length(a: Place, b: Place) -> int:
    """Squares of road between two places: the region's roads run along the grid, so the Manhattan distance."""
    return abs(a.x - b.x) + abs(a.y - b.y)


def distance_to_road(square: Square, a: Place, b: Place) -> int:
    """Squares from `square` to the rectangle a road between two places runs in."""
    x, y = square
    dx = max(min(a.x, b.x) - x, 0, x - max(a.x, b.x))
    dy = max(min(a.y, b.y) - y, 0, y - max(a.y, b.y))
    return max(dx, dy)
