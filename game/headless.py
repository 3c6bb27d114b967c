"""Running a world without a window: the hero waits, the world turns, events go to JSON lines.

A run can start from a save (`--load`) and end by saving (`--save`); see docs/saves.md. `run_world` does the
same for a world of sites (`--world`): its hero waits in the home settlement and every site lives. A scripted
hero (`--bot`, game/bots.py) may play instead of waiting; a run may be recorded (`--record`) and a recording
replayed (`replay`) to the same event log byte for byte (game/recording.py).
"""
from __future__ import annotations

import contextlib
import json
import signal
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path

from game import recording
from game.bots import BOTS, play_turn
from game.content.errors import ContentError, printable
from game.maps.errors import MapError
from game.maps.tiled import files_read
from game.launch import new_game, new_realm
from game.paths import DATA, REGION_MAP, same_file
from game.save import SaveError, load_world, save_world, slotlock
from game.save.worldsave import load_realm, save_realm
from game.world import views
from game.world.driver import Driver
from game.recording import MAX_STEPS, RELOAD, TURN, Recording, RecordingError
from game.world.realm import Realm
from game.world.world import World

Source = Callable[[Driver], bool]  # plays one world turn on the driver; False when it has no more to play


def plain(value: object) -> object:
    """A card field as JSON: mappings become dicts, sets sorted lists, an attack its fields."""
    if is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return value


def creature_state(world: World, eid: int) -> dict[str, object]:
    view = views.creature(world, eid)
    card = {f.name: plain(getattr(view.card, f.name)) for f in fields(view.card)}
    return {
        "uid": view.uid, "codex_id": view.codex_id, "name": view.name, "room": view.room,
        "square": list(view.square), "health": view.health, "max_health": view.max_health,
        "level": view.level, "xp": view.xp, "mood": view.mood, "hunger": view.hunger, "thirst": view.thirst,
        "heads": view.heads, "durability": view.durability, "equipped": view.equipped,
        "carrying": view.carrying, "card": card,
    }


def dump_state(world: World) -> dict[str, object]:
    return {"turn": world.turn, "seed": world.seed, "over": world.over,
            "creatures": [creature_state(world, eid) for eid in sorted(world.creatures(), key=world.uid)]}


class CtrlC:
    """While a run lasts, Ctrl-C only raises a flag the run checks between world turns, so the run ends
    with a message and its event file on a complete line (in the main thread; elsewhere it is left alone)."""

    def __init__(self) -> None:
        self.pressed = False
        self.previous = None

    def __enter__(self) -> CtrlC:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self.press)
        return self

    def press(self, signum: int, frame: object) -> None:
        self.pressed = True

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


def overwrites(outputs: dict[str, Path | None], world: World, load_path: Path | None) -> str | None:
    """Why an output would replace a file this run reads (the map, its tilesets, the data, the save being
    loaded, which only --save may replace), or None."""
    try:
        reading = files_read(world.map) + [p for p in DATA.rglob("*") if p.is_file()]
    except MapError as exc:
        return exc.problems[0]
    for flag, path in outputs.items():
        sources = reading + ([load_path] if load_path is not None and flag != "--save" else [])
        for source in sources:
            if path is not None and same_file(path, source):
                return f"{flag} would overwrite {source}, which the game reads"
    return None


def run_headless(map_path: Path, seed: int, turns: int, events_path: Path | None,
                 state_path: Path | None, load_path: Path | None = None, save_path: Path | None = None,
                 bot: str | None = None, record_path: Path | None = None) -> int:
    """Run `turns` world turns on a new world, or on the one saved at `load_path` (its map and seed): the hero
    waits, or `bot` plays it; `record_path` keeps the run's commands. Ctrl-C stops between turns; nothing the
    run reads is ever written over."""
    with CtrlC() as ctrl_c, contextlib.ExitStack() as locks:
        try:
            driver = Driver(load_world(load_path)) if load_path else new_game(map_path, seed)
        except (MapError, ContentError, SaveError) as exc:
            return fail(exc)
        try:
            taken = recording.new_recording("map", map_path, seed) if record_path else None
            driver.log = [] if taken else None
            source = bot_source(driver, bot) if bot else wait
            code = play(driver, turns, ctrl_c, events_path, state_path, load_path, save_path, locks, source)
            return keep(taken, driver.log, record_path) if code == 0 and taken else code
        finally:
            driver.close()


