"""The scene stack: the top scene gets the input; scenes draw from the last opaque one upwards.

Scenes never import one another: a scene asks the stack for another by the name its factory was
registered under (`game/ui/app.py` registers every screen), e.g. `self.stack.push("help")`.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

Factory = Callable[..., "Scene"]


class SceneError(LookupError):
    """A scene asked for by a name no factory was registered under, or a name registered twice."""


class SceneRefused(Exception):
    """A factory could not build its scene (a bad map, a damaged save); `problems` say why, one per line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class Scene:
    """One screen. Overlays (pause, help) set `opaque = False` so the scene below still shows; a scene that
    waits for any key (the settings screen rebinding one) sets `takes_every_key`, so F11 and Alt+Enter reach it
    instead of switching fullscreen."""

    opaque = True
    takes_every_key = False

    @property
    def animating(self) -> bool:
        """Whether the screen changes with no input (a world turn running, labels rising): the loop keeps
        drawing; else it sleeps once the player has been still a moment (game/ui/pacing.py)."""
        return False

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event (only the top scene receives them)."""

    def update(self, dt: float) -> None:
        """Advance by dt seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene on the logical surface."""


class SceneStack:
    """Push, pop, replace and reset scenes, named or built; `quit_code` is set when a scene asks the app to stop.

    A transition names its scene (`push("help")`), or gives a factory or a scene already built; keyword
    arguments go to the factory (`push("pause", log=self.log)`). The new scene is built before the stack
    changes, so a factory that raises (SceneRefused, SceneError) leaves the stack as it was.
    """

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.quit_code: int | None = None
        self._factories: dict[str, Factory] = {}

    def register(self, name: str, factory: Factory) -> None:
        """Let scenes ask for `factory`'s scene by `name`."""
        if name in self._factories:
            raise SceneError(f"a scene is already registered as {name!r}")
        self._factories[name] = factory

    @property
    def names(self) -> tuple[str, ...]:
        """The registered scene names, sorted."""
        return tuple(sorted(self._factories))

    def make(self, target: str | Factory | Scene, **args: Any) -> Scene:
        """The scene a transition asks for: from the factory registered as `target`, from `target` itself
        when it is a factory, or `target` when it is a scene already built."""
        if isinstance(target, Scene):
            return target
        if isinstance(target, str):
            if target not in self._factories:
                known = ", ".join(self.names) or "none"
                raise SceneError(f"no scene is registered as {target!r} (registered: {known})")
            target = self._factories[target]
        return target(**args)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, target: str | Factory | Scene, **args: Any) -> Scene:
        """Put a scene on top (an overlay over the dungeon: help, pause, death); returns it."""
        scene = self.make(target, **args)
        scene.stack = self
        self.scenes.append(scene)
        return scene

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.stack = None
        return scene

    def replace(self, target: str | Factory | Scene, **args: Any) -> Scene:
        """Swap the top scene for another; returns the new one."""
        scene = self.make(target, **args)
        if self.scenes:
            self.pop()
        return self.push(scene)

    def reset(self, target: str | Factory | Scene, **args: Any) -> Scene:
        """Drop every scene and start again from another (back to the title, a new run); returns it."""
        scene = self.make(target, **args)
        while self.scenes:
            self.pop()
        return self.push(scene)

    def quit(self, code: int = 0) -> None:
        self.quit_code = code

    def leave_run(self, where: str) -> list[str]:
        """A menu's way out of a run: "dungeon" (a new run), "title", or "quit". Returns the problems that
        refused a new run ([] when it went)."""
        try:
            if where == "quit":
                self.quit(0)
            else:
                self.reset(where)
        except SceneRefused as exc:
            return exc.problems
        return []

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]
