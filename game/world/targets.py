"""Where the journal points (issue 23): each target of the hero's work and recommendations as a room, for the
markers on the map and the minimap and the journal's "Go there" (game/world/wayfinding.py travels there).

A job's room (to clear, to escort to, where its enemy was), its enemy or person where they stand now, a
favour's giver (and any giver whose work is ready to be claimed), a person recommended to the hero at
their present location (N72), and the hero's claims (N47). A target's room becomes known to the hero: the
giver said where it is. (The room the hero travels to is marked too, by the dungeon screen.)
"""
from __future__ import annotations

from dataclasses import dataclass


from game.world import knowledge
from game.world.components import Journal, Memories
from game.world.verbs.social import SENT
from game.world.world import World


@dataclass(frozen=True)
class Target:
    room: int
    name: str  # who or what is there: "Well Yard", "Nell Thatcher"
    why: str  # "work: Take me to Well Yard", "gave you work", "recommended by Mara"
    contract: int = -1  # the journal entry it belongs to, if any


def _at(world: World, uid: str) -> int | None:
    actor = world.actors.by_uid(uid) if uid else None
    return actor.pos.room if actor is not None and world.alive(actor.eid) else None


def journal_targets(world: World, hero: int) -> list[Target]:
    """Every target of the hero's journal on this map, in journal order, then its claims not marked already;
    each room known from now on."""
    journal = world.try_get(hero, Journal)
    found: list[Target] = []
    for c in journal.contracts if journal else ():
        if c.state != "active":
            continue
        if c.room >= 0 and c.room in world.map.rooms:
            found.append(Target(c.room, world.room_name(c.room), f"work: {c.objective}", c.id))
        room = _at(world, c.target)
        if room is not None:
            found.append(Target(room, c.target_name, f"work: {c.objective}", c.id))
        room = _at(world, c.giver)
        if room is not None and (c.kind == "mini" or c.met):
            found.append(Target(room, c.giver_name, "gave you this work", c.id))
    uid = world.uid(hero)
    for eid, memories in world.query(Memories):
        sent = next((m for m in memories.known if m.hero == uid and m.deed == SENT and not m.told), None)
        room = _at(world, world.uid(eid)) if sent is not None else None
        if room is not None:
            teller = world.actors.by_uid(sent.source)
            found.append(Target(room, world.actors.of(eid).ident.name if world.actors.of(eid) else "",
                                f"recommended by {teller.ident.name}" if teller else "recommended to you"))
    marked = {t.room for t in found}
    for room in sorted(journal.claims if journal else ()):
        if room in world.map.rooms and room not in marked:
            found.append(Target(room, world.room_name(room), "your claim"))
            marked.add(room)
    if found:
        knowledge.seen(world).update(t.room for t in found)
    return found