def hold_save(locks: contextlib.ExitStack, save_path: Path | None) -> str | None:
    """Hold the slot lock of the save the run writes (--save) until it ends (game/save/slotlock.py), once the
    outputs are known to replace nothing the game reads; the line saying why not (that world is open in a
    game or another run), else None. A save only read (--load) is not locked: it is replaced whole or not at
    all, so a read never sees half of one, and reading it leaves no lock file beside it."""
    try:
        if save_path is not None:
            locks.enter_context(slotlock.hold(save_path))
    except SaveError as exc:
        return str(exc)
    return None


def wait(driver: Driver) -> bool:
    """The hero waits a world turn (or lies dead while the world turns)."""
    driver.end_turn()
    return True


def bot_source(driver: Driver, name: str) -> Source:
    """A world turn of the scripted hero `name` (game/bots.py); once it is dead, the world turns without it."""
    bot = BOTS[name](driver)

    def turn(driver: Driver) -> bool:
        if driver.world.over:
            driver.end_turn()
        else:
            play_turn(bot)
        return True
    return turn


def keep(taken: Recording, log: list | None, path: Path) -> int:
    """Write the run's recording to `path`: 0, or 1 and a line saying why it could not be."""
    taken.steps = [recording.step(entry) for entry in log or []]
    try:
        recording.save(taken, path)
    except OSError as exc:
        return fail(f"cannot write {path}: {exc.strerror or exc}")
    print(f"recorded {len(taken.steps)} steps to {path}")
    return 0


def replaying(steps: list[list]) -> Callable[[Driver], bool]:
    """A source that plays a recording's steps: up to and with the next that ends a world turn. At a Reload
    (the run was saved and carried on from the save) the driver's world is saved and loaded again, once
    what came before it has been written."""
    at = 0

    def turn(driver: Driver) -> bool:
        nonlocal at
        did = False  # commands after the last world turn still count: their events are written
        while at < len(steps):
            entry = steps[at]
            if entry[0] == RELOAD:
                if did:
                    return True
                driver.world = recording.reloaded(driver.world)
            elif entry[0] == TURN:
                driver.end_turn()
            else:
                driver.do(recording.command_of(entry))
            at += 1
            did = True
            if entry[0] == TURN or driver.busy:
                driver.finish_turn()
                return True
        return did
    return turn


def run_replay(path: Path, events_path: Path | None, state_path: Path | None) -> int:
    """Replay the recording at `path` headless, writing its events (and final state) as the run did."""
    try:
        taken = recording.load(path)
        recording.check_current(taken, path)
        hero = recording.hero_sheet(taken, path)
    except RecordingError as exc:
        return fail(exc)
    for flag, out in (("--events", events_path), ("--dump-state", state_path)):
        if out is not None and same_file(out, path):
            return fail(f"{flag} would overwrite the recording being replayed, {path}", 2)
    world = taken.kind == "world"  # a world of sites: the same realm, its hero given the same commands
    with CtrlC() as ctrl_c:
        try:
            run = new_realm(taken.map_path, taken.seed, hero=hero) if world else \
                new_game(taken.map_path, taken.seed, hero=hero)
        except (MapError, ContentError) as exc:
            return fail(exc)
        try:
            source = replaying(taken.steps)
            if world:
                return play_world(run, MAX_STEPS, ctrl_c, events_path, state_path, None, contextlib.ExitStack(), source)
            return play(run, MAX_STEPS, ctrl_c, events_path, state_path, None, None, contextlib.ExitStack(), source)
        finally:
            run.close()


def play(driver: Driver, turns: int, ctrl_c: CtrlC, events_path: Path | None, state_path: Path | None,
         load_path: Path | None, save_path: Path | None, locks: contextlib.ExitStack, source: Source = wait) -> int:
    world = driver.world
    clash = overwrites({"--events": events_path, "--dump-state": state_path, "--save": save_path}, world, load_path)
    if clash:
        return fail(clash, 2)
    busy = hold_save(locks, save_path)
    if busy:
        return fail(busy)
    events = 0
    writing = events_path
    try:
        with open(events_path, "w", encoding="utf-8") if events_path else contextlib.nullcontext() as out:
            for _ in range(turns):
                if ctrl_c.pressed or not source(driver):
                    break
                batch = driver.world.pop_events()  # a replay's Reload gives the driver a new world
                events += len(batch)
                if out is not None:
                    out.write("".join(json.dumps(e.as_json(), sort_keys=True) + "\n" for e in batch))
        world = driver.world
        if ctrl_c.pressed:
            written = f"; {events_path} holds every event up to it" if events_path else ""
            return fail(f"interrupted at turn {world.turn}{written}", 130)
        writing = state_path
        if state_path:
            state_path.write_text(json.dumps(dump_state(world), indent=1, sort_keys=True), encoding="utf-8")
        if save_path:
            save_world(world, save_path)
    except OSError as exc:
        return fail(f"cannot write {writing}: {exc.strerror or exc}")
    except SaveError as exc:
        return fail(exc)
    print(f"{world.turn} turns, {events} events, {len(world.creatures())} creatures alive"
          + (f"; {world.over}" if world.over else ""))
    return 0


