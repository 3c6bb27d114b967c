"""What a command does only when the played hero gives it: the side effects the handlers call by name, so
no handler tests `actor == world.hero` itself (a second hero, a companion or a bot acting through the same
commands gets none of them)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs import contracts, deeds, motives
from game.world.verbs.witness import observe

if TYPE_CHECKING:
    from game.world.world import World


def moved(world: World, actor: int, room: int) -> None:
    """N71: whoever stands in the new room has been seen; a first entry is a discovery (deeds); an escort
    is ready the moment its giver stands in the room (contracts.latch, issue 23)."""
    if actor == world.hero:
        observe(world, actor)
        deeds.entered(world, actor, room)
        contracts.latch(world, actor)  # an escort is ready the moment its giver stands in the room (issue 23)


def took(world: World, actor: int, room: int, name: str) -> None:
    """C4: a collector fights to keep what it holds, when the hero takes from its hoard."""
    if actor == world.hero:
        motives.hoard_taken(world, actor, room, name)
