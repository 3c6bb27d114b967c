"""How the wheel is laid out; the project's metadata is in pyproject.toml.

A checkout keeps the game's data (assets/, maps/) and its command line (main.py) at the top. An installed
game needs them inside the package, so the wheel maps the top folder to the package `game.share`: main.py
becomes game/share/main.py and assets/ and maps/ its package data, the same layout one folder down
(game/paths.py finds either; docs/packaging.md). Only the data git tracks ships (tools/shipped_data.py); the
freedesktop entry and icon install under the environment's share/ folder.
"""
import importlib.util
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("shipped_data", ROOT / "tools" / "shipped_data.py")
shipped_data = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shipped_data)

SHARE = "game.share"
DATA = shipped_data.tracked(ROOT)
# Every data folder named as a package of its own: setuptools warns about folders it could import otherwise.
DATA_PACKAGES = sorted({".".join((SHARE, *Path(name).parent.parts[:depth])) for name in DATA
                        for depth in range(1, len(Path(name).parent.parts) + 1)})


class BuildPy(build_py):
    """Of the top folder's Python files only main.py belongs to the game (not this setup.py)."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if package != SHARE or m[1] == "main"]


setup(
    packages=find_packages(include=["game", "game.*"]) + [SHARE, *DATA_PACKAGES],
    package_dir={SHARE: "."},
    package_data={SHARE: DATA},
    include_package_data=False,  # nothing beyond the tracked list (no MANIFEST.in, no files an sdist swept in)
    data_files=list(shipped_data.DESKTOP_FILES.items()),
    cmdclass={"build_py": BuildPy},
)
