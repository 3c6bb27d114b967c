"""Movement stage (N5, N14-N18, N69): rest (using a healing item) or move by mood through an exit; a hostile
creature walks away from the one it dislikes and will not go where it stands; a merchant keeps its shop."""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Collection

from game.rules.tags import SCENT_HUNTER
from game.world.components import Body, Identity, Mood, Needs
from game.world.moods import ANGERED, APPEASED, COWARDLY, FLEEING, MOODS, WANDERING
from game.world.verbs import avoidance, company, moving, social
from game.world.verbs.provisions import COMPLAIN_ABOVE, EAT_ABOVE, carried, consume
from game.world.verbs.spells import is_bound

if TYPE_CHECKING:
    from game.maps.model import Exit
    from game.world.actors import Actor
    from game.world.world import World

NO_ROOMS: frozenset[int] = frozenset()
STATIONARY = frozenset({"merchant"})  # N5: stationary traders keep the room the map puts them in


def run(world: World) -> None:
    regen_every = int(world.content.tuning["needs"]["regen_every"])
    for actor in world.actors.all():
        eid, body, mood, pos = actor.eid, actor.body, actor.mood, actor.pos
        if body.health <= 0:
            continue
        # N55: bound, it moves only when told to explore (its mood says so, verbs/spells); most have no ties
        bound = actor.ties is not None and is_bound(actor)
        if not bound and actor.ident.kind in STATIONARY and keep_shop(world, actor, regen_every):
            continue
        shunned = NO_ROOMS
        if actor.opinions is not None and not bound and (actor.opinions.grudges or world.feuds):
            shunned = avoidance.shunned_rooms(world, actor)  # N69: the few with a grudge or a feud
        if shunned and keep_away(world, actor, shunned):
            continue
        if not bound and actor.ident.kind in social.RESIDENTS and MOODS[mood.state].seeks_company \
                and seek_company(world, actor, shunned, regen_every):  # N87: only residents grow lonely
            continue
        companion = actor.ties is not None and in_company(actor)
        if companion and breaks_off(world, actor):
            continue
        if not MOODS[mood.state].moves or body.ap <= 0 or body.stunned or companion and in_company(actor) \
                or bound and mood.state != WANDERING:  # N55: bound, it roams only when told to
            if body.health < body.card.health:  # rest() heals the hurt; the rest have nothing to do
                rest(world, actor, regen_every)
            continue
        if mood.state == FLEEING and out_of_danger(world, actor):
            heal(world, actor, regen_every)  # N17: flight ends once health recovers, and out of danger it does
        choice = choose_exit(world, eid, mood, pos.room, shunned)
        if choice is None:
            continue
        exit_, to_room = choice
        body.ap -= 1
        reason = moving.go(world, eid, exit_, to_room, force=MOODS[mood.state].forces_doors)
        if reason and mood.state == FLEEING:
            world.emit("move_blocked", eid, room=pos.room, reason=reason)
    hero_rests(world, regen_every)


def keep_shop(world: World, actor: Actor, regen_every: int) -> bool:
    """N5: a merchant stays in its shop, the room the map places it in (found by its name, which it keeps,
    N85). Only hunger or thirst past complaining (N11) sends it out like anyone, to find food; fed again,
    it walks the shortest way back; fleeing for its life or angered (N46: an ordinary enemy), it moves by
    mood. Returns whether it has acted (rested or stepped towards its shop)."""
    needs, body, room = actor.needs, actor.body, actor.pos.room
    if not MOODS[actor.mood.state].keeps_shop:
        return False
    if needs is not None and max(needs.hunger, needs.thirst) > COMPLAIN_ABOVE:
        return False
    shop = next((p.room for p in world.map.placements if p.kind == "merchant" and p.name == actor.ident.name), room)
    if room == shop or body.ap <= 0 or body.stunned:
        rest(world, actor, regen_every)
        return True
    home = world.rooms.distances_from(shop)
    ways = [(home.get(to, len(home)), exit_.id, exit_, to) for exit_, to in world.rooms.exits[room]]
    if not ways:
        return False
    _, _, exit_, to_room = min(ways)
    body.ap -= 1
    moving.go(world, actor.eid, exit_, to_room, force=False)
    return True


