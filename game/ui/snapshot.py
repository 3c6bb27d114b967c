"""What the dungeon screen shows of the world, read in one place after each change (a command, a slice of
the world turn, events, F5) rather than every frame."""
from __future__ import annotations

from dataclasses import dataclass

from game.maps.model import DungeonMap, Spawner
from game.rules import clock
from game.world import knowledge, views as world_views
from game.world.fightodds import both_ways
from game.world.partyview import party_view
from game.world.targets import Target, journal_targets
from game.world.views import CreatureView, ItemView
from game.world.world import World


@dataclass(frozen=True, eq=False)
class Snapshot:
    """One reading; equal only to itself (a new reading is a change)."""

    map: DungeonMap
    turn: int
    minutes: int  # the day clock (N75)
    night: bool  # the dead of night (N75)
    hero: CreatureView
    views: list[CreatureView]  # the living creatures
    by_uid: dict[str, CreatureView]
    floor: dict[int, list[ItemView]]  # room id -> the items lying on its squares
    carried: list[ItemView]  # the hero's inventory
    worn: frozenset[int]  # the item entities the hero wears or wields
    clocks: list[tuple[Spawner, int]]  # every spawner and the turns before it produces a creature
    scent: dict[int, float]  # room id -> the hero's scent there, 0..1 (the C overlay)
    party: list[tuple[CreatureView, str]]  # the hero's companions and their orders (N4, N38)
    threat: dict[int, float]  # a hostile creature of the hero's room -> the damage it deals the hero a turn
    known: frozenset[int]  # the rooms the hero knows (issue 23: the others are not drawn)
    sight: frozenset[int]  # the rooms it sees now: creatures and items elsewhere are memories
    memories: tuple  # (room, "foe" / "creature" / "item", id, x, y) as last seen, in known rooms out of sight
    targets: tuple[Target, ...]  # where the journal points (marked on the map and the minimap)


def read(world: World) -> Snapshot:
    """Every view the screen needs, from the world as it is now: of creatures and items, only those in sight."""
    sight = knowledge.look(world) or {world.room_of(world.hero)}
    targets = tuple(journal_targets(world, world.hero)) if world.alive(world.hero) else ()
    views = [world_views.creature(world, e) for e in world.creatures() if world.room_of(e) in sight]  # in sight only
    hero = next((v for v in views if v.eid == world.hero), None) or world_views.creature(world, world.hero)
    foes = [v.eid for v in views if v.hostile and v.room == hero.room] if world.alive(world.hero) else []
    hours = world.content.tuning["clock"]
    return Snapshot(
        map=world.map, turn=world.turn, minutes=world.minutes,
        night=clock.within(clock.hour(world.minutes), int(hours["night_from"]), int(hours["night_to"])),
        hero=hero, views=views, by_uid={v.uid: v for v in views},
        floor={room: [i for i in world_views.items_in(world, room) if i.square is not None] for room in sight},
        carried=world_views.carried_by(world, world.hero), worn=world_views.worn_by(world, world.hero),
        clocks=world.spawners(),
        scent={room: world.scent(room) for room in world.map.rooms},
        party=party_view(world, world.hero),
        threat={eid: both_ways(world, world.hero, eid)[1].per_turn for eid in foes},  # the card's exact odds
        known=frozenset(knowledge.seen(world)), sight=frozenset(sight),
        memories=tuple(m for m in knowledge.memories(world) if m[0] not in sight), targets=targets,
    )
