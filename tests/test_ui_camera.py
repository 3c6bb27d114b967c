"""The camera (issue 2): follows the hero on maps larger than the view, centres small maps."""
from __future__ import annotations

import pytest

from game.ui.camera import Camera


def test_small_map_is_centred_whatever_the_target():
    cam = Camera(960, 548, 640, 320)
    cam.look_at(0, 0)
    assert cam.to_view(0, 0) == (160, 114)
    cam.look_at(640, 320)
    assert cam.to_view(0, 0) == (160, 114)


def test_large_map_centres_the_target():
    cam = Camera(960, 548, 1920, 1440)
    cam.look_at(1000, 700)
    assert cam.to_view(1000, 700) == (480, 274)


@pytest.mark.parametrize("target, origin", [((0, 0), (0, 0)), ((1920, 1440), (-960, -892))])
def test_large_map_is_clamped_at_its_edges(target, origin):
    cam = Camera(960, 548, 1920, 1440)
    cam.look_at(*target)
    assert cam.to_view(0, 0) == origin


def test_to_world_inverts_to_view():
    cam = Camera(960, 548, 1920, 1440)
    cam.look_at(777, 555)
    wx, wy = cam.to_world(*cam.to_view(400, 300))
    assert (round(wx), round(wy)) == (400, 300)


def test_follow_glides_and_arrives():
    cam = Camera(960, 548, 1920, 1440)
    cam.look_at(480, 274)
    cam.follow(1400, 900, dt=1 / 60)
    first = cam.x
    assert 0 < first < 1400 - 480  # moved part of the way, not all of it
    for _ in range(240):
        cam.follow(1400, 900, dt=1 / 60)
    assert cam.to_view(1400, 900) == (480, 274)
