"""Lairs (N12, N15, N32): a needless creature keeps to the room it was placed in, lurking, until it notices the
hero: by its Perception against the hero's Sneak, by the hero's scent in its lair, or by a fight in its room
or next door. Numbers in assets/data/world.toml [lair]; the rule in docs/rules.md "Lairs"."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.bridge import attribute_tiers
from game.rules.tags import SCENT_HUNTER
from game.world.components import Body

if TYPE_CHECKING:
    from game.world.actors import Actor
    from game.world.world import World


def perception(world: World, codex_id: str) -> int:
    """A creature's Perception on the Sneak scale: `perception_per_tier` x its PER attribute tier (C30: a
    minion group's Creature Tier)."""
    tiers = attribute_tiers(world.content.codex.stat_block(codex_id))
    return int(world.content.tuning["lair"]["perception_per_tier"]) * tiers["perception"]


def notice_chance(world: World, codex_id: str, next_door: bool = False) -> float:
    """The chance a turn that a lurker notices the hero in its room (`next_door`: in a room next to it):
    notice + per_point x (Perception - the hero's Sneak), within least..most; next door, `next_door` x that."""
    tuning = world.content.tuning["lair"]
    sneak = world.get(world.hero, Body).card.sneak
    chance = tuning["notice"] + tuning["per_point"] * (perception(world, codex_id) - sneak)
    chance = min(max(chance, tuning["least"]), tuning["most"])
    return chance * tuning["next_door"] if next_door else chance


def notices(world: World, actor: Actor, hero_room: int | None, fights: dict[int, bool]) -> str:
    """How a lurker notices the hero this turn: "fight", "scent", "sight", or "" (it lurks on). `fights` caches,
    per room, whether a fight goes on there this turn."""
    room = actor.pos.room
    near = [room, *(there for _, there in world.rooms.exits[room])]
    if any(fight_in(world, there, fights) for there in near):
        return "fight"  # the noise of a fight in its room or next door
    hunts = SCENT_HUNTER in actor.ident.tags
    smell = world.content.tuning["scent"]["strong"] if hunts else world.content.tuning["lair"]["scent"]
    if world.scent_field.strength(room, False) >= smell:
        return "scent"  # N15: the hero's trail through its lair
    if hero_room is None or hero_room not in near:
        return ""
    chance = notice_chance(world, actor.ident.codex_id, next_door=hero_room != room)
    return "sight" if world.rng.random() < chance else ""


def fight_in(world: World, room: int, fights: dict[int, bool]) -> bool:
    """Whether two living creatures in `room` are enemies (N13: the combat stage will see blows there)."""
    if room not in fights:
        occupants = [o for o in world.rooms.occupants(room) if world.alive(o)]
        fights[room] = world.may_fight(occupants) and any(
            world.is_enemy(a, b) for a in occupants for b in occupants if a != b)
    return fights[room]
