"""Striking and being struck, by the same rules for everyone (N19-N25, C29, C34, C35), and death (N31)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules import combat as rules
from game.rules.bridge import group_aim_percent
from game.rules.groups import FLANK_BONUS, flanks, is_group
from game.world.components import Body, Identity, Inventory, Item, Mood, MoodState, Position
from game.world.moods import MOODS
from game.world.rooms import footprint_of, occupied
from game.world.verbs import conditions, deeds, items, loadout, social
from game.world.verbs.factory import group_cells
from game.world.views import durability, item_name

if TYPE_CHECKING:
    from game.world.world import World


def strike_of(card_body: Body) -> rules.Strike:
    """The attacker's side of one strike: its card, weapon and, for a group, its current heads."""
    card = card_body.card
    attack = card.attack
    dice = rules.group_dice(card_body.heads) if card_body.heads else attack.dice
    chance = card.ranged if attack.kind == "ranged" else card.melee
    return rules.Strike(chance, card.strength, dice, attack.damage_type, card.element_damage, attack.kind)


def envelops(world: World, group: int, target: int) -> bool:
    """C34: the group's heads stand on opposite sides of one of the target's squares."""
    cells = world.get(group, Position).cells
    squares = occupied(world.get(target, Position), footprint_of(world, target))
    return any(flanks(cells, square) for square in squares)


def aimed(world: World, the_strike: rules.Strike, target: Body) -> rules.Strike:
    """C36: a shot into a minion group is easier (the bridge's group_aim_percent); a group of one is a
    creature like any other (C39)."""
    if the_strike.kind == "ranged" and is_group(target.heads):
        return replace(the_strike, chance=group_aim_percent(the_strike.chance, world.content.codex.bridge))
    return the_strike


def guard_of(world: World, body: Body) -> rules.Guard:
    card = body.card
    dodge = card.dodge + conditions.dodge_change(world, body) if body.conditions else card.dodge
    return rules.Guard(max(0, dodge), card.defense, card.element_resist, card.immune)


def strike(world: World, attacker: int, target: int) -> None:
    """One attack by the same rules for everyone (N19-N23), in a room that may amplify a school (N37)."""
    a_body = world.get(attacker, Body)
    t_body = world.get(target, Body)
    room = world.get(attacker, Position).room
    the_strike = strike_of(a_body)
    if a_body.heads and the_strike.kind == "melee" and envelops(world, attacker, target):
        the_strike = replace(the_strike, dice=f"{the_strike.dice}+{FLANK_BONUS}")  # C34
    the_strike = aimed(world, the_strike, t_body)
    outcome = rules.resolve(the_strike, guard_of(world, t_body), world.rng, world.room_amplify(room))
    if attacker == world.hero:
        social.seen_blow(world, attacker, target, room)  # N73, before the blow angers it (N18)
    anger(world, attacker, target)
    weapon = a_body.card.attack.name
    if not outcome.hit:
        world.emit("dodge" if outcome.dodged else "miss", attacker, target, room, roll=outcome.roll)
        return
    extra = ", ".join(f"{v} {s}" for s, v in outcome.elemental.items() if v)
    world.emit("hit", attacker, target, room, weapon=weapon, damage=outcome.total,
               physical=outcome.physical, elemental=outcome.elemental, faces=list(outcome.faces),
               extra=f" ({outcome.physical} physical, {extra})" if extra else "",
               text=() if outcome.total else ("hit_glance",))  # a blow that does no harm reads as such
    heads = rules.heads_killed(outcome, the_strike.kind)
    apply_damage(world, attacker, target, outcome.physical, outcome.elemental, heads)
    if outcome.total > 0 and world.alive(target) and conditions.trait_of(world, attacker, "damage"):
        conditions.afflict(world, attacker, target)  # C40: a trait that triggers when the group deals damage


