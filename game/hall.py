"""The hall of heroes (issue 24): every hero who has fallen or won, per world and across worlds, each with a
morgue file in plain text as DCSS writes one (the sheet, gear, level, turns, sites visited, kills by kind,
deeds, loyal friends, how the end came and the last messages) and the run's recording beside it when there is
one.

A hero enters it once: when it falls, or when it lifts the siege (goal.toml [hall]: "lifted the siege of Varr's
Watch on day N"; the entry is victorious). The world goes on, and so may the victorious hero: when it later
falls (or wins again), its own entry is rewritten in place (found by `key`: its world and uid), never a second
one; it stays victorious, and its cause tells both ends.

It lives in the user's data folder (game/userdirs.py): `hall/hall.json` lists the heroes, `hall/<n>.txt` are
their morgue files, `hall/<n>.rec` their recordings. Every file is written atomically; a damaged or hostile
hall is read as far as it is sound and never stops the game (docs/saves.md, "The hall of heroes").
"""
from __future__ import annotations

import json
import re
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from game import __version__
from game.content.errors import printable
from game.content.texts import possessive
from game.rules import clock
from game.save.fileformat import write
from game.userdirs import HALL_INDEX as INDEX, hall_dir
from game.world import views
from game.world.events import Event
from game.world.partyview import loyal_friends
from game.world.world import World

ONE_MAP = "One map"  # the world of a single-map run's hero, in the list
MAX_INDEX = 4 * 1024 * 1024  # bytes: some 15,000 heroes
MAX_MORGUE = 1024 * 1024  # bytes a morgue file may have to be shown
MAX_ENTRIES = 10_000  # heroes listed; the oldest beyond are left out of the list (their files stay)
LAST_MESSAGES = 12
DEEDS = ("level_up", "contract_done", "joins", "bind", "coerce", "siege_lifted")  # events worth a line as deeds
FIELDS = {"name": str, "world": str, "place": str, "cause": str, "turn": int, "level": int, "morgue": str,
          "recording": str, "written": str}
LATER_FIELDS = {"key": "", "victory": ""}  # fields a hall written before victories lacks: read as these
FILE_NAME = re.compile(r"[0-9]{1,9}\.(txt|rec)")  # the only files an entry may name (never a path)



@dataclass
class Chronicle:
    """What a morgue file tells that the world does not keep: fed the run's events as the screen shows them
    (or a headless hero's), it counts the hero's kills by kind, notes its deeds and the blows it takes, keeps
    the last messages it heard and its last look while it lived (death drops its gear, N34)."""

    kills: Counter[str] = field(default_factory=Counter)
    deeds: list[str] = field(default_factory=list)
    sites: list[str] = field(default_factory=list)
    messages: deque[str] = field(default_factory=lambda: deque(maxlen=LAST_MESSAGES))
    last_blow: str = ""
    last_look: views.CreatureView | None = None

    def visit(self, name: str) -> None:
        if name not in self.sites:
            self.sites.append(name)

    def note(self, world: World, events: Iterable[Event]) -> None:
        hero = world.uid(world.hero)
        for event in events:
            if world.hears(event):
                self.messages.append(event.text)
            if event.kind == "killed" and event.actor == hero and event.target_name:
                self.kills[event.target_name] += 1
            elif event.kind in DEEDS and hero in (event.actor, event.target):
                self.deeds.append(f"Turn {event.turn}: {event.text}")
            elif event.kind == "hit" and event.target == hero:
                weapon = event.data.get("weapon", "a blow")
                self.last_blow = f"{possessive(event.actor_name or 'something')} {weapon}, {event.data.get('damage', 0)} damage"
        if world.alive(world.hero):
            self.last_look = views.creature(world, world.hero)


