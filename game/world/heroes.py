"""The heroes of a world of sites (N3): profiles, one played at a time, the others waiting on the region map
outside any site's world; what each knows of the region (N62). `Heroes` is part of game/world/realm.py's Realm."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.content.codex import HERO_ID, HeroSheet
from game.maps.model import Site
from game.world.commands import Result
from game.world.components import Body
from game.world.verbs import factory
from game.world.verbs.journey import Traveller, nearest_free, take_out
from game.world.world import World


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


class Heroes:
    """The part of Realm for heroes (its state is the Realm's)."""

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
