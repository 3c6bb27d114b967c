"""Who a thinking creature is and what it thinks of others (N64-N74, N83, N85): drawing a persona and a name
when a creature is made, first impressions, opinions that drift back to them, hostility and feuds, the
deeds of heroes it remembers and passes on, the people it would recommend.

The public queries the dialogue screen calls: `opinion`, `band`, `acquaintances` (N71), `news_of` and
`mark_told` (N73), `recommend`, `send` and `acknowledge` (N72), `who`, `approach_likes` (N83); the verbs
that record a hero's deeds:
`remember` (a moment's help or slight, N81) and `witness` (deeds seen in play).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.rules import social as rules
from game.rules.tags import MINDLESS
from game.world.components import Hero, Identity, Memories, Memory, Opinion, Opinions, Persona, Ties
from game.world.verbs.provisions import EAT_ABOVE

if TYPE_CHECKING:
    from game.world.world import World

SENT = "sent"  # N72: the deed a recommendation leaves on the one recommended
TALKERS = frozenset({"dungeon", "world", "notable"})  # N74: merchants and event cards do not take part
RESIDENTS = frozenset({"world", "notable"})  # N84-N87: a settlement's people (merchants keep their shops, N5)


# -- who a thinking creature is (N65, N74, N83, N85) -----------------------------------------------------------
def talker(world: World, eid: int) -> bool:
    """N74: a living thinking creature (one with a persona) that takes part in the social web: no merchant,
    not mindless, not spell-bound. The hero never does (it holds no opinions)."""
    actor = world.actors.peek(eid)
    if actor is None or actor.opinions is None:
        return False
    ident = actor.ident
    return (ident.kind in TALKERS and MINDLESS not in ident.tags and actor.body.health > 0
            and (actor.ties is None or not actor.ties.holds & rules.NO_PART))


def lonely(world: World, eid: int) -> bool:
    """N87: a settlement's resident who has had no exchange with anyone (words, news, a gift, a deed seen) for
    `web.lonely_after` turns; one who never met anyone counts from the world's first turn."""
    actor = world.actors.peek(eid)
    if actor is None or actor.opinions is None or actor.ident.kind not in RESIDENTS:
        return False
    last = max((held.since for held in actor.opinions.of.values()), default=0)
    return world.turn - last >= world.content.social.lonely_after


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


def ties(world: World, eid: int) -> frozenset[str]:
    """N69, N74: what holds the creature (a contract, a hero's company, a claim, a spell); none mostly."""
    actor = world.actors.peek(eid)
    return actor.ties.holds if actor is not None and actor.ties is not None else frozenset()


def hold(world: World, eid: int, *held: str) -> None:
    """N69, N74: a contract, a hero's company, a claim or a binding spell (rules.social.TIES) now holds the
    creature; the issues that bring them call this (and `release`)."""
    actor = world.actors.of(eid)
    if actor.ties is None:
        actor.ties = Ties()
        world.add(eid, actor.ties)
    actor.ties.holds |= frozenset(held)


def release(world: World, eid: int, *held: str) -> None:
    """The ties `held` no longer hold the creature."""
    actor = world.actors.of(eid)
    if actor.ties is not None:
        actor.ties.holds -= frozenset(held)


def heretic_to(world: World, zealot: int, other: int) -> bool:
    """N69: `zealot` is a zealot and `other` follows a faith its own holds heretical."""
    mine, theirs = world.try_get(zealot, Persona), world.try_get(other, Persona)
    return (mine is not None and theirs is not None and "zealot" in mine.traits
            and theirs.faith in world.content.social.faiths[mine.faith].heretics)


# -- first impressions and opinions (N64, N65, N68) ------------------------------------------------------------
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
    charisma = world.get(hero, Hero).sheet.charisma
    return rules.first_impression((social.by_charisma(social.charisma_first, charisma),), social.low, social.high)


def meet(world: World, a: int, b: int) -> None:
    """Two thinking creatures (or one and a hero) meet: each side forms its first impression of the other
    unless it already has one (N65: a relationship has two sides)."""
    for me, other in ((a, b), (b, a)):
        opinions = world.try_get(me, Opinions)
        if opinions is None:
            continue
        uid = world.get(other, Identity).uid
        if uid not in opinions.of:
            theirs = world.try_get(other, Persona)
            if theirs is not None:
                first = impression(world, world.get(me, Persona), theirs)
            else:
                first = hero_impression(world, other)
            opinions.of[uid] = Opinion(first, first, world.turn)
            if first < world.content.social.hostile_below:
                opinions.grudges[uid] = None


