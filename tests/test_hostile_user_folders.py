"""Issue 26's "Done means": with the files in the player's folders replaced by hostile ones (a settings file
nested 20,000 deep, a poisoned map cache entry, a damaged world save, a folder where its lock file goes), the
game starts, plays and says what it ignored, in its log, never with a traceback; and changes none of them. (A
damaged one-map slot is the hostile save corpus's: the title's Continue shows its line, tests/
test_save_hostile.py.)"""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.maps import diskcache, store
from game.paths import DEFAULT_MAP, ROOT

pytestmark = pytest.mark.slow  # the game started in a process of its own

HOSTILE_SETTINGS = b"scale = " + b"[" * 20_000 + b"]" * 20_000


def poison_the_cache_entry_of(path: Path, cache: Path) -> Path:
    """Write, into `cache`, the entry the game will look up for `path`, holding a room of 10^5 squares a side."""
    real = diskcache.folder
    diskcache.folder = lambda: cache
    try:
        store.forget()
        resolved, sha, referenced = store._map_file(path)
        slot, key = store.disk_entry(path, resolved, sha, referenced)
        raw = store.read_tmx(path)
        room = next(o for o in raw.objects if o.kind == "room")
        huge = replace(raw, objects=tuple(replace(o, w=32.0 * 10**5) if o is room else o for o in raw.objects))
        diskcache.keep(slot, key, huge)
        return cache / diskcache._file_name(slot)
    finally:
        diskcache.folder = real
        store.forget()


def test_the_game_starts_with_every_user_folder_hostile_and_says_what_it_ignored(tmp_path: Path):
    home = {name: tmp_path / name for name in ("data", "config", "state", "cache")}
    settings = home["config"] / "ethernalis" / "settings.toml"
    saves = home["data"] / "ethernalis" / "saves"
    for folder in (settings.parent, saves):
        folder.mkdir(parents=True)
    settings.write_bytes(HOSTILE_SETTINGS)
    (saves / "world1.sav").write_bytes(b"not a save at all")
    (saves / "world1.sav.lock").mkdir()
    entry = poison_the_cache_entry_of(DEFAULT_MAP, home["cache"] / "ethernalis" / "maps")
    before = {p: p.read_bytes() for p in (settings, saves / "world1.sav")}
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           **{f"XDG_{name.upper()}_HOME": str(folder) for name, folder in home.items()}}
    run = subprocess.run([sys.executable, "main.py", "--smoke-test", "--seed", "11"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr + run.stdout
    log = (home["state"] / "ethernalis" / "log" / "ethernalis.log").read_text(encoding="utf-8")
    assert f"settings file {settings}: line 1: arrays or tables nested more than 32 deep; using the default " \
           f"settings" in log
    assert f"map cache: the entry for {DEFAULT_MAP} is refused (" in log
    assert all(p.read_bytes() == content for p, content in before.items())
    assert entry.exists()  # the poisoned entry was dropped and the map's own read kept in its place
    assert b"100000" not in entry.read_bytes()