def morgue(world: World, chronicle: Chronicle, world_name: str, place: str, victory: str = "") -> str:
    """The plain-text morgue file of the world's hero: fallen, victorious (`victory`: how the siege was lifted)
    or both, or still alive."""
    look = chronicle.last_look or views.creature(world, world.hero)
    card = look.card
    end = " ".join(part for part in (victory, world.over) if part) or "Still alive."
    lines = [f"Ethernalis {__version__} morgue file", "",
             f"{look.name}, level {look.level} ({look.xp} XP), "
             + ("on a single-map run." if world_name == ONE_MAP else f"of the world saved as {world_name}."),
             f"{end}", f"Turns: {world.turn}    Seed: {world.seed}    Place: {place}", "",
             "The hero",
             f"  Health {look.max_health}   Stamina {card.stamina}   Mana {card.mana}   Strength {card.strength}"
             f"   Speed {card.speed}",
             f"  Melee {card.melee} %   Ranged {card.ranged} %   Dodge {card.dodge} %   Sneak {card.sneak}"
             f"   Action points {card.ap}"]
    if look.sheet is not None:
        sheet = look.sheet
        lines.append(f"  {sheet.moral.capitalize()} {sheet.ethic}   Charisma {sheet.charisma}   Dexterity "
                     f"{sheet.dexterity}   Patience {sheet.patience}   Perks: {', '.join(look.perks) or 'none'}")
    lines += ["", "Gear"]
    lines += [f"  {slot}: {name}" for slot, name in sorted(look.equipped.items())] or ["  nothing worn"]
    lines += ["", "Carried"]
    lines += [f"  {name}" for name in look.carrying] or ["  nothing"]
    lines += ["", "Sites visited"] + [f"  {name}" for name in chronicle.sites or [place]]
    lines += ["", "Kills by kind"]
    kills = sorted(chronicle.kills.items(), key=lambda kv: (-kv[1], kv[0]))
    lines += [f"  {count:4}  {name}" for name, count in kills] or ["  none"]
    lines += ["", "Deeds"] + ([f"  {deed}" for deed in chronicle.deeds] or ["  none"])
    friends = loyal_friends(world, world.hero)
    lines += ["", "Loyal friends"] + ([f"  {name} (loyalty {loyalty})" for name, loyalty in friends] or ["  none"])
    lines += ["", "How the end came"] + [f"  {part}" for part in (victory, world.over or "Still alive.") if part]
    if chronicle.last_blow and world.over:
        lines.append(f"  The last blow: {chronicle.last_blow}.")
    lines += ["", "Last messages"] + [f"  {line}" for line in chronicle.messages]
    return "\n".join(printable(line) for line in lines) + "\n"


# -- the hall on disk --------------------------------------------------------------------------------------
def entries(folder: Path | None = None) -> tuple[list[dict[str, Any]], str]:
    """The heroes of the hall, newest first, and a line saying what could not be read ("" when all was)."""
    path = (folder or hall_dir()) / INDEX
    try:
        if not path.is_file():
            return [], ""
        if path.stat().st_size > MAX_INDEX:
            return [], f"{path}: the hall's list is far too large to read"
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        return [], f"{path}: the hall's list cannot be read ({printable(type(exc).__name__)})"
    if not isinstance(body, dict) or not isinstance(body.get("heroes"), list):
        return [], f"{path}: the hall's list is damaged (no list of heroes)"
    sound = [{**LATER_FIELDS, **entry} for entry in body["heroes"][-MAX_ENTRIES:] if fits(entry)]
    skipped = len(body["heroes"][-MAX_ENTRIES:]) - len(sound)
    return sound[::-1], f"{path}: {skipped} damaged entries left out" if skipped else ""