def seek_company(world: World, actor: Actor, shunned: Collection[int], regen_every: int) -> bool:
    """N87: a settlement's resident alone too long (social.lonely), at ease (resting, or exploring while not
    yet hungry or thirsty, N9), goes where people are: with someone it may talk with in its room it stays
    there (resting) until they have talked; else it takes the shortest way, a room a turn, to the nearest
    room holding one, through no room holding an enemy or one it keeps away from (N69). Returns whether it
    has acted."""
    body, mood, needs, eid = actor.body, actor.mood, actor.needs, actor.eid
    if not MOODS[mood.state].seeks_company or needs is None \
            or max(needs.hunger, needs.thirst) > EAT_ABOVE or in_company(actor) or not social.lonely(world, eid):
        return False
    if company_in(world, eid, actor.pos.room):
        rest(world, actor, regen_every)
        return True
    if body.ap <= 0 or body.stunned:
        return False
    step = way_to_company(world, eid, actor.pos.room, shunned)
    if step is None:
        return False
    body.ap -= 1
    moving.go(world, eid, step[0], step[1], force=False)
    return True


def company_in(world: World, eid: int, room: int) -> bool:
    """Someone `eid` may talk with stands in `room` (social.talker)."""
    return any(e != eid and social.talker(world, e) for e in world.rooms.occupants(room))


def way_to_company(world: World, eid: int, room: int, shunned: Collection[int]) -> tuple[Exit, int] | None:
    """The first step of the shortest way to the nearest room with company that passes no room holding a
    living enemy of `eid` nor one it keeps away from; None when there is none."""
    def safe(there: int) -> bool:
        return there not in shunned and not any(
            world.alive(o) and (world.is_enemy(eid, o) or world.is_enemy(o, eid)) for o in world.rooms.occupants(there))

    first: dict[int, tuple[Exit, int] | None] = {room: None}  # the first step of the way to each room
    queue = deque([room])
    while queue:
        here = queue.popleft()
        for exit_, there in world.rooms.exits[here]:
            if there in first or not safe(there):
                continue
            first[there] = first[here] or (exit_, there)
            if company_in(world, eid, there):
                return first[there]
            queue.append(there)
    return None


def in_company(actor: Actor) -> bool:
    """N12: a companion follows the hero (the company stage moves it), it does not wander off by mood."""
    return actor.ties is not None and "companion" in actor.ties.holds


def breaks_off(world: World, actor: Actor) -> bool:
    """N12, N16, N17: a companion below a quarter of health (fleeing) drinks its own healing if it carries
    some, else leaves a room where an enemy stands (verbs/company.break_off). Returns whether it has acted."""
    body = actor.body
    if actor.mood.state != FLEEING or body.ap <= 0 or body.stunned or out_of_danger(world, actor):
        return False
    potion = carried(world, actor.inv, "healing")
    if potion is not None:
        consume(world, actor.eid, potion)
        return True
    body.ap -= 1
    return company.break_off(world, actor.eid)


def keep_away(world: World, actor: Actor, shunned: Collection[int]) -> bool:
    """N69: a creature sharing its room with one it is hostile to tries to leave, through a way that leads
    where no one it dislikes stands, unless something holds it (avoidance.stays) or it is angered at the hero.
    Below a quarter of health (fleeing, N12) it breaks off: it uses its own healing if it carries some, else
    it flees as usual. Returns whether it has acted."""
    body, mood = actor.body, actor.mood
    if actor.pos.room not in shunned or body.ap <= 0 or body.stunned or mood.state == ANGERED:
        return False
    if mood.state == FLEEING:
        potion = carried(world, actor.inv, "healing")
        if potion is not None:
            consume(world, actor.eid, potion)
            return True
        return False
    if avoidance.stays(world, actor):
        return False
    ways = avoidance.ways_out(world, actor, shunned)
    if not ways:
        return False  # cornered: insults deepen in the pair stage
    exit_, to_room = world.rng.choice(ways)
    body.ap -= 1
    moving.go(world, actor.eid, exit_, to_room, force=False)
    return True


def hero_rests(world: World, regen_every: int) -> None:
    """The hero recovers like a resting creature while no enemy shares its room (docs/rules.md)."""
    if not world.alive(world.hero) or world.turn % regen_every:
        return
    body = world.get(world.hero, Body)
    needs = world.get(world.hero, Needs)
    room = world.hero_room()
    if body.health < body.card.health and max(needs.hunger, needs.thirst) <= COMPLAIN_ABOVE and \
            not any(world.is_enemy(world.hero, o) for o in world.rooms.occupants(room) if o != world.hero):
        body.health += 1


