"""Bindings stage (N56-N59): every binding spell counts down one step a turn and, run out, ends: the
creature turns hostile or crumbles into Bones, or waits for space and tries again next turn
(verbs/spells.count_down); the hero gets spent mana back."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.verbs.spells import count_down

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    count_down(world)
