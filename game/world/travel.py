"""A hero's journeys across the region (N2, N3, N62): the shortest way by road, travelling to a place and
entering its world, leaving one, and finding the hidden sites near the roads taken. `Travel` is part of
game/world/realm.py's Realm."""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Generator, Iterator, TypeVar

from game.maps.model import Place, Square
from game.world.commands import Result
from game.world.heroes import HeroProfile
from game.world.verbs import company
from game.world.verbs.journey import bring_in, take_out


Done = TypeVar("Done")


def run_through(steps: Generator[None, None, Done] | Iterator[None]) -> Done | None:
    """Run a slice-at-a-time action (`travelling`, `catching_up`) to its end; its value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


@dataclass(frozen=True, slots=True)
class Journey:
    """What travelling to a place costs, shown before the player commits."""

    to: int
    path: tuple[int, ...]  # the places passed through, from where the hero is to `to`
    squares: int  # road length on the region map
    turns: int


class Travel:
    """The part of Realm for travel (its state is the Realm's)."""

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
