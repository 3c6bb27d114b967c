"""The scene stack: the top scene gets the input; scenes draw from the last opaque one upwards."""
from __future__ import annotations

import pygame


class Scene:
    """One screen. Overlays (pause, help) set `opaque = False` so the scene below still shows."""

    opaque = True

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event (only the top scene receives them)."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on the logical surface."""


class SceneStack:
    """Push, pop and replace scenes; `quit_code` is set when a scene asks the app to stop."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.quit_code: int | None = None

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        scene.stack = self
        self.scenes.append(scene)

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.stack = None
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (title -> dungeon, dungeon -> death)."""
        if self.scenes:
            self.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Drop every scene and start again from `scene` (back to the title, a new run)."""
        while self.scenes:
            self.pop()
        self.push(scene)

    def quit(self, code: int = 0) -> None:
        self.quit_code = code

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]
