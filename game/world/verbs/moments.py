"""Moments (N75-N83): whether one begins as the hero starts talking, and how a reply lands: the Measure
dice its approach earns or costs, loyalty moved by the result, the face it leaves, what is remembered.

The seed's numbers are in game/rules/social.py; the triggers' chances and thresholds and the moments
themselves in assets/data/moments.toml.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.moments import Moment, Trigger
from game.rules import clock, dice
from game.rules import social as rules
from game.world.components import Body, Hero, Loyalty, Needs, Persona
from game.world.verbs import social
from game.world.verbs.speech import say, voice_of
from game.world.verbs.witness import talks_of, witness_of

if TYPE_CHECKING:
    from game.world.world import World


def enemy_in_room(world: World, hero: int) -> bool:
    """N75: a living enemy of the hero shares its room."""
    return any(world.is_enemy(hero, e) or world.is_enemy(e, hero)
               for e in world.rooms.occupants(world.room_of(hero)) if e != hero and world.alive(e))


def contract_waiting(world: World, hero: int, target: int) -> bool:
    """N75: a finished contract waits to be handed in. Contracts are a later issue: none waits yet."""
    return False


def may_begin(world: World, hero: int, target: int) -> bool:
    """N75, N76: no enemy in the room, no finished contract waiting, 15 turns since the hero's last
    moment, 40 since this person's last with the hero, and not tried with this person this turn."""
    talks, hero_uid = talks_of(world, target), world.uid(hero)
    return not (enemy_in_room(world, hero) or contract_waiting(world, hero, target)
                or world.turn < witness_of(world, hero).last_moment + rules.MOMENT_WAIT
                or hero_uid in talks.last_moment and world.turn < talks.last_moment[hero_uid] + rules.SAME_PERSON_WAIT
                or talks.tried.get(hero_uid) == world.turn)


def holds(world: World, trigger: Trigger, target: int) -> bool:
    """N75: whether the person's situation calls for a moment of this trigger."""
    name, numbers = trigger.name, trigger.numbers
    if name == "fought":
        fought = talks_of(world, target).fought
        return fought >= 0 and world.turn - fought <= numbers["within"]
    if name == "wounded":
        body = world.get(target, Body)
        return body.health < numbers["health_below"] * body.card.health
    if name in ("hungry", "thirsty"):
        needs = world.try_get(target, Needs)
        return needs is not None and getattr(needs, "hunger" if name == "hungry" else "thirst") > numbers["above"]
    if name == "night":
        hours = world.content.tuning["clock"]
        return clock.within(clock.hour(world.minutes), int(hours["night_from"]), int(hours["night_to"]))
    return name == "plain"


def maybe_begin(world: World, hero: int, target: int) -> Moment | None:
    """N75: the triggers are tried in order, one roll each for those that hold and still have a moment this
    person has not shared with the hero (N76) and that suits its background; the first success begins one."""
    if not may_begin(world, hero, target):
        return None
    talks, hero_uid, voice = talks_of(world, target), world.uid(hero), voice_of(world, target)
    talks.tried[hero_uid] = world.turn
    shared = talks.shared.get(hero_uid, frozenset())
    left = [m for m in world.content.moments.moments.values() if m.id not in shared and m.suits(voice or "")]
    for trigger in world.content.moments.triggers:
        candidates = [m for m in left if m.trigger == trigger.name]
        if candidates and holds(world, trigger, target) and world.rng.random() < trigger.chance:
            moment = world.rng.choice(candidates)
            begin(world, hero, target, moment)
            return moment
    return None


def begin(world: World, hero: int, target: int, moment: Moment) -> None:
    """The moment is under way; it counts as shared, and the waits run from now (N76)."""
    talks, hero_uid = talks_of(world, target), world.uid(hero)
    talks.open[hero_uid] = moment.id
    talks.shared[hero_uid] = talks.shared.get(hero_uid, frozenset()) | {moment.id}
    talks.last_moment[hero_uid] = witness_of(world, hero).last_moment = world.turn
    world.emit("moment", target, hero, world.room_of(target), moment=moment.id, title=moment.title)
    for line in moment.opening:
        say(world, target, hero, line, "moment")


def open_moment(world: World, hero: int, target: int) -> Moment | None:
    """The moment under way between the hero and this person, if any."""
    opened = talks_of(world, target).open.get(world.uid(hero))
    return world.content.moments.moments.get(opened) if opened else None


def approach_dice(world: World, target: int, approach: str) -> int:
    """N77, N83: the dice this approach earns (+) or costs (-) with this person, at most two either way."""
    return rules.approach_dice(approach, social.approach_likes(world, world.get(target, Persona)))


def face(earned: int) -> str:
    """N80: the face shows whether the approach pleased or annoyed them."""
    return "pleased" if earned > 0 else "annoyed" if earned < 0 else "neutral"


def reply(world: World, hero: int, target: int, approach: str) -> str:
    """Answer the moment under way with the reply of this approach (N77-N81); "" when done, else why not."""
    moment = open_moment(world, hero, target)
    if moment is None:
        return "There is nothing to answer."
    chosen = moment.reply(approach)
    if chosen is None:
        return f"No {approach} answer fits here ({', '.join(r.approach for r in moment.replies)})."
    s, hero_uid, room = world.content.social, world.uid(hero), world.room_of(target)
    earned = approach_dice(world, target, approach)
    points = rules.measure_points(chosen.points, earned)
    result = dice.measure(points, world.rng)
    scale = s.by_charisma(s.charisma_scale, world.get(hero, Hero).sheet.charisma)
    change = rules.loyalty_change(result.success, result.successes, earned, s.per_success, s.failure, scale)
    loyalty = world.ensure(target, Loyalty)
    loyalty.to[hero_uid] = rules.new_loyalty(loyalty.to.get(hero_uid, 0), change)
    talks = talks_of(world, target)
    del talks.open[hero_uid]
    talks.face[hero_uid] = face(earned)
    word = world.content.dialogue.results["success" if result.success else "failure"]
    world.emit("reply", hero, target, room, approach=approach, line=chosen.says)
    world.emit("measure", hero, target, room, dice=list(result.dice), shown="  ".join(map(str, result.dice)),
               base=chosen.points, earned=earned, points=points, successes=result.successes,
               success=result.success, result=word)
    say(world, target, hero, chosen.success if result.success else chosen.failure, "outcome", result=word,
        face=talks.face[hero_uid])
    world.emit("loyalty", target, hero, room, change=change, loyalty=loyalty.to[hero_uid], signed=f"{change:+d}")
    deed = rules.remembered(change)
    if deed is not None:
        social.remember(world, target, hero, deed)  # N81
        world.emit(f"remembers_{deed}", target, hero, room)
    return ""