def current(world: World, opinion: Opinion) -> int:
    """N68: the opinion now, drifted back toward the first impression one step per ten turns since the
    pair's last exchange (drift is worked out when an opinion is read, so a turn costs nothing for it)."""
    return rules.drift(opinion.now, opinion.first, world.turn - opinion.since)


def opinion(world: World, eid: int, other_uid: str) -> int | None:
    """N64: what `eid` thinks of the creature or hero `other_uid` now (None: they have not met)."""
    opinions = world.try_get(eid, Opinions)
    held = opinions.of.get(other_uid) if opinions is not None else None
    return current(world, held) if held is not None else None


def band(world: World, eid: int, other_uid: str) -> str | None:
    """N71: what `eid` thinks of the creature or hero `other_uid` in a word (None: they have not met)."""
    value = opinion(world, eid, other_uid)
    return rules.band_of(value, world.content.social.bands) if value is not None else None


def shift(world: World, eid: int, other: int, change: int) -> None:
    """Move what `eid` thinks of `other` by `change` within the scale (forming a first impression first);
    the opinion counts as exchanged now (N68: drift starts again from here)."""
    opinions = world.try_get(eid, Opinions)
    if opinions is None:
        return
    uid = world.uid(other)
    if uid not in opinions.of:
        meet(world, eid, other)
    adjust(world, opinions, uid, change)


def adjust(world: World, opinions: Opinions, uid: str, by: int) -> None:
    """`shift` for an opinion already formed, by the holder's Opinions and the other's uid."""
    held = opinions.of[uid]
    social = world.content.social
    held.now = rules.clamp(current(world, held) + by, social.low, social.high)
    held.since = world.turn
    if held.now < social.hostile_below:
        opinions.grudges[uid] = None


def hostile_to(world: World, eid: int, other_uid: str) -> bool:
    """N69: `eid` is hostile (or worse) to `other_uid`; a grudge that has calmed is let go."""
    opinions = world.try_get(eid, Opinions)
    if opinions is None or other_uid not in opinions.grudges:
        return False
    if current(world, opinions.of[other_uid]) < world.content.social.hostile_below:
        return True
    del opinions.grudges[other_uid]
    return False


def grudges(world: World, opinions: Opinions) -> list[int]:
    """N69: the living creatures a thinking creature is hostile to now (calmed grudges are let go)."""
    below = world.content.social.hostile_below
    held = []
    for uid in list(opinions.grudges):
        actor = world.actors.by_uid(uid)
        if current(world, opinions.of[uid]) >= below:
            del opinions.grudges[uid]
        elif actor is not None:
            held.append(actor.eid)
    return held


def acquaintances(world: World, eid: int) -> list[tuple[str, str, str]]:
    """N71 "What do you make of the others?": (uid, name, band) of each living creature `eid` has met, the
    best liked first (then by uid)."""
    opinions = world.try_get(eid, Opinions)
    if opinions is None:
        return []
    known = []
    for uid, held in opinions.of.items():
        actor = world.actors.by_uid(uid)
        if actor is not None:
            known.append((-current(world, held), uid, actor.ident.name))
    return [(uid, name, rules.band_of(-value, world.content.social.bands)) for value, uid, name in sorted(known)]


def who(world: World, uid: str) -> str:
    """The name of the creature or hero `uid`, for a line of dialogue; one no longer living is called by its
    kind ("a villager")."""
    actor = world.actors.peek_uid(uid)
    if actor is not None:
        return actor.ident.name
    if world.exists(world.hero) and world.uid(world.hero) == uid:
        return world.get(world.hero, Identity).name
    kind = world.content.codex.creatures.get(uid.split("#")[0])
    return f"a {kind.name.lower()}" if kind is not None else uid


# -- feuds (N69) -------------------------------------------------------------------------------------------------
def end_feud(world: World, pair: tuple[str, str], reason: str) -> None:
    """N69: the feud of `pair` is over ("calm": both above hostile again; "death"). A hero sharing a room with
    either side hears them make up (the event is in that room, N66); elsewhere it passes silently (no room)."""
    began = world.feuds.pop(pair)
    room = None
    if reason == "calm" and world.alive(world.hero):
        sides = {actor.pos.room for actor in map(world.actors.by_uid, pair) if actor is not None}
        room = world.hero_room() if world.hero_room() in sides else None
    world.emit("feud_over", room=room, first=who(world, pair[0]), second=who(world, pair[1]), pair=list(pair),
               reason=reason, began=began)


