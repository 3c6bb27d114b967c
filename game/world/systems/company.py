"""Company stage (N4, N12): the hero's companions explore, come back to report, and catch up when left
behind (verbs/company.run); following the hero through a door happens with the hero's move itself."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs.company import run as keep_company

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    keep_company(world)
