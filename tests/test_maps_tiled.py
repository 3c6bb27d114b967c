"""The shipped maps in the real Tiled (Debian's `tiled`, headless): every map opens and exports to
JSON, and a map re-saved by Tiled loads in the game with the same rooms, exits and placements."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.maps.tiled import load_map, load_region
from game.maps.validate import map_kind
from game.paths import MAPS

TILED = shutil.which("tiled")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(TILED is None, reason="Debian's tiled is not installed (.ci/run installs it)")]
SHIPPED = sorted(MAPS.glob("*.tmx"))


def tiled_export(source: Path, target: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(target.parent))
    run = subprocess.run([TILED, "--export-map", target.suffix[1:], str(source), str(target)],
                         env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and target.is_file(), run.stderr


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_map_opens_in_tiled_and_exports_json(path: Path, tmp_path: Path) -> None:
    out = tmp_path / f"{path.stem}.json"
    tiled_export(path, out)
    exported = json.loads(out.read_text())
    ours = load_region(path) if map_kind(path) == "region" else load_map(path)
    assert (exported["width"], exported["height"]) == (ours.width, ours.height)
    objects = [o for layer in exported["layers"] if layer["type"] == "objectgroup" for o in layer["objects"]]
    rooms = [o for o in objects if o.get("type") == "room" or o.get("class") == "room"]
    if map_kind(path) != "region":
        assert len(rooms) == len(ours.rooms)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_map_resaved_by_tiled_loads_the_same(path: Path, tmp_path: Path) -> None:
    out = tmp_path / path.name
    tiled_export(path, out)
    assert out.read_text() != path.read_text()  # really rewritten by Tiled (tileset path, ids …)
    if map_kind(path) == "region":
        before, after = load_region(path), load_region(out)
        assert after.places == before.places and after.sites == before.sites and after.roads == before.roads
        return
    before, after = load_map(path), load_map(out)
    assert after.rooms == before.rooms
    assert after.exits == before.exits
    assert after.placements == before.placements
    assert after.items == before.items and after.traps == before.traps and after.spawners == before.spawners
    assert after.entrance == before.entrance
    assert [layer.gids for layer in after.layers] == [layer.gids for layer in before.layers]