def rest(world: World, actor: Actor, regen_every: int) -> None:
    """N14: a stationary creature with a healing item uses it when hurt; resting heals slowly."""
    body = actor.body
    if body.health < body.card.health:
        potion = carried(world, actor.inv, "healing")
        if potion is not None:
            consume(world, actor.eid, potion)
            return
        heal(world, actor, regen_every)


def heal(world: World, actor: Actor, regen_every: int) -> None:
    """1 health every `regen_every` turns while hurt and its needs are at most 80 (N11)."""
    body, needs = actor.body, actor.needs
    if body.health < body.card.health and (needs is None or max(needs.hunger, needs.thirst) <= COMPLAIN_ABOVE) \
            and world.turn % regen_every == 0:
        body.health += 1


def out_of_danger(world: World, actor: Actor) -> bool:
    """No living enemy shares its room."""
    return not any(world.is_enemy(actor.eid, o) for o in world.rooms.occupants(actor.pos.room)
                   if o != actor.eid and world.alive(o))


def choose_exit(world: World, eid: int, mood: Mood, room: int,
                shunned: Collection[int] = frozenset()) -> tuple[Exit, int] | None:
    """The exit a mover takes by its mood (N15-N18). It will not enter a room holding one it is hostile to
    (N69), unless angered at the hero, or fleeing with no other way out (N17: any exit)."""
    exits = world.rooms.exits[room]
    if shunned and mood.state != ANGERED:
        kept = [e for e in exits if e[1] not in shunned]
        exits = kept if kept or mood.state != FLEEING else exits
    if not exits:
        return None
    if mood.state == ANGERED:
        if room == world.hero_room():
            return None  # it has found the hero: it stays and fights
        if mood.last_seen is not None and mood.last_seen != room:
            return toward(world, exits, mood.last_seen, room)  # N18
        return by_scent(world, eid, exits)  # lost the trail at the last sighting: track the scent
    if mood.state == COWARDLY and mood.last_seen is not None:
        return away(world, exits, mood.last_seen, room)  # N16
    if mood.state == APPEASED:
        return away(world, exits, room, room) if room == world.hero_room() else None  # C4: it slinks away
    if mood.state == FLEEING:
        return world.rng.choice(exits)  # N17: any exit
    if mood.state == WANDERING and world.rng.random() >= world.content.tuning["mood"]["wander_chance"]:
        return None
    return by_scent(world, eid, exits) or world.rng.choice(exits)  # N15


def toward(world: World, exits: list[tuple[Exit, int]], goal: int, room: int) -> tuple[Exit, int] | None:
    """The exit one step closer to `goal`; None when already there or when it cannot be reached."""
    if room == goal:
        return None
    distance = world.rooms.distances_from(goal)
    reachable = [e for e in exits if e[1] in distance]
    return min(reachable, key=lambda e: (distance[e[1]], e[0].id)) if reachable else None


def away(world: World, exits: list[tuple[Exit, int]], threat: int, room: int) -> tuple[Exit, int]:
    """N16: prefer exits that do not bring it closer to where it last saw the hero; else any."""
    distance = world.rooms.distances_from(threat)
    here = distance.get(room, 0)
    safe = [e for e in exits if distance.get(e[1], 1 << 30) >= here and e[1] != threat]
    further = [e for e in safe if distance.get(e[1], 1 << 30) > here]
    return world.rng.choice(further or safe or exits)


def by_scent(world: World, eid: int, exits: list[tuple[Exit, int]]) -> tuple[Exit, int] | None:
    """N15: a strong scent in one direction is preferred over a random choice."""
    tuning = world.content.tuning["scent"]
    hunts_prey = SCENT_HUNTER in world.get(eid, Identity).tags
    strength, best = 0.0, exits[0]
    for exit_ in exits:  # the strongest; on a tie, the exit listed first
        here = world.scent_field.strength(exit_[1], hunts_prey)
        if here > strength:
            strength, best = here, exit_
    if strength >= tuning["strong"] and world.rng.random() < tuning["follow_chance"]:
        return best
    return None
