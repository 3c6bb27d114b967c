"""Who a thinking creature is and how it first sees another (N64, N65, N74, N83): drawing a persona when a
creature is made, first impressions, the dice an approach earns with it, meeting for the first time."""
from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.rules import social as rules
from game.world.components import Hero, Identity, Memories, Memory, Opinion, Opinions, Persona

if TYPE_CHECKING:
    from game.world.world import World


def draw_persona(world: World, codex_id: str, background: str | None = None) -> Persona | None:
    """A persona for a new creature of a thinking kind (social.toml [people.*]), drawn with the world's
    RNG; None for the kinds that take no part in the social web (N74). A map's background wins (N83)."""
    social = world.content.social
    tendency = social.people.get(codex_id)
    if tendency is None:
        return None
    rng = world.rng
    drawn = rules.weighted(tendency.backgrounds, rng.random())
    outlook = rules.weighted(tendency.outlooks, rng.random())
    faith = rules.weighted(tendency.faiths, rng.random())
    traits = frozenset(t for t in tendency.traits if rng.random() < tendency.trait_chance)
    return Persona(social.people_of[codex_id], faith, background if background is not None else drawn, outlook,
                   traits)


def draw_name(world: World, codex_id: str, people: str) -> str:
    """N85: a given name of the creature's people, drawn with the world's RNG; a villager, or anyone made on
    a settlement's map, adds a family name (assets/data/names.toml)."""
    names = world.content.names
    given = world.rng.choice(names.given[people])
    if codex_id in names.family_kinds or world.map.kind in names.family_maps:
        return f"{given} {world.rng.choice(names.family[people])}"
    return given


def impression(world: World, of: Persona, toward: Persona) -> int:
    """N65: what `of` thinks of `toward` at first sight: its people's attitude to the other's, and faith
    (fellow believers warmer, heretics colder, a zealot's heretics colder still)."""
    social = world.content.social
    parts = [social.attitudes[of.people].get(toward.people, 0)]
    if of.faith == toward.faith and of.faith != "none":
        parts.append(social.same_faith)
    elif toward.faith in social.faiths[of.faith].heretics:
        parts.append(social.zealot_heretic if "zealot" in of.traits else social.heretic)
    return rules.first_impression(tuple(parts), social.low, social.high)


def hero_impression(world: World, hero: int) -> int:
    """N39: the first impression a thinking creature has of a hero, set by the hero's Charisma."""
    social = world.content.social
    charisma = esper.component_for_entity(hero, Hero).sheet.charisma
    return rules.first_impression((social.by_charisma(social.charisma_first, charisma),), social.low, social.high)


def meet(world: World, a: int, b: int) -> None:
    """Two thinking creatures (or one and a hero) meet: each side forms its first impression of the other
    unless it already has one (N65: a relationship has two sides)."""
    for me, other in ((a, b), (b, a)):
        opinions = esper.try_component(me, Opinions)
        if opinions is None:
            continue
        uid = esper.component_for_entity(other, Identity).uid
        if uid not in opinions.of:
            theirs = esper.try_component(other, Persona)
            if theirs is not None:
                first = impression(world, esper.component_for_entity(me, Persona), theirs)
            else:
                first = hero_impression(world, other)
            opinions.of[uid] = Opinion(first, first, world.turn)


def approach_likes(world: World, persona: Persona) -> dict[str, int]:
    """N83: the dice each approach earns (+) or costs (-) with this person before the cap of two: its
    background (none for notable people), moral outlook and personality traits, one die each."""
    social = world.content.social
    leanings = [social.outlooks[persona.outlook], *(social.traits[t] for t in sorted(persona.traits))]
    if persona.background:
        leanings.append(social.backgrounds[persona.background])
    likes: dict[str, int] = {}
    for leaning in leanings:
        for approach, die in leaning.dice.items():
            likes[approach] = likes.get(approach, 0) + die
    return likes


def remember(world: World, eid: int, hero: int, deed: str, source: int | None = None) -> None:
    """N73, N81: `eid` now knows a deed of `hero` ("help", "slight"…), seen itself or told by `source`;
    the place is the room where it learns of it."""
    memories = esper.try_component(eid, Memories)
    if memories is not None:
        teller = world.uid(source if source is not None else eid)
        memories.known.append(Memory(world.uid(hero), deed, teller, world.room_name(world.room_of(eid)), world.turn))


def shift(world: World, eid: int, other: int, change: int) -> None:
    """Move what `eid` thinks of `other` by `change` within the scale (forming a first impression first)."""
    opinions = esper.try_component(eid, Opinions)
    if opinions is None:
        return
    meet(world, eid, other)
    opinion = opinions.of[world.uid(other)]
    social = world.content.social
    opinion.now = rules.clamp(opinion.now + change, social.low, social.high)
    opinion.since = world.turn


def band(world: World, eid: int, other_uid: str) -> str | None:
    """N71: what `eid` thinks of the creature or hero `other_uid` in a word (None: they have not met)."""
    opinions = esper.try_component(eid, Opinions)
    opinion = opinions.of.get(other_uid) if opinions is not None else None
    return rules.band_of(opinion.now, world.content.social.bands) if opinion is not None else None
