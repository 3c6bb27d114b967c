"""Sentence templates of the message log (assets/data/texts.toml)."""
from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from game.content.errors import ContentError
from game.content.toml_file import read_toml


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return ""


class Texts:
    def __init__(self, path: Path) -> None:
        events = read_toml(path).get("events")
        if not isinstance(events, dict):
            raise ContentError(f"{path}: events: missing [events] table")
        for kind, template in events.items():
            try:
                list(string.Formatter().parse(template))
            except (ValueError, TypeError) as exc:
                raise ContentError(f"{path}: events.{kind}: bad template: {exc}") from None
        self.templates: dict[str, str] = events

    def template(self, kind: str) -> str:
        return self.templates.get(kind, "")


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def sentence(kind: str, template: str, values: dict[str, Any]) -> str:
    """`template` filled with `values`; a missing name reads as nothing, a missing template as the kind.
    {actor_s} and {target_s} are the possessives of {actor} and {target}."""
    if not template:
        return kind.replace("_", " ")
    for who in ("actor", "target"):
        if who in values:
            values = {**values, f"{who}_s": possessive(str(values[who]))}
    return template.format_map(_Blank(values))
