"""Typed events: the one channel from the world to the log, the screen, the tests and headless runs."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.content.texts import sentence


@dataclass(frozen=True)
class Event:
    turn: int
    kind: str
    actor: str | None = None  # stable uid, e.g. "wolf#4"
    target: str | None = None
    room: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    template: str = ""  # the message-log sentence (assets/data/texts.toml) before its names are filled in
    names: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The sentence for the message log, made only when someone reads it."""
        return sentence(self.kind, self.template, {**self.data, **self.names})

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "kind": self.kind}
        for key in ("actor", "target", "room"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        out["text"] = self.text
        if self.data:
            out["data"] = self.data
        return out
