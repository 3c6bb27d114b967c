"""Driving a world: commands in, world turns run a system at a time (docs/architecture.md).

The driver is handed its world and, on F5, the map to lay out again; it never reads a map file, so a
world runs without pytmx or pygame.
"""
from __future__ import annotations

import time
from typing import Iterator

from game.content.content import Content
from game.maps.model import DungeonMap
from game.world import knowledge
from game.world.commands import Command, EndTurn, Result, perform
from game.world.components import Body
from game.world.turn import run_turn
from game.world.verbs import factory
from game.world.world import World


def new_world(dungeon: DungeonMap, content: Content, seed: int) -> World:
    """A world on `dungeon`, populated from its placements (N49) around the hero at the entrance."""
    world = World(dungeon, content, seed)
    world.hero = factory.populate(world)
    knowledge.look(world)
    return world


class Driver:
    """Runs one world: `do` a command, then `advance` the world turn a slice per frame (or `end_turn`)."""

    def __init__(self, world: World, log: list[Command | None] | None = None) -> None:
        self.world = world
        self.done = 0  # commands carried out so far: a screen reads the world again when it changes
        # A recording's steps (game/recording.py): every command handed to the world, and None for a world
        # turn run with the hero dead; None when the run is not recorded (or no longer can be: F5).
        self.log = log
        self._steps: Iterator[None] | None = None

    @property
    def busy(self) -> bool:
        """A world turn is under way; commands wait for it."""
        return self._steps is not None

    def do(self, command: Command) -> Result:
        """Carry out a command; once the hero has spent its Action Points, the world turn begins."""
        world = self.world
        if world.over:
            return Result(False, "You are dead.")
        if self.busy:
            return Result(False, "The dungeon is still moving.")
        if self.log is not None:
            self.log.append(command)
        result = perform(world, command)
        self.done += result.ok
        if result.ok:
            knowledge.look(world)  # what the hero sees now (observation: no event, no roll)
        if result.ok and world.get(world.hero, Body).ap <= 0:
            self.begin_turn()
        return result

    def begin_turn(self) -> None:
        self._steps = run_turn(self.world)

    def advance(self, budget_seconds: float = 0.008) -> bool:
        """Run the pending world turn for at most about `budget_seconds`; True when it is done."""
        if self._steps is None:
            return True
        deadline = time.perf_counter() + budget_seconds
        for _ in self._steps:
            if time.perf_counter() >= deadline:
                return False
        self._steps = None
        knowledge.look(self.world)
        return True

    def finish_turn(self) -> None:
        while not self.advance(3600.0):
            pass

    def end_turn(self) -> None:
        """Headless and tests: the hero ends its turn (or lies dead) and the world turn runs to its end."""
        if not self.world.over:
            self.do(EndTurn(self.world.hero))
        else:
            if self.log is not None:
                self.log.append(None)
            self.begin_turn()
        self.finish_turn()

    def reload_map(self, dungeon: DungeonMap) -> None:
        """F5: lay out `dungeon` (the map read again from disk) with a fresh population, keeping the hero."""
        if self.busy:
            raise RuntimeError("the map cannot be reloaded while a world turn runs")
        self.log = None  # a replay cannot lay the map out again as it was on disk then
        factory.rebuild(self.world, dungeon)

    def close(self) -> None:
        self._steps = None
        self.world.close()
