"""Packaging (issue 27, docs/packaging.md): the wheel and the PyInstaller bundle ship exactly the data git tracks
(a scratch map left untracked in maps/ never ships), with the freedesktop entry and icon; the release workflow
passes actionlint."""
from __future__ import annotations

import configparser
import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.paths import ROOT

spec = importlib.util.spec_from_file_location("shipped_data", ROOT / "tools" / "shipped_data.py")
shipped_data = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shipped_data)

pytestmark = pytest.mark.slow  # a git checkout, pip building the wheel, the linters

SCRATCH = ("maps/scratch.tmx", "maps/tilesets/scratch.tsx", "assets/data/creatures/draft.toml")


def git(root: Path, *argv: str) -> None:
    subprocess.run(["git", "-C", str(root), *argv], check=True, capture_output=True)


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """A git checkout of the game's packaging files and tracked data, with scratch files left untracked."""
    root = tmp_path_factory.mktemp("checkout")
    names = subprocess.run(["git", "-C", str(ROOT), "ls-files", "--", "assets", "maps", "game", "packaging",
                            "main.py", "setup.py", "pyproject.toml", "ethernalis.spec", "tools/shipped_data.py"],
                           capture_output=True, text=True, check=True).stdout.split()
    for name in names:
        if (ROOT / name).is_file():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, root / name)
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "tracked")
    for name in SCRATCH:
        (root / name).write_text("a designer's scratch file\n")
    return root


def test_the_shipped_data_is_what_git_tracks(checkout):
    listed = shipped_data.tracked(checkout)
    assert listed == sorted(subprocess.run(["git", "-C", str(checkout), "ls-files", "assets", "maps"],
                                           capture_output=True, text=True, check=True).stdout.split())
    assert not set(SCRATCH) & set(listed) and "maps/default.tmx" in listed
    assert shipped_data.tracked(ROOT) == sorted(subprocess.run(["git", "-C", str(ROOT), "ls-files", "assets", "maps"],
                                                               capture_output=True, text=True).stdout.split())


def test_a_folder_outside_git_is_refused_in_one_line(tmp_path):
    with pytest.raises(SystemExit, match=r"^shipped_data: .*: the game's data is what git tracks.*build from a git "
                                         r"checkout$"):
        shipped_data.tracked(tmp_path)


def test_the_wheel_ships_the_tracked_data_and_the_desktop_entry_only(checkout, tmp_path):
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                          "--wheel-dir", str(tmp_path), str(checkout)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    wheel = next(tmp_path.glob("ethernalis-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    data = sorted(n.removeprefix("game/share/") for n in names
                  if n.startswith(("game/share/assets/", "game/share/maps/")))
    assert data == shipped_data.tracked(checkout)
    share = sorted(n.split(".data/data/", 1)[1] for n in names if ".data/data/" in n)
    assert share == ["share/applications/ethernalis.desktop", "share/icons/hicolor/256x256/apps/ethernalis.png"]


def test_the_bundle_spec_collects_the_tracked_data_and_the_desktop_entry_only(checkout):
    """ethernalis.spec run as PyInstaller runs it (SPECPATH, Analysis and the rest given), its data list read."""
    seen = {}

    def analysis(*args, **kwargs):
        seen.update(kwargs)
        return type("Analysis", (), {"pure": [], "scripts": [], "binaries": [], "datas": []})()

    names = {"SPECPATH": str(checkout), "Analysis": analysis, "PYZ": lambda *a, **k: None,
             "EXE": lambda *a, **k: None, "COLLECT": lambda *a, **k: None, "BUNDLE": lambda *a, **k: None}
    exec(compile((checkout / "ethernalis.spec").read_text(), "ethernalis.spec", "exec"), names)
    datas = sorted(str(Path(dest) / Path(src).name) for src, dest in seen["datas"])
    expected = shipped_data.tracked(checkout) + ["share/applications/ethernalis.desktop",
                                                 "share/icons/hicolor/256x256/apps/ethernalis.png"]
    assert datas == sorted(expected)


def test_the_desktop_entry_names_the_installed_command_and_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "ethernalis.desktop")
    desktop = entry["Desktop Entry"]
    assert (desktop["Type"], desktop["Exec"], desktop["Icon"], desktop["Terminal"]) == (
        "Application", "ethernalis", "ethernalis", "false")
    assert desktop["Categories"].split(";")[0] == "Game"
    assert (ROOT / shipped_data.DESKTOP_FILES["share/icons/hicolor/256x256/apps"][0]).name == "ethernalis.png"
    if shutil.which("desktop-file-validate"):
        run = subprocess.run(["desktop-file-validate", str(ROOT / "packaging" / "ethernalis.desktop")],
                             capture_output=True, text=True)
        assert run.returncode == 0 and run.stdout == "", run.stdout


def test_the_release_workflow_passes_actionlint():
    actionlint = Path(sys.executable).parent / "actionlint"
    assert actionlint.is_file(), "actionlint comes with the test extra (pyproject.toml)"
    run = subprocess.run([str(actionlint), "-no-color", str(ROOT / ".github" / "workflows" / "release.yml")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout) == (0, ""), run.stdout


def test_the_release_workflows_linux_leg_runs_what_ci_runs():
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    assert "run: bash .ci/run" in text
    for platform in ("windows-latest", "macos-latest", "ubuntu-latest"):
        assert platform in text
    assert text.count("tools/check_package.sh") >= 1