def apply_damage(world: World, attacker: int | None, target: int, physical: int, elemental: dict[str, int],
                 kill_heads: int, direct: int = 0) -> None:
    """Weapon damage wears armour first (C29); elemental and `direct` (attrition) damage go to health.
    A group loses heads instead (C35)."""
    body = world.get(target, Body)
    room = world.get(target, Position).room
    if attacker is not None:
        body.killer = world.uid(attacker)
    if body.heads:
        lost = min(kill_heads, body.heads)
        if lost:
            body.heads -= lost
            body.health = body.heads
            if body.heads:  # C32: the band, and so the group's aim, is read at its current heads
                codex_id = world.get(target, Identity).codex_id
                body.natural = world.natural_card(codex_id, body.heads)
                loadout.refresh(world, target)
                shrink(world, target, group_cells(world, codex_id, body.heads))
            world.emit("heads_lost", target=target, room=room, heads=lost, left=body.heads,
                       text=() if body.heads else ("heads_lost_last",))  # the last of a group reads as the last
    else:
        to_health = wear_armour(world, target, physical, room) + sum(elemental.values()) + direct
        body.health -= to_health
    if body.health <= 0:
        die(world, target, attacker)


def shrink(world: World, group: int, keep: int) -> None:
    """C31: the squares of fallen heads are free again; the first heads stand."""
    pos = world.get(group, Position)
    world.rooms.vacate(group, pos.room, list(pos.cells[keep:]))
    pos.cells = pos.cells[:keep]


def wear_armour(world: World, eid: int, damage: int, room: int) -> int:
    """Soak `damage` into worn armour pieces in turn; return what reaches health (C29)."""
    inv = world.try_get(eid, Inventory)
    if not inv or damage <= 0:
        return max(damage, 0)
    soaked_total = 0
    for slot in ("shield", "body", "head", "limbs"):
        item_eid = inv.equipped.get(slot)
        if item_eid is None or damage <= 0:
            continue
        item = world.get(item_eid, Item)
        damage, soaked = rules.soak(damage, item.durability)
        item.durability -= soaked
        soaked_total += soaked
    if soaked_total:
        world.emit("soaked", target=eid, room=room, soaked=soaked_total, durability=durability(world, eid))
    return damage


def anger(world: World, attacker: int, target: int) -> None:
    """N18: damage from the hero angers the target and the allies who witness it."""
    if attacker != world.hero:
        return
    room = world.get(target, Position).room
    faction = world.get(target, Identity).faction
    for eid in world.rooms.occupants(room):
        if eid == world.hero:
            continue
        mood = world.try_get(eid, Mood)
        if mood is None or not MOODS[mood.state].angered_by_blows:
            continue
        if eid == target or world.get(eid, Identity).faction == faction:
            if mood.state != MoodState.ANGERED:
                mood.state, mood.since = MoodState.ANGERED, world.turn
                world.emit("mood", eid, room=room, mood=MoodState.ANGERED)
            mood.last_seen = room
            mood.aware = world.aware_full


def die(world: World, eid: int, killer: int | None, cause: str = "wounds") -> None:
    """Death: the event, gear falling to the floor (N31), the card leaving the room and its talks (N66)."""
    pos = world.get(eid, Position)
    body = world.get(eid, Body)
    room = pos.room
    if killer is not None:
        world.emit("killed", killer, eid, room, cause="combat")
        if killer == world.hero:
            social.seen_kill(world, killer, eid, room)  # N73
            deeds.slain(world, killer, eid)
    else:
        world.emit("death", eid, room=room, cause=cause)
    social.feuds_end_with(world, eid)  # N69
    inv = world.try_get(eid, Inventory)
    dropped = []
    if inv:
        for item_eid in list(inv.items):
            items.lay(world, item_eid, room, pos.square)
            dropped.append(item_name(world, item_eid))
    if dropped:
        world.emit("drop_on_death", eid, room=room, items=", ".join(dropped))
    world.rooms.remove(eid, room, occupied(pos, footprint_of(world, eid)))
    body.health = min(body.health, 0)
    uid = world.uid(eid)
    world.pair_cooldown = {pair: until for pair, until in world.pair_cooldown.items() if uid not in pair}  # N66
    if eid == world.hero:
        where = f"in {world.room_name(room)} on turn {world.turn}"
        if killer is not None:
            world.over = f"Slain by {world.get(killer, Identity).name} {where}."
        else:
            world.over = f"Died of {cause} {where}."
        return
    world.delete(eid)  # deferred to the end of the turn (systems/recover.py)
