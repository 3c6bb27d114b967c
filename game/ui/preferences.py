"""The settings in use: read at start, changed by the Settings screen, applied at once and saved at once.

Applying touches every system a setting belongs to: the window (game/ui/display.py), the text size and
markers (`theme.Look`, with the text caches emptied), the volumes (game/ui/sound.py) and the keys
(game/ui/bindings.py).
"""
from __future__ import annotations

import logging
from pathlib import Path

from game.ui import bindings, display, labels, sound, theme, widgets
from game.ui.settings import default_path, load, save

log = logging.getLogger("ethernalis.settings")
MAX_PROBLEMS = 20  # lines kept of a settings file's problems


class Preferences:
    """`problems`: what was wrong with the settings file when it was read (shown on the title screen)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self.current, self.problems = load(self.path)
        keys, wrong = bindings.from_names(self.current.keys, f"settings file {self.path}")
        if wrong:
            self.current = self.current.changed(keys={})
        self.problems += wrong
        if len(self.problems) > MAX_PROBLEMS:  # a hostile file of thousands of wrong lines
            self.problems[MAX_PROBLEMS:] = [f"… and {len(self.problems) - MAX_PROBLEMS} more problems in {self.path}"]
        bindings.use(keys)
        for problem in self.problems:
            log.warning("%s", problem)

    def apply(self, window: bool = True) -> str | None:
        """Put every setting in use (the window too, unless `window` is False); why the display refused, if it did."""
        look = (self.current.text_size, self.current.shape_markers)
        if look != (theme.Look.text_size, theme.Look.shape_markers):
            theme.Look.text_size, theme.Look.shape_markers = look
            theme.Look.version += 1
            labels.text.cache_clear()
            widgets.forget_looks()
        theme.Look.hints = self.current.hints
        sound.player.volumes(self.current.master, self.current.effects, self.current.music)
        bindings.Explore.pick_up = self.current.pick_up
        return display.set_mode(self.current.fullscreen, self.current.scale) if window else None

    def change(self, **values: object) -> str | None:
        """Change settings, apply them and save; None when all went, else the line saying what did not."""
        window = {"fullscreen", "scale"} & set(values)
        self.current = self.current.changed(**values)
        refused = self.apply(window=bool(window))
        return refused or self.write()

    def keys_changed(self) -> str | None:
        """The key table changed (bindings.rebind/use): keep it in the settings and save."""
        self.current = self.current.changed(keys=bindings.names())
        return self.write()

    def write(self) -> str | None:
        problem = save(self.current, self.path)
        if problem:
            log.warning("%s", problem)
        return problem