def fits(entry: Any) -> bool:
    """An entry of hall.json as written: every field of its type (those of LATER_FIELDS may be missing: a hall
    written before victories), names of the hall's own files only."""
    if not isinstance(entry, dict) or not set(FIELDS) <= set(entry) <= set(FIELDS) | set(LATER_FIELDS):
        return False
    entry = {**LATER_FIELDS, **entry}
    every = {**FIELDS, **{name: str for name in LATER_FIELDS}}
    if any(not isinstance(entry[key], kind) or isinstance(entry[key], bool) for key, kind in every.items()):
        return False
    if any(len(entry[key]) > 300 for key, kind in every.items() if kind is str):
        return False
    return FILE_NAME.fullmatch(entry["morgue"]) is not None and (
        entry["recording"] == "" or FILE_NAME.fullmatch(entry["recording"]) is not None)


def read_morgue(entry: dict[str, Any], folder: Path | None = None) -> list[str]:
    """The lines of an entry's morgue file, or one line saying why it cannot be shown."""
    path = (folder or hall_dir()) / entry["morgue"]
    try:
        if path.stat().st_size > MAX_MORGUE:
            return [f"{path}: the morgue file is too large to show"]
        return [printable(line) for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
    except OSError as exc:
        return [f"{path}: the morgue file cannot be read ({printable(exc.strerror or type(exc).__name__)})"]


def victory_line(world: World) -> str:
    """How the world's hero won, for its entry and morgue file: "Lifted the siege of Varr's Watch on day 3
    (turn 412)." (goal.toml [hall] victory)."""
    return world.content.goal.hall["victory"].format(place=world.map.name, day=clock.day(world.minutes),
                                                      turn=world.turn)


def key_of(world: World, world_name: str) -> str:
    """What finds a hero's entry again: its world and its uid ("" for a single-map run, whose hero is found by
    the session that wrote it)."""
    return "" if world_name == ONE_MAP else f"{world_name}/{world.uid(world.hero)}"


def earlier(world: World, world_name: str, again: dict[str, Any] | None = None,
            folder: Path | None = None) -> dict[str, Any] | None:
    """The hero's entry already in the hall: `again` (the one its session wrote) or the one of its key."""
    key = key_of(world, world_name)
    return next((e for e in entries(folder)[0] if (again is not None and e["morgue"] == again["morgue"])
                 or (key and e["key"] == key)), None)


def enter(text: str, recording: bytes | None, world: World, world_name: str, place: str,
          folder: Path | None = None, victory: str = "", again: dict[str, Any] | None = None) -> dict[str, Any]:
    """Put the world's hero in the hall: its morgue file, its recording's bytes if any, and its line in the list
    (a damaged list is kept as hall.json.bak and started afresh). `victory`: the hero has won (its entry is
    victorious). The hero's entry already there (`again`, or the one of its key) is rewritten in place, its
    files with it, and stays victorious. Raises OSError when the folder cannot be written."""
    folder = folder or hall_dir()
    folder.mkdir(parents=True, exist_ok=True)
    kept, _ = entries(folder)
    key = key_of(world, world_name)
    old = earlier(world, world_name, again, folder)
    if old is not None:
        number = int(old["morgue"].split(".")[0])
        kept.remove(old)
    else:
        taken = {int(name.split(".")[0]) for e in kept for name in (e["morgue"], e["recording"]) if name}
        taken |= {int(p.stem) for p in folder.glob("*.txt") if p.stem.isdigit() and len(p.stem) < 10}
        number = max(taken, default=0) + 1
    look = views.creature(world, world.hero)
    victory = victory or (old["victory"] if old else "")
    entry = {"name": look.name, "world": world_name, "place": place,
             "cause": world.over or victory or "Still alive.", "turn": world.turn, "level": look.level,
             "morgue": f"{number}.txt", "recording": f"{number}.rec" if recording else "",
             "written": time.strftime("%Y-%m-%d %H:%M", time.localtime()), "key": key, "victory": victory}
    write(folder / entry["morgue"], text.encode("utf-8"))
    if recording:
        write(folder / entry["recording"], recording)
    heroes = kept[::-1] + [entry]
    write(folder / INDEX, (json.dumps({"heroes": heroes}, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return entry
