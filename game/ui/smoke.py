"""The smoke test's pilot: plays the real game loop by posting key and mouse events, as a player would.

Title -> Choose map and Settings, each opened by a click and left with Esc (nothing changed) -> Single map
run, or Continue single map while its save exists (the mouse over it, Enter) -> dungeon -> F1 and back -> C scent -> moves by arrow key and by mouse click -> Space ends turns -> hovers a
creature -> saves the screenshot -> quits 0. Any step that does not happen in time
prints what was expected and quits 1.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Iterator

import pygame

from game.ui import bindings
from game.ui.creation import HeroCreationScene
from game.ui.dungeon import DungeonScene
from game.ui.help import HelpScene
from game.ui.mappicker import MapPickerScene
from game.ui.scene import SceneStack
from game.ui.settings_screen import SettingsScene
from game.ui.title import CONTINUE_MAP, SINGLE_MAP, TitleScene

PATIENCE = 1200  # frames to wait for one step before giving up
TURNS = 4


class SmokeFailure(Exception):
    pass


class SmokePilot:
    def __init__(self, stack: SceneStack, screenshot: Path | None) -> None:
        self.stack = stack
        self.screenshot = screenshot
        self.surface: pygame.Surface | None = None
        self.script = self._script()

    def step(self, surface: pygame.Surface) -> None:
        """Called once per frame after drawing: advance the script by one frame."""
        self.surface = surface
        try:
            next(self.script)
        except StopIteration:
            self.stack.quit(0)
        except SmokeFailure as exc:
            print(f"smoke test: {exc}", file=sys.stderr)
            self.stack.quit(1)

    # -- input, the way a player makes it -----------------------------------------------------
    def press(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def hover(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def wait(self, done: Callable[[], bool], what: str) -> Iterator[None]:
        for _ in range(PATIENCE):
            yield
            if done():
                return
        raise SmokeFailure(f"gave up waiting for {what}")

    # -- the script -------------------------------------------------------------------------------
    def _script(self) -> Iterator[None]:
        yield from self.wait(lambda: isinstance(self.stack.top, TitleScene), "the title screen")
        title = self.stack.top
        for label, scene in (("Choose map", MapPickerScene), ("Settings", SettingsScene)):  # look, change nothing
            self.click(title.menu.rects[title.menu.labels.index(label)].center)
            yield from self.wait(lambda: isinstance(self.stack.top, scene), f"{label} from the title")
            self.press(pygame.K_ESCAPE)
            yield from self.wait(lambda: self.stack.top is title, f"the title after Esc on {label}")
        run = CONTINUE_MAP if CONTINUE_MAP in title.menu.labels else SINGLE_MAP  # one map: no region map
        self.hover(title.menu.rects[title.menu.labels.index(run)].center)
        self.press(pygame.K_DOWN)
        self.press(pygame.K_UP)
        title = self.stack.top
        before = list(title.problems)  # a bad settings file is named there, and the game plays on
        self.press(pygame.K_RETURN)
        yield from self.wait(lambda: isinstance(self.stack.top, (HeroCreationScene, DungeonScene))
                             or title.problems != before, f"the next screen after Enter on {run}")
        if title.problems != before:
            raise SmokeFailure("the game could not start:\n" + "\n".join(title.problems))
        if isinstance(self.stack.top, HeroCreationScene):
            creation = self.stack.top
            self.click(creation.row("random").rect.center)
            self.click(creation.row("begin").rect.center)
            yield from self.wait(lambda: isinstance(self.stack.top, DungeonScene) or creation.problems,
                                 "the dungeon screen after Begin")
            if creation.problems:
                raise SmokeFailure("the game could not start:\n" + "\n".join(creation.problems))
        dungeon = self.stack.top
        world = dungeon.world
        self.press(pygame.K_F1)
        yield from self.wait(lambda: isinstance(self.stack.top, HelpScene), "the help screen after F1")
        self.press(pygame.K_ESCAPE)
        yield from self.wait(lambda: self.stack.top is dungeon, "the dungeon after closing help")
        self.press(pygame.K_c)
        start = world.turn
        for n in range(TURNS):
            if world.over:
                break
            yield from self._move(dungeon, by_mouse=n % 2 == 1)
            if not world.over:
                turn = world.turn
                self.press(pygame.K_SPACE)
                yield from self.wait(lambda: world.over or (world.turn > turn and not dungeon.driver.busy),
                                     f"turn {turn} to end after Space")
        if not world.over and world.turn < start + TURNS:
            raise SmokeFailure(f"only {world.turn - start} turns passed, expected {TURNS}")
        others = [v for v in dungeon.views if not v.is_hero and dungeon.square_at(dungeon.screen_pos(v.square))]
        if others:
            self.hover(dungeon.screen_pos(others[0].square))
        for _ in range(20):  # let sprites settle and the camera glide
            yield
        if self.screenshot is not None:
            self.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.surface, str(self.screenshot))

    def _move(self, dungeon: DungeonScene, by_mouse: bool) -> Iterator[None]:
        """Leave the hero's room through an unlocked exit: by arrow key, or by clicking its door."""
        world = dungeon.world
        yield from self.wait(lambda: not dungeon.driver.busy, "the world turn to finish")
        room = dungeon.hero_view().room
        open_exits = [(ex, other) for ex, other in world.map.exits_of(room) if not ex.locked]
        if not open_exits:
            raise SmokeFailure(f"room {room} has no unlocked exit")
        if by_mouse:
            self.click(dungeon.screen_pos(open_exits[0][0].square))
        else:
            targets = {other for _, other in open_exits}
            direction = next((d for d in bindings.DIRECTIONS if dungeon.exit_towards(d) in targets), None)
            if direction is None:
                raise SmokeFailure(f"no arrow key leads out of room {room} through an unlocked exit")
            self.press(bindings.KEYS[direction][0][0])
        lines = len(dungeon.log.lines)
        yield from self.wait(lambda: world.over or dungeon.hero_view().room != room or len(dungeon.log.lines) > lines,
                             "the hero to move")
        if not world.over and dungeon.hero_view().room == room:
            raise SmokeFailure(f"the hero did not move: {dungeon.log.lines[-1][0]}")
