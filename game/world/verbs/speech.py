"""Speaking (N45, N73): whose voice a creature speaks in, saying a line as an event, naming others by uid,
and what a creature knows of a hero's deeds. Every line comes from assets/data/dialogue.toml."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.dialogue import NOTABLE
from game.world.components import Identity, Memories, Memory, Persona

if TYPE_CHECKING:
    from game.world.world import World


def voice_of(world: World, eid: int) -> str | None:
    """The voice a thinking creature speaks in: its background, or `notable` for notable people (N83);
    None for the creatures outside the social web (N74)."""
    persona = world.try_get(eid, Persona)
    if persona is None:
        return None
    if not persona.background or world.get(eid, Identity).kind == NOTABLE:
        return NOTABLE
    return persona.background


def name_of(world: World, eid: int) -> str:
    return world.get(eid, Identity).name


def fill(world: World, text: str, speaker: int, hero: int, **values: str) -> str:
    """A line of dialogue.toml with its placeholders filled: {name} the speaker, {hero} the hero, and `values`."""
    return text.format(name=name_of(world, speaker), hero=name_of(world, hero), **values)


def say(world: World, speaker: int, hero: int, line: str, part: str, **data: object) -> None:
    """`speaker` says `line` to `hero` (a "says" event the log, the dialogue screen and tests read);
    `part` is what the line is: biography, greeting, others, news, about, moment, outcome, goodbye."""
    world.emit("says", speaker, hero, world.room_of(speaker), line=line, part=part, **data)


def narrate(world: World, speaker: int, hero: int, line: str, part: str) -> None:
    """What a creature outside the social web does instead of talking (N74): a "narrates" event."""
    world.emit("narrates", speaker, hero, world.room_of(speaker), line=line, part=part)


def living_names(world: World) -> dict[str, tuple[int, str]]:
    """Every living creature's uid -> (entity, name)."""
    return {ident.uid: (eid, ident.name) for eid, ident in world.query(Identity) if world.alive(eid)}


def deeds_known(world: World, eid: int, hero: int) -> list[Memory]:
    """N73: what `eid` knows of `hero`'s deeds, newest first. The one place conversations read Memories:
    the social web's news_of(world, eid, hero) takes its place when it comes."""
    memories = world.try_get(eid, Memories)
    hero_uid = world.uid(hero)
    return [m for m in reversed(memories.known) if m.hero == hero_uid] if memories is not None else []


def deed_line(world: World, eid: int, hero: int, memory: Memory) -> str:
    """A deed as `eid` tells it: seen itself, or heard from someone it names (N73: "Mara told me what you
    did at the mine", a teller away on the road too, N3); "" for a deed it has no words for."""
    dialogue = world.content.dialogue
    lines = dialogue.deeds.get(memory.deed)
    if lines is None:
        return ""
    if memory.source == world.uid(eid):
        return fill(world, lines["seen"], eid, hero, place=memory.place, source="")
    names = living_names(world)
    source = names[memory.source][1] if memory.source in names else world.travelled.get(memory.source,
                                                                                         dialogue.unknown)
    return fill(world, lines["heard"], eid, hero, place=memory.place, source=source)
