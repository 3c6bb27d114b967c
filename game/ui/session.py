"""One play session: the map and seed it started with, the runs so far, the save slot, the loaded sprites.

The session holds the world of the current run; the scenes showing it are built by the app's scene
registry (`game/ui/app.py`), not here.
"""
from __future__ import annotations

from pathlib import Path

from game.content.errors import ContentError
from game.maps.errors import MapError
from game.save import SaveError, default_save_path, load_world, save_world
from game.ui.sprites import SpriteCache
from game.launch import new_game
from game.world.driver import Driver
from game.world.world import World


class Session:
    def __init__(self, map_path: Path, seed: int, save_path: Path | None = None) -> None:
        self.map_path = map_path
        self.seed = seed
        self.runs = 0
        self.save_path = save_path or default_save_path()  # pause menu's Save, title's Continue
        self.sprites = SpriteCache()
        self.driver: Driver | None = None

    def start_run(self) -> list[str]:
        """Build a fresh world (seed, seed+1, ... for later runs).

        Returns the problems that stopped it (bad map or data) instead of raising.
        """
        self.close()
        try:
            self.driver = new_game(self.map_path, self.seed + self.runs)
        except MapError as exc:
            return exc.problems
        except ContentError as exc:
            return [str(exc)]
        self.runs += 1
        return []

    def continue_run(self, world: World | None = None) -> list[str]:
        """Carry on from a save: `world` when already loaded (--load), else the save slot (Continue).

        Later runs start from the saved map and seed + 1. Returns the problems instead of raising.
        """
        self.close()
        try:
            self.driver = Driver(world or load_world(self.save_path))
        except SaveError as exc:
            return [str(exc)]
        world = self.driver.world
        self.map_path, self.seed, self.runs = world.map.path, world.seed, 1
        return []

    def save(self) -> tuple[bool, str]:
        """Write the run to the save slot; returns whether it was saved and the line for the log."""
        if self.world.mid_turn:
            return False, "Wait for the dungeon to finish its turn before saving."
        try:
            save_world(self.world, self.save_path)
        except SaveError as exc:
            return False, str(exc)
        return True, f"Game saved (turn {self.world.turn}) to {self.save_path}."

    def close(self) -> None:
        """Release the current world's ECS context."""
        if self.driver is not None:
            self.driver.close()
            self.driver = None

    @property
    def world(self) -> World | None:
        return self.driver.world if self.driver else None
