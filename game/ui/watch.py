"""Watch: a recorded run replayed on the dungeon screen (issue 24), from the death recap or the hall of heroes.

The recording's own world is made again from its map, seed and hero, and its commands are given one by one
as the player gave them, at the chosen speed in world turns a second: Right or + faster, Left or - slower,
Space pauses, Esc (or Q) leaves. Nothing the viewer does reaches the world.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from game import recording
from game.content.errors import ContentError
from game.launch import new_game
from game.maps.errors import MapError
from game.recording import RELOAD, TURN, RecordingError
from game.save import SaveError
from game.ui import snapshot, theme, widgets
from game.ui.dungeon import MAP_VIEW, DungeonScene
from game.ui.scene import SceneRefused
from game.ui.sprites import SpriteCache
from game.world.driver import Driver
from game.world.world import World

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)  # world turns a second
FIRST_SPEED = 2
WHOLE_TURNS_FROM = 8.0  # from this speed on a world turn is run whole in the frame it begins


class Unhinted:
    """The first-time hints of a replay (guide.Hints' face): none shows, and none is marked seen."""

    showing = ""
    rect = pygame.Rect(0, 0, 0, 0)

    def notice(self, name: str) -> None:
        pass

    def dismiss(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pass


class Watching:
    """What the dungeon screen reads of a session, for a replayed run: its driver and the sprites, no world of
    sites, and no record of its own (it is one already)."""

    realm = None

    def __init__(self, driver: Driver, sprites: SpriteCache) -> None:
        self.driver = driver
        self.sprites = sprites
        self.hints = Unhinted()  # a replay teaches nothing: no first-time hints (game/ui/guide.py)

    @property
    def world(self) -> World:
        return self.driver.world

    def note(self, world: World, events: list) -> None:
        """A replay adds nothing to the hall of heroes."""


def replay_driver(path: Path) -> tuple[Driver, list[list]]:
    """The recorded run's world at its start and its steps (SceneRefused with the one line that refuses it)."""
    try:
        taken = recording.load(path)
        recording.check_current(taken, path)
        if taken.kind != "map":
            raise RecordingError(f"{path}: a world of sites' recording is replayed headless (main.py --replay)")
        return new_game(taken.map_path, taken.seed, hero=recording.hero_sheet(taken, path)), taken.steps
    except RecordingError as exc:
        raise SceneRefused([str(exc)]) from None
    except MapError as exc:
        raise SceneRefused(exc.problems[:4]) from None
    except ContentError as exc:
        raise SceneRefused([str(exc)]) from None


class WatchScene(DungeonScene):
    def __init__(self, path: Path, sprites: SpriteCache) -> None:
        driver, self.steps = replay_driver(path)
        super().__init__(Watching(driver, sprites))
        self.dead_shown = True  # the recap of the death is not shown again
        self.next_step = 0
        self.speed = FIRST_SPEED
        self.paused = False
        self.due = 0.0  # world turns owed at the speed chosen
        self.log.add("Watching a recorded run. Space pauses, Right and Left change the speed, Esc leaves.",
                     theme.NOTE)

    @property
    def finished(self) -> bool:
        return self.next_step >= len(self.steps) and not self.driver.busy

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.log.scroll_by(event.y * 3)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_q):
                self.driver.close()
                self.stack.pop()
            elif event.key == pygame.K_SPACE:
                self.paused = not self.paused
            elif event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.speed = min(self.speed + 1, len(SPEEDS) - 1)
            elif event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.speed = max(self.speed - 1, 0)

    def update(self, dt: float) -> None:
        if not self.paused and not self.driver.busy:
            self.due = min(self.due + dt * SPEEDS[self.speed], 2.0)
            while self.due >= 1.0 and not self.driver.busy and self.next_step < len(self.steps):
                self.due -= 1.0
                self.play_turn()
        super().update(dt)

    def play_turn(self) -> None:
        """Give the recorded commands up to and with the one that begins a world turn."""
        while self.next_step < len(self.steps):
            entry = self.steps[self.next_step]
            self.next_step += 1
            if entry[0] == RELOAD:
                self.reload()
            elif entry[0] == TURN:
                self.driver.begin_turn()
            else:
                self.driver.do(recording.command_of(entry))
            if self.driver.busy:
                if SPEEDS[self.speed] >= WHOLE_TURNS_FROM:
                    self.driver.finish_turn()
                return

    def reload(self) -> None:
        """The run was saved and carried on from its save here: so is the world watched (its ids remapped)."""
        try:
            self.driver.world = self.world = recording.reloaded(self.world)
        except SaveError as exc:
            self.log.add(f"The replay stops where the run was saved: {exc}", theme.PROBLEM)
            self.next_step = len(self.steps)
            return
        self.known.clear()
        self.shown = snapshot.read(self.world)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        state = "The recording ends here" if self.finished else "Paused" if self.paused else \
            f"Speed {SPEEDS[self.speed]:g} turns a second"
        line = f"Watching · turn {self.world.turn} · {state} · Space pause · Left/Right speed · Esc leave"
        band = pygame.Rect(MAP_VIEW.x, MAP_VIEW.bottom - 34, MAP_VIEW.w, 34)
        surface.blit(widgets.tint(band.size, (0, 0, 0, 170)), band.topleft)
        widgets.text(surface, line, (band.centerx, band.y + 8), 16, theme.ACCENT, centre=True, bold=True)
