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

import random
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Iterator, Protocol

from game.content.content import Content
from game.maps.model import DungeonMap, Place, RegionMap
from game.world.events import Event, NO_DATA
from game.world.heroes import HeroProfile, Heroes
from game.world.roads import Roads, Wayfarer
from game.world.travel import Journey, Travel, run_through
from game.world.turn import run_turn
from game.world.verbs import factory
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


class Realm(Heroes, Travel, Roads):
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


