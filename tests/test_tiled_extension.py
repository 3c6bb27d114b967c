"""The project's Tiled extension (maps/extensions/ethernalis-check.js, docs/maps.md "The checker in Tiled") in
the real Tiled (Debian's 1.8) under Xvfb: saving a broken map lists the checker's problems in the Issues panel,
double-clicking one selects its object, and saving the map once fixed lists none. Read from screenshots: the
panel's error and warning rows have their own background colours."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.paths import ROOT

TOOLS = {name: shutil.which(name) for name in ("tiled", "xvfb-run", "xdotool", "import")}
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not all(TOOLS.values()), reason="needs Debian's tiled, xvfb-run, "
                                                                    "xdotool and ImageMagick's import (.ci/run installs them)")]
SCREEN = (1280, 800)
ERROR_ROW, WARNING_ROW = (242, 210, 219), (242, 239, 210)  # the Issues panel's row backgrounds in Tiled 1.8
# where Tiled 1.8 puts its controls on a 1280x800 screen: the "Enable Extensions" button of the project's
# bar, the status bar's issue counter, the panel's first row and its Clear button once the panel is open
ENABLE, COUNTER, FIRST_ROW, CLEAR = (1089, 25), (47, 714), (300, 659), (1209, 635)

DRIVE = """#!/bin/bash
export HOME={home} XDG_RUNTIME_DIR={runtime}
shot() {{ import -window root "{out}/$1.png"; }}
tiled > "{out}/tiled.log" 2>&1 &
TILED=$!
for i in $(seq 1 60); do xdotool search --name "broken.tmx" > /dev/null 2>&1 && break; sleep 0.25; done
WINDOW=$(xdotool search --name "broken.tmx" | head -1)
sleep 1.5
xdotool mousemove {enable} click 1; sleep 0.5
xdotool mousemove {counter} click 1; sleep 0.5
shot before
xdotool key --window $WINDOW ctrl+s; sleep 2
shot broken
xdotool mousemove {first_row} click --repeat 2 1; sleep 0.7
shot selected
xdotool mousemove {clear} click 1
cp "{fixed}" "{broken}"; sleep 2
xdotool key --window $WINDOW ctrl+s; sleep 2
shot fixed
kill $TILED
"""


def project(folder: Path) -> Path:
    """A copy of the Tiled project whose folders link to the repository's (the extension finds the checker two
    folders above its own), holding broken.tmx (a room off the grid) and fixed.tmx; Tiled's settings and
    session open the project with broken.tmx."""
    maps = folder / "project" / "maps"
    maps.mkdir(parents=True)
    for name in ("ethernalis.tiled-project", "objecttypes.xml"):
        shutil.copy(ROOT / "maps" / name, maps / name)
    for name in ("extensions", "tilesets", "templates"):
        (maps / name).symlink_to(ROOT / "maps" / name)
    for name in ("tools", "assets", ".venv"):
        if (ROOT / name).exists():
            (folder / "project" / name).symlink_to(ROOT / name)
    for source, target in (("maps_bad/not_aligned.tmx", "broken.tmx"), ("maps_ok/small.tmx", "fixed.tmx")):
        text = (ROOT / "tests" / "data" / source).read_text().replace("../../../maps/tilesets/", "tilesets/")
        (maps / target).write_text(text)
    config = folder / "home" / ".config" / "mapeditor.org"
    config.mkdir(parents=True)
    session = maps / "ethernalis.tiled-session"
    (config / "tiled.conf").write_text(f"[Project]\nLastSession={session}\n")
    session.write_text(json.dumps({"project": str(maps / "ethernalis.tiled-project"),
                                   "openFiles": [str(maps / "broken.tmx")], "activeFile": str(maps / "broken.tmx")}))
    return maps


def run_tiled(folder: Path) -> Path:
    """The scenario of the module's docstring, its screenshots in `folder`/shots."""
    maps, out, runtime = project(folder), folder / "shots", folder / "runtime"
    out.mkdir()
    runtime.mkdir(mode=0o700)
    script = folder / "drive.sh"
    where = {name: " ".join(map(str, xy)) for name, xy in
             (("enable", ENABLE), ("counter", COUNTER), ("first_row", FIRST_ROW), ("clear", CLEAR))}
    script.write_text(DRIVE.format(home=folder / "home", runtime=runtime, out=out, fixed=maps / "fixed.tmx",
                                   broken=maps / "broken.tmx", **where))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "DISPLAY", "QT_", "XDG_"))}
    subprocess.run([TOOLS["xvfb-run"], "-a", "-s", f"-screen 0 {SCREEN[0]}x{SCREEN[1]}x24", "bash", str(script)],
                   env=env, capture_output=True, timeout=90, check=True)
    return out


def issue_rows(png: Path) -> tuple[int, int]:
    """Scan lines of the screenshot's lower part filled with the Issues panel's error and warning rows."""
    import pygame

    shot = pygame.image.load(str(png))
    counts = [0, 0]
    for y in range(SCREEN[1] // 2, SCREEN[1]):
        row = [tuple(shot.get_at((x, y)))[:3] for x in range(30, SCREEN[0] - 50, 4)]
        for i, colour in enumerate((ERROR_ROW, WARNING_ROW)):
            counts[i] += row.count(colour) > len(row) // 2
    return counts[0], counts[1]


def changed(a: Path, b: Path, box: tuple[int, int, int, int]) -> int:
    import pygame

    one, two = pygame.image.load(str(a)), pygame.image.load(str(b))
    return sum(one.get_at((x, y)) != two.get_at((x, y)) for x in range(box[0], box[2], 3) for y in range(box[1], box[3], 3))


def test_saving_in_tiled_lists_the_checker_s_problems_and_a_fixed_map_none(tmp_path: Path):
    shots = run_tiled(tmp_path)
    assert issue_rows(shots / "before.png") == (0, 0)  # the panel is open and empty before the save
    errors, warnings = issue_rows(shots / "broken.png")
    assert errors >= 10 and warnings >= 4 * 10, (errors, warnings)  # one error, four that follow (a row: ~21 px)
    assert changed(shots / "broken.png", shots / "selected.png", (268, 120, 537, 560)) > 500  # the object's
    # properties replace the map's: the double-clicked line selected object 3
    assert issue_rows(shots / "fixed.png") == (0, 0)
