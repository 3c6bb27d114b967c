"""Reading TOML data files with errors that name the file.

A data file is read only when it is a regular file of at most MAX_DATA_BYTES whose keys nest at most
MAX_KEY_PARTS deep: tomllib spends time and memory on the square of a dotted key's length.
"""
from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from game.content.errors import ContentError
from game.paths import regular_file

MAX_DATA_BYTES = 256 * 1024
MAX_KEY_PARTS = 32
# MAX_KEY_PARTS names (bare or quoted) joined by dots: `a.b.c…`, `[a . "b" . c…]`
_DOTTED = re.compile(r"""(?<![\w"'.-])(?:(?:[\w-]++|"[^"\n]*+"|'[^'\n]*+')\s*+\.\s*+){%d}""" % MAX_KEY_PARTS)


def read_toml(path: Path) -> dict[str, Any]:
    if not os.path.lexists(path):
        raise ContentError(f"{path}: file not found")
    status = regular_file(path)
    if status is None:
        raise ContentError(f"{path}: is not a regular file")
    if status.st_size > MAX_DATA_BYTES:
        raise ContentError(f"{path}: file is {status.st_size} bytes; a data file has at most {MAX_DATA_BYTES}")
    try:
        with open(path, "rb") as handle:
            text = handle.read(MAX_DATA_BYTES + 1).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot read: {exc.strerror}") from None
    if _DOTTED.search(text):
        raise ContentError(f"{path}: a key joins more than {MAX_KEY_PARTS} names with dots")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ContentError(f"{path}: not valid TOML: arrays or tables nested too deeply") from None
