"""The app: one window (1280x720 logical, at the player's scale or fullscreen), the scene stack with every
screen registered by name, and the loop at 60 frames a second. F11 and Alt+Enter switch fullscreen on any
screen. An unhandled error in the loop is logged, the run is saved beside the slot, and the crash screen says
so before the game exits (code 1)."""
from __future__ import annotations

import importlib
import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import logs, userdirs
from game.ui import bindings, display, labels, sound, theme
from game.ui.crash import CrashScene
from game.ui.pacing import MAX_DT, Pace
from game.ui.preferences import Preferences
from game.ui.scene import SceneRefused, SceneStack
from game.ui.session import Session
from game.ui.title import TitleScene

if TYPE_CHECKING:
    from game.content.codex import HeroSheet
    from game.ui.creation import HeroCreationScene
    from game.ui.dungeon import DungeonScene
    from game.ui.region import RegionScene
    from game.ui.smoke import SmokePilot
    from game.world.world import World

FPS = 60
log = logging.getLogger("ethernalis")
LATER = ("game.launch", "game.save.worldsave", "game.ui.dungeon", "game.ui.region", "game.ui.creation",
         "game.ui.dialogue", "game.ui.trade", "game.ui.journal", "game.ui.worlds", "game.ui.death",
         "game.ui.pause", "game.ui.help", "game.ui.mappicker", "game.ui.settings_screen", "game.ui.inventory",
         "game.ui.character", "game.ui.heroes", "game.ui.watch", "game.ui.places", "game.ui.victory")  # not the title's
_warming: threading.Thread | None = None


def warm_up() -> None:
    """Import the world, the maps, the saves and every screen but the title in a background thread, while
    the player reads the title (its first frame needs none of them: cold start, docs/performance.md)."""
    global _warming

    def imports() -> None:
        try:
            from game import mods

            mods.switch_on()  # the player's mods over the data before any screen reads it (docs/modding.md)
        except Exception:
            log.exception("reading the mods in the background failed")
        for name in LATER:
            try:
                importlib.import_module(name)
            except Exception:  # the screen that needs it imports it again and reports the problem there
                log.exception("importing %s in the background failed", name)
                break
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, warmed=True))  # wakes the title: its mods to list

    _warming = threading.Thread(target=imports, name="warm-up", daemon=True)
    _warming.start()


def ready() -> None:
    """Wait for the background imports, if any: a screen imports only once nothing else is importing."""
    if _warming is not None:
        _warming.join()


