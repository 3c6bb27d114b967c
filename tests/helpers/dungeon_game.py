"""A single-map game on the dungeon screen, for the tests that drive it as a player does."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.paths import DEFAULT_MAP
from game.ui.app import scene_stack
from game.ui.dungeon import DungeonScene
from game.ui.scene import SceneStack
from game.ui.session import Session


def start(map_path: Path = DEFAULT_MAP, seed: int = 5) -> tuple[SceneStack, DungeonScene, Session]:
    session = Session(map_path, seed)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")  # raises SceneRefused with the problems of a bad map
    assert stack.scenes == [dungeon] and dungeon.world is session.world
    return stack, stack.top, session


def settle(stack: SceneStack, frames: int = 2000) -> None:
    dungeon = stack.scenes[0]
    for _ in range(frames):
        stack.top.update(1 / 60)
        if not dungeon.driver.busy:
            return


@pytest.fixture
def game():
    stack, dungeon, session = start()
    yield stack, dungeon
    session.close()
