"""Copies of the game's data with one thing changed, for the tests of the one-line errors of bad data."""
from __future__ import annotations

import shutil
from pathlib import Path

from game.content.content import load_content
from game.content.errors import ContentError
from game.paths import DATA


def broken_data(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of assets/data with the first `old` of `file` made `new` (there must be one)."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{file} no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return data


def content_error(tmp_path: Path, file: str, old: str, new: str) -> ContentError:
    """The error of loading the game's data with that one change; the test fails if it loads."""
    data = broken_data(tmp_path, file, old, new)
    load_content.cache_clear()
    try:
        load_content(data)
    except ContentError as exc:
        return exc
    finally:
        load_content.cache_clear()
    raise AssertionError(f"the data loaded with {old!r} made {new!r} in {file}")
