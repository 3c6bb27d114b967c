"""Sound (issue 14): the WAVs are made by tools/make_sound.py from tools/sound/sounds.toml (the same bytes
every time, as committed), the world's events and the menus play them, each kind of place loops its own
ambient sound, and without an audio device the game is silent and carries on."""
from __future__ import annotations

import importlib.util
import os
import wave

import pygame
import pytest

from game.paths import ASSETS, DEFAULT_MAP, ROOT
from game.ui import sound, widgets
from game.ui.app import scene_stack
from game.ui.session import Session

spec = importlib.util.spec_from_file_location("make_sound", ROOT / "tools" / "make_sound.py")
make_sound = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_sound)

pytestmark = [pytest.mark.usefixtures("display"), pytest.mark.slow]  # slow: left out of make test-fast


@pytest.fixture
def player():
    """The game's player on the dummy audio driver, recording what it was asked to play."""
    played = []
    sound.player.start()
    real = sound.player.play
    sound.player.play = lambda name: (played.append(name), real(name))
    yield played
    del sound.player.play
    sound.player.stop()


def test_the_sounds_are_made_from_their_definitions_byte_for_byte(tmp_path):
    assert make_sound.main(["--out", str(tmp_path)]) == 0
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.wav"))
    committed = sorted(p.relative_to(ASSETS / "sounds") for p in (ASSETS / "sounds").rglob("*.wav"))
    assert made == committed
    for name in made:
        assert (tmp_path / name).read_bytes() == (ASSETS / "sounds" / name).read_bytes(), name


def test_every_effect_and_every_kind_of_place_has_its_sound():
    names = set(sound.EFFECTS.values()) | {"click"}
    assert names == {"step", "hit", "miss", "dodge", "death", "level_up", "pickup", "door", "click"}
    for name in names:
        assert (sound.SOUNDS / "effects" / f"{name}.wav").is_file()
    from game.maps.schema import ENUMS

    assert set(sound.PLACES) == set(ENUMS["room_theme"])
    for place in sound.PLACES:
        with wave.open(str(sound.SOUNDS / "ambient" / f"{place}.wav")) as loop:
            assert loop.getnframes() / loop.getframerate() == 6.0


def test_an_ambient_loop_runs_into_its_own_start_without_a_click():
    for place in sound.PLACES:
        with wave.open(str(sound.SOUNDS / "ambient" / f"{place}.wav")) as loop:
            frames = loop.readframes(loop.getnframes())
        samples = memoryview(frames).cast("h")
        steps = sorted(abs(samples[i + 1] - samples[i]) for i in range(len(samples) - 1))
        assert abs(samples[-1] - samples[0]) <= steps[int(len(steps) * 0.999)], place


def test_a_bad_definition_is_one_line_naming_the_sound(tmp_path, capsys):
    bad = tmp_path / "sounds.toml"
    bad.write_text("rate = 22050\n[effects.boom]\nseconds = 0.1\npeak = 0.5\nlayers = [{ wave = 'bang' }]\n")
    assert make_sound.main(["--out", str(tmp_path), "--definitions", str(bad)]) == 1
    assert capsys.readouterr().err == (f"make_sound: {bad}: boom: layer 1: wave must be one of sine, triangle, "
                                       f"square, saw, noise, not 'bang'\n")


def test_world_events_the_hero_witnesses_play_their_effects(player, tmp_path):
    session = Session(DEFAULT_MAP, 5, save_path=tmp_path / "slot.sav")
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    room = dungeon.hero_view().room
    direction = next(d for d in ("north", "south", "west", "east") if dungeon.exit_towards(d) is not None)
    dungeon.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(
        {"north": "up", "south": "down", "west": "left", "east": "right"}[direction]), mod=0))
    assert dungeon.hero_view().room != room
    assert "step" in player
    dungeon.update(1 / 60)
    assert sound.player.place == dungeon.world.map.rooms[dungeon.hero_view().room].theme
    session.close()


def test_walking_through_a_door_leaf_creaks(player, tmp_path):
    session = Session(DEFAULT_MAP, 5, save_path=tmp_path / "slot.sav")
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    world = dungeon.world
    room = dungeon.hero_view().room
    exits = [(ex, other) for ex, other in world.map.exits_of(room) if not ex.locked]
    assert exits
    ex, other = exits[0]
    dungeon._click_map(ex.square)
    assert dungeon.hero_view().room == other
    assert ex.door and "door" in player  # the Gatehouse has door leaves
    session.close()


def test_a_menu_choice_clicks(player):
    menu = widgets.Menu(["One", "Two"], (640, 300))
    menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert player == []  # moving through a menu is silent
    assert menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)) == "Two"
    assert player == ["click"]


def test_volumes_are_master_times_effects_and_master_times_music(player):
    sound.player.volumes(50, 40, 80)
    assert sound.player.effects["hit"].get_volume() == pytest.approx(0.2, abs=0.01)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.4, abs=0.01)


def test_without_an_audio_device_the_game_is_silent_and_carries_on(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    silent = sound.Player()
    assert silent.start().startswith("no sound: ")
    assert not silent.ready
    silent.volumes(100, 100, 100)
    silent.play("hit")
    silent.ambient("cave")
    silent.stop()


def test_a_missing_sound_file_is_named_and_the_rest_play(tmp_path):
    (tmp_path / "effects").mkdir()
    (tmp_path / "effects" / "hit.wav").write_bytes((ASSETS / "sounds" / "effects" / "hit.wav").read_bytes())
    partial = sound.Player()
    words = partial.start(tmp_path)
    assert "missing effects: click, death, dodge, door, level_up, miss, pickup, step" in words
    partial.play("step")  # silent, not a crash
    partial.play("hit")
    partial.ambient("crypt", tmp_path)  # no loop file: the log says so
    partial.stop()


def test_the_dummy_audio_driver_is_what_the_tests_run_on():
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"
