"""How the wheel is laid out; the project's metadata is in pyproject.toml.

A checkout keeps the game's data (assets/, maps/) and its command line (main.py) at the top. An installed
game needs them inside the package, so the wheel maps the top folder to the package `game.share`: main.py
becomes game/share/main.py and assets/ and maps/ its package data, the same layout one folder down
(game/paths.py finds either; docs/packaging.md).
"""
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

SHARE = "game.share"
DATA = ("assets", "maps")
# Every data folder named as a package of its own: setuptools warns about folders it could import otherwise.
DATA_PACKAGES = [".".join((SHARE, *folder.parts)) for top in DATA
                 for folder in (Path(top), *sorted(Path(top).rglob("*"))) if folder.is_dir()]


class BuildPy(build_py):
    """Of the top folder's Python files only main.py belongs to the game (not this setup.py)."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if package != SHARE or m[1] == "main"]


setup(
    packages=find_packages(include=["game", "game.*"]) + [SHARE, *DATA_PACKAGES],
    package_dir={SHARE: "."},
    package_data={SHARE: [f"{top}/**/*" for top in DATA]},
    cmdclass={"build_py": BuildPy},
)
