"""Typed events: the one channel from the world to the log, the screen, the tests and headless runs."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from game.content.texts import sentence

NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened. A named tuple: thousands are made each turn, so each is one small object.

    `actor_name`, `target_name` and `room_name` are the names as they were when it happened, for the sentence.
    """

    turn: int
    kind: str
    actor: str | None = None  # stable uid, e.g. "wolf#4"
    target: str | None = None
    room: int | None = None
    data: Mapping[str, Any] = NO_DATA
    template: str = ""  # the message-log sentence (assets/data/texts.toml) before its names are filled in
    actor_name: str | None = None
    target_name: str | None = None
    room_name: str = "nowhere"

    @property
    def text(self) -> str:
        """The sentence for the message log, made only when someone reads it."""
        values = {**self.data, "turn": self.turn, "room": self.room_name}
        if self.actor_name is not None:
            values["actor"] = self.actor_name
        if self.target_name is not None:
            values["target"] = self.target_name
        return sentence(self.kind, self.template, values)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "kind": self.kind}
        for key in ("actor", "target", "room"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        out["text"] = self.text
        if self.data:
            out["data"] = dict(self.data)
        return out
