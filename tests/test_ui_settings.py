"""The settings (issue 14): the file in the user's config folder, read without ever raising (a bad or hostile
file is named line by line and the defaults stand in), saved at once; the settings screen by keyboard and
mouse; fullscreen, F11 and Alt+Enter; window scales, non-integer ones included; text size; key rebinding with
conflicts refused; hostile and friendly markers that differ by shape."""
from __future__ import annotations

import pygame
import pytest

from game.ui import bindings, display, dungeon_targets, labels, markers, settings, theme
from game.ui import display as display_module
from game.ui.app import fullscreen_key, play, scene_stack
from game.ui.preferences import Preferences
from game.ui.scene import SceneStack
from game.ui.settings import Settings
from game.ui.settings_screen import LEFT, OPTIONS, SettingsScene

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def restore():
    """Settings are the process's: every test leaves the keys, the look and the window as it found them."""
    yield
    bindings.use({})
    theme.Look.text_size, theme.Look.shape_markers = 1.0, True
    labels.text.cache_clear()
    display.set_mode(False, 1.0)


@pytest.fixture(scope="module", autouse=True)
def window(display):
    """The game's own window (SCALED, resizable) over the module's dummy display."""
    display_module.open_window(False, 1.0)
    yield


def key(scene, k: int, mod: int = 0) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(scene, pos: tuple[int, int]) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def fullscreen() -> bool:
    """The display surface's fullscreen flag (pygame.display.is_fullscreen corrupts memory after a mode
    change in pygame-ce 2.5.8)."""
    return bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN)


def screen(tmp_path) -> tuple[SettingsScene, Preferences]:
    preferences = Preferences(tmp_path / "settings.toml")
    stack = SceneStack()
    scene = stack.push(SettingsScene(preferences))
    return scene, preferences


# -- the file ---------------------------------------------------------------------------------------
def test_no_file_means_the_defaults_and_no_problem(tmp_path):
    assert settings.load(tmp_path / "settings.toml") == (Settings(), [])


def test_settings_are_saved_in_the_users_config_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings.default_path() == tmp_path / "ethernalis" / "settings.toml"


def test_saved_settings_read_back_the_same(tmp_path):
    path = tmp_path / "deep" / "settings.toml"
    chosen = Settings(fullscreen=True, scale=1.25, text_size=1.15, master=40, effects=0, music=100,
                      shape_markers=False, keys={"north": ("i", "k"), "pause": ("p",)})
    assert settings.save(chosen, path) is None
    assert settings.load(path) == (chosen, [])
    assert [p.name for p in (tmp_path / "deep").iterdir()] == ["settings.toml"]  # no half-written file left


@pytest.mark.parametrize("text, problem, default", [
    ("scale = 'huge'", "scale must be a number from 1 to 3, not 'huge'; using 1", ("scale", 1.0)),
    ("scale = 3.01", "scale must be a number from 1 to 3, not 3.01; using 1", ("scale", 1.0)),
    ("scale = nan", "scale must be a number from 1 to 3, not nan; using 1", ("scale", 1.0)),
    ("text_size = 0.84", "text_size must be a number from 0.85 to 1.3, not 0.84", ("text_size", 1.0)),
    ("master = 101", "master must be a whole number from 0 to 100, not 101; using 80", ("master", 80)),
    ("music = -1", "music must be a whole number from 0 to 100, not -1; using 50", ("music", 50)),
    ("effects = 50.5", "effects must be a whole number from 0 to 100, not 50.5; using 80", ("effects", 80)),
    ("effects = true", "effects must be a whole number from 0 to 100, not True", ("effects", 80)),
    ("fullscreen = 'yes'", "fullscreen must be true or false, not 'yes'; using false", ("fullscreen", False)),
    ("shape_markers = 1", "shape_markers must be true or false, not 1; using true", ("shape_markers", True)),
    ("volume = 3", "unknown setting 'volume', ignored", ("master", 80)),
    ("keys = 3", "keys must be a table of action = [key names], not 3; using the default keys", ("keys", {})),
    ("[keys]\nnorth = []", "keys.north must be a list of 1 to 9 key names, not []", ("keys", {})),
    ("[keys]\nnorth = [1, 2]", "keys.north must be a list of 1 to 9 key names", ("keys", {})),
])
def test_a_wrong_value_is_named_and_its_default_used(tmp_path, text, problem, default):
    path = tmp_path / "settings.toml"
    path.write_text(f"# written by hand\n{text}\n")
    loaded, problems = settings.load(path)
    assert len(problems) == 1 and problems[0].startswith(f"settings file {path}: ")
    assert problem in problems[0]
    assert getattr(loaded, default[0]) == default[1]


