"""The smoke test (issue 2): `main.py --smoke-test` plays through the real game loop and exits 0,
and the dungeon screenshot it saves has real content."""
from __future__ import annotations

import pytest

import os
import subprocess
import sys
from pathlib import Path

import pygame

pytestmark = pytest.mark.slow  # make test-fast leaves these out (docs/testing.md)

ROOT = Path(__file__).resolve().parent.parent


def test_smoke_test_plays_and_saves_a_real_screenshot(tmp_path):
    shot = tmp_path / "dungeon.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "main.py", "--smoke-test", "--seed", "11", "--screenshot", str(shot)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    every = {tuple(image.get_at((x, y))) for x in range(0, 1280, 3) for y in range(0, 720, 3)}
    assert len(every) > 300  # tiles, sprites, text: a drawn dungeon, not a blank or flat surface
    map_view = {tuple(image.get_at((x, y))) for x in range(0, 960, 4) for y in range(0, 548, 4)}
    assert len(map_view) > 100  # the map itself is drawn
    side = {tuple(image.get_at((x, y))) for x in range(970, 1270, 2) for y in range(10, 200, 2)}
    assert len(side) > 20  # the hero card's text and bars
