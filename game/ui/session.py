"""One play session: the map and seed it started with, the runs so far, the save slot, the loaded sprites."""
from __future__ import annotations

from pathlib import Path

from game.content.errors import ContentError
from game.maps.errors import MapError
from game.save import SaveError, default_save_path, load_world
from game.ui import theme
from game.ui.dungeon import DungeonScene
from game.ui.maprender import MissingTileset
from game.ui.scene import SceneStack
from game.ui.sprites import SpriteCache
from game.world.world import World, new_world


class Session:
    def __init__(self, map_path: Path, seed: int, save_path: Path | None = None) -> None:
        self.map_path = map_path
        self.seed = seed
        self.runs = 0
        self.save_path = save_path or default_save_path()  # pause menu's Save, title's Continue
        self.sprites = SpriteCache()
        self.world: World | None = None

    def start_run(self, stack: SceneStack) -> list[str]:
        """Build a fresh world (seed, seed+1, ... for later runs) and show its dungeon.

        Returns the problems that stopped it (bad map or data) instead of raising.
        """
        self.close()
        try:
            self.world = new_world(self.map_path, self.seed + self.runs)
            scene = DungeonScene(self, self.world)
        except MapError as exc:
            return exc.problems
        except (ContentError, MissingTileset) as exc:
            return [str(exc)]
        self.runs += 1
        stack.reset(scene)
        return []

    def continue_run(self, stack: SceneStack, world: World | None = None) -> list[str]:
        """Carry on from a save: `world` when already loaded (--load), else the save slot (Continue).

        Later runs start from the saved map and seed + 1. Returns the problems instead of raising.
        """
        self.close()
        try:
            self.world = world or load_world(self.save_path)
            scene = DungeonScene(self, self.world)
        except (SaveError, MissingTileset) as exc:
            return [str(exc)]
        self.map_path, self.seed, self.runs = self.world.map.path, self.world.seed, 1
        scene.log.add(f"Game loaded: turn {self.world.turn}.", theme.NOTE)
        stack.reset(scene)
        return []

    def close(self) -> None:
        """Release the current world's ECS context."""
        if self.world is not None:
            self.world.close()
            self.world = None