def feuds_end_with(world: World, eid: int) -> None:
    """N69: the feuds of a creature that dies end with it (called before it leaves its room)."""
    if world.feuds:
        uid = world.uid(eid)
        for pair in [p for p in world.feuds if uid in p]:
            end_feud(world, pair, "death")


def may_feud(world: World, a: int, b: int) -> bool:
    """N69: companions and claim residents never feud."""
    return not (ties(world, a) | ties(world, b)) & rules.NEVER_FEUD


# -- deeds remembered and passed on (N73, N81) ---------------------------------------------------------------------
def hero_of(world: World, hero_uid: str) -> int | None:
    """The hero entity of `hero_uid` in this world (None: a hero of another world)."""
    return world.hero if world.exists(world.hero) and world.uid(world.hero) == hero_uid else None


def remember(world: World, eid: int, hero: int, deed: str, source: int | None = None) -> None:
    """N73, N81: `eid` now knows a deed of `hero` ("help", "slight"…), seen itself or told by `source`;
    the place is the room where it learns of it. It keeps the newest `web.memories_kept`."""
    memories = world.try_get(eid, Memories)
    if memories is not None:
        teller = world.uid(source if source is not None else eid)
        keep(world, memories, Memory(world.uid(hero), deed, teller, world.room_name(world.room_of(eid)), world.turn))


def keep(world: World, memories: Memories, memory: Memory) -> None:
    """N73: one more memory; past `web.memories_kept` the oldest is forgotten."""
    memories.known.append(memory)
    del memories.known[:-world.content.social.memories_kept]


def witness(world: World, hero: int, deed: str, witnesses: list[int]) -> None:
    """N73: each thinking creature of `witnesses` saw `hero` do `deed` where it stands: it remembers it and
    its opinion of the hero moves by the deed's `seen` (social.toml [deeds]). A deed it already saw at that
    place within `web.remembered_again_after` turns is the same deed, not another."""
    social = world.content.social
    hero_uid = world.uid(hero)
    for eid in witnesses:
        memories = world.try_get(eid, Memories)
        if memories is None:
            continue
        me, place = world.uid(eid), world.room_name(world.room_of(eid))
        if any(m.hero == hero_uid and m.deed == deed and m.place == place and m.source == me
               and world.turn - m.turn < social.remembered_again_after for m in memories.known):
            continue
        remember(world, eid, hero, deed)
        shift(world, eid, hero, social.deeds[deed].seen)


def thinking_in(world: World, room: int, *besides: int) -> list[int]:
    """The thinking creatures (with memories) standing in `room`, but `besides`."""
    return [e for e in world.rooms.occupants(room) if e not in besides and world.has(e, Memories)]


def seen_blow(world: World, hero: int, target: int, room: int) -> None:
    """N73: the hero strikes a thinking creature that was neither its enemy nor hostile to it: the target and
    every thinking creature in the room that is not the target's enemy remember it as "attacked"."""
    if not world.has(target, Memories) or world.is_enemy(hero, target) \
            or hostile_to(world, target, world.uid(hero)):
        return
    witness(world, hero, "attacked", [target, *(e for e in thinking_in(world, room, hero, target)
                                                if not world.is_enemy(e, target))])


def seen_kill(world: World, hero: int, victim: int, room: int) -> None:
    """N73: the hero kills a creature in the room that was the enemy of a thinking creature there, or one it
    was hostile to: that creature remembers it as "defended"."""
    victim_uid = world.uid(victim)
    witness(world, hero, "defended", [e for e in thinking_in(world, room, hero, victim)
                                      if world.is_enemy(e, victim) or hostile_to(world, e, victim_uid)])


def aided(world: World, hero: int, recipient: int) -> None:
    """N73: the hero gave `recipient` aid (an item, a healing): it and every thinking creature in its room
    remember it as "aided". For the commands and screens that let a hero give (not yet in the game)."""
    room = world.room_of(recipient)
    witness(world, hero, "aided", [recipient, *thinking_in(world, room, hero, recipient)])


def knows(memories: Memories, memory: Memory) -> bool:
    """Whether this memory is one of the same deed (hero, deed, place and turn) it already knows."""
    return any((m.hero, m.deed, m.place, m.turn) == (memory.hero, memory.deed, memory.place, memory.turn)
               for m in memories.known)


def news_for(world: World, teller: int, listener: int) -> Memory | None:
    """N73: the memory a friendly `teller` passes to `listener` when they meet: its newest one that may be
    passed on and that the listener does not know yet; None when it is not friendly or has none."""
    social = world.content.social
    held = opinion(world, teller, world.uid(listener))
    if held is None or held < social.friendly_from:
        return None
    theirs = world.get(listener, Memories)
    for memory in reversed(world.get(teller, Memories).known):
        if social.deeds[memory.deed].passes and not knows(theirs, memory):
            return memory
    return None


