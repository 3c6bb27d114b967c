"""Pair stage (N7, N66-N70, N73, N74): in each occupied room one pair of thinking creatures may talk, share
aid, pass on news of a hero, avoid one another or fall into a feud; feuds whose sides have calmed end.

A talk or a gift costs each of the pair one Action Point, never the hero's (N7); the pair then waits five
turns (N66). What is said is drawn from the pair's opinions (assets/data/social.toml [tone], [exchanges]).
Each exchange is one event, `converse`, one line: the hero hears it in the room (World.hears); meetings
elsewhere change opinions silently.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.texts import possessive, sentence
from game.rules import social as rules
from game.world.components import Memory, Persona
from game.world.verbs import aid, avoidance, social
from game.world.world import pair_of

if TYPE_CHECKING:
    from game.world.world import World

def participant(world: World, eid: int) -> bool:
    """N74: a thinking creature that takes part in the social web (social.talker) and has an Action Point
    left. The hero never takes part here (it spends no AP on NPC exchanges, N7)."""
    return social.talker(world, eid) and world.actors.peek(eid).body.ap > 0  # a talker is a listed NPC


def run(world: World) -> None:
    """N7, N66, N67: one exchange in each room where two thinking creatures may talk, after feuds that have
    calmed end (N69)."""
    end_feuds(world)
    world.pair_cooldown = {pair: until for pair, until in world.pair_cooldown.items() if until > world.turn}  # N66
    for room in world.rooms.busy_rooms():
        occupants = world.rooms.occupants(room)
        talkers = [e for e in occupants if participant(world, e)]
        if len(talkers) < 2:
            continue
        if world.may_fight(occupants) and enemy_present(world, occupants, talkers):
            continue  # N67: a living enemy in the room (or a feud being fought) suppresses talk and sharing
        pairs = [(a, b) for i, a in enumerate(talkers) for b in talkers[i + 1:]
                 if world.pair_cooldown.get(pair_of(world.uid(a), world.uid(b)), -1) <= world.turn]
        if not pairs:
            continue
        a, b = world.rng.choice(pairs)
        if world.rng.random() < 0.5:
            a, b = b, a  # who speaks first
        world.pair_cooldown[pair_of(world.uid(a), world.uid(b))] = world.turn + rules.PAIR_WAIT
        exchange(world, a, b, room)


def enemy_present(world: World, occupants: list[int], talkers: list[int]) -> bool:
    """N67: a living creature in the room is the enemy of one of the talkers (a feud counts, N69)."""
    return any(world.is_enemy(t, o) for t in talkers for o in occupants if o != t and world.alive(o))


def exchange(world: World, a: int, b: int, room: int) -> None:
    """One exchange, the first that applies: hostility (N69: a zealot denounces a heretic, a hostile creature
    that can walk away avoids the other, one that cannot trades insults), a gift (N70), news passed by a
    friendly creature alongside a talk (N73), else a talk (N66, N68)."""
    social.meet(world, a, b)
    web = world.content.social
    held = {a: social.opinion(world, a, world.uid(b)), b: social.opinion(world, b, world.uid(a))}
    other = {a: b, b: a}
    hostile = [x for x in (a, b) if held[x] < web.hostile_below]
    for x in hostile:
        if social.heretic_to(world, x, other[x]):
            return denounce(world, x, other[x], room)
    for x in hostile:
        if avoidance.can_walk_away(world, x):
            return avoid(world, x, other[x], room)
    if hostile:
        return talk(world, a, b, room, held, cornered=tuple(hostile))
    for x in (a, b):
        item = aid.gift_for(world, x, other[x]) if held[x] >= web.trusted_from else None
        if item is not None:
            return gift(world, x, other[x], item, room)
    for x in (a, b):
        memory = social.news_for(world, x, other[x]) if held[x] >= web.friendly_from else None
        if memory is not None:
            return talk(world, x, other[x], room, held, news=memory)
    return talk(world, a, b, room, held)


def talk(world: World, a: int, b: int, room: int, held: dict[int, int], cornered: tuple[int, ...] = (),
         news: Memory | None = None) -> None:
    """N66, N68: each side's words are drawn by the band of its opinion of the other (`held`) and move the
    other's opinion of it; a disliker's civil words count more; a cornered hostile creature's insults cut
    deeper (N69). With `news`, `a` also passes a memory to `b` (N73)."""
    web = world.content.social
    said: dict[int, tuple[str, int]] = {}
    for me in (a, b):
        words = rules.weighted(web.tone[rules.band_of(held[me], web.bands)], world.rng.random())
        effect = web.exchanges[words]
        if words == "insult" and me in cornered:
            change = effect.cornered
        else:
            change = rules.heard_words(words, effect.heard, held[me] < web.dislikes_below, web.civil_bonus)
        said[me] = words, change
    for me, other in ((a, b), (b, a)):
        social.adjust(world, world.actors.of(other).opinions, world.uid(me), said[me][1])
    spend(world, a, b)
    first, second = said[a][0], said[b][0]
    data = {"said": web.exchanges[first].says, "replied": web.exchanges[second].answers}
    if news is None:
        return tell(world, rules.summary(first, second), a, b, room, ("converse",), **data)
    social.pass_on(world, a, b, news)
    hero = social.who(world, news.hero)
    tell(world, "gossip", a, b, room, ("converse", "converse_news"), hero=hero, hero_s=possessive(hero),
         news=web.deeds[news.deed].news, place=news.place, deed=news.deed, about=news.hero, **data)


def denounce(world: World, zealot: int, heretic: int, room: int) -> None:
    """N69: a zealot never walks away from a heretic it is hostile to: it denounces them."""
    effect = world.content.social.exchanges["denounce"]
    social.shift(world, heretic, zealot, effect.heard)
    social.shift(world, zealot, heretic, effect.spoken)
    spend(world, zealot, heretic)
    faith = world.content.social.faiths[world.get(heretic, Persona).faith].name
    tell(world, "denounce", zealot, heretic, room, ("converse_denounce",), faith=faith)


def avoid(world: World, shunner: int, other: int, room: int) -> None:
    """N69: a hostile creature that can walk away turns from the other (no words, no AP); it leaves in the
    movement stage."""
    tell(world, "avoid", shunner, other, room, ("converse_avoid",))


def gift(world: World, giver: int, taker: int, item: int, room: int) -> None:
    """N70: a trusted creature hands one surplus item to another in real need; both warm to each other."""
    effect = world.content.social.exchanges["gift"]
    name = aid.give(world, giver, taker, item)
    social.shift(world, taker, giver, effect.heard)
    social.shift(world, giver, taker, effect.spoken)
    spend(world, giver, taker)
    tell(world, "gift", giver, taker, room, ("converse_gift",), item=name)


def spend(world: World, a: int, b: int) -> None:
    """N7: a talk or a gift costs each of the pair one Action Point."""
    for eid in (a, b):
        world.actors.of(eid).body.ap -= 1


def tell(world: World, kind: str, a: int, b: int, room: int, text: tuple[str, ...], **data: object) -> None:
    """The one line of an exchange. An insult or a denunciation that brings either side to nemesis starts a
    feud (N69), unless one of them is a companion or a claim's resident; the line then says so."""
    web = world.content.social
    feud = False
    if kind in ("insult", "denounce") and social.may_feud(world, a, b):
        ua, ub = world.uid(a), world.uid(b)
        if min(social.opinion(world, a, ub), social.opinion(world, b, ua)) < web.feud_below:
            world.feuds[pair_of(ua, ub)] = world.turn
            feud, text = True, (*text, "feud_begins")
    label = sentence("label", web.exchanges["feud" if feud else kind].label, dict(data))
    world.emit("converse", a, b, room, text=text, exchange=kind, feud=feud, label=label, **data)


def end_feuds(world: World) -> None:
    """N69: a feud ends once both sides have calmed back above hostile (a death ends it at once); a side
    that holds no opinion of the other (a save's feud between two who never met) counts as calm."""
    for pair in list(world.feuds):
        a, b = (world.actors.by_uid(uid) for uid in pair)
        if a is not None and b is not None and calm(world, a.eid, pair[1]) and calm(world, b.eid, pair[0]):
            social.end_feud(world, pair, "calm")


def calm(world: World, eid: int, other_uid: str) -> bool:
    held = social.opinion(world, eid, other_uid)
    return held is None or held >= world.content.social.hostile_below
