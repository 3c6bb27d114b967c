"""One play session: the map and seed it started with, the runs so far, the loaded sprites."""
from __future__ import annotations

from pathlib import Path

from game.content.errors import ContentError
from game.maps.errors import MapError
from game.ui.dungeon import DungeonScene
from game.ui.maprender import MissingTileset
from game.ui.scene import SceneStack
from game.ui.sprites import SpriteCache
from game.world.world import World, new_world


class Session:
    def __init__(self, map_path: Path, seed: int) -> None:
        self.map_path = map_path
        self.seed = seed
        self.runs = 0
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

    def close(self) -> None:
        """Release the current world's ECS context."""
        if self.world is not None:
            self.world.close()
            self.world = None
