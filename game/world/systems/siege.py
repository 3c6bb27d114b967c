"""The world's goal (issue 24, docs/rules.md "The siege of Varr's Watch"): on the besieged settlement's map
(goal.toml [siege]), the siege falls at the end of the turn when the besiegers' leader is dead and the war
camp (its spawner's room) holds no living enemy of the hero, who is on the map and alive. Then the camp's
spawner stops (N26: the clock no longer runs), every resident who thinks remembers the hero lifting the
siege of the settlement (N73: the place of the memory is the settlement's name, "you broke the siege at Varr's
Watch"; word of mouth carries it on, and the news tells it) and thinks better of the hero, the event
`siege_lifted` tells the log and the screen (the victory screen) and `siege_cheer` the people's cheer. The
world goes on."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.maps.model import Spawner
from game.world.components import Identity, Memories, Memory
from game.world.verbs import social

if TYPE_CHECKING:
    from game.world.world import World

DEED = "siege_lifted"  # social.toml [deeds.siege_lifted]


def camp_of(world: World) -> Spawner | None:
    """The war camp's spawner when this world is the besieged settlement's map, else None."""
    goal = world.content.goal
    if world.map.path.name != goal.map:
        return None
    return next((s for s in world.map.spawners if s.name == goal.camp), None)


def lifted(world: World) -> bool:
    """Whether the siege of this world's settlement has fallen (its war camp stopped)."""
    camp = camp_of(world)
    return camp is not None and camp.id in world.stopped_spawners


def standing(world: World) -> bool:
    """Whether this world is the besieged settlement and its siege still stands."""
    return camp_of(world) is not None and not lifted(world)


def leader(world: World) -> int | None:
    """The besiegers' leader while it lives."""
    codex_id = world.content.goal.leader
    return next((a.eid for a in world.actors.all() if a.ident.codex_id == codex_id and a.body.health > 0), None)


def leader_name(world: World) -> str:
    """The leader's kind, as the log and the victory screen name it ("Siege Captain")."""
    return world.content.codex.creature(world.content.goal.leader).name


def run(world: World) -> None:
    camp = camp_of(world)
    hero = world.hero
    if camp is None or camp.id in world.stopped_spawners or not world.exists(hero) or not world.alive(hero):
        return
    if leader(world) is not None or any(world.alive(e) and world.is_enemy(e, hero)
                                        for e in world.creatures_in(camp.room)):
        return
    fall(world, camp)


def fall(world: World, camp: Spawner) -> None:
    """The siege falls to the hero: the camp's spawner stops; every thinking resident remembers it (N73) and
    thinks better of the hero; the log and the screen are told."""
    hero = world.hero
    world.stopped_spawners.add(camp.id)
    opinion, hero_uid, place = world.content.goal.opinion, world.uid(hero), world.map.name
    for eid, (ident, memories) in world.join(Identity, Memories):
        if eid != hero and ident.kind != "dungeon" and world.alive(eid) and not world.is_enemy(eid, hero):
            social.keep(world, memories, Memory(hero_uid, DEED, ident.uid, place, world.turn))
            social.shift(world, eid, hero, opinion)
    world.emit("siege_lifted", hero, room=world.room_of(hero), leader=leader_name(world), place=place)
    world.emit("siege_cheer", hero, room=world.room_of(hero), place=place)
