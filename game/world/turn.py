"""The world turn (N6) as one ordered list of systems. Each system is one module under systems/."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterator

from game.world.systems import (abilities, behaviour, bindings, combat, company, conditions, contracts, gear, growth,
                                movement, needs, pairs, presence, recover, restock, roads, scent, siege, spawners, start,
                                supplies, witness)

if TYPE_CHECKING:
    from game.world.world import World

PIPELINE: tuple[tuple[str, Callable[["World"], None]], ...] = (
    ("roads", roads.run),  # N3 world NPCs with a range set out and arrive (a realm's settlements)
    ("start", start.run),  # N8 needs rise; N25 budgets and AP refresh
    ("presence", presence.run),  # C40 Mob traits that work on whoever starts its turn beside them
    ("conditions", conditions.run),  # C40 conditions do their work and wear off
    ("pairs", pairs.run),  # N7 one pair per room may talk, 1 AP each
    ("needs", needs.run),  # N9-N11 eat, drink, stock up, complain
    ("behaviour", behaviour.run),  # N12, N16-N18 moods
    ("combat", combat.run),  # N13, N19-N25
    ("gear", gear.run),  # N30, N36 arm with better gear
    ("movement", movement.run),  # N14-N18 rest or move
    ("company", company.run),  # N4, N12 companions explore, report and catch up
    ("bindings", bindings.run),  # N56-N59 binding spells count down and end
    ("witness", witness.run),  # N71 the hero observes who shares its room
    ("abilities", abilities.run),  # N29 unlocked behaviours
    ("scent", scent.run),  # N15 scent faded, spread and laid
    ("spawners", spawners.run),  # N26 clocks; newcomers to a settlement
    ("supplies", supplies.run),  # wells, fields and larders restock
    ("growth", growth.run),  # N27-N29 XP and levels
    ("restock", restock.run),  # N5 merchants lay in stock and gold
    ("siege", siege.run),  # issue 24 the siege falls with its leader and war camp; the camp's spawner stops
    ("contracts", contracts.run),  # N40 work whose objective was met is ready to claim
    ("recover", recover.run),  # N24 stuns count down; the hero's AP refresh
)


def run_turn(world: World) -> Iterator[None]:
    """One world turn, yielding after each system so the screen can draw in between."""
    world.turn += 1
    world.mid_turn = True
    world.emit("turn")
    for _name, system in PIPELINE:
        system(world)
        yield
    world.mid_turn = False
