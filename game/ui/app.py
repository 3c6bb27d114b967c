"""The app: one window (1280x720 logical, at the player's scale or fullscreen), the scene stack with every
screen registered by name, and the loop at 60 frames a second. F11 and Alt+Enter switch fullscreen on any
screen. An unhandled error in the loop is logged, the run is saved beside the slot, and the crash screen says
so before the game exits (code 1)."""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game import launch, logs
from game.content.codex import HeroSheet
from game.content.errors import ContentError
from game.maps.errors import MapError
from game.ui import bindings, display, labels, sound, theme
from game.ui.character import CharacterScene
from game.ui.crash import CrashScene
from game.ui.creation import HeroCreationScene
from game.ui.death import DeathScene
from game.ui.victory import VictoryScene
from game.ui.dialogue import DialogueScene
from game.ui.dungeon import DungeonScene
from game.ui.help import HelpScene
from game.ui.inventory import InventoryScene
from game.ui.journal import JournalScene
from game.ui.mappicker import MapPickerScene
from game.ui.maprender import MissingTileset, map_layer
from game.ui.pause import PauseScene
from game.ui.preferences import Preferences
from game.ui.region import RegionScene
from game.ui.scene import SceneRefused, SceneStack
from game.ui.session import Session
from game.ui.settings_screen import SettingsScene
from game.ui.smoke import SmokePilot
from game.ui.title import TitleScene
from game.ui.trade import TradeScene
from game.ui.worlds import WorldsScene
from game.world.world import World

FPS = 60
log = logging.getLogger("ethernalis")


def scene_stack(session: Session, preferences: Preferences | None = None) -> SceneStack:
    """An empty scene stack knowing every screen by name: "title", "creation", "dungeon", "region", "worlds",
    "pause", "help", "death", "victory", "dialogue", "trade", "journal", "inventory", "character", "maps", "settings" (on
    `preferences`, else
    settings read from the user's file).

    A new screen is registered here and asked for by name where it opens (docs/ui.md).
    """
    stack = SceneStack()

    def title() -> TitleScene:
        session.close()  # back at the title, no run goes on
        sound.player.ambient(None)
        return TitleScene(session)

    def dungeon(from_save: bool = False, world: World | None = None, site: bool = False,
                hero: HeroSheet | None = None) -> DungeonScene:
        """A new run's dungeon (with `hero` from the creation screen, else the session's hero), or a saved
        run's: `world` when --load read it, else the save slot; with `site`, the place of the world of sites
        the hero has just entered."""
        if site:
            problems = []
        else:
            problems = session.continue_run(world) if from_save else session.start_run(hero)
        if not problems:
            try:
                return DungeonScene(session, loaded=from_save)
            except MissingTileset as exc:
                session.close()
                problems = [str(exc)]
        raise SceneRefused(problems)

    def region(new: bool = False, hero: HeroSheet | None = None) -> RegionScene:
        """The region map of the session's world of sites; with `new`, of a new world whose first hero is `hero`."""
        problems = session.start_world(hero=hero) if new else []
        if not problems:
            try:
                return RegionScene(session)
            except MissingTileset as exc:
                session.close()
                problems = [str(exc)]
        raise SceneRefused(problems)

    def creation(slot: Path | None = None, new_world: bool = False) -> HeroCreationScene:
        """The hero creation screen, for a one-map run once the map, its tiles and the data are known to be
        sound: their problems stay on the title, before anyone makes a hero (the map layer is kept for the
        run); for a new world (`new_world`) or a saved one (`slot`), once the data is."""
        try:
            if slot is None and not new_world:
                map_layer(launch.load_dungeon(session.map_path), session.sprites)
            return HeroCreationScene(session, launch.load_content(), slot, new_world)
        except MapError as exc:
            raise SceneRefused(exc.problems) from None
        except (ContentError, MissingTileset) as exc:
            raise SceneRefused([str(exc)]) from None

    stack.register("title", title)
    stack.register("creation", creation)
    stack.register("region", region)
    stack.register("worlds", lambda: WorldsScene(session))
    stack.register("dungeon", dungeon)
    stack.register("pause", lambda log: PauseScene(session, log))
    stack.register("help", HelpScene)
    stack.register("death", lambda cause, turn: DeathScene(cause, turn, in_world=session.realm is not None))
    stack.register("victory", VictoryScene)
    stack.register("dialogue", lambda person, log: DialogueScene(session, person, log))
    stack.register("maps", lambda: MapPickerScene(session))
    stack.register("settings", lambda: SettingsScene(preferences or Preferences()))
    stack.register("trade", lambda merchant, log: TradeScene(session, merchant, log))
    stack.register("journal", lambda: JournalScene(session))
    stack.register("inventory", lambda: InventoryScene(session))
    stack.register("character", lambda: CharacterScene(session))
    return stack