def scene_stack(session: Session, preferences: Preferences | None = None) -> SceneStack:
    """An empty scene stack knowing every screen by name: "title", "creation", "dungeon", "region", "worlds",
    "pause", "help", "death", "victory", "dialogue", "trade", "journal", "inventory", "character", "maps",
    "settings" (on `preferences`, else settings read from the user's file), "hall" (the hall of heroes) and
    "watch" (a recorded run replayed).

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
        ready()
        from game.ui.dungeon import DungeonScene
        from game.ui.maprender import MissingTileset

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
        ready()
        from game.ui.maprender import MissingTileset
        from game.ui.region import RegionScene

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
        ready()
        from game import launch
        from game.content.errors import ContentError
        from game.maps.errors import MapError
        from game.ui.creation import HeroCreationScene
        from game.ui.maprender import MissingTileset, map_layer

        try:
            if slot is None and not new_world:
                map_layer(launch.load_dungeon(session.map_path), session.sprites)
            return HeroCreationScene(session, launch.load_content(), slot, new_world)
        except MapError as exc:
            raise SceneRefused(exc.problems) from None
        except (ContentError, MissingTileset) as exc:
            raise SceneRefused([str(exc)]) from None

    def later(module: str, name: str, *given: object):
        """The factory of a screen the title does not need: its module imported when first asked for."""
        def make(**args: object):
            ready()
            return getattr(importlib.import_module(module), name)(*given, **args)
        return make

    def death(cause: str, turn: int, recap=None, last=()):
        """The death recap; the fallen hero goes into the hall of heroes, its run's recording with it."""
        ready()
        line = session.fallen()
        recorded = session.fell["recording"] if session.fell else ""
        return later("game.ui.death", "DeathScene")(
            cause=cause, turn=turn, in_world=session.realm is not None, recap=recap, last=last, hall=line,
            recording=userdirs.hall_dir() / recorded if recorded else None)

    def victory(view):
        """The victory screen; the victorious hero goes into the hall of heroes (issue 24)."""
        ready()
        line = session.victorious()
        return later("game.ui.victory", "VictoryScene")(view=view, hall=line,
                                                        entry=session.fell["morgue"] if session.fell else "")

    stack.register("title", title)
    stack.register("creation", creation)
    stack.register("region", region)
    stack.register("worlds", later("game.ui.worlds", "WorldsScene", session))
    stack.register("dungeon", dungeon)
    stack.register("pause", later("game.ui.pause", "PauseScene", session))
    stack.register("help", later("game.ui.help", "HelpScene"))
    stack.register("death", death)
    stack.register("victory", victory)
    stack.register("hall", later("game.ui.heroes", "HallScene"))
    stack.register("watch", lambda path: later("game.ui.watch", "WatchScene")(path=path, sprites=session.sprites))
    stack.register("dialogue", lambda person, log: later("game.ui.dialogue", "DialogueScene", session)(
        target=person, log=log))
    stack.register("maps", later("game.ui.mappicker", "MapPickerScene", session))
    stack.register("settings", lambda: later("game.ui.settings_screen", "SettingsScene")(
        preferences=preferences or Preferences()))
    stack.register("trade", later("game.ui.trade", "TradeScene", session))
    stack.register("journal", lambda go=None: later("game.ui.journal", "JournalScene", session)(go=go))
    stack.register("inventory", later("game.ui.inventory", "InventoryScene", session))
    stack.register("character", later("game.ui.character", "CharacterScene", session))
    stack.register("people", later("game.ui.people", "PeopleScene", session))
    stack.register("places", later("game.ui.places", "PlacesScene"))
    return stack


def run(map_path: Path, seed: int, smoke_test: bool, screenshot: Path | None, world: World | None = None) -> int:
    """Play from the title screen until the player quits; returns the exit code.

    With `smoke_test`, a scripted pilot plays through the same event queue a player uses. A `world`
    loaded from a save (--load) starts in its dungeon instead.
    """
    log_path, _ = logs.start()
    stack, preferences, session = open_game(map_path, seed)
    title = stack.top
    if world is not None:
        try:
            stack.reset("dungeon", from_save=True, world=world)
        except SceneRefused as exc:
            title.problems = exc.problems
    pilot = None
    if smoke_test:
        from game.ui.smoke import SmokePilot

        pilot = SmokePilot(stack, screenshot)
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


def open_game(map_path: Path, seed: int) -> tuple[SceneStack, Preferences, Session]:
    """The window as the player's settings want it, the sound, a session and its scene stack with the title on
    top (its first frame not drawn yet): all the title needs, and no more (the rest loads behind it, `play`)."""
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
    stack.push("title").problems = list(preferences.problems)
    return stack, preferences, session


def play(stack: SceneStack, preferences: Preferences, pilot: SmokePilot | None) -> None:
    """The loop: one `frame` after another until a scene asks the app to stop."""
    clock, pace = pygame.time.Clock(), Pace()
    frame(stack, preferences, pilot, pace, 0.0)  # the title's first frame, then the rest of the game loads
    warm_up()
    while stack.quit_code is None:
        frame(stack, preferences, pilot, pace, min(MAX_DT, clock.tick(FPS) / 1000))


def frame(stack: SceneStack, preferences: Preferences, pilot: SmokePilot | None, pace: Pace, dt: float) -> bool:
    """One pass of the loop: input to the top scene (F11 and Alt+Enter to the window), update it, draw the
    visible ones; asleep (game/ui/pacing.py: nothing moving, no input) it only waits. Whether it drew."""
    top = stack.top
    events = pace.events(pilot is not None or (top is not None and top.animating), dt)
    if not events and pace.asleep:
        return False
    for event in events:
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
    return True


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
