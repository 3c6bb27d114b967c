"""The player's settings: what they are, their ranges, and the file they live in.

<config folder>/settings.toml (game/userdirs.py). Loading never raises: a file that cannot be read, is too
big, is not TOML, or holds a wrong value gives one clear line per problem (file, setting, problem) and the
default for what was wrong. The file is read by the game's one TOML reader (game/content/toml_file.py), with
its limits on nesting, key length, numbers and texts. A value the settings screen cannot show (a scale of 1.1,
a volume of 55) is moved to the screen's nearest step, with a line saying so. Saving writes a new file and swaps it in; a failure is a line, never a crash.
"""
from __future__ import annotations

import contextlib
import math
import os
import secrets
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from game import userdirs
from game.content.errors import ContentError, printable
from game.content.toml_file import read_toml
from game.paths import regular_file

FILE_NAME = "settings.toml"
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes; anything far bigger is refused unread
SCALES = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)  # window size, times 1280x720 (the screen's steps)
TEXT_SIZES = (0.85, 1.0, 1.15, 1.3)  # UI text, times the designed size (the screen's steps)
VOLUME_STEP = 10  # volumes go by tens on the screen
STEPS: dict[str, tuple[float, ...]] = {
    "scale": SCALES, "text_size": TEXT_SIZES, **{name: tuple(range(0, 101, VOLUME_STEP)) for name in
                                                 ("master", "effects", "music")},
}
RANGES: dict[str, tuple[float, float]] = {
    "scale": (1.0, 3.0), "text_size": (0.85, 1.3), "master": (0, 100), "effects": (0, 100), "music": (0, 100),
}
MAX_KEYS = 9  # keys one action may have (use_slot has nine)
MAX_TABLE_KEYS = 1000  # TOML keys in the whole file: the settings and some 60 actions' keys
PICK_UPS = ("provisions", "everything", "nothing")  # what auto-explore picks up (issue 23, game/world/wayfinding.py)


@dataclass(frozen=True)
class Settings:
    """Every setting with its default. `keys`: action -> pygame key names, only for actions given in the
    file (the others keep their default keys, game/ui/bindings.py)."""

    fullscreen: bool = False
    scale: float = 1.0
    text_size: float = 1.0
    master: int = 80  # volumes in percent; effects and music are each times master
    effects: int = 80
    music: int = 50
    shape_markers: bool = True  # hostile and friendly differ by shape as well as colour
    hints: bool = True  # the first-time hints at the top of the map (game/ui/guide.py)
    pick_up: str = "provisions"  # what auto-explore picks up: one of PICK_UPS
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def changed(self, **values: object) -> Settings:
        return replace(self, **values)


def default_path() -> Path:
    return userdirs.config_dir() / FILE_NAME


def load(path: Path) -> tuple[Settings, list[str]]:
    """The settings in `path` (defaults when it does not exist) and the problems found, one line each."""
    if not os.path.lexists(path):
        return Settings(), []
    where = f"settings file {path}"
    try:
        table = read_toml(path, MAX_BYTES, "a settings file", MAX_TABLE_KEYS)
    except ContentError as exc:
        return Settings(), [f"settings file {printable(exc)}; using the default settings"]
    return read(table, where)


def read(table: dict, where: str) -> tuple[Settings, list[str]]:
    """Settings from a parsed TOML table; each wrong value is named and replaced by its default."""
    defaults, values, problems = Settings(), {}, []
    known = {f.name for f in fields(Settings)}
    for name in sorted(set(table) - known):
        problems.append(f"{where}: unknown setting {name!r}, ignored (known: {', '.join(sorted(known))})")
    for name in ("fullscreen", "shape_markers", "hints"):
        if name in table:
            if isinstance(table[name], bool):
                values[name] = table[name]
            else:
                problems.append(f"{where}: {name} must be true or false, not {table[name]!r}; using "
                                f"{str(getattr(defaults, name)).lower()}")
    for name, (low, high) in RANGES.items():
        if name not in table:
            continue
        value, whole = table[name], isinstance(getattr(defaults, name), int)
        number = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        if number and (not whole or float(value).is_integer()) and low <= value <= high:
            values[name] = int(value) if whole else float(value)
            step = min(STEPS[name], key=lambda s: (abs(s - value), s))
            if abs(step - value) > 1e-9:
                values[name] = step
                problems.append(f"{where}: {name} = {value:g} is not one of the settings screen's steps; "
                                f"using the nearest, {step:g}")
        else:
            kind = "a whole number" if whole else "a number"
            problems.append(f"{where}: {name} must be {kind} from {low:g} to {high:g}, not {value!r}; using "
                            f"{getattr(defaults, name):g}")
    if "pick_up" in table:
        if table["pick_up"] in PICK_UPS:
            values["pick_up"] = table["pick_up"]
        else:
            problems.append(f"{where}: pick_up must be one of {', '.join(PICK_UPS)}, not {str(table['pick_up'])[:40]!r}; "
                            f"using {defaults.pick_up}")
    if "keys" in table:
        keys, wrong = read_keys(table["keys"], where)
        problems += wrong
        if not wrong:
            values["keys"] = keys
    return replace(defaults, **values), problems


def read_keys(table: object, where: str) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """[keys]: action = ["key name", …]. Only the shape is checked here; the key names and the actions are
    checked against the binding table (bindings.from_names), which knows them."""
    if not isinstance(table, dict):
        return {}, [f"{where}: keys must be a table of action = [key names], not {table!r}; using the default keys"]
    keys, problems = {}, []
    for action, names in table.items():
        if (not isinstance(names, list) or not 1 <= len(names) <= MAX_KEYS
                or not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)):
            problems.append(f"{where}: keys.{action} must be a list of 1 to {MAX_KEYS} key names, not "
                            f"{str(names)[:80]}; using the default keys")
        else:
            keys[action] = tuple(names)
    return keys, problems


def save(settings: Settings, path: Path) -> str | None:
    """Write `settings` to `path` (a new file swapped in whole); None when written, else the line saying why not.
    The new file's name is this process's own (`<name>.<pid>-<hex>.partial`): two copies of the game saving
    their settings at once never swap in or remove each other's half-written file."""
    partial = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(8)}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(path) and regular_file(path) is None:
            return f"Settings not saved: {path} is not a regular file."
        partial.write_text(dumps(settings), encoding="utf-8")
        os.replace(partial, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        return f"Settings not saved: cannot write {path} ({exc.strerror or exc})."
    return None


def dumps(settings: Settings) -> str:
    """The settings as TOML, the changed keys in a [keys] table."""
    lines = ["# Ethernalis settings: written by the game's Settings screen (docs/controls.md)."]
    for f in fields(Settings):
        value = getattr(settings, f.name)
        if isinstance(value, str):  # one of a few plain words (pick_up)
            lines.append(f'{f.name} = "{value}"')
        elif f.name != "keys":
            lines.append(f"{f.name} = {str(value).lower() if isinstance(value, bool) else value}")
    if settings.keys:
        lines.append("\n[keys]")
        for action, names in sorted(settings.keys.items()):
            quoted = ", ".join('"' + n.replace("\\", "\\\\").replace('"', '\\"') + '"' for n in names)
            lines.append(f"{action} = [{quoted}]")
    return "\n".join(lines) + "\n"
