"""`python -m game` and the installed `ethernalis` command: the game's command line, main.py.

main.py sits beside assets/ and maps/ in the checkout and in an installed package (game/paths.py, setup.py),
so it is run from there rather than imported by name (a top-level module called `main` would clash).
"""
from __future__ import annotations

import importlib.util
import sys

from game.paths import ROOT


def main() -> int:
    """Run main.py's `main` with this process's command line; its exit status."""
    spec = importlib.util.spec_from_file_location("ethernalis_main", ROOT / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.main()


if __name__ == "__main__":
    sys.exit(main())