@pytest.mark.parametrize("content, problem", [
    (b"scale = \n", "not valid TOML"),
    (b"\xff\xfe scale = 1", "not UTF-8 text"),
    (b"# " + b"x" * (settings.MAX_BYTES + 1), f"a settings file has at most {settings.MAX_BYTES}"),
    # issue 26's hostile settings files: each was a traceback (or minutes of work) before the bounded reader
    (b"scale = " + b"[" * 20_000 + b"]" * 20_000, "arrays or tables nested more than 32 deep"),
    (b"scale = " + b"{a = " * 5_000 + b"1" + b"}" * 5_000, "arrays or tables nested more than 32 deep"),
    (b"master = " + b"7" * 5_000, "a number of more than 40 digits"),
    (b"a" + b".a" * 30_000 + b" = 1", "a key joins more than 32 names with dots"),
    ("text_size = '\u202e'".encode(), "text must be one printable line"),
    (b"\n".join(b"k%d = 1" % k for k in range(5_000)), f"more than {settings.MAX_TABLE_KEYS} keys"),
])
def test_a_broken_or_huge_file_gives_one_line_and_the_defaults(tmp_path, content, problem):
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    loaded, problems = settings.load(path)
    assert loaded == Settings()
    assert len(problems) == 1 and problem in problems[0] and "\n" not in problems[0]
    assert problems[0].endswith("using the default settings") and problems[0].isprintable()


@pytest.mark.parametrize("text, setting, step", [
    ("scale = 1.1", "scale", 1.0), ("scale = 1.2", "scale", 1.25), ("scale = 2.9", "scale", 3.0),
    ("text_size = 1.2", "text_size", 1.15), ("text_size = 0.9", "text_size", 0.85),
    ("master = 55", "master", 50), ("effects = 56", "effects", 60), ("music = 3", "music", 0),
])
def test_a_value_between_the_screens_steps_moves_to_the_nearest_with_a_line(tmp_path, text, setting, step):
    path = tmp_path / "settings.toml"
    path.write_text(text + "\n")
    loaded, problems = settings.load(path)
    assert getattr(loaded, setting) == step
    assert problems == [f"settings file {path}: {text.replace(' ', '').replace('=', ' = ')} is not one of the "
                        f"settings screen's steps; using the nearest, {step:g}"]


def test_every_step_the_screen_offers_loads_without_a_line(tmp_path):
    path = tmp_path / "settings.toml"
    for scale, text_size, volume in zip(settings.SCALES, settings.TEXT_SIZES * 2, range(0, 101, 10)):
        path.write_text(f"scale = {scale}\ntext_size = {text_size}\nmaster = {volume}\n")
        loaded, problems = settings.load(path)
        assert problems == [] and (loaded.scale, loaded.text_size, loaded.master) == (scale, text_size, volume)


def test_a_folder_in_the_files_place_is_refused_and_never_replaced(tmp_path):
    path = tmp_path / "settings.toml"
    path.mkdir()
    assert settings.load(path) == (Settings(), [f"settings file {path}: is not a regular file; using the default settings"])
    assert settings.save(Settings(), path) == f"Settings not saved: {path} is not a regular file."
    assert path.is_dir()


