"""One validator (issue 27): tools/creature.py check and tools/check_data.py pass a file if and only if the game
starts with it; every creature file the tests hold is run through both and the game's loader."""
from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.content.content import Overlay, load_content
from game.content.errors import ContentError
from game.maps.data_ids import read_data_ids
from game.paths import DATA, ROOT
from tests.helpers.fast_set import sampled

TESTS = ROOT / "tests" / "data"
CREATURE_FILES = sorted([*(TESTS / "creatures_bad").glob("*.toml"), *(TESTS / "hostile" / "creatures").glob("*.toml"),
                         *(TESTS / "mods").glob("*/creatures/*.toml"), *(DATA / "creatures").glob("*.toml")])


def tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CREATURE, CHECK_DATA = tool("creature"), tool("check_data")


def game_starts(overlay: Overlay, data_dir: Path = DATA) -> bool:
    """The game loads its content and the ids its maps are checked against (launch, game/mods.py)."""
    try:
        load_content(data_dir, overlay)
        read_data_ids(data_dir, overlay.creatures, overlay.items)
    except ContentError:
        return False
    return True


@pytest.mark.parametrize("path", sampled(CREATURE_FILES, 8), ids=[f"{p.parent.name}/{p.stem}" for p in CREATURE_FILES])
def test_creature_check_passes_a_file_exactly_when_the_game_starts_with_it(capsys, path):
    code = CREATURE.main(["check", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert code in (0, 1) and lines[-1].endswith("warning(s)")
    assert (code == 0) == game_starts(Overlay((path,)))


def test_the_issues_plague_rats_pass_no_more(capsys, tmp_path):
    """A Mob trait naming an unknown condition passed the check (0 errors) and then the game refused every map."""
    rats = tmp_path / "plague_rats.toml"
    rats.write_text((DATA / "creatures" / "rat_swarm.toml").read_text().replace('"bleeding"', '"plague"'))
    assert CREATURE.main(["check", str(rats)]) == 1
    out = capsys.readouterr().out
    assert f"{rats}: plague_rats: mob_trait.condition: 'plague' is not a condition of conditions.toml" in out
    assert out.endswith("1 error(s), 0 warning(s)\n")


def edited_data(tmp_path: Path, rel: str, old: str, new: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    text = (data / rel).read_text()
    assert old in text
    (data / rel).write_text(text.replace(old, new, 1))
    return data


@pytest.mark.parametrize("rel, old, new", [
    ("items.toml", 'equipment = "shortsword"', 'equipment = "vorpal_blade"'),
    ("creatures/rat_swarm.toml", 'condition = "bleeding"', 'condition = "plague"'),
    ("world.toml", "starve_every = 5", "starve_every = 0"),
    ("creatures/wolf.toml", "strength = 10", "strength = 11"),  # a legal edit: both pass
    ("social.toml", "[", "# a comment\n["),
])
def test_check_data_gives_the_games_verdict_on_a_data_folder(capsys, tmp_path, rel, old, new):
    data = edited_data(tmp_path, rel, old, new)
    code = CHECK_DATA.main(["--data", str(data)])
    out = capsys.readouterr().out
    assert (code == 0) == game_starts(Overlay(), data)
    if code:
        with pytest.raises(ContentError) as refused:
            load_content(data, Overlay())
        assert str(refused.value) in out


@pytest.mark.slow
def test_check_data_passes_the_shipped_data_and_the_walkthrough_mod():
    for argv in ([], [str(TESTS / "mods" / "frost_pack")]):
        run = subprocess.run([sys.executable, "tools/check_data.py", *argv], cwd=ROOT, capture_output=True, text=True,
                             timeout=60)
        assert (run.returncode, run.stderr) == (0, "")
        assert run.stdout.endswith("0 error(s), 0 warning(s)\n")


@pytest.mark.slow
def test_check_data_names_a_broken_mod_in_one_line(tmp_path):
    mod = tmp_path / "plague"
    (mod / "creatures").mkdir(parents=True)
    (mod / "creatures" / "plague_rats.toml").write_text(
        (DATA / "creatures" / "rat_swarm.toml").read_text().replace('"bleeding"', '"plague"'))
    run = subprocess.run([sys.executable, "tools/check_data.py", str(mod)], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stdout.splitlines() == [
        f"{mod}: plague: skipped: {mod}/creatures/plague_rats.toml: plague_rats: mob_trait.condition: 'plague' is "
        f"not a condition of conditions.toml (expected one of bleeding, burning, deafened, frightened, prone)",
        "1 error(s), 0 warning(s)"]
    run = subprocess.run([sys.executable, "tools/check_data.py", str(tmp_path / "nowhere")], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stderr) == (2, f"check_data.py: {tmp_path / 'nowhere'}: not a mod folder\n")
