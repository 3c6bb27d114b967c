"""Behaviour stage (N12, N16-N18): each creature settles its mood for this turn.

Moods: resting, lurking (a needless creature in its lair until it notices the hero, verbs/noticing.py),
exploring, wandering, cowardly, fleeing, angered (following is the companions' issue), and wary and appeased,
which a monster's want gives it (C4, verbs/motives.py).
Thresholds have hysteresis so creatures do not flicker: fleeing starts below 25 % health and ends at
`mood.flee_recover` (assets/data/world.toml).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.tuning import MONSTERS
from game.rules.tags import COWARD
from game.world.components import MoodState
from game.world.moods import ANGERED, COWARDLY, EXPLORING, FLEEING, LURKING, RESTING, WANDERING
from game.world.verbs import noticing, provisions
from game.world.verbs.motives import mood_by_want
from game.world.verbs.spells import is_bound

if TYPE_CHECKING:
    from game.world.actors import Actor
    from game.world.world import World

FLEE_BELOW = 0.25  # N12, N17


def run(world: World) -> None:
    hero_room = world.hero_room() if world.alive(world.hero) else None
    tuning = world.content.tuning["mood"]
    fights: dict[int, bool] = {}  # rooms where a fight goes on this turn, asked by lurkers (verbs/noticing)
    for actor in world.actors.all():
        body, mood, pos = actor.body, actor.mood, actor.pos
        if body.health <= 0 or actor.ties is not None and is_bound(actor):
            continue  # N55: a bound creature's mood is its order's (verbs/spells)
        if mood.state == LURKING:
            how = noticing.notices(world, actor, hero_room, fights)
            if not how:
                continue  # it keeps to its lair
            world.emit("notice", actor.eid, world.hero, pos.room, text=(f"notice_{how}",), how=how)
        sees_hero = hero_room is not None and pos.room == hero_room
        if sees_hero:
            mood.last_seen = hero_room
        state = decide(world, actor, sees_hero, tuning)
        if state != mood.state:
            mood.state, mood.since = state, world.turn
            world.emit("mood", actor.eid, room=pos.room, mood=state)


def decide(world: World, actor: Actor, sees_hero: bool, tuning: dict[str, float]) -> MoodState:
    """N12: provisioned and healthy rests; short of food or drink explores; hurt flees; then what it wants
    (C4); N16-N18."""
    body, mood, ident = actor.body, actor.mood, actor.ident
    health = body.health / max(body.card.health, 1)
    if health < FLEE_BELOW or mood.state == FLEEING and health < tuning["flee_recover"]:
        return FLEEING  # N12; N17: it stops fleeing only once health recovers
    wanted = mood_by_want(world, actor, sees_hero) if ident.faction == MONSTERS else None
    if wanted is not None:
        return wanted  # C4: a monster's motivation decides its behaviour
    if mood.state == ANGERED:
        mood.aware = world.aware_full if sees_hero else mood.aware - 1
        if mood.aware > 0:
            return ANGERED  # N18: until no longer aware of a threat
    if COWARD in ident.tags and mood.last_seen is not None \
            and "hero" in world.content.tuning.enemies.get(ident.faction, ()):  # it fears the hero
        if health < tuning["coward_snap"]:
            mood.aware = world.aware_full
            return ANGERED  # N16: enough damage snaps it out of cowardice
        if sees_hero:
            mood.aware = world.aware_full
            return COWARDLY
        if mood.state == COWARDLY:
            mood.aware -= 1
            if mood.aware > 0:
                return COWARDLY  # N16: it keeps away until it has not seen the hero for a while
    if actor.needs is None:
        return WANDERING  # N15: the needless wander
    room = actor.pos.room
    fed = actor.inv.kinds.get("food") or provisions.fixture(world, room, "food")
    watered = actor.inv.kinds.get("drink") or provisions.fixture(world, room, "drink")
    return RESTING if fed and watered else EXPLORING  # N12, N9: a spring and a patch here count