def test_a_file_that_cannot_be_written_is_a_line_not_a_crash(tmp_path):
    (tmp_path / "config").write_text("a file where the folder should be")
    problem = settings.save(Settings(), tmp_path / "config" / "settings.toml")
    assert problem.startswith(f"Settings not saved: cannot write {tmp_path / 'config' / 'settings.toml'}")


@pytest.mark.parametrize("keys, problem", [
    ("jump = ['j']", "keys.jump: no such action"),
    ("north = ['nosuchkey', 'w']", "keys.north: unknown key name in ['nosuchkey', 'w']"),
    ("north = ['up']", "keys.north needs 2 keys, not 1"),
    ("eat = ['space']", "keys.eat: Space is also End turn"),
    ("north = ['w', 'w']", "keys.north: W is also Move north"),
])
def test_keys_of_a_file_that_clash_or_are_unknown_fall_back_to_the_defaults(tmp_path, keys, problem):
    path = tmp_path / "settings.toml"
    path.write_text(f"master = 30\n[keys]\n{keys}\n")
    preferences = Preferences(path)
    assert len(preferences.problems) == 1 and problem in preferences.problems[0]
    assert preferences.problems[0].endswith("using the default keys")
    assert preferences.current.keys == {} and preferences.current.master == 30
    assert bindings.table() == {action: keys for action, (keys, _) in bindings.DEFAULTS.items()}