def run(map_path: Path, seed: int, smoke_test: bool, screenshot: Path | None, world: World | None = None) -> int:
    """Play from the title screen until the player quits; returns the exit code.

    With `smoke_test`, a scripted pilot plays through the same event queue a player uses. A `world`
    loaded from a save (--load) starts in its dungeon instead.
    """
    log_path, _ = logs.start()
    pygame.display.init()
    pygame.font.init()
    theme.forget_fonts()
    labels.text.cache_clear()
    preferences = Preferences()
    display.open_window(preferences.current.fullscreen, preferences.current.scale)
    sound.player.start()
    preferences.apply(window=False)
    session = Session(map_path, seed)
    stack = scene_stack(session, preferences)
    title = stack.push("title")
    title.problems = list(preferences.problems)
    if world is not None:
        try:
            stack.reset("dungeon", from_save=True, world=world)
        except SceneRefused as exc:
            title.problems = exc.problems
    pilot = SmokePilot(stack, screenshot) if smoke_test else None
    crashed = False
    try:
        play(stack, preferences, pilot)
    except Exception as exc:  # the last net: logged, the run saved beside the slot, the crash screen
        crashed = True
        log.exception("the game stopped on an unforeseen error")
        crash = CrashScene(f"{type(exc).__name__}: {exc}"[:300],
                           f"The details are in {log_path}" if log_path else "The log could not be written.",
                           session.emergency_save())
        stack.quit_code = None
        stack.reset(crash)
        show_crash(stack, smoke_test, screenshot)
    finally:
        session.close(autosave=not crashed)  # a world of sites is saved on quitting, never over its slot after a crash
        sound.player.stop()
        pygame.quit()
    log.info("Ethernalis ended (exit code %s)", stack.quit_code)
    return stack.quit_code


def play(stack: SceneStack, preferences: Preferences, pilot: SmokePilot | None) -> None:
    """The loop: input to the top scene (F11 and Alt+Enter to the window), update it, draw the visible ones."""
    clock = pygame.time.Clock()
    while stack.quit_code is None:
        dt = clock.tick(FPS) / 1000
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                stack.quit(0)
            elif fullscreen_key(event) and not (stack.top and stack.top.takes_every_key):
                preferences.change(fullscreen=not preferences.current.fullscreen)
            elif stack.top is not None:
                stack.top.handle(event)
        if stack.top is not None:
            stack.top.update(dt)
        surface = pygame.display.get_surface()
        for scene in stack.visible():
            scene.draw(surface)
        if pilot is not None:
            pilot.step(surface)
        pygame.display.flip()


def fullscreen_key(event: pygame.event.Event) -> bool:
    """F11 (or the key bound to fullscreen), or Alt+Enter."""
    if event.type != pygame.KEYDOWN:
        return False
    alt_enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT
    return bool(alt_enter) or bindings.action_for(event.key) == "fullscreen"


def show_crash(stack: SceneStack, once: bool, screenshot: Path | None) -> None:
    """The crash screen until a key, a click or the window's close; `once` (the smoke test): drawn once,
    saved to `screenshot` when given, and the game ends at once."""
    clock = pygame.time.Clock()
    try:
        while stack.quit_code is None:
            clock.tick(FPS)
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    stack.quit(1)
                elif stack.top is not None:
                    stack.top.handle(event)
            surface = pygame.display.get_surface()
            stack.top.draw(surface)
            pygame.display.flip()
            if once:
                if screenshot is not None:
                    pygame.image.save(surface, str(screenshot))
                stack.quit(1)
    except Exception:  # the crash screen itself failed: the log has it; end anyway
        log.exception("the crash screen failed")
    stack.quit_code = 1
