"""Check data files as the game reads them: a file passes here if and only if the game starts with it.

    python tools/check_data.py                 the shipped data folder (assets/data), every file
    python tools/check_data.py MOD [MOD ...]   mod folders (docs/modding.md): their creature, item and map
                                               files over the shipped data, each mod over those before it
    python tools/check_data.py --data DIR      a data folder in place of assets/data (a copy being edited)

Prints every problem of each creature file (`file: creature: field: message`, as `tools/creature.py check`),
then the game's own verdict: load_content's first refusal, a mod map's first problem. Exit 1 on errors.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import mods  # noqa: E402
from game.content.codex import read_all  # noqa: E402
from game.content.content import Overlay, load_content  # noqa: E402
from game.content.errors import ContentError, printable  # noqa: E402
from game.maps.data_ids import read_data_ids  # noqa: E402
from game.paths import DATA  # noqa: E402


def creature_lines(data_dir: Path, overlay: Overlay, only: str = "") -> tuple[list[str], int, int]:
    """Every problem of the creature files (those under `only`), or the one line that stops reading them:
    (lines, errors, warnings)."""
    try:
        _, _, problems = read_all(data_dir, overlay.creatures)
    except ContentError as exc:
        return [printable(exc)], 1, 0
    problems = [p for p in problems if p.file.startswith(only)]
    errors = sum(p.error for p in problems)
    return [printable(p) for p in problems], errors, len(problems) - errors


def check_folder(data_dir: Path) -> tuple[list[str], int, int]:
    """The data folder's creature problems, then the game's refusal of it: (lines, errors, warnings)."""
    lines, errors, warnings = creature_lines(data_dir, Overlay())
    if not errors:
        try:
            load_content(data_dir, Overlay())
            read_data_ids(data_dir)  # what a map is checked against when the game starts it
        except ContentError as exc:
            lines.append(printable(exc))
            errors += 1
    return lines, errors, warnings


def check_mods(data_dir: Path, folders: list[Path]) -> tuple[list[str], int, int]:
    """Each mod's creature problems and the game's verdict on it, each over the mods kept before it."""
    lines, errors, warnings, kept = [], 0, 0, Overlay()
    for folder in folders:
        mod = mods.read_mod(folder)
        found, _, warned = creature_lines(data_dir, kept + mod.overlay, str(folder))
        lines += found
        warnings += warned
        mod = mods.check(mod, kept, data_dir)
        if mod.problem is None:
            kept = kept + mod.overlay
        else:
            errors += 1
        lines.append(f"{printable(folder)}: {mod.summary}")
    return lines, errors, warnings


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="check_data.py", description=__doc__.splitlines()[0])
    parser.add_argument("mods", nargs="*", type=Path, help="mod folders (default: check the data folder)")
    parser.add_argument("--data", type=Path, default=DATA, help="the data folder (default assets/data)")
    args = parser.parse_args(argv)
    for folder in args.mods:
        if not folder.is_dir():
            print(f"check_data.py: {printable(folder)}: not a mod folder", file=sys.stderr)
            return 2
    lines, errors, warnings = check_mods(args.data, args.mods) if args.mods else check_folder(args.data)
    for line in lines:
        print(line)
    print(f"{errors} error(s), {warnings} warning(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
