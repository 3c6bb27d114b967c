"""The message log's colours by who gains (issue 28): the blows of the hero and its companions ("ours") in one
colour, the blows against them in another, blows between others neutral; every other line in its kind's
colour (theme.LOG_COLOURS)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Collection

from game.ui import theme
from game.world.events import Event
from game.world.verbs import company

if TYPE_CHECKING:
    from game.world.world import World

OURS = (120, 190, 255)  # our blow lands, our foe falls
AGAINST_US = (255, 104, 92)  # a blow against the hero or a companion
NEUTRAL = (168, 162, 178)  # a fight between others
BLOWS: dict[str, tuple[str | None, str | None]] = {  # a fighting event -> (who deals it, who takes it)
    "hit": ("actor", "target"), "miss": ("actor", "target"), "dodge": ("actor", "target"),
    "killed": ("actor", "target"), "afflicted": ("actor", "target"), "resisted": ("actor", "target"),
    "heads_lost": (None, "target"), "soaked": (None, "target"), "stun": (None, "target"),
    "death": (None, "actor"), "suffers": (None, "actor"), "trap": (None, "actor"),
}


def colour(event: Event, ours: Collection[str]) -> tuple[int, int, int]:
    """The log colour of `event`; `ours` are the uids of the hero and its companions."""
    sides = BLOWS.get(event.kind)
    if sides is None:
        return theme.LOG_COLOURS.get(event.kind, theme.TEXT)
    deals, takes = (getattr(event, side) if side else None for side in sides)
    if takes is not None and takes in ours:
        return AGAINST_US
    if deals is not None and deals in ours:
        return OURS
    return NEUTRAL


def ours(world: World) -> set[str]:
    """The uids of the hero and its companions (N4, N38) now."""
    try:
        hero = world.uid(world.hero)
    except KeyError:  # the hero's body is gone
        return set()
    return {hero, *(world.uid(eid) for eid in company.party(world, world.hero))}
