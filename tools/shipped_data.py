"""The game's data files a package ships: exactly the files git tracks under assets/ and maps/ (issue 27), so a
designer's untracked scratch map never reaches a player. Read by setup.py (the wheel) and ethernalis.spec (the
bundle); tests/test_shipping.py checks both against `git ls-files`.

    python tools/shipped_data.py      print them, one a line
"""
from __future__ import annotations

import subprocess
from pathlib import Path

DATA_FOLDERS = ("assets", "maps")
# The freedesktop entry and icon (Linux): the wheel installs them under share/, the bundle keeps them in share/.
DESKTOP_FILES = {"share/applications": ["packaging/ethernalis.desktop"],
                 "share/icons/hicolor/256x256/apps": ["assets/icon/ethernalis.png"]}


def tracked(root: Path, folders: tuple[str, ...] = DATA_FOLDERS) -> list[str]:
    """The files git tracks under `folders` of the checkout at `root`, as POSIX paths relative to it, sorted;
    SystemExit naming the cause when `root` is not a git checkout (a package is built from one)."""
    try:
        run = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--", *folders], capture_output=True,
                             check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = exc.stderr.decode(errors="replace").strip() if isinstance(exc, subprocess.CalledProcessError) else exc
        raise SystemExit(f"shipped_data: {root}: the game's data is what git tracks, and git cannot list it "
                         f"({detail}); build from a git checkout") from None
    names = sorted(name for name in run.stdout.decode("utf-8").split("\0") if name)
    return [name for name in names if (root / name).is_file()]  # a tracked file deleted since is not shipped


if __name__ == "__main__":
    print("\n".join(tracked(Path(__file__).resolve().parent.parent)))
