"""Bindings stage (N56-N59): every binding spell counts down one step a turn and, run out, ends: the
creature turns hostile or crumbles into Bones, or waits for space and tries again next turn
(verbs/spells.count_down); the hero gets spent mana back. Only the few creatures a spell binds are visited
(the store's table of Binding components)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Binding
from game.world.verbs import spells

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    for eid, binding in list(world.query(Binding)):
        if world.alive(eid):
            spells.count_down(world, eid, binding)
    spells.mana_back(world)
