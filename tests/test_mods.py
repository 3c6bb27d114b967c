"""Mods (issue 27, docs/modding.md): a mod's creature, item and map files are read over the shipped data with the
game's own checks; a broken mod is skipped with its one-line problem and never stops the shipped game; the title
screen lists each mod, Choose map its maps; a mod creature placed by a mod map is in play."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import mods
from game.content.content import Overlay, load_content
from game.paths import DATA, DEFAULT_MAP, ROOT
from game.ui import labels, theme
from game.ui.settings import TEXT_SIZES

FIXTURES = ROOT / "tests" / "data" / "mods"
FROST = FIXTURES / "frost_pack"
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def plague_mod(folder: Path) -> Path:
    """A mod whose one creature's Mob trait names a condition the game does not know."""
    (folder / "creatures").mkdir(parents=True)
    (folder / "creatures" / "plague_rats.toml").write_text(
        (DATA / "creatures" / "rat_swarm.toml").read_text().replace('"bleeding"', '"plague"'))
    return folder


@pytest.fixture
def mods_folder(tmp_path, monkeypatch):
    """The player's mods folder, empty, with the game's caches of it forgotten before and after."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "ethernalis" / "mods"
    folder.mkdir(parents=True)
    mods.switch_off()
    yield folder
    mods.switch_off()


def test_the_walkthrough_mod_is_read_over_the_shipped_data():
    found = mods.find(FIXTURES)
    assert [(m.name, m.problem, m.summary) for m in found.mods] == [
        ("frost_pack", None, "frost_pack: 1 creature, 1 item file, 1 map")]
    content = load_content(DATA, found.overlay)
    shipped = load_content(DATA, Overlay())
    assert set(content.codex.creatures) - set(shipped.codex.creatures) == {"frost_wolf"}
    assert content.codex.creature("frost_wolf").name == "Frost Wolf"
    assert content.items["frost_tonic"].heal == 8 and "frost_tonic" not in shipped.items
    ids = mods.data_ids(DATA, found.overlay)
    assert "frost_wolf" in ids.codex and "frost_tonic" in ids.items and ids.sizes["frost_wolf"] == (1, 1)


def test_a_broken_mod_is_skipped_with_its_line_and_the_others_are_kept(tmp_path):
    shutil.copytree(FROST, tmp_path / "b_frost")
    plague_mod(tmp_path / "a_plague")
    (tmp_path / "c_empty").mkdir()
    shutil.copytree(FROST, tmp_path / "d_broken_map")
    den = tmp_path / "d_broken_map" / "maps" / "frost_den.tmx"
    den.write_text(den.read_text().replace('value="frost_tonic"', 'value="snowball"'))
    found = mods.find(tmp_path)
    assert [m.summary for m in found.mods] == [
        f"a_plague: skipped: {tmp_path}/a_plague/creatures/plague_rats.toml: plague_rats: mob_trait.condition: "
        f"'plague' is not a condition of conditions.toml (expected one of bleeding, burning, deafened, frightened, "
        f"prone)",
        "b_frost: 1 creature, 1 item file, 1 map",
        "c_empty: skipped: holds no creatures/*.toml, items.toml or maps/*.tmx",
        f"d_broken_map: skipped: {den}: object 7 (Frost tonic): unknown item id 'snowball'"]
    assert found.overlay == Overlay((tmp_path / "b_frost" / "creatures" / "frost_wolf.toml",),
                                    (tmp_path / "b_frost" / "items.toml",))
    assert found.maps == (tmp_path / "b_frost" / "maps" / "frost_den.tmx",)


def test_a_mod_creature_may_not_be_the_hero_and_a_mod_may_replace_a_shipped_creature(tmp_path):
    (tmp_path / "hero" / "creatures").mkdir(parents=True)
    shutil.copy(DATA / "creatures" / "wolf.toml", tmp_path / "hero" / "creatures" / "hero.toml")
    (tmp_path / "wolves" / "creatures").mkdir(parents=True)
    (tmp_path / "wolves" / "creatures" / "wolf.toml").write_text(
        (DATA / "creatures" / "wolf.toml").read_text().replace('name = "Wolf"', 'name = "Dire Wolf"'))
    found = mods.find(tmp_path)
    assert found.mods[0].problem.endswith("the hero is assets/data/hero.toml's, not a creature a mod adds")
    assert found.mods[1].problem is None
    assert load_content(DATA, found.overlay).codex.creature("wolf").name == "Dire Wolf"


def test_the_game_plays_on_past_a_broken_mod_and_without_mods_is_the_shipped_game(mods_folder):
    plague_mod(mods_folder / "plague")
    assert mods.switch_on().overlay == Overlay()
    assert "plague_rats" not in load_content().codex.creatures
    assert load_content().codex.creatures.keys() == load_content(DATA, Overlay()).codex.creatures.keys()


def test_mods_switched_on_are_read_wherever_the_game_loads_content_and_checks_maps(mods_folder):
    from game.launch import load_dungeon
    from game.maps import store

    shutil.copytree(FROST, mods_folder / "frost_pack")
    assert "frost_wolf" not in store.data_ids().codex
    mods.switch_on()
    assert "frost_wolf" in load_content().codex.creatures and "frost_tonic" in load_content().items
    assert "frost_wolf" in store.data_ids().codex
    den = load_dungeon(mods_folder / "frost_pack" / "maps" / "frost_den.tmx")
    assert [p.creature for p in den.placements] == ["frost_wolf", "frost_wolf"]
    mods.switch_off()
    assert "frost_wolf" not in load_content().codex.creatures and "frost_wolf" not in store.data_ids().codex


def run_game(env_home: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, **HEADLESS, "XDG_DATA_HOME": str(env_home)}
    return subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.slow
def test_a_modder_drops_a_creature_and_a_map_into_the_mods_folder_and_sees_it_in_play(tmp_path):
    """A headless hero on the mod's map, as the UI's Single map run plays it: the Frost Wolves live and act."""
    home = tmp_path / "data"
    shutil.copytree(FROST, home / "ethernalis" / "mods" / "frost_pack")
    den = home / "ethernalis" / "mods" / "frost_pack" / "maps" / "frost_den.tmx"
    events = tmp_path / "events.jsonl"
    run = run_game(home, "--headless", "--map", str(den), "--seed", "3", "--turns", "60", "--events", str(events))
    assert (run.returncode, run.stderr) == (0, "")
    log = [json.loads(line) for line in events.read_text().splitlines()]
    acted = {e["actor"].split("#")[0] for e in log if e.get("actor")}
    assert "frost_wolf" in acted
    assert any("Frost Wolf" in e["text"] for e in log)
    run = run_game(tmp_path / "elsewhere", "--headless", "--map", str(den), "--turns", "5")  # without the mod
    assert run.returncode == 1 and "unknown codex id 'frost_wolf'" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.slow
def test_a_shipped_map_plays_the_same_with_a_mod_that_adds_creatures(tmp_path):
    home = tmp_path / "data"
    shutil.copytree(FROST, home / "ethernalis" / "mods" / "frost_pack")
    logs = []
    for where in (home, tmp_path / "none"):
        events = tmp_path / f"{where.name}.jsonl"
        run = run_game(where, "--headless", "--map", str(DEFAULT_MAP), "--seed", "5", "--turns", "40",
                       "--events", str(events))
        assert run.returncode == 0, run.stderr
        logs.append(events.read_bytes())
    assert logs[0] == logs[1]


@pytest.mark.usefixtures("display")
def test_the_title_screen_lists_each_mod_and_choose_map_its_maps(mods_folder, tmp_path):
    from game.ui.app import scene_stack
    from game.ui.session import Session

    shutil.copytree(FROST, mods_folder / "frost_pack")
    plague_mod(mods_folder / "plague")
    mods.switch_on()
    session = Session(DEFAULT_MAP, 4, save_path=tmp_path / "slot.sav")
    try:
        stack = scene_stack(session)
        title = stack.push("title")
        seen = []
        monkey = pytest.MonkeyPatch()
        real = labels.text
        monkey.setattr(labels, "text", lambda words, *a, **k: seen.append(words) or real(words, *a, **k))
        for size in TEXT_SIZES:
            theme.Look.text_size = size
            surface = pygame.Surface(theme.LOGICAL_SIZE)
            title.draw(surface)
            pygame.image.save(surface, str(tmp_path / f"title-{size}.png"))
        monkey.undo()
        theme.Look.text_size = 1.0
        assert "Mod frost_pack: 1 creature, 1 item file, 1 map" in seen
        assert ("Mod plague: skipped: plague/creatures/plague_rats.toml: plague_rats: mob_trait.condition: 'plague' "
                "is not a condition of conditions.toml (expected one of bleeding, burning, deafened, frightened, "
                "prone)") in seen
        picker = stack.push("maps")
        assert "The Frost Den (mod frost_pack)  ·  frost_den.tmx" in picker.menu.labels
    finally:
        session.close()


def test_docs_modding_walks_through_the_fixture_mod_file_by_file():
    """Each file block of docs/modding.md (a ```toml or ```xml block under a `mods/frost_pack/...` heading line)
    is the fixture's file, so the walkthrough loads as the tests above show."""
    text = (ROOT / "docs" / "modding.md").read_text()
    blocks = re.findall(r"`(frost_pack/[\w./]+)`:\n\n```\w+\n(.*?)```", text, re.S)
    assert {name for name, _ in blocks} >= {"frost_pack/creatures/frost_wolf.toml", "frost_pack/items.toml"}
    for name, body in blocks:
        assert (FIXTURES / name).read_text() == body, name


