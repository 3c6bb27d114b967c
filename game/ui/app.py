"""The app: one window (1280x720 logical, resizable), the scene stack with every screen registered by
name, and the loop at 60 frames a second."""
from __future__ import annotations

import warnings
from pathlib import Path

import pygame

from game.paths import ASSETS
from game.ui import theme
from game.ui.death import DeathScene
from game.ui.dialogue import DialogueScene
from game.ui.dungeon import DungeonScene
from game.ui.help import HelpScene
from game.ui.maprender import MissingTileset
from game.ui.pause import PauseScene
from game.ui.scene import SceneRefused, SceneStack
from game.ui.session import Session
from game.ui.smoke import SmokePilot
from game.ui.title import TitleScene
from game.world.world import World

FPS = 60


def scene_stack(session: Session) -> SceneStack:
    """An empty scene stack knowing every screen by name: "title", "dungeon", "pause", "help", "death",
    "dialogue".

    A new screen is registered here and asked for by name where it opens (docs/ui.md).
    """
    stack = SceneStack()

    def title() -> TitleScene:
        session.close()  # back at the title, no run goes on
        return TitleScene(session)

    def dungeon(from_save: bool = False, world: World | None = None) -> DungeonScene:
        """A new run's dungeon, or a saved run's: `world` when --load read it, else the save slot."""
        problems = session.continue_run(world) if from_save else session.start_run()
        if not problems:
            try:
                return DungeonScene(session, loaded=from_save)
            except MissingTileset as exc:
                session.close()
                problems = [str(exc)]
        raise SceneRefused(problems)

    stack.register("title", title)
    stack.register("dungeon", dungeon)
    stack.register("pause", lambda log: PauseScene(session, log))
    stack.register("help", HelpScene)
    stack.register("death", DeathScene)
    stack.register("dialogue", lambda person, log: DialogueScene(session, person, log))
    return stack


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
    stack = scene_stack(session)
    title = stack.push("title")
    if world is not None:
        try:
            stack.reset("dungeon", from_save=True, world=world)
        except SceneRefused as exc:
            title.problems = exc.problems
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
