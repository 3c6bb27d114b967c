"""The scene stack (issue 2): push, pop, replace, reset, and which scenes are drawn."""
from __future__ import annotations

from game.ui.scene import Scene, SceneStack


class Opaque(Scene):
    pass


class Overlay(Scene):
    opaque = False


def test_push_pop_and_top():
    stack = SceneStack()
    a, b = Opaque(), Overlay()
    stack.push(a)
    stack.push(b)
    assert stack.top is b and b.stack is stack
    assert stack.pop() is b
    assert stack.top is a and b.stack is None


def test_replace_swaps_only_the_top():
    stack = SceneStack()
    a, b, c = Opaque(), Opaque(), Opaque()
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    assert stack.scenes == [a, c]


def test_reset_drops_every_scene():
    stack = SceneStack()
    for scene in (Opaque(), Overlay(), Overlay()):
        stack.push(scene)
    fresh = Opaque()
    stack.reset(fresh)
    assert stack.scenes == [fresh]


def test_overlays_draw_over_the_last_opaque_scene():
    stack = SceneStack()
    title, dungeon, pause, help_ = Opaque(), Opaque(), Overlay(), Overlay()
    for scene in (title, dungeon, pause, help_):
        stack.push(scene)
    assert stack.visible() == [dungeon, pause, help_]


def test_quit_records_the_exit_code():
    stack = SceneStack()
    assert stack.quit_code is None
    stack.quit(3)
    assert stack.quit_code == 3
