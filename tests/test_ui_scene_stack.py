"""The scene stack (issues 2, 9): push, pop, replace, reset by name or factory, and which scenes are drawn."""
from __future__ import annotations

import ast

import pygame
import pytest

from game.paths import DEFAULT_MAP, ROOT
from game.ui.app import scene_stack
from game.ui.help import HelpScene
from game.ui.scene import Scene, SceneError, SceneRefused, SceneStack
from game.ui.session import Session


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


class Asker(Scene):
    """A scene that asks the stack for another by name when a key is pressed, as the game's scenes do."""

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted = wanted

    def handle(self, event: pygame.event.Event) -> None:
        self.stack.push(self.wanted)


class Counted(Scene):
    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n


def refuse() -> Scene:
    raise SceneRefused(["maps/broken.tmx: room 3: no exits"])


@pytest.fixture
def game_stack():
    session = Session(DEFAULT_MAP, 5)
    yield scene_stack(session)
    session.close()


def test_the_game_registers_every_screen_by_name(game_stack):
    assert game_stack.names == ("character", "creation", "death", "dialogue", "dungeon", "hall", "help", "inventory",
                                "journal", "maps", "pause", "people", "places", "region", "settings", "title", "trade",
                                "victory", "watch", "worlds")
    assert game_stack.scenes == []  # nothing is built until asked for


def test_a_scene_asking_for_help_by_name_grows_the_stack_with_a_help_scene(game_stack):
    asker = game_stack.push(Asker("help"))
    asker.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    assert len(game_stack.scenes) == 2
    assert isinstance(game_stack.top, HelpScene) and game_stack.top.stack is game_stack
    assert game_stack.visible() == [asker, game_stack.top]  # help is an overlay


def test_an_unknown_scene_name_is_one_clear_error_and_the_stack_is_unchanged(game_stack):
    asker = game_stack.push(Asker("ledger"))
    with pytest.raises(SceneError) as caught:
        asker.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="", scancode=0))
    assert str(caught.value) == ("no scene is registered as 'ledger' (registered: character, creation, death, dialogue, "
                                 "dungeon, hall, help, inventory, journal, maps, pause, people, places, region, settings, "
                                 "title, trade, victory, watch, worlds)")
    assert game_stack.scenes == [asker]


def test_a_name_is_registered_once():
    stack = SceneStack()
    stack.register("help", HelpScene)
    with pytest.raises(SceneError, match="a scene is already registered as 'help'"):
        stack.register("help", Opaque)
    assert stack.names == ("help",)


def test_named_factories_take_the_arguments_of_the_transition():
    stack = SceneStack()
    stack.register("counted", Counted)
    first = stack.push("counted", n=1)
    second = stack.replace("counted", n=2)
    assert stack.scenes == [second] and (first.n, second.n) == (1, 2) and first.stack is None
    third = stack.reset("counted", n=3)
    assert stack.scenes == [third] and third.n == 3


def test_a_factory_can_be_given_instead_of_a_name():
    stack = SceneStack()
    bottom = stack.push(Opaque)
    pushed = stack.push(Counted, n=7)
    assert stack.scenes == [bottom, pushed] and pushed.n == 7 and pushed.stack is stack
    assert stack.pop() is pushed and stack.top is bottom


def test_a_refused_scene_leaves_the_stack_as_it_was():
    stack = SceneStack()
    stack.register("dungeon", refuse)
    title, help_ = stack.push(Opaque()), stack.push(Overlay())
    for transition in (stack.push, stack.replace, stack.reset):
        with pytest.raises(SceneRefused) as caught:
            transition("dungeon")
        assert caught.value.problems == ["maps/broken.tmx: room 3: no exits"]
        assert stack.scenes == [title, help_] and help_.stack is stack


def test_scenes_do_not_import_one_another_nor_does_the_session():
    """Only the app (which registers them) and the smoke pilot name the scene classes."""
    scenes = {"title", "dungeon", "pause", "help", "death"}
    for name in (*scenes, "session"):
        tree = ast.parse((ROOT / "game" / "ui" / f"{name}.py").read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {alias.name.rsplit(".", 1)[-1] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module == "game.ui":
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.ui."):
                imported.add(node.module.rsplit(".", 1)[-1])
        assert not imported & scenes, f"game/ui/{name}.py imports {sorted(imported & scenes)}"


@pytest.mark.usefixtures("display")
@pytest.mark.parametrize("name, args", [("places", {"places": [], "choose": print}), ("help", {}),
                                        ("journal", {}), ("inventory", {}), ("character", {})])
def test_a_screen_opened_over_the_map_shows_the_map_under_it(game_stack, name, args):
    """Seen in a real window: P's list of places drew over black, the map gone (the layout PNGs reused the
    last screen's picture under it, which hid it)."""
    game_stack.reset("dungeon")
    game_stack.push(name, **args)
    assert [type(scene).__name__ for scene in game_stack.visible()][0] == "DungeonScene"