def test_a_file_of_thousands_of_wrong_lines_gives_twenty_and_a_count(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("".join(f"wrong{i} = {i}\n" for i in range(900)))
    preferences = Preferences(path)
    assert len(preferences.problems) == 21 and preferences.current == Settings()
    assert preferences.problems[-1] == f"… and 880 more problems in {path}"


def test_keys_from_the_file_are_in_use_at_once(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("[keys]\npause = ['k']\nend_turn = ['return']\n")
    preferences = Preferences(path)
    assert preferences.problems == []
    assert bindings.action_for(pygame.K_k) == "pause" and bindings.action_for(pygame.K_ESCAPE) is None
    assert bindings.action_for(pygame.K_RETURN) == "end_turn" and bindings.action_for(pygame.K_SPACE) is None


# -- the screen: options ----------------------------------------------------------------------------
def test_the_settings_screen_opens_from_the_title_and_the_pause_menu(tmp_path):
    from game.paths import DEFAULT_MAP
    from game.ui.session import Session

    session = Session(DEFAULT_MAP, 3, save_path=tmp_path / "slot.sav")
    stack = scene_stack(session, Preferences(tmp_path / "settings.toml"))
    title = stack.push("title")
    for _ in range(title.menu.labels.index("Settings")):
        key(title, pygame.K_DOWN)
    key(title, pygame.K_RETURN)
    assert isinstance(stack.top, SettingsScene)
    key(stack.top, pygame.K_ESCAPE)
    assert stack.top is title
    dungeon = stack.reset("dungeon")
    key(dungeon, pygame.K_ESCAPE)
    pause = stack.top
    click(pause, pause.menu.rects[pause.menu.labels.index("Settings")].center)
    assert isinstance(stack.top, SettingsScene)
    session.close()


def test_keyboard_changes_a_setting_applies_it_and_saves_it(tmp_path):
    scene, preferences = screen(tmp_path)
    for _ in range(OPTIONS.index("master")):
        key(scene, pygame.K_DOWN)
    key(scene, pygame.K_LEFT)
    key(scene, pygame.K_LEFT)
    assert preferences.current.master == 60
    assert settings.load(preferences.path)[0].master == 60
    assert scene.message == ("Master volume: 60%. Saved.", theme.NOTE)


def test_the_mouse_lowers_with_the_left_arrow_and_raises_with_the_right(tmp_path):
    scene, preferences = screen(tmp_path)
    row = scene._rect(OPTIONS.index("music"))
    left, right = scene._arrows(row)
    click(scene, left.center)
    assert preferences.current.music == 40
    click(scene, right.center)
    click(scene, right.center)
    assert preferences.current.music == 60
    for _ in range(10):
        click(scene, right.center)
    assert preferences.current.music == 100  # stops at the top


def test_fullscreen_from_the_screen_f11_and_alt_enter(tmp_path):
    scene, preferences = screen(tmp_path)
    key(scene, pygame.K_RETURN)  # the first row: Fullscreen
    assert preferences.current.fullscreen and fullscreen()
    stack = SceneStack()
    stack.push(SettingsScene(preferences))
    for event in (pygame.KEYDOWN, pygame.QUIT):
        pygame.event.post(pygame.event.Event(event, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    play(stack, preferences, None)
    assert not preferences.current.fullscreen and not fullscreen()
    assert settings.load(preferences.path)[0].fullscreen is False
    alt_enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    assert fullscreen_key(alt_enter)
    assert not fullscreen_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))


def test_a_window_scale_that_is_not_a_whole_number_sets_the_window_size(tmp_path, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    scene, preferences = screen(tmp_path)
    key(scene, pygame.K_DOWN)
    key(scene, pygame.K_RIGHT)
    assert preferences.current.scale == 1.25
    assert pygame.display.get_window_size() == (1600, 900)
    assert pygame.display.get_surface().get_size() == theme.LOGICAL_SIZE  # the screens still draw 1280x720
    key(scene, pygame.K_RIGHT)
    assert pygame.display.get_window_size() == (1920, 1080)


def test_a_scale_bigger_than_the_desktop_is_fitted_to_it():
    sizes = pygame.display.get_desktop_sizes
    try:
        pygame.display.get_desktop_sizes = lambda: [(1920, 1080)]
        assert display.window_size(3.0) == (1920, 1080)
        assert display.window_size(1.75) == (1920, 1080)
        pygame.display.get_desktop_sizes = lambda: [(1024, 768)]
        assert display.window_size(2.0) == theme.LOGICAL_SIZE  # never smaller than the screen's own size
    finally:
        pygame.display.get_desktop_sizes = sizes


def test_text_size_makes_every_text_bigger_at_once(tmp_path):
    scene, preferences = screen(tmp_path)
    before = labels.text("Health", 15, theme.TEXT).get_height()
    version = theme.Look.version
    for _ in range(OPTIONS.index("text_size")):
        key(scene, pygame.K_DOWN)
    key(scene, pygame.K_RIGHT)
    key(scene, pygame.K_RIGHT)
    assert preferences.current.text_size == 1.3 and theme.Look.text_size == 1.3
    assert labels.text("Health", 15, theme.TEXT).get_height() > before * 1.2
    assert theme.Look.version > version  # the dungeon's kept panels are painted again


def test_the_settings_screen_at_the_largest_text_still_fits(tmp_path):
    scene, preferences = screen(tmp_path)
    preferences.change(text_size=1.3)
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    scene.draw(surface)
    for row in range(len(OPTIONS)):
        rect = scene._rect(row)
        assert LEFT.contains(rect)
        label = labels.text(scene._value(OPTIONS[row]) or "x", 16, theme.TEXT)
        left, right = scene._arrows(rect)
        assert label.get_width() < right.x - left.right  # the value fits between its arrows


# -- the screen: keys -------------------------------------------------------------------------------
def key_row(action: str, index: int = 0) -> int:
    return len(OPTIONS) + bindings.slots().index((action, index))


def test_a_key_is_rebound_by_keyboard_saved_and_read_back(tmp_path):
    scene, preferences = screen(tmp_path)
    scene.selected = key_row("end_turn")
    key(scene, pygame.K_RETURN)
    assert scene.capturing == ("end_turn", 0) and scene.takes_every_key
    key(scene, pygame.K_F11)  # even the fullscreen key's neighbours: a waiting screen takes any key
    assert scene.message[1] == theme.PROBLEM and "F11 is already Fullscreen" in scene.message[0]
    assert bindings.action_for(pygame.K_SPACE) == "end_turn"
    key(scene, pygame.K_RETURN)
    key(scene, pygame.K_b)
    assert bindings.action_for(pygame.K_b) == "end_turn" and bindings.action_for(pygame.K_SPACE) is None
    assert scene.message == ("End turn: B. Saved.", theme.NOTE)
    assert settings.load(preferences.path)[0].keys == {"end_turn": ("b",)}
    bindings.use({})
    Preferences(preferences.path)
    assert bindings.action_for(pygame.K_b) == "end_turn"


def test_a_key_that_another_action_has_is_refused(tmp_path):
    scene, preferences = screen(tmp_path)
    scene.selected = key_row("north", 1)
    key(scene, pygame.K_RETURN)
    key(scene, pygame.K_e)
    assert scene.message == ("E is already Eat or drink; give that another key first.", theme.PROBLEM)
    assert bindings.KEYS["north"][0] == (pygame.K_UP, pygame.K_w)
    assert not preferences.path.exists()
    assert bindings.rebind("use_slot", 0, pygame.K_2) == "2 is already Use item 2; give that another key first."
    assert bindings.rebind("pause", 0, pygame.K_ESCAPE) is None  # its own key: nothing to do
    assert bindings.rebind("help", 0, pygame.K_ESCAPE).startswith("Esc cancels")


def test_every_action_can_be_rebound_and_the_help_screen_follows():
    free = iter([pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F6, pygame.K_F7, pygame.K_F8, pygame.K_F9,
                 pygame.K_F10, pygame.K_KP0, pygame.K_LEFTBRACKET, pygame.K_k, pygame.K_l, pygame.K_INSERT, pygame.K_n, pygame.K_KP7,
                 pygame.K_KP8, pygame.K_BACKSLASH, pygame.K_RIGHTBRACKET, pygame.K_v, pygame.K_KP1, pygame.K_y, pygame.K_KP9, pygame.K_b,
                 pygame.K_f, pygame.K_KP2, pygame.K_COMMA, pygame.K_PERIOD, pygame.K_SLASH, pygame.K_SEMICOLON,
                 pygame.K_QUOTE, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_BACKQUOTE, pygame.K_HOME, pygame.K_KP3, pygame.K_KP4,
                 pygame.K_KP5, pygame.K_KP6, pygame.K_F13, pygame.K_F14, pygame.K_F15, pygame.K_KP_MULTIPLY])
    for action, index in bindings.slots():
        new = next(free)
        assert bindings.rebind(action, index, new) is None
        assert bindings.action_for(new) == action
    assert set(bindings.DEFAULTS) == {action for action, _ in bindings.slots()}
    assert bindings.key_names("use_slot") != "1-9"
    assert "Esc" not in {bindings.key_names(action) for action in bindings.KEYS}


def test_a_click_on_a_key_waits_for_it_and_a_click_cancels(tmp_path):
    scene, preferences = screen(tmp_path)
    rect = scene._rect(key_row("talk"))
    click(scene, rect.center)
    assert scene.capturing == ("talk", 0)
    click(scene, rect.center)
    assert scene.capturing is None and scene.message == ("Key unchanged.", theme.TEXT_DIM)
    click(scene, rect.center)
    key(scene, pygame.K_ESCAPE)
    assert scene.capturing is None and isinstance(scene.stack.top, SettingsScene)  # Esc cancelled, not left


def test_the_keys_list_scrolls_to_the_chosen_row(tmp_path):
    scene, _ = screen(tmp_path)
    for _ in range(len(scene.rows) - 1):
        key(scene, pygame.K_DOWN)
    assert scene._rect(scene.selected) is not None and scene.scroll > 0
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=20))
    assert scene.scroll == 0


def test_default_keys_puts_every_key_back(tmp_path):
    scene, preferences = screen(tmp_path)
    bindings.rebind("eat", 0, pygame.K_z)
    preferences.keys_changed()
    scene.selected = OPTIONS.index("default_keys")
    key(scene, pygame.K_RETURN)
    assert bindings.action_for(pygame.K_e) == "eat"
    assert settings.load(preferences.path)[0].keys == {}


# -- markers ----------------------------------------------------------------------------------------
def outline(image: pygame.Surface) -> set[tuple[int, int]]:
    return {(x, y) for x in range(image.get_width()) for y in range(image.get_height()) if image.get_at((x, y)).a}


def test_hostile_and_friendly_markers_differ_by_shape_as_well_as_colour(tmp_path):
    scene, preferences = screen(tmp_path)
    assert preferences.current.shape_markers  # on by default
    hostile, friend = markers.ring("hostile", (26, 8)), markers.ring("friend", (26, 8))
    assert outline(hostile) != outline(friend)
    assert (0, 0) in outline(hostile) and (0, 0) not in outline(friend)  # the bars at the tips
    spot = pygame.Surface((20, 20))
    markers.dot(spot, "hostile", (10, 10), 2)
    assert spot.get_at((7, 7))[:3] == theme.HOSTILE and spot.get_at((10, 7))[:3] == (0, 0, 0)  # a cross
    preferences.change(shape_markers=False)
    assert outline(markers.ring("hostile", (26, 8))) == outline(markers.ring("friend", (26, 8)))
    assert markers.ring("hostile", (26, 8)).get_at((13, 0))[:3] == theme.HOSTILE  # colour alone


def test_a_player_rebinds_a_key_from_the_pause_menu_and_plays_with_it(tmp_path, monkeypatch):
    """End to end, by keys alone: Esc, Settings, the north key, Y; Esc, Esc; Y moves the hero north, Up no longer."""
    from game.paths import DEFAULT_MAP
    from game.ui.session import Session

    session = Session(DEFAULT_MAP, 5, save_path=tmp_path / "slot.sav")
    stack = scene_stack(session, Preferences(tmp_path / "settings.toml"))
    dungeon = stack.reset("dungeon")
    key(dungeon, pygame.K_ESCAPE)
    for _ in range(stack.top.menu.labels.index("Settings")):
        key(stack.top, pygame.K_DOWN)
    key(stack.top, pygame.K_RETURN)
    for _ in range(key_row("north")):
        key(stack.top, pygame.K_DOWN)
    key(stack.top, pygame.K_RETURN)
    key(stack.top, pygame.K_y)
    key(stack.top, pygame.K_ESCAPE)
    key(stack.top, pygame.K_ESCAPE)
    assert stack.top is dungeon
    moves = []
    monkeypatch.setattr(dungeon_targets, "exit_towards",  # which way each key asks for
                        lambda dungeon_map, room, square, direction: moves.append(direction))
    key(dungeon, pygame.K_y)
    key(dungeon, pygame.K_UP)
    assert moves == ["north"]
    assert settings.load(tmp_path / "settings.toml")[0].keys == {"north": ("y", "w")}
    session.close()


@pytest.mark.parametrize("text_size", settings.TEXT_SIZES)
def test_the_controls_screen_fits_at_every_text_size(text_size):
    from game.ui.help import HelpScene, column_height, fitting_size

    theme.Look.text_size = text_size
    columns = HelpScene.columns()
    size = fitting_size(columns, 596, 624)
    assert all(column_height(rows, size, 596) <= 624 for rows in columns)
    assert theme.font(size).get_height() >= 13  # still readable


def test_a_swap_that_fails_leaves_the_old_file_and_no_half_written_one(tmp_path, monkeypatch):
    """The new file is this process's own and removed when it cannot be swapped in (issue 26: two copies of
    the game saving at once)."""
    path = tmp_path / "settings.toml"
    assert settings.save(Settings(master=30), path) is None
    monkeypatch.setattr(settings.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space left")))
    assert settings.save(Settings(master=70), path).startswith(f"Settings not saved: cannot write {path}")
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"] and settings.load(path)[0].master == 30
