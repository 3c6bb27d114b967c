"""The standalone game (issue 14): the data found in each layout, `python -m game`, and the icon.

Building the bundle and the wheel takes a minute, so tools/check_package.sh does that in CI
(docs/packaging.md); these are the quick parts.
"""
from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.paths import ASSETS, ROOT, find_root
from tools.art.icon import ICNS_TYPES, ICO_SIZES

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

ICON = ASSETS / "icon"


def test_a_checkout_keeps_its_data_at_the_top():
    assert ROOT == Path(__file__).resolve().parent.parent
    assert (ROOT / "main.py").is_file() and (ROOT / "maps" / "default.tmx").is_file()


def test_an_installed_package_keeps_its_data_in_share(tmp_path):
    package = tmp_path / "site-packages" / "game"
    (package / "share" / "assets").mkdir(parents=True)
    assert find_root(package, None) == package / "share"


def test_a_package_without_share_is_a_checkout(tmp_path):
    package = tmp_path / "checkout" / "game"
    (package / "share").mkdir(parents=True)  # a stray folder without assets/ is not an installed layout
    assert find_root(package, None) == tmp_path / "checkout"


def test_a_bundle_keeps_its_data_in_its_folder(tmp_path):
    package = tmp_path / "game"
    (package / "share" / "assets").mkdir(parents=True)
    assert find_root(package, str(tmp_path / "bundle")) == tmp_path / "bundle"


def run_game_module(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120, cwd=cwd,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


def test_python_m_game_plays_headless_from_any_folder(tmp_path):
    events = tmp_path / "events.jsonl"
    run = run_game_module("--headless", "--seed", "5", "--turns", "3", "--events", str(events), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("3 turns, ")
    same = subprocess.run([sys.executable, str(ROOT / "main.py"), "--headless", "--seed", "5", "--turns", "3",
                           "--events", str(tmp_path / "main.jsonl")], capture_output=True, text=True, timeout=120)
    assert same.returncode == 0, same.stderr
    assert events.read_bytes() == (tmp_path / "main.jsonl").read_bytes()


def test_python_m_game_reports_a_bad_map_in_one_line(tmp_path):
    run = run_game_module("--headless", "--map", "nowhere.tmx", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (2, "ethernalis: map not found: nowhere.tmx\n")


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG")
    return pygame.image.load(io.BytesIO(data), "icon.png").get_size()


def test_the_windows_icon_holds_a_png_per_size():
    data = (ICON / "ethernalis.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(ICO_SIZES))
    for i, size in enumerate(ICO_SIZES):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w or 256, h or 256, planes, bits) == (size, size, 1, 32)
        assert png_size(data[offset:offset + length]) == (size, size)


def test_the_macos_icon_holds_a_png_per_size():
    data = (ICON / "ethernalis.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[kind] = png_size(data[at + 8:at + length])
        at += length
    assert found == {kind: (size, size) for size, kind in ICNS_TYPES.items()}


def test_the_icon_is_what_make_art_draws(tmp_path):
    """The .png, .ico and .icns under assets/icon/ are the tool's output now (make art after changing the hero)."""
    from tools.make_art import main

    assert main(["--out", str(tmp_path)]) == 0
    for name in ("ethernalis.png", "ethernalis.ico", "ethernalis.icns"):
        assert (ICON / name).read_bytes() == (tmp_path / "icon" / name).read_bytes(), f"{name}: run make art"


@pytest.mark.parametrize("corner", [(0, 0), (255, 0), (0, 255), (255, 255)])
def test_the_icon_has_rounded_corners(corner):
    image = pygame.image.load(str(ICON / "ethernalis.png"))
    assert image.get_at(corner).a == 0
    assert image.get_at((128, 128)).a == 255
