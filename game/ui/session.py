"""One play session: the map and seed it started with, the runs so far, the save slot, the loaded sprites.

The session holds the world of the current run: one map's (`start_run`), or a world of sites (`start_world`,
the region map: `realm`, with `driver` on the site the hero is in, None on the region map). The scenes
showing it are built by the app's scene registry (`game/ui/app.py`), not here. A session is made before the
title's first frame, so the world, the maps and the saves are imported where a method first needs them
(`game/ui/app.py` imports them in the background while the title shows).
"""
from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Generator

from game import userdirs
from game.paths import REGION_MAP
from game.ui.guide import Hints
from game.ui.sprites import SpriteCache

if TYPE_CHECKING:  # the world, the maps and the saves are imported on first use: the title shows before them
    from game import hall, recording
    from game.content.codex import HeroSheet
    from game.save import slotlock
    from game.world.driver import Driver
    from game.world.realm import Realm
    from game.world.world import World

log = logging.getLogger("ethernalis.session")


def sha256_of(path: Path) -> str | None:
    """A file's SHA-256, or None when it cannot be read."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


class Session:
    def __init__(self, map_path: Path, seed: int, save_path: Path | None = None) -> None:
        self.map_path = map_path
        self.seed = seed
        self.runs = 0
        self.hints = Hints()  # the first-time hints this player has seen (game/ui/guide.py)
        self.save_path = save_path or userdirs.save_slot()  # pause menu's Save, title's Continue
        self.sprites = SpriteCache()
        self.driver: Driver | None = None
        self.realm: Realm | None = None  # a world of sites (the region map), else None: one map's run
        self.world_slot: Path | None = None  # where the world of sites is saved (on travel and on quitting)
        self.slot_lock: slotlock.SlotLock | None = None  # held while the world of sites is open (issue 26)
        self.notice = ""  # the last autosave's failure, for the screen to show
        self.hero: HeroSheet | None = None  # the creation screen's hero: later runs keep it
        self.arrival: Generator[None, None, str] | None = None  # a journey's arrival under way (`arrive`)
        self.chronicle: hall.Chronicle | None = None  # what the run's morgue file will tell (game/hall.py)
        self.recording: recording.Recording | None = None  # a one-map run's, from its start (game/recording.py)
        self.fell: dict | None = None  # the hall's entry of the run's hero, once it fell or won

    # -- a world of sites ------------------------------------------------------------------------------
    def world_saves(self) -> list[tuple[Path, dict | str]]:
        """Every world save in the saves folder, newest first, with its summary or the problem reading it."""
        folder = self.save_path.parent
        found = sorted(folder.glob("world*.sav"), key=lambda p: p.stat().st_mtime, reverse=True) \
            if folder.is_dir() else []
        from game.save import SaveError
        from game.save.worldsave import summary

        out: list[tuple[Path, dict | str]] = []
        for path in found:
            try:
                out.append((path, summary(path)))
            except SaveError as exc:
                out.append((path, str(exc)))
        return out

    def next_world_slot(self) -> Path:
        folder, n = self.save_path.parent, 1
        while (folder / f"world{n}.sav").exists():
            n += 1
        return folder / f"world{n}.sav"

    def start_world(self, region_path: Path = REGION_MAP, hero: HeroSheet | None = None) -> list[str]:
        """A new world of sites from the region map, its first hero (`hero`, made on the creation screen, else
        hero.toml's) on the road beside the home settlement.

        Returns the problems that stopped it (bad maps or data) instead of raising."""
        from game import hall
        from game.content.errors import ContentError
        from game.launch import new_realm
        from game.maps.errors import MapError
        from game.save import SaveError, slotlock

        self.close()
        try:
            self.realm = new_realm(region_path, self.seed + self.runs, hero=hero)
        except MapError as exc:
            return exc.problems
        except ContentError as exc:
            return [str(exc)]
        self.runs += 1
        self.world_slot = self.next_world_slot()
        try:
            self.slot_lock = slotlock.hold(self.world_slot)
        except SaveError as exc:
            self.close(autosave=False)
            return [str(exc)]
        self.chronicle = hall.Chronicle()
        self.autosave()
        return []

    def continue_world(self, slot: Path, hero: str = "", new_hero: bool = False,
                       sheet: HeroSheet | None = None) -> list[str]:
        """Play on in the world saved at `slot`: as hero `hero` (Continue), or as a new hero made there (of
        `sheet`, made on the creation screen, else hero.toml's under a drawn name)."""
        from game import hall
        from game.content.errors import ContentError
        from game.save import SaveError, slotlock
        from game.save.worldsave import load_realm
        from game.world.driver import Driver

        self.close()
        try:
            self.slot_lock = slotlock.hold(slot)  # before reading: another copy may be saving it
            self.realm = load_realm(slot)
            chosen = self.realm.new_hero(sheet=sheet).uid if new_hero else hero or self.realm.playing
        except (SaveError, ContentError) as exc:
            self.close(autosave=False)
            return [str(exc)]
        self.world_slot = slot
        result = self.realm.play(chosen)
        if not result.ok:
            self.close(autosave=False)
            return [result.reason]
        if self.realm.here is not None:
            self.driver = Driver(self.realm.here)
        self.chronicle = hall.Chronicle()
        if new_hero:
            self.autosave()
        return []

    @staticmethod
    def open_elsewhere(slot: Path) -> str | None:
        """The line saying the world saved at `slot` is open in another copy of the game (or its lock cannot be
        made), else None: asked before a new hero is made for it, so no one designs a hero for nothing."""
        from game.save import SaveError, slotlock

        try:
            slotlock.hold(slot).release()
        except SaveError as exc:
            return str(exc)
        return None

    def autosave(self) -> bool:
        """Write the world of sites to its slot (on travel and quitting); a failure is kept in `notice`."""
        from game.save import SaveError
        from game.save.worldsave import save_realm

        try:
            save_realm(self.realm, self.world_slot)
        except SaveError as exc:
            self.notice = str(exc)
            return False
        self.notice = ""
        return True

    def travel(self, place: int) -> str:
        """Travel to a place of the region and go in (the driver then runs its world); the reason it could not."""
        from game.world.realm import run_through

        return run_through(self.arrive(place))

    def arrive(self, place: int) -> Generator[None, None, str]:
        """`travel` a slice at a time (the place catching up on arrival yields, Realm.travelling): the region
        screen steps it over frames, so arriving never freezes the screen; its value is travel's reason. Kept
        as `arrival` until done: quitting meanwhile ends it first."""
        self.arrival = self._arriving(place)
        return self.arrival

    def _arriving(self, place: int) -> Generator[None, None, str]:
        from game.world.driver import Driver

        result = yield from self.realm.travelling(place)
        self.arrival = None
        if result.ok:
            self.driver = Driver(self.realm.here)
            if self.chronicle is not None:
                self.chronicle.visit(self.realm.sites[place].place.name)
            self.autosave()
        return result.reason

    def surface(self) -> str:
        """Climb out of the site onto the region map; the reason it could not (the hero is elsewhere…)."""
        result = self.realm.leave()
        if result.ok:
            self.driver = None  # the realm keeps (or, a dungeon's, closes) the site's world
            self.autosave()
        return result.reason

    def choose_map(self, map_path: Path) -> None:
        """Single map run plays this map from now on (the title's Choose map), from the session's first seed."""
        self.map_path, self.runs = map_path, 0

    def start_run(self, hero: HeroSheet | None = None) -> list[str]:
        """Build a fresh world (seed, seed+1, ... for later runs) with `hero` from the creation screen
        (else hero.toml's).

        Returns the problems that stopped it (bad map or data) instead of raising.
        """
        from game import hall, recording
        from game import launch  # launch.new_game looked up now (a test may stand in for it)
        from game.content.errors import ContentError
        from game.maps.errors import MapError

        self.close()
        seed = self.seed + self.runs
        self.hero = hero or self.hero
        try:
            self.driver = launch.new_game(self.map_path, seed, hero=self.hero)
        except MapError as exc:
            return self._refused(f"new run on {self.map_path}", exc.problems)
        except ContentError as exc:
            return self._refused(f"new run on {self.map_path}", [str(exc)])
        self.runs += 1
        self.chronicle = hall.Chronicle()
        self.chronicle.visit(self.place())
        self.recording = recording.new_recording("map", self.map_path, seed, self.hero)
        self.driver.log = []
        log.info("new run on %s, seed %s", self.map_path, seed)
        return []

    def continue_run(self, world: World | None = None) -> list[str]:
        """Carry on from a save: `world` when already loaded (--load), else the save slot (Continue).

        Later runs start from the saved map and seed + 1. Returns the problems instead of raising.
        """
        from game import hall
        from game.save import SaveError, load_world
        from game.world.driver import Driver

        self.close()
        slot = None if world is not None else sha256_of(self.save_path)
        try:
            self.driver = Driver(world or load_world(self.save_path))
        except SaveError as exc:
            return self._refused(f"continue from {self.save_path}", [str(exc)])
        world = self.driver.world
        self.map_path, self.seed, self.runs = world.map.path, world.seed, 1
        self.hero = world.hero_sheet()
        self.chronicle = hall.Chronicle()  # the morgue file's tallies count from here
        self.chronicle.visit(self.place())
        self.recording = self.resumed(slot)
        log.info("carried on from a save: %s, seed %s, turn %s", world.map.path, world.seed, world.turn)
        return []

    @staticmethod
    def _refused(what: str, problems: list[str]) -> list[str]:
        log.warning("%s refused: %s", what, "; ".join(problems[:20]))
        return problems

    def save(self) -> tuple[bool, str]:
        """Write the run (or the world of sites) to its slot; returns whether it was saved and the line for the log."""
        from game.save import SaveError, save_world

        if self.world.mid_turn:
            return False, "Wait for the dungeon to finish its turn before saving."
        if self.realm is not None:
            return (True, f"World saved (turn {self.realm.now}) to {self.world_slot}.") if self.autosave() \
                else (False, self.notice)
        try:
            save_world(self.world, self.save_path)
        except SaveError as exc:
            log.warning("not saved: %s", exc)
            return False, str(exc)
        log.info("saved turn %s to %s", self.world.turn, self.save_path)
        self.keep_recording(saved=True)
        return True, f"Game saved (turn {self.world.turn}) to {self.save_path}."

    def emergency_save(self) -> str:
        """After a crash: the run (or the world of sites) to <slot>.emergency.sav beside its slot, never over it;
        returns the line saying where it went, or why there is none."""
        if self.world is None and self.realm is None:
            return f"No run was under way; your save slot is untouched: {self.save_path}"
        from game.save import SaveError, save_world
        from game.save.worldsave import save_realm

        slot = self.world_slot if self.realm is not None else self.save_path
        path = slot.with_name(f"{slot.stem}.emergency{slot.suffix}")
        try:
            if self.realm is not None:
                save_realm(self.realm, path)
            else:
                save_world(self.world, path)
        except SaveError as exc:
            return f"No emergency save ({exc}); your save slot is untouched: {slot}"
        except Exception as exc:  # the world that just failed may fail to save too: say so, never raise here
            log.exception("emergency save failed")
            return f"No emergency save ({type(exc).__name__}); your save slot is untouched: {slot}"
        log.info("emergency save: %s", path)
        if self.realm is not None:
            return (f"Saved the world at turn {self.realm.now} to {path} (its save is untouched); "
                    f"Continue on the title lists it.")
        return (f"Saved at turn {self.world.turn} to {path} (your save slot is untouched). "
                f"To carry on from it: main.py --load \"{path}\"")

    # -- the record of a run (game/hall.py, game/recording.py) ---------------------------------------------
    def place(self) -> str:
        """Where the hero is: the site of the world of sites, or the one map's title."""
        if self.realm is not None and self.realm.hero.place in self.realm.sites:
            return self.realm.sites[self.realm.hero.place].place.name
        world = self.world
        return world.map.properties.get("title", world.map.name) if world is not None else ""

    def note(self, world: World, events: list) -> None:
        """The screen's events of the run, for its morgue file."""
        if self.chronicle is not None:
            self.chronicle.note(world, events)

    def taken(self) -> recording.Recording | None:
        """The run's recording so far, or None (a world of sites, a run from a save, the map reloaded: F5)."""
        from game import recording

        if self.recording is None or self.driver is None or self.driver.log is None:
            return None
        self.recording.steps = [recording.step(entry) for entry in self.driver.log]
        return self.recording

    def resumed(self, slot: str | None) -> recording.Recording | None:
        """The recording kept beside the slot, carried on, when it was kept with the save being continued
        (whose SHA-256 is `slot`): its steps up to that save and a Reload, the driver logging on from there.
        Else None: this run is not recorded (docs/saves.md, "Recordings")."""
        from game import recording

        path = self.save_path.with_suffix(".rec")
        if slot is None or not path.is_file():
            return None
        try:
            taken = recording.load(path)
            recording.check_current(taken, path)
        except recording.RecordingError as exc:
            log.info("the slot's recording is not carried on: %s", exc)
            return None
        if taken.kind != "map" or taken.saved is None or taken.saved[0] != slot:
            return None
        taken.steps = taken.steps[:taken.saved[1]] + [[recording.RELOAD]]
        self.driver.log = recording.log_of(taken.steps)
        return taken

    def keep_recording(self, saved: bool = False) -> None:
        """The run's recording beside the save slot (<slot>.rec), as far as the run has gone; `saved`: the slot
        has just been written, and the recording notes which save it goes with."""
        from game import recording

        taken = self.taken()
        if taken is not None:
            if saved:
                digest = sha256_of(self.save_path)
                taken.saved = [digest, len(taken.steps)] if digest else None
            try:
                recording.save(taken, self.save_path.with_suffix(".rec"))
            except OSError as exc:
                log.warning("recording not kept: %s", exc)

    def fallen(self) -> str:
        """The run's hero has fallen: into the hall of heroes with its morgue file and recording (once; a hero
        that won before keeps its one entry, rewritten); the line saying so, or why it could not be."""
        if self.world is None or (self.fell is not None and self.fell["cause"] == self.world.over):
            return ""
        return self.keep_in_hall("Your hero's story is kept in the hall of heroes.")

    def victorious(self) -> str:
        """The run's hero has lifted the siege: into the hall of heroes as victorious (the world goes on; a later
        death rewrites the same entry); the line saying so, or why it could not be."""
        from game import hall

        if self.world is None:
            return ""
        words = self.world.content.goal.hall
        return self.keep_in_hall(words["kept"], hall.victory_line(self.world))

    def keep_in_hall(self, kept: str, victory: str = "") -> str:
        """The hero's entry of the hall written (or rewritten) with its morgue file and recording; `kept` when it
        was, else why not."""
        from game import hall, recording

        if self.world is None or self.chronicle is None:
            return ""
        world_name = self.world_slot.stem if self.realm is not None and self.world_slot else hall.ONE_MAP
        taken = self.taken()
        before = hall.earlier(self.world, world_name, self.fell)
        won = victory or (before["victory"] if before else "")
        text = hall.morgue(self.world, self.chronicle, world_name, self.place(), won)
        try:
            self.fell = hall.enter(text, recording.encode(taken) if taken else None, self.world, world_name,
                                   self.place(), victory=victory, again=self.fell)
        except OSError as exc:
            log.warning("the hall of heroes could not be written: %s", exc)
            return f"The hall of heroes could not be written ({exc.strerror or exc})."
        self.keep_recording()
        return kept

    def close(self, autosave: bool = True) -> None:
        """Release the current world's ECS context (every site's, for a world of sites, saved first, with a world
        turn under way run to its end, unless `autosave` is False: after a crash nothing more runs)."""
        if self.realm is not None:
            if autosave:
                if self.arrival is not None:  # quitting while arriving: the arrival ends first
                    from game.world.realm import run_through

                    run_through(self.arrival)
                if self.driver is not None and self.driver.busy:
                    self.driver.finish_turn()  # quitting while the dungeon moves keeps that turn too
                self.autosave()
            self.realm.close()
            self.realm = self.driver = None
        if self.slot_lock is not None:  # the world saved: another copy of the game may open it now
            self.slot_lock.release()
            self.slot_lock = None
        if self.driver is not None:
            self.keep_recording()
            self.driver.close()
            self.driver = None
        self.chronicle = self.recording = self.fell = None

    @property
    def world(self) -> World | None:
        return self.driver.world if self.driver else None