def pass_on(world: World, teller: int, listener: int, memory: Memory) -> None:
    """N73, N81: `listener` hears of a hero's deed from `teller`: it keeps it with its source (the place and
    turn of the deed), and its opinion of that hero moves by the deed's `heard` (a slight: -3)."""
    keep(world, world.get(listener, Memories),
         replace(memory, source=world.uid(teller), told=False))
    hero = hero_of(world, memory.hero)
    if hero is not None:
        shift(world, listener, hero, world.content.social.deeds[memory.deed].heard)


def news_of(world: World, eid: int, hero: int) -> Memory | None:
    """N73: the newest deed of `hero` that `eid` heard of from someone else and has not yet told the hero
    ("Mara told me what you did at the mine": `who(world, memory.source)`, `memory.place`); None if none."""
    memories = world.try_get(eid, Memories)
    if memories is None:
        return None
    me, hero_uid, deeds = world.uid(eid), world.uid(hero), world.content.social.deeds
    for memory in reversed(memories.known):
        if memory.hero == hero_uid and memory.source != me and not memory.told and deeds[memory.deed].passes:
            return memory
    return None


def mark_told(memory: Memory) -> None:
    """N73: the creature has told the hero of this memory; `news_of` passes over it from now on."""
    memory.told = True


# -- recommendations (N72) ---------------------------------------------------------------------------------------
def recommend(world: World, eid: int, hero: int) -> tuple[str, str, str] | None:
    """N72: someone `eid` would send `hero` to, as (uid, name, room name): `eid` must trust the hero and the
    other; of those it trusts it names one with a practical need first (later also one with a contract),
    then the best liked. None when it trusts no one or not the hero."""
    trusted = world.content.social.trusted_from
    opinions = world.try_get(eid, Opinions)
    of_hero = opinion(world, eid, world.uid(hero))
    if opinions is None or of_hero is None or of_hero < trusted:
        return None
    picks = []
    for uid, held in opinions.of.items():
        actor = world.actors.by_uid(uid)
        value = current(world, held)
        if actor is not None and actor.eid != eid and actor.opinions is not None and value >= trusted:
            picks.append((not in_need(world, actor.eid), -value, uid, actor))
    if not picks:
        return None
    actor = min(picks)[3]
    return actor.ident.uid, actor.ident.name, world.room_name(actor.pos.room)


def wants(world: World, eid: int, kind: str) -> bool:
    """N70: the creature would use this kind now: food when hungrier than 20 (N9), drink when thirstier,
    healing when hurt below `gifts.hurt_below` of its health."""
    actor = world.actors.of(eid)
    if actor is None:
        return False
    if kind == "healing":
        return actor.body.health < world.content.social.hurt_below * actor.body.card.health
    needs = actor.needs
    return needs is not None and (needs.hunger if kind == "food" else needs.thirst) > EAT_ABOVE


def real_need(world: World, eid: int, kind: str) -> bool:
    """N70: a real need of one kind: it wants it and carries none."""
    actor = world.actors.of(eid)
    return actor is not None and not actor.inv.kinds.get(kind) and wants(world, eid, kind)


def in_need(world: World, eid: int) -> bool:
    """N72: a practical need, one of the real needs a gift could meet (N70)."""
    return any(real_need(world, eid, kind) for kind in world.content.social.gift_kinds)


def send(world: World, eid: int, hero: int, target_uid: str) -> None:
    """N72: `eid` recommended `target_uid` to `hero`: the target knows who sent the hero (a "sent" memory
    whose source is `eid`)."""
    actor = world.actors.by_uid(target_uid)
    if actor is not None:
        remember(world, actor.eid, hero, SENT, source=eid)


def acknowledge(world: World, eid: int, hero: int) -> Memory | None:
    """N72: on meeting `hero`, `eid` acknowledges who sent it: the newest such record not yet acknowledged,
    now marked told, and `eid` greets the hero `web.sent_warmth` warmer. None when no one sent it."""
    memories = world.try_get(eid, Memories)
    hero_uid = world.uid(hero)
    for memory in reversed(memories.known if memories is not None else []):
        if memory.hero == hero_uid and memory.deed == SENT and not memory.told:
            memory.told = True
            shift(world, eid, hero, world.content.social.sent_warmth)
            return memory
    return None