def run_world(seed: int, turns: int, events_path: Path | None, state_path: Path | None,
              load_path: Path | None = None, save_path: Path | None = None, record_path: Path | None = None) -> int:
    """Run a world of sites for `turns` world turns: a new one from the region map (its hero goes into the home
    settlement and waits there), or the one saved at `load_path`. Every settlement lives every turn (brought
    up to the world turn at the end, docs/rules.md); events go to JSON lines with the site's place id."""
    with CtrlC() as ctrl_c, contextlib.ExitStack() as locks:
        try:
            realm = load_realm(load_path) if load_path else new_realm(REGION_MAP, seed)
        except (MapError, ContentError, SaveError) as exc:
            return fail(exc)
        try:
            taken = recording.new_recording("world", REGION_MAP, seed) if record_path else None
            log: list | None = [] if taken else None
            code = play_world(realm, turns, ctrl_c, events_path, state_path, save_path, locks, wait, log)
            return keep(taken, log, record_path) if code == 0 and taken else code
        finally:
            realm.close()


def play_world(realm: Realm, turns: int, ctrl_c: CtrlC, events_path: Path | None, state_path: Path | None,
               save_path: Path | None, locks: contextlib.ExitStack, source: Source = wait,
               log: list | None = None) -> int:
    for flag, path in (("--events", events_path), ("--dump-state", state_path), ("--save", save_path)):
        if path is not None and any(same_file(path, source) for source in
                                    [realm.region.path, *(s.map.path for s in realm.sites.values())]):
            return fail(f"{flag} would overwrite a map the game reads", 2)
    busy = hold_save(locks, save_path)
    if busy:
        return fail(busy)
    if realm.here is None:
        realm.travel(realm.home if realm.hero.place == realm.home else realm.hero.place)
    driver = Driver(realm.here, log)
    logged = 0  # events written: only their count is kept, so a long run holds its memory (docs/performance.md)
    try:
        with open(events_path, "w", encoding="utf-8") if events_path else contextlib.nullcontext() as out:
            def write(batch: list[tuple[int, object]]) -> None:
                nonlocal logged
                logged += len(batch)
                if out is not None:
                    out.write("".join(json.dumps({"site": pid, **e.as_json()}, sort_keys=True) + "\n"
                                      for pid, e in batch))
            realm.heard = []  # the sites lived offstage meanwhile (N3: those a traveller comes from)
            for _ in range(turns):
                if ctrl_c.pressed or not source(driver):
                    break
                place = realm.hero.place
                write(realm.heard + [(place, e) for e in realm.pop_events() + realm.here.pop_events()])
                realm.heard.clear()
            realm.catch_up_all()
            write(realm.heard)
        if ctrl_c.pressed:
            return fail(f"interrupted at turn {realm.now}", 130)
        if state_path:
            state = {"turn": realm.now, "seed": realm.seed, "sites": {
                site.place.name: dump_state(site.world) for site in realm.sites.values() if site.world}}
            state_path.write_text(json.dumps(state, indent=1, sort_keys=True), encoding="utf-8")
        if save_path:
            save_realm(realm, save_path)
    except OSError as exc:
        return fail(f"cannot write: {exc.strerror or exc}")
    except SaveError as exc:
        return fail(exc)
    alive = ", ".join(f"{site.place.name} {len(site.world.creatures())}" for site in realm.sites.values()
                      if site.world is not None)
    print(f"{realm.now} turns, {logged} events; alive: {alive}")
    return 0


def fail(problem: object, code: int = 1) -> int:
    """Print one line, escaped, to stderr (a bad map's first problem and how many more); return the exit code."""
    if isinstance(problem, MapError):
        more = len(problem.problems) - 1
        problem = problem.problems[0] + (f" (and {more} more; tools/check_map.py lists them)" if more else "")
    print(f"ethernalis: {printable(problem)}", file=sys.stderr)
    return code
