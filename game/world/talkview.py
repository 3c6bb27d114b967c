"""Read-only views of conversations for the dialogue screen, the creature card and scripted heroes: what
a creature thinks of the hero (N71), its loyalty (N79), its face (N80), the choices the hero has now (N46,
N71, N77, N80, N82), and the friends and enemies of a creature the hero has observed."""
from __future__ import annotations

from dataclasses import dataclass

import esper

from game.rules.social import band_of
from game.world.components import Identity, Loyalty, Opinions, Persona
from game.world.verbs import moments, social, talk
from game.world.verbs.speech import living_names, voice_of
from game.world.verbs.witness import talks_of, witness_of
from game.world.world import World


@dataclass(frozen=True)
class Choice:
    """One thing the hero may say: an Ask option, "draw" (N46), or a reply's `approach` with its Measure
    points (N78)."""

    key: str
    label: str
    approach: str = ""
    points: int = 0


@dataclass(frozen=True)
class TalkView:
    eid: int
    uid: str
    name: str
    codex_id: str
    thinking: bool  # takes part in the social web (N74): only such creatures have opinions and moments
    regard: str | None  # N71: what it thinks of the hero in a word (None: they have not met)
    loyalty: int  # N79: its loyalty to the hero
    face: str  # N80: pleased, neutral or annoyed, after the last reply
    moment: str  # the title of the moment under way, or ""
    choices: tuple[Choice, ...]
    refusal: str  # why the hero cannot talk with it now, or ""


@dataclass(frozen=True)
class Acquaintance:
    """The card's "knows you" line (N71, N79) and, for a creature the hero has observed, its friends and
    enemies by name."""

    regard: str | None
    loyalty: int
    observed: bool
    friends: tuple[str, ...]
    enemies: tuple[str, ...]


def loyalty_to(world: World, eid: int, hero: int) -> int:
    loyalty = esper.try_component(eid, Loyalty)
    return loyalty.to.get(world.uid(hero), 0) if loyalty is not None else 0


def choices(world: World, hero: int, target: int) -> tuple[Choice, ...]:
    """During a moment its replies, else the usual options; Draw weapon in every exchange (N46), Goodbye last."""
    options = world.content.dialogue.options
    moment = moments.open_moment(world, hero, target)
    if moment is not None:
        said = [Choice(r.approach, r.says, r.approach, r.points) for r in moment.replies]
        return (*said, Choice("draw", options["draw"]), Choice("goodbye", options["leave_moment"]))
    asked = [Choice(o, options[o]) for o in talk.ASK if o != "goodbye"] if voice_of(target) else []
    return (*asked, Choice("draw", options["draw"]), Choice("goodbye", options["goodbye"]))


def talk_view(world: World, hero: int, target: int) -> TalkView | None:
    """The conversation with `target` as the screen shows it; None once the creature is gone for good."""
    world.ecs.activate()
    if not esper.entity_exists(target):
        return None
    ident = esper.component_for_entity(target, Identity)
    thinking = esper.has_component(target, Persona)
    hero_uid = world.uid(hero)
    moment = moments.open_moment(world, hero, target) if thinking else None
    return TalkView(target, ident.uid, ident.name, ident.codex_id, thinking,
                    social.band(world, target, hero_uid) if thinking else None, loyalty_to(world, target, hero),
                    talks_of(target).face.get(hero_uid, "neutral") if thinking else "neutral",
                    moment.title if moment else "", choices(world, hero, target), talk.refusal(world, hero, target))


def acquaintance(world: World, hero: int, eid: int) -> Acquaintance | None:
    """What the card tells of a thinking creature's ties; None for the others (N74)."""
    world.ecs.activate()
    opinions = esper.try_component(eid, Opinions)
    if opinions is None or not esper.entity_exists(hero):
        return None
    observed = world.uid(eid) in witness_of(hero).seen
    friends: tuple[str, ...] = ()
    enemies: tuple[str, ...] = ()
    if observed:
        dialogue, bands, names = world.content.dialogue, world.content.social.bands, living_names(world)
        held = sorted((opinion.now, names[uid][1]) for uid, opinion in opinions.of.items()
                      if uid in names and uid != world.uid(hero))
        friends = tuple(name for now, name in reversed(held) if band_of(now, bands) in dialogue.friends)
        enemies = tuple(name for now, name in held if band_of(now, bands) in dialogue.enemies)
    return Acquaintance(social.band(world, eid, world.uid(hero)), loyalty_to(world, eid, hero), observed,
                        friends, enemies)
