"""A read-only view of the people a hero knows and what they think of one another (N71, issue 23), as far as
the hero has seen: for each person it has observed (its Witness), the feelings that person holds towards the
others the hero has observed, in the words of N71 (social.toml's bands), strongest first; plain indifference
left out."""
from __future__ import annotations

from dataclasses import dataclass

from game.world.verbs import social
from game.world.verbs.speech import living_names
from game.world.verbs.witness import witness_of
from game.world.world import World

UNSAID = "indifferent"  # the band the view leaves out: it says nothing of anyone


@dataclass(frozen=True)
class Known:
    name: str
    feelings: tuple[tuple[str, str], ...]  # (the other's name, the band word), strongest first


def people_view(world: World, hero: int) -> tuple[Known, ...]:
    """Every living person the hero has observed, by name, with what it thinks of the others it has observed."""
    names = living_names(world)
    seen = sorted((uid for uid in witness_of(world, hero).seen if uid in names), key=lambda uid: names[uid][1])
    known = []
    for uid in seen:
        eid = names[uid][0]
        held = []
        for other in seen:
            if other == uid:
                continue
            value = social.opinion(world, eid, other)
            word = social.band(world, eid, other)
            if value is not None and word is not None and word != UNSAID:
                held.append((-abs(value), names[other][1], word))
        known.append(Known(names[uid][1], tuple((name, word) for _, name, word in sorted(held))))
    return tuple(known)
