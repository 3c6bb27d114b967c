"""The hero's growth by deeds (N27's thresholds, N28's growth; docs/rules.md "The hero's growth") and
the sheet's Second Wind.

A creature grows by surviving (one XP a world turn); the hero grows by what it does: a foe slain earns
XP by the foe's threat (its Division, C5, and the levels it has grown), the first entry into a room
earns a discovery, and work done pays its reward here (N43). Levels come at the same thresholds as the
creatures' (100, then doubling) and raise the hero's card the same way (+10 % of natural, the maximum
health's rise healed at once); the level-up is a note in the log and on screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import dice
from game.rules.statblock import division_die
from game.world.components import Body, Growth, Identity, Journey
from game.world.verbs import experience

if TYPE_CHECKING:
    from game.world.world import World

SECOND_WIND = "Second Wind"


def journey(world: World, hero: int) -> Journey:
    """The hero's journey record (a save from before it existed has none yet: it starts empty)."""
    return world.ensure(hero, Journey)


def award(world: World, hero: int, xp: int, deed: str) -> None:
    """Give the hero `xp` for `deed` (a kill, a discovery, work done: N43); a level reached grows its card
    (N28) with a note (N29), as a creature's does (experience.gain)."""
    if xp <= 0 or not world.alive(hero):
        return
    total = world.get(hero, Growth).xp + xp
    world.emit("xp", hero, room=world.room_of(hero), xp=xp, deed=deed, total=total)
    experience.gain(world, hero, xp)

def slain(world: World, hero: int, foe: int) -> None:
    """A foe the hero killed: XP by its threat, its Division (C5) and the levels it had grown (N27)."""
    tuning = world.content.tuning["hero_xp"]
    codex_id = world.get(foe, Identity).codex_id
    division = world.content.codex.stat_block(codex_id).division
    level = world.get(foe, Growth).level
    award(world, hero, int(tuning["kill_per_division"]) * division + int(tuning["kill_per_level"]) * level,
          "kill")


def entered(world: World, hero: int, room: int) -> None:
    """The first entry into a room is a discovery."""
    rooms = journey(world, hero).rooms
    if room in rooms:
        return
    rooms.add(room)
    award(world, hero, int(world.content.tuning["hero_xp"]["new_room"]), "discovery")


def has_second_wind(world: World, hero: int) -> bool:
    defn = world.content.codex.creature(world.get(hero, Identity).codex_id)
    return any(ability.name == SECOND_WIND for ability in defn.abilities)


def second_wind_refusal(world: World, hero: int) -> str:
    """Why Second Wind cannot be used now, or ""."""
    if not has_second_wind(world, hero):
        return "You do not have Second Wind."
    if journey(world, hero).winded:
        return "You have used your Second Wind in this fight."
    body = world.get(hero, Body)
    if body.health >= body.card.health:
        return "You are not hurt."
    return ""


def second_wind(world: World, hero: int) -> None:
    """The sheet's Second Wind: once a fight, regain a Division die of health (the trial's roll: no
    explosion), up to the maximum. A fight ends when no enemy shares the hero's room (`catch_breath`)."""
    body = world.get(hero, Body)
    defn = world.content.codex.creature(world.get(hero, Identity).codex_id)
    amount = min(dice.trial(division_die(defn.tier, defn.rank), world.rng), body.card.health - body.health)
    body.health += amount
    journey(world, hero).winded = True
    world.emit("second_wind", hero, room=world.room_of(hero), amount=amount)


def catch_breath(world: World, hero: int) -> None:
    """At the end of a world turn with no enemy in its room the fight is over: Second Wind is ready again."""
    found = world.try_get(hero, Journey)
    if found is not None and found.winded and not any(
            world.is_enemy(e, hero) for e in world.creatures_in(world.room_of(hero)) if e != hero):
        found.winded = False