@pytest.mark.usefixtures("display")
def test_a_mods_sprites_are_drawn_for_its_creatures_and_items():
    from game.ui.sprites import SpriteCache

    modded, shipped = SpriteCache(mods=(FROST,)), SpriteCache()
    wolf = modded.creature("frost_wolf", (1, 1))
    assert wolf.get_size() == (32, 32) and wolf.get_at((16, 16)) != shipped.creature("frost_wolf", (1, 1)).get_at((16, 16))
    image = pygame.image.load(str(FROST / "sprites" / "creatures" / "frost_wolf.png"))
    assert [wolf.get_at((x, 20)) for x in range(32)] == [image.get_at((x, 20)) for x in range(32)]
    assert modded.item("frost_tonic").get_size() == (32, 32)
    assert modded.creature("wolf", (1, 1)).get_at((16, 20)) == shipped.creature("wolf", (1, 1)).get_at((16, 20))


def test_hostile_mods_end_in_one_line_each_and_the_shipped_game_loads(tmp_path):
    hostile = ROOT / "tests" / "data" / "hostile"
    (tmp_path / "a_folder_items" / "items.toml").mkdir(parents=True)
    (tmp_path / "b_not_utf8" / "creatures").mkdir(parents=True)
    (tmp_path / "b_not_utf8" / "creatures" / "wolfish.toml").write_bytes(b'name = "W\xffolf"\n')
    (tmp_path / "c_bomb" / "maps").mkdir(parents=True)
    shutil.copy(hostile / "maps" / "layer_bomb.tmx", tmp_path / "c_bomb" / "maps" / "bomb.tmx")
    (tmp_path / "d_key_bomb").mkdir()
    shutil.copy(hostile / "data" / "toml_dotted_key_bomb" / "world.toml", tmp_path / "d_key_bomb" / "items.toml")
    (tmp_path / "e_\x1b[2J").mkdir()
    found = mods.find(tmp_path)
    assert [m.summary for m in found.mods] == [
        f"a_folder_items: skipped: {tmp_path}/a_folder_items/items.toml: is not a regular file",
        f"b_not_utf8: skipped: {tmp_path}/b_not_utf8/creatures/wolfish.toml: not UTF-8 text (byte 9)",
        f"c_bomb: skipped: {tmp_path}/c_bomb/maps/bomb.tmx: map: is 10000x10000 squares; a map is at most 256x256",
        f"d_key_bomb: skipped: {tmp_path}/d_key_bomb/items.toml: a key joins more than 32 names with dots",
        "e_\\x1b[2J: skipped: holds no creatures/*.toml, items.toml or maps/*.tmx"]
    assert all(m.summary.isprintable() for m in found.mods)
    assert found.overlay == Overlay() and load_content(DATA, found.overlay).codex.creatures
