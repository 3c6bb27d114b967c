"""The app loop: one window (1280x720 logical, resizable), the scene stack, 60 frames a second."""
from __future__ import annotations

import warnings
from pathlib import Path

import pygame

from game.paths import ASSETS
from game.ui import theme
from game.ui.scene import SceneStack
from game.ui.session import Session
from game.ui.smoke import SmokePilot
from game.ui.title import TitleScene
from game.world.world import World

FPS = 60


def open_window() -> pygame.Surface:
    """A resizable window showing the fixed logical resolution, scaled (mouse positions follow)."""
    pygame.display.set_caption("Ethernalis")
    icon = ASSETS / "sprites" / "hero.png"
    if icon.is_file():
        pygame.display.set_icon(pygame.image.load(str(icon)))
    with warnings.catch_warnings():  # the dummy driver of the smoke test has no GPU renderer: harmless
        warnings.filterwarnings("ignore", message="no fast renderer available")
        return pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.SCALED | pygame.RESIZABLE)


def run(map_path: Path, seed: int, smoke_test: bool, screenshot: Path | None, world: World | None = None) -> int:
    """Play from the title screen until the player quits; returns the exit code.

    With `smoke_test`, a scripted pilot plays through the same event queue a player uses. A `world`
    loaded from a save (--load) starts in its dungeon instead.
    """
    pygame.display.init()
    pygame.font.init()
    surface = open_window()
    session = Session(map_path, seed)
    stack = SceneStack()
    title = TitleScene(session)
    stack.push(title)
    if world is not None:
        title.problems = session.continue_run(stack, world)
    pilot = SmokePilot(stack, screenshot) if smoke_test else None
    clock = pygame.time.Clock()
    try:
        while stack.quit_code is None:
            dt = clock.tick(FPS) / 1000
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    stack.quit(0)
                elif stack.top is not None:
                    stack.top.handle(event)
            if stack.top is not None:
                stack.top.update(dt)
            for scene in stack.visible():
                scene.draw(surface)
            if pilot is not None:
                pilot.step(surface)
            pygame.display.flip()
    finally:
        session.close()
        pygame.quit()
    return stack.quit_code
