"""One play session: the map and seed it started with, the runs so far, the save slot, the loaded sprites.

The session holds the world of the current run; the scenes showing it are built by the app's scene
registry (`game/ui/app.py`), not here.
"""
from __future__ import annotations

import logging
from pathlib import Path

from game.content.errors import ContentError
from game.maps.errors import MapError
from game.save import SaveError, default_save_path, load_world, save_world
from game.ui.sprites import SpriteCache
from game.launch import new_game
from game.world.driver import Driver
from game.world.world import World

log = logging.getLogger("ethernalis.session")


class Session:
    def __init__(self, map_path: Path, seed: int, save_path: Path | None = None) -> None:
        self.map_path = map_path
        self.seed = seed
        self.runs = 0
        self.save_path = save_path or default_save_path()  # pause menu's Save, title's Continue
        self.sprites = SpriteCache()
        self.driver: Driver | None = None

    def choose_map(self, map_path: Path) -> None:
        """New game plays this map from now on (the title's Choose map), from the session's first seed."""
        self.map_path, self.runs = map_path, 0

    def start_run(self) -> list[str]:
        """Build a fresh world (seed, seed+1, ... for later runs).

        Returns the problems that stopped it (bad map or data) instead of raising.
        """
        self.close()
        seed = self.seed + self.runs
        try:
            self.driver = new_game(self.map_path, seed)
        except MapError as exc:
            return self._refused(f"new run on {self.map_path}", exc.problems)
        except ContentError as exc:
            return self._refused(f"new run on {self.map_path}", [str(exc)])
        self.runs += 1
        log.info("new run on %s, seed %s", self.map_path, seed)
        return []

    def continue_run(self, world: World | None = None) -> list[str]:
        """Carry on from a save: `world` when already loaded (--load), else the save slot (Continue).

        Later runs start from the saved map and seed + 1. Returns the problems instead of raising.
        """
        self.close()
        try:
            self.driver = Driver(world or load_world(self.save_path))
        except SaveError as exc:
            return self._refused(f"continue from {self.save_path}", [str(exc)])
        world = self.driver.world
        self.map_path, self.seed, self.runs = world.map.path, world.seed, 1
        log.info("carried on from a save: %s, seed %s, turn %s", world.map.path, world.seed, world.turn)
        return []

    @staticmethod
    def _refused(what: str, problems: list[str]) -> list[str]:
        log.warning("%s refused: %s", what, "; ".join(problems[:20]))
        return problems

    def save(self) -> tuple[bool, str]:
        """Write the run to the save slot; returns whether it was saved and the line for the log."""
        if self.world.mid_turn:
            return False, "Wait for the dungeon to finish its turn before saving."
        try:
            save_world(self.world, self.save_path)
        except SaveError as exc:
            log.warning("not saved: %s", exc)
            return False, str(exc)
        log.info("saved turn %s to %s", self.world.turn, self.save_path)
        return True, f"Game saved (turn {self.world.turn}) to {self.save_path}."

    def emergency_save(self) -> str:
        """After a crash: the run to <slot>.emergency.sav beside the save slot, never over it; returns the line
        saying where it went, or why there is none."""
        if self.world is None:
            return f"No run was under way; your save slot is untouched: {self.save_path}"
        path = self.save_path.with_name(f"{self.save_path.stem}.emergency{self.save_path.suffix}")
        try:
            save_world(self.world, path)
        except SaveError as exc:
            return f"No emergency save ({exc}); your save slot is untouched: {self.save_path}"
        except Exception as exc:  # the world that just failed may fail to save too: say so, never raise here
            log.exception("emergency save failed")
            return f"No emergency save ({type(exc).__name__}); your save slot is untouched: {self.save_path}"
        log.info("emergency save: %s", path)
        return (f"Saved at turn {self.world.turn} to {path} (your save slot is untouched). "
                f"To carry on from it: main.py --load \"{path}\"")

    def close(self) -> None:
        """Release the current world's ECS context."""
        if self.driver is not None:
            self.driver.close()
            self.driver = None

    @property
    def world(self) -> World | None:
        return self.driver.world if self.driver else None
