"""Contracts stage (N40): the hero's active work whose kind watches its objective (the named enemy slain, the
room cleared while the hero stands in it, the escorted giver arrived: contract_kinds' `latches`) is marked
met, and the log says so once. Only the hero's journal is read, never every creature."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Journal
from game.world.verbs.contract_kinds import kind_of

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    hero = world.hero
    journal = world.try_get(hero, Journal)
    if journal is None or not world.alive(hero):
        return
    for contract in journal.contracts:
        kind = kind_of(contract)
        if contract.state != "active" or contract.met or not kind.latches:
            continue
        if kind.met(world, hero, contract):
            contract.met = True
            world.emit("contract", hero, None, world.room_of(hero), state="ready", objective=contract.objective)
