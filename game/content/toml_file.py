"""Reading TOML data files with errors that name the file.

A data file is read only when it is a regular file of at most MAX_DATA_BYTES whose keys nest at most
MAX_KEY_PARTS deep: tomllib spends time and memory on the square of a dotted key's length. Every text in
it (keys too) is one printable line of at most MAX_TEXT characters: names and sentences reach the screen,
where a NUL or a megabyte of text cannot be drawn.
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
MAX_TEXT = 500
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
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ContentError(f"{path}: not valid TOML: arrays or tables nested too deeply") from None
    check_texts(path, data)
    return data


def check_texts(path: Path, data: dict[str, Any]) -> None:
    """Raise ContentError at the first key or text that is not one printable line of at most MAX_TEXT."""
    todo: list[tuple[str, object]] = [("", data)]
    while todo:
        where, value = todo.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                todo.append((f"{where}.{key}" if where else key, item))
                todo.append((where or "(top)", key))
        elif isinstance(value, list):
            todo.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, str) and (len(value) > MAX_TEXT or not value.isprintable()):
            raise ContentError(f"{path}: {where[:100]}: text must be one printable line of at most {MAX_TEXT} "
                               f"characters, not {value[:40]!r}{'…' if len(value) > 40 else ''}")
