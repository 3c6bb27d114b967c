"""assets/data/moments.toml: the moments a conversation may turn into (N75-N82) and when they may begin,
checked on load: known triggers with their numbers, 3-5 replies a moment, one per approach, each with its
Measure points and the person's answer to success and to failure."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.dialogue import NOTABLE
from game.content.errors import ContentError
from game.content.lines import entries, line, lines, table
from game.content.toml_file import read_toml
from game.rules.social import APPROACHES

# N75: the situations a moment may arise from, and the numbers each needs besides its chance.
TRIGGERS: dict[str, tuple[str, ...]] = {
    "fought": ("within",),  # turns since it fought in the hero's room
    "wounded": ("health_below",),  # fraction of its maximum health
    "hungry": ("above",),  # hunger
    "thirsty": ("above",),  # thirst
    "night": (),  # the dead of night (world.toml [clock])
    "plain": (),  # plain conversation
}
REPLIES = (3, 5)  # replies a moment offers, fewest and most
POINTS = (1, 6)  # Measure points of a reply (N78)
REPLY = ("approach", "points", "says", "success", "failure")


@dataclass(frozen=True)
class Trigger:
    name: str
    chance: float
    numbers: Mapping[str, float]


@dataclass(frozen=True)
class Reply:
    """One answer the hero may give (N77, N78): its approach, Measure points, words, and the person's
    answer when the Measure succeeds or fails."""

    approach: str
    points: int
    says: str
    success: str
    failure: str


@dataclass(frozen=True)
class Moment:
    id: str
    title: str
    trigger: str
    who: frozenset[str]  # backgrounds (or NOTABLE) it suits; empty: everyone
    opening: tuple[str, ...]
    replies: tuple[Reply, ...]

    def reply(self, approach: str) -> Reply | None:
        return next((r for r in self.replies if r.approach == approach), None)

    def suits(self, voice: str) -> bool:
        return not self.who or voice in self.who


@dataclass(frozen=True)
class Moments:
    triggers: tuple[Trigger, ...]  # in the order they are tried
    moments: Mapping[str, Moment]


def _number(value: Any, where: str, path: Path, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ContentError(f"{path}: {where}: must be a number from {low:g} to {high:g}")
    return value


def _trigger(name: str, data: dict[str, Any], path: Path) -> Trigger:
    where = f"triggers.{name}"
    if name not in TRIGGERS:
        raise ContentError(f"{path}: {where}: unknown trigger (known: {', '.join(TRIGGERS)})")
    entries(data, ("chance", *TRIGGERS[name]), path, where)
    numbers = {k: _number(data[k], f"{where}.{k}", path, 0, 1000) for k in TRIGGERS[name]}
    return Trigger(name, _number(data["chance"], f"{where}.chance", path, 0, 1), numbers)


def _reply(data: Any, where: str, path: Path) -> Reply:
    if not isinstance(data, dict):
        raise ContentError(f"{path}: {where}: must be a table")
    entries(data, REPLY, path, where)
    if data["approach"] not in APPROACHES:
        raise ContentError(f"{path}: {where}.approach: {data['approach']!r} is not an approach "
                           f"({', '.join(APPROACHES)})")
    points = data["points"]
    if not isinstance(points, int) or isinstance(points, bool) or not POINTS[0] <= points <= POINTS[1]:
        raise ContentError(f"{path}: {where}.points: must be a whole number from {POINTS[0]} to {POINTS[1]}")
    said = {k: line(data[k], (), f"{where}.{k}", path) for k in ("says", "success", "failure")}
    return Reply(data["approach"], points, **said)


def _moment(mid: str, data: dict[str, Any], voices: frozenset[str], path: Path) -> Moment:
    where = f"moments.{mid}"
    entries(data, ("title", "trigger", "opening", "replies"), path, where, optional=("who",))
    if data["trigger"] not in TRIGGERS:
        raise ContentError(f"{path}: {where}.trigger: {data['trigger']!r} is not a trigger ({', '.join(TRIGGERS)})")
    who = data.get("who", [])
    if not isinstance(who, list) or any(w not in voices for w in who):
        raise ContentError(f"{path}: {where}.who: must list backgrounds ({', '.join(sorted(voices))})")
    replies = data["replies"]
    if not isinstance(replies, list) or not REPLIES[0] <= len(replies) <= REPLIES[1]:
        raise ContentError(f"{path}: {where}.replies: a moment offers {REPLIES[0]} to {REPLIES[1]} replies")
    made = tuple(_reply(r, f"{where}.replies[{i}]", path) for i, r in enumerate(replies))
    approaches = [r.approach for r in made]
    if len(set(approaches)) != len(approaches):
        raise ContentError(f"{path}: {where}.replies: one reply per approach (N77)")
    return Moment(mid, line(data["title"], (), f"{where}.title", path), data["trigger"], frozenset(who),
                  lines(data["opening"], (), f"{where}.opening", path), made)


def load_moments(path: Path, backgrounds: frozenset[str]) -> Moments:
    """Read and check moments.toml; ContentError names the file, the entry and the field."""
    data = read_toml(path)
    triggers = table(data, "triggers", path)
    made = tuple(_trigger(name, table(triggers, name, path, "triggers"), path) for name in triggers)
    for name in TRIGGERS:
        if name not in triggers:
            raise ContentError(f"{path}: triggers.{name}: missing")
    moments = table(data, "moments", path)
    voices = backgrounds | {NOTABLE}
    return Moments(made, {mid: _moment(mid, table(moments, mid, path, "moments"), voices, path) for mid in moments})
