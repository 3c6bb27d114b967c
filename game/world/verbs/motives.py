"""Motivation decides behaviour (C4): a monster's want sets its mood toward the hero, a collector guards what
lies in its lair, and a bargain that gives a creature what it takes ends the fight. The table of wants is
in docs/rules.md ("Motives"); the sentences in assets/data/motives.toml and texts.toml."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.tuning import MONSTERS
from game.rules.definitions import Motivation
from game.rules.motives import GOLD, accepts, gold_price
from game.rules.tags import MINDLESS
from game.world.components import Identity, Item, Mood, MoodState
from game.world.moods import ANGERED, APPEASED, COWARDLY, RESTING, WARY
from game.world.verbs import items
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.actors import Actor
    from game.world.world import World



def motivation(world: World, eid: int) -> Motivation:
    return world.content.codex.creatures[world.get(eid, Identity).codex_id].motivation


def mood_by_want(world: World, actor: Actor, sees_hero: bool) -> MoodState | None:
    """C4: the mood a monster's want gives it this turn, or None to leave it to the usual moods (N12-N18).
    A bargain holds for motives.toml's `appeased_turns`; a territorial creature guards its ground; a
    collector stays with its hoard until the hero takes from it; the shy keep away unless struck."""
    ident, mood = actor.ident, actor.mood
    if ident.faction != MONSTERS:
        return None
    if mood.state == APPEASED:
        held = world.turn - mood.since < world.content.motives.appeased_turns
        return APPEASED if held else None
    wants = world.content.codex.creatures[ident.codex_id].motivation.wants
    if wants == "territory":
        return guard_ground(world, actor, sees_hero)
    if mood.state == ANGERED:
        return None  # provoked: it fights and remembers as N18 says
    if wants == "hoard" and actor.needs is None:
        return RESTING  # it stays with what it holds (one with needs rests while provisioned, N12)
    if wants == "left_alone" and sees_hero:
        if mood.state != COWARDLY:
            world.emit("shy", actor.eid, world.hero, actor.pos.room)
        return COWARDLY  # N16's keeping away: it flees before it fights
    return None


def guard_ground(world: World, actor: Actor, sees_hero: bool) -> MoodState | None:
    """A territorial creature's ground is the room it stands in: it warns an intruder the turn it sees it,
    fights it the next turn it is still there, and lets it go the moment it leaves (it rests that turn and
    never follows). Without an intruder a needless one stays on its ground; one with needs keeps the usual
    moods (N12: hungry, it goes for food)."""
    mood, room = actor.mood, actor.pos.room
    if not sees_hero:
        if mood.state in (ANGERED, WARY):
            world.emit("let_go", actor.eid, world.hero, room)
            return RESTING
        return RESTING if actor.needs is None else None
    if mood.state == ANGERED or (mood.state == WARY and mood.since < world.turn):
        if mood.state == WARY:
            world.emit("defend", actor.eid, world.hero, room)
        mood.aware = world.aware_full
        return ANGERED
    if mood.state != WARY:
        world.emit("warn", actor.eid, world.hero, room)
    return WARY


def hoard_taken(world: World, taker: int, room: int, item: str) -> None:
    """C4: a collector in the room sees the hero take something from its lair and fights to keep it."""
    for eid in world.rooms.occupants(room):
        actor = world.actors.of(eid)
        if actor is None or actor.ident.faction != MONSTERS or actor.mood.state == ANGERED \
                or motivation(world, eid).wants != "hoard":
            continue
        mood = actor.mood
        mood.state, mood.since, mood.last_seen, mood.aware = ANGERED, world.turn, room, world.aware_full
        world.emit("hoard_taken", eid, taker, room, item=item)


def bargain_refusal(world: World, hero: int, target: int) -> str:
    """Why the hero cannot bargain with `target` at all, or "": not a monster (folk trade, they are not
    bought off), mindless, or wanting nothing a hero gives."""
    ident = world.get(target, Identity)
    name = ident.name
    if ident.faction != MONSTERS:
        return f"{name} is not one to be bought off."
    if MINDLESS in world.content.codex.creatures[ident.codex_id].tags:
        return f"{name} is mindless: there is no bargaining with it."
    if not motivation(world, target).takes:
        return f"{name} wants nothing you could give it."
    return ""


def price(world: World, target: int) -> int:
    """The coins that buy it off: its Creature Tier times motives.toml's `gold_per_tier`."""
    tier = world.content.codex.creatures[world.get(target, Identity).codex_id].tier
    return gold_price(tier, world.content.motives.gold_per_tier)


def wanted(world: World, target: int) -> str:
    """What it takes, in words: "food", "food or 20 gold"."""
    return " or ".join(f"{price(world, target)} gold" if gift == GOLD else gift
                       for gift in motivation(world, target).takes)


def offer(world: World, hero: int, target: int, item_eid: int) -> None:
    """C4: the hero offers a carried item. One it takes (gold: its price in coins) passes to it, and it is
    appeased: it leaves the hero be and slinks away (the movement stage). Anything else it refuses; the
    offer has cost the hero its AP either way."""
    item = world.get(item_eid, Item)
    defn = world.content.items[item.item_id]
    room = world.room_of(hero)
    takes = motivation(world, target).takes
    count = price(world, target) if item.item_id == GOLD else 1
    name = item_name(world, item_eid)
    if not accepts(takes, item.item_id, defn.kind) or item.count < count:
        world.emit("bargain_refused", hero, target, room, item=name, wants=wanted(world, target))
        return
    items.hand_over(world, item_eid, target, count)
    mood = world.get(target, Mood)
    mood.state, mood.since, mood.last_seen, mood.aware = APPEASED, world.turn, room, 0
    world.emit("bargain", hero, target, room, item=defn.name if count == 1 else f"{count} {defn.name}")
