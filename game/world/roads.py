"""The travellers on the roads (N3): world NPCs with a range set out from a settlement when their stay is
over, are `Wayfarer`s on the road for its turns, and arrive at the next settlement of their range; before
anyone arrives, a settlement behind is lived up to the turn a traveller of its could set out (`behind`).
`Roads` is part of game/world/realm.py's Realm."""
from __future__ import annotations

from dataclasses import dataclass

from game.world.components import Errand, Position, Ties
from game.world.verbs import company
from game.world.verbs.journey import Traveller, bring_in, take_out
from game.world.world import World


@dataclass(slots=True)
class Wayfarer:
    """N3: a world NPC on the road: its body and pack, the places it left and goes to, the turns it set out
    and arrives."""

    traveller: Traveller
    start: int
    to: int
    left: int
    arrives: int


class Roads:
    """The part of Realm for roads (its state is the Realm's)."""

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
