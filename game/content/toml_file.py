"""The one reader of TOML files (the game's data, the player's settings), bounded before and while parsing.

A file is read only when it is a regular file of at most `max_bytes` (MAX_DATA_BYTES for data files). Before
tomllib sees the text, a scan outside its strings and comments refuses what tomllib would spend the stack,
time or memory on: arrays and inline tables nested more than MAX_DEPTH deep (tomllib recurses: 20,000 deep is
a RecursionError), a key joining more than MAX_KEY_PARTS names with dots (tomllib's cost grows with the square
of its length: 30,000 parts take minutes and gigabytes) and a number of more than MAX_DIGITS digits (Python
refuses to make an int of 4,300). After parsing, the file holds at most MAX_KEYS keys (or the caller's limit), and every text in it
(keys too) is one printable line of at most MAX_TEXT characters: names and sentences reach the screen, where a
NUL or a megabyte of text cannot be drawn. Every failure is a ContentError of one line naming the file.
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
MAX_DEPTH = 32  # arrays and inline tables inside one another; the data nests 4 deep at most
MAX_DIGITS = 40  # a number's digits (with its underscores); a float of 17 digits already holds all it can
MAX_KEYS = 20_000  # keys in one file, at every level; the biggest data file holds under 500
MAX_TEXT = 500
# MAX_KEY_PARTS names (bare or quoted) joined by dots: `a.b.c…`, `[a . "b" . c…]`
_DOTTED = re.compile(r"""(?<![\w"'.-])(?:(?:[\w-]++|"[^"\n]*+"|'[^'\n]*+')\s*+\.\s*+){%d}""" % MAX_KEY_PARTS)
# What the scan steps over whole (strings and comments, where brackets and digits are text) and what it counts:
# an opening or closing bracket, or a run of more than MAX_DIGITS digits.
_TOKENS = re.compile(r'''"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+'|#[^\n]*+'''
                     r"|(?P<open>[\[{])|(?P<close>[\]}])|(?P<long>[0-9_]{%d,})" % (MAX_DIGITS + 1), re.S)


def read_toml(path: Path, max_bytes: int = MAX_DATA_BYTES, what: str = "a data file",
              max_keys: int = MAX_KEYS) -> dict[str, Any]:
    """The table in the TOML file at `path` (`what` it is, for the size limit's message); ContentError (one
    line naming the file) for anything wrong."""
    if not os.path.lexists(path):
        raise ContentError(f"{path}: file not found")
    status = regular_file(path)
    if status is None:
        raise ContentError(f"{path}: is not a regular file")
    if status.st_size > max_bytes:
        raise ContentError(f"{path}: file is {status.st_size} bytes; {what} has at most {max_bytes}")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise ContentError(f"{path}: cannot read: {exc.strerror}") from None
    if len(raw) > max_bytes:  # grown since its size was read
        raise ContentError(f"{path}: file is more than {max_bytes} bytes; {what} has at most {max_bytes}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse(path, text, max_keys)


def parse(path: Path, text: str, max_keys: int = MAX_KEYS) -> dict[str, Any]:
    """`text` (the file at `path`) scanned, parsed and checked as read_toml says."""
    scan(path, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:  # the scan misjudged a nesting: never met, but never a traceback either
        raise ContentError(f"{path}: not valid TOML: arrays or tables nested too deeply") from None
    except (ValueError, MemoryError) as exc:
        raise ContentError(f"{path}: not valid TOML: {type(exc).__name__}") from None
    check_texts(path, data, max_keys)
    return data


def scan(path: Path, text: str) -> None:
    """Raise ContentError when `text` nests brackets past MAX_DEPTH, joins more than MAX_KEY_PARTS names with
    dots, or holds a number of more than MAX_DIGITS digits."""
    if _DOTTED.search(text):
        raise ContentError(f"{path}: a key joins more than {MAX_KEY_PARTS} names with dots")
    depth = 0
    for token in _TOKENS.finditer(text):
        kind = token.lastgroup
        if kind == "open":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, token.start()) + 1
                raise ContentError(f"{path}: line {line}: arrays or tables nested more than {MAX_DEPTH} deep")
        elif kind == "close":
            depth = max(depth - 1, 0)
        elif kind == "long":
            line = text.count("\n", 0, token.start()) + 1
            raise ContentError(f"{path}: line {line}: a number of more than {MAX_DIGITS} digits")


def check_texts(path: Path, data: dict[str, Any], max_keys: int = MAX_KEYS) -> None:
    """Raise ContentError past `max_keys` keys, or at the first key or text that is not one printable line of at
    most MAX_TEXT characters."""
    todo: list[tuple[str, object]] = [("", data)]
    keys = 0
    while todo:
        where, value = todo.pop()
        if isinstance(value, dict):
            keys += len(value)
            if keys > max_keys:
                raise ContentError(f"{path}: more than {max_keys} keys")
            for key, item in value.items():
                todo.append((f"{where}.{key}" if where else key, item))
                todo.append((where or "(top)", key))
        elif isinstance(value, list):
            todo.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, str) and (len(value) > MAX_TEXT or not value.isprintable()):
            raise ContentError(f"{path}: {where[:100]}: text must be one printable line of at most {MAX_TEXT} "
                               f"characters, not {value[:40]!r}{'…' if len(value) > 40 else ''}")
