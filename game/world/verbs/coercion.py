"""Forced labour (N47) and lifting carried items (N48), both from the dialogue.

Forced labour: an Evil or Chaotic hero that holds a claim (a room it cleared for a contract) may put the
choice to a person below a third of the hero's maximum health; 30% + 10 per point of Charisma; on success it
joins the party at loyalty 10 marked as forced labour, on failure it turns on the hero; one attempt, no cost.
Theft: with the Thief perk, 1 AP, odds from Dexterity, Patience and stealing proficiency (the same against a
merchant); lifting worn gear weakens the victim; caught, it turns hostile with everything still on it;
companions are never targets. Numbers and lines: companions.toml [forced] and [theft]."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Body, Hero, Identity, Inventory, Item, Loyalty
from game.world.verbs import company, loadout
from game.world.verbs.combat import anger
from game.world.verbs.contracts import journal_of
from game.world.verbs.items import give
from game.world.verbs.speech import say, voice_of
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.world import World

HOSTILE = "hostile"  # the faction of one who turned on the hero (world.toml [factions])
THIEF = "thief"  # the perk of the hero sheet (hero.toml [sheet] perks)


def sheet(world: World, hero: int):
    return world.get(hero, Hero).sheet


# -- forced labour (N47) -----------------------------------------------------------------------------------
def forced_chance(world: World, hero: int) -> int:
    """N47: 30% plus 10 per point of Charisma, in percent (at most 100)."""
    data = world.content.companions.forced
    return min(100, data["chance"] + data["per_charisma"] * sheet(world, hero).charisma)


def may_coerce(world: World, hero: int, target: int) -> str:
    """Why the hero cannot put the choice to `target`, or "" (N47's conditions)."""
    me = sheet(world, hero)
    if me.moral != "evil" and me.ethic != "chaotic":
        return "Only an Evil or Chaotic hero forces labour."
    journal = journal_of(world, hero)
    if not journal.claims:
        return "You hold no claim to put anyone to work on."
    if voice_of(world, target) is None or company.companion_of(world, target) is not None:
        return f"{world.get(target, Identity).name} cannot be put to work."
    if world.uid(target) in journal.coerced:
        return "You have put that choice to them already."
    if world.get(target, Body).health * 3 >= world.get(hero, Body).card.health:
        return f"{world.get(target, Identity).name} is not beaten enough to yield."
    if len(company.party(world, hero)) >= world.content.companions.party:
        return "You have company enough already."
    return ""


def coerce(world: World, hero: int, target: int) -> str:
    """N47: one roll against forced_chance; a companion at loyalty 10 marked as forced labour, or an enemy."""
    reason = may_coerce(world, hero, target)
    if reason:
        return reason
    data, lines = world.content.companions, world.content.companions.forced_lines
    journal_of(world, hero).coerced |= {world.uid(target)}
    roll = world.rng.randrange(100)
    chance = forced_chance(world, hero)
    world.emit("coerce", hero, target, world.room_of(target), roll=roll, chance=chance, success=roll < chance)
    if roll >= chance:
        say(world, target, hero, lines["defies"], "company")
        turn_on(world, hero, target)
        return ""
    company.join(world, hero, target, forced=True)
    world.ensure(target, Loyalty).to[world.uid(hero)] = data.forced["loyalty"]
    say(world, target, hero, lines["yields"], "company")
    return ""


def turn_on(world: World, hero: int, target: int) -> None:
    """It turns on the hero where it stands, with everything still on it."""
    world.get(target, Identity).faction = HOSTILE
    anger(world, hero, target)


# -- theft (N48) -------------------------------------------------------------------------------------------
def theft_chance(world: World, hero: int, worn: bool) -> int:
    """N48: the odds in percent, the same against anyone (merchants too)."""
    data, me = world.content.companions.theft, sheet(world, hero)
    chance = data["base"] + data["per_dexterity"] * me.dexterity + data["per_patience"] * me.patience \
        + data["per_stealing"] * me.proficiencies.get("stealing", 0) - (data["worn"] if worn else 0)
    return max(data["least"], min(data["most"], chance))


def may_lift(world: World, hero: int, target: int) -> str:
    if THIEF not in sheet(world, hero).perks:
        return "You need the Thief perk for that."
    if company.companion_of(world, target) is not None:
        return "Companions hand their gear over when asked."
    return ""


def lift(world: World, hero: int, target: int, item_eid: int) -> str:
    """N48: one roll; success takes the item (worn gear: the victim's card is rebuilt without it); caught,
    the victim turns hostile with everything still on it."""
    reason = may_lift(world, hero, target)
    if reason:
        return reason
    item = world.try_get(item_eid, Item) if world.exists(item_eid) else None
    if item is None or item.owner != target:
        return f"{world.get(target, Identity).name} does not carry that."
    worn = item_eid in world.get(target, Inventory).equipped.values()
    chance = theft_chance(world, hero, worn)
    roll = world.rng.randrange(100)
    name = item_name(world, item_eid)
    world.emit("lift", hero, target, world.room_of(target), item=name, roll=roll, chance=chance,
               success=roll < chance)
    if roll >= chance:
        say(world, target, hero, world.content.companions.theft_lines["caught"], "company")
        turn_on(world, hero, target)
        return ""
    give(world, item_eid, hero)
    if worn:
        loadout.refresh(world, target)
    return ""
