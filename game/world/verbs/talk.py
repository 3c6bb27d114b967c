"""Talking with a creature (N45, N46, N71, N73, N80, N82): who will talk, what it says when the hero starts
(a biography at the first meeting, later the hero's deeds as it knows them), the usual options, goodbye,
and drawing a weapon on it. Every line comes from assets/data/dialogue.toml; moments are verbs.moments."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.lines import pick
from game.rules import clock, social as rules
from game.world.components import Chronicle, Identity, Loyalty, Opinions, Persona
from game.world import views
from game.world.verbs import moments, motives, social
from game.world.verbs.combat import anger
from game.world.verbs.speech import deed_line, deeds_known, fill, living_names, narrate, say, voice_of
from game.world.verbs.witness import observe, talks_of, witness_of

if TYPE_CHECKING:
    from game.world.world import World

ASK = ("others", "news", "about", "goodbye")  # the options of Ask (Draw weapon is a command of its own)
OTHERS_TOLD = 6  # N71: at most this many people in one answer, the most liked first
HOSTILE = "hostile"  # N46: the faction of a person the hero drew a weapon on (world.toml [factions])


def absent(world: World, hero: int, target: int) -> str:
    """Why `target` is not there for the hero (itself, gone, dead, elsewhere), or ""."""
    if target == hero:
        return "You mutter to yourself for a while."
    if not world.exists(target) or not world.alive(target):
        return "There is no one there."
    if world.room_of(target) != world.room_of(hero):
        return f"{world.get(target, Identity).name} is not in this room."
    return ""


def hostile(world: World, hero: int, target: int) -> bool:
    return world.is_enemy(target, hero) or world.is_enemy(hero, target)


def refusal(world: World, hero: int, target: int, bargaining: bool = False) -> str:
    """Why the hero cannot talk with `target` now, or "" (it must be alive, in the room, not hostile; when
    `bargaining`, a hostile creature whose motivation admits a bargain will hear an offer, C4)."""
    reason = absent(world, hero, target)
    if not reason and hostile(world, hero, target) and not (bargaining and can_bargain(world, hero, target)):
        return f"{world.get(target, Identity).name} is in no mood to talk."
    return reason


def can_bargain(world: World, hero: int, target: int) -> bool:
    """C4: not mindless, and it takes something a hero can give."""
    return not motives.bargain_refusal(world, hero, target)


def silent_lines(world: World, target: int) -> dict[str, str]:
    """N74: the greeting and goodbye of a creature outside the social web (a merchant, an animal...)."""
    kind = "merchant" if world.get(target, Identity).kind == "merchant" else "other"
    said = dict(world.content.dialogue.silent[kind])
    if kind == "merchant" and world.map.kind == "dungeon":  # no counter down here: the afield greeting
        said["greeting"] = said["greeting_afield"]
    return said


def start(world: World, hero: int, target: int) -> None:
    """The hero starts talking (N45): a first meeting's biography, else a greeting reflecting what it knows
    of the hero; then a moment may begin (N75). A moment left unanswered ended with the last talk (N82).
    A hostile creature only hears offers: the screen says what it seems to want (C4)."""
    observe(world, hero)
    if hostile(world, hero, target):
        narrate(world, target, hero, views.seems(world, target, world.get(target, Identity).codex_id),
                "greeting")
        return
    voice = voice_of(world, target)
    if voice is None:
        narrate(world, target, hero, fill(world, silent_lines(world, target)["greeting"], target, hero), "greeting")
        return
    social.meet(world, target, hero)
    talks, hero_uid = talks_of(world, target), world.uid(hero)
    talks.open.pop(hero_uid, None)
    sent = social.acknowledge(world, target, hero)  # N72: who sent the hero, first of all (it starts warmer)
    if sent is not None:
        say(world, target, hero, fill(world, world.content.dialogue.news["sent"], target, hero,
                                      source=social.who(world, sent.source)), "greeting")
    if hero_uid not in talks.greeted:
        talks.greeted = talks.greeted | {hero_uid}
        say(world, target, hero, biography(world, target, hero, voice), "biography")
    else:
        heard = social.news_of(world, target, hero)  # the deed the greeting retells, for the chronicle (N87)
        say(world, target, hero, greeting(world, target, hero, voice), "greeting",
            **({"deed": heard.deed} if heard is not None else {}))
    moments.maybe_begin(world, hero, target)


def biography(world: World, target: int, hero: int, voice: str) -> str:
    """N45: origin (by people), temperament (by outlook) and circumstance (by background), the same for
    this person every time."""
    dialogue, persona, uid = world.content.dialogue, world.get(target, Persona), world.uid(target)
    parts = (dialogue.voices[voice].first, pick(dialogue.origin[persona.people], uid, "origin"),
             pick(dialogue.temperament[persona.outlook], uid, "temperament"),
             pick(dialogue.circumstance[voice], uid, "circumstance"))
    return " ".join(fill(world, part, target, hero) for part in parts)


def greeting(world: World, target: int, hero: int, voice: str) -> str:
    """N45, N73: the newest deed of the hero it heard of and has not told (naming who told it); else the
    newest it saw itself; else a greeting in the tone of its opinion of the hero."""
    dialogue = world.content.dialogue
    heard = social.news_of(world, target, hero)
    if heard is not None:
        social.mark_told(heard)
        return deed_line(world, target, hero, heard)
    me = world.uid(target)
    for memory in deeds_known(world, target, hero):
        line = deed_line(world, target, hero, memory) if memory.source == me else ""
        if line:
            return line
    tone = dialogue.tone[social.band(world, target, world.uid(hero)) or "indifferent"]
    return fill(world, dialogue.voices[voice].greeting[tone], target, hero)


def others(world: World, target: int, hero: int) -> list[tuple[str, str, str]]:
    """N71: (uid, name, band) of the living people the hero has met or observed that `target` has an
    opinion of, the most liked first."""
    opinions = world.get(target, Opinions).of
    names, me = living_names(world), world.uid(target)
    held = {uid: social.opinion(world, target, uid) for uid in witness_of(world, hero).seen
            if uid != me and uid in opinions and uid in names}  # as they stand now, drift and all (N68)
    known = sorted(held, key=lambda uid: (-held[uid], uid))
    bands = world.content.social.bands
    return [(uid, names[uid][1], rules.band_of(held[uid], bands)) for uid in known[:OTHERS_TOLD]]


def tell_others(world: World, target: int, hero: int, voice: str) -> None:
    """N71: a line for each person the hero knows, in words like wary, cordial, friendly, trusted."""
    dialogue = world.content.dialogue
    told = others(world, target, hero)
    for uid, name, band in told:
        say(world, target, hero, fill(world, dialogue.others[band], target, hero, other=name), "others",
            about=uid, band=band)
    if not told:
        say(world, target, hero, fill(world, dialogue.voices[voice].others_none, target, hero), "others")


def tell_news(world: World, target: int, hero: int, voice: str) -> None:
    """A feud of the place the hero has not yet heard of (N69, the chronicle's N87: who fell out and since
    when); else N71: its strongest feeling about someone the hero knows, when it has one; else someone it
    trusts to send the hero to (N72); else a deed of the hero it heard of from someone else (N73); else
    nothing new."""
    dialogue = world.content.dialogue
    feud = feud_untold(world, target, hero)
    if feud is not None:
        line, about = feud
        say(world, target, hero, line, "news", about=about)
        return
    strong = [o for o in others(world, target, hero) if dialogue.tone[o[2]] != "plain"]
    if strong:
        uid, name, band = max(strong, key=lambda o: (abs(social.opinion(world, target, o[0]) or 0), o[0]))
        line = fill(world, dialogue.others[band], target, hero, other=name)
        say(world, target, hero, fill(world, dialogue.news["opinion"], target, hero, line=line), "news",
            about=uid, band=band)
        return
    sent_to = social.recommend(world, target, hero)
    if sent_to is not None:
        uid, name, room = sent_to
        social.send(world, target, hero, uid)
        say(world, target, hero, fill(world, dialogue.news["recommend"], target, hero, other=name, room=room),
            "news", about=uid)
        return
    heard = social.news_of(world, target, hero)
    if heard is not None:
        social.mark_told(heard)
        say(world, target, hero, fill(world, dialogue.news["deed"], target, hero,
                                      line=deed_line(world, target, hero, heard)), "news", deed=heard.deed)
        return
    say(world, target, hero, fill(world, dialogue.voices[voice].news_none, target, hero), "news")


def feud_untold(world: World, target: int, hero: int) -> tuple[str, str] | None:
    """The line telling the oldest feud of this place (N69) that the hero's chronicle does not hold yet: its
    two sides and the day it began, in the speaker's words when it is one of them; with the uid it is about
    (the other side when the speaker is one, for the chronicle's source)."""
    known = {words for _day, words, _source in world.get(hero, Chronicle).entries} if world.has(hero, Chronicle) \
        else set()
    me, lines = world.uid(target), world.content.dialogue.news
    per_turn = int(world.content.tuning["clock"]["minutes_per_turn"])
    for pair, began in sorted(world.feuds.items(), key=lambda f: (f[1], f[0])):
        day = clock.day(world.minutes - (world.turn - began) * per_turn)
        about = pair[1] if pair[0] == me else pair[0]
        if me in pair:
            line = fill(world, lines["feud_own"], target, hero, other=social.who(world, about), day=str(day))
        else:
            line = fill(world, lines["feud"], target, hero, first=social.who(world, pair[0]),
                        second=social.who(world, pair[1]), day=str(day))
        if not any(line in words for words in known):  # told before: the chronicle holds the line said
            return line, about
    return None


def values(world: World, target: int) -> tuple[str | None, str | None]:
    """N80: the approach it welcomes most and the one it resents most (approach_likes, N83), or None;
    ties go to the first in the seed's order of approaches."""
    likes = social.approach_likes(world, world.get(target, Persona))
    ranked = [(likes.get(a, 0), i, a) for i, a in enumerate(rules.APPROACHES)]
    best, worst = max(ranked, key=lambda r: (r[0], -r[1])), min(ranked)
    return (best[2] if best[0] > 0 else None), (worst[2] if worst[0] < 0 else None)


def tell_about(world: World, target: int, hero: int, voice: str) -> None:
    """N80: "Tell me about yourself" reveals what it values most and what it cannot abide."""
    dialogue = world.content.dialogue
    welcomed, resented = values(world, target)
    parts = [fill(world, dialogue.voices[voice].about, target, hero)]
    if welcomed:
        parts.append(fill(world, dialogue.values["welcomes"], target, hero, what=dialogue.welcome[welcomed]))
    if resented:
        parts.append(fill(world, dialogue.values["resents"], target, hero, what=dialogue.resent[resented]))
    if not (welcomed or resented):
        parts.append(fill(world, dialogue.values["none"], target, hero))
    say(world, target, hero, " ".join(parts), "about", welcomes=welcomed or "", resents=resented or "")


def ask(world: World, hero: int, target: int, option: str) -> str:
    """One of the usual options (N71, N80) or goodbye (N82: leaving a moment early costs nothing); "" when
    answered, else why not."""
    if option not in ASK:
        return f"Unknown option {option!r} ({', '.join(ASK)})."
    voice = voice_of(world, target)
    if option != "goodbye" and voice is None:
        return f"{world.get(target, Identity).name} has nothing to say about that."
    if option != "goodbye" and moments.open_moment(world, hero, target) is not None:
        return "Answer first, or say goodbye."
    world.emit("asks", hero, target, world.room_of(target), option=option,
               line=world.content.dialogue.options[option])
    if option == "goodbye":
        if voice is None:
            narrate(world, target, hero, fill(world, silent_lines(world, target)["goodbye"], target, hero), "goodbye")
            return ""
        talks_of(world, target).open.pop(world.uid(hero), None)
        say(world, target, hero, fill(world, world.content.dialogue.voices[voice].goodbye, target, hero), "goodbye")
        return ""
    {"others": tell_others, "news": tell_news, "about": tell_about}[option](world, target, hero, voice)
    return ""


def draw_weapon(world: World, hero: int, target: int) -> None:
    """N46: the person becomes an ordinary enemy where it stands: hostile to the hero, angered, its loyalty
    gone and its opinion of the hero at the bottom of the scale. A companion would be set down in the room
    first, and a full room would refuse the offer: companions are a later issue, so none is."""
    ident = world.get(target, Identity)
    ident.faction = HOSTILE
    world.emit("draw_weapon", hero, target, world.room_of(target))
    if world.has(target, Persona):
        talks_of(world, target).open.pop(world.uid(hero), None)
        social.shift(world, target, hero, world.content.social.low - world.content.social.high)
        loyalty = world.try_get(target, Loyalty)
        if loyalty is not None:
            loyalty.to[world.uid(hero)] = 0
    anger(world, hero, target)  # N18: angered at the hero, like a creature it struck
