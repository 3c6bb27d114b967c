"""assets/data/social.toml: the opinion scale, peoples, faiths, traits, backgrounds, outlooks and who each
kind of thinking creature tends to be (N64-N83), checked on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.rules.social import APPROACHES, Band


@dataclass(frozen=True)
class Leaning:
    """What a background, an outlook or a trait adds (+1) or removes (-1) per approach (N83)."""

    dice: Mapping[str, int]


@dataclass(frozen=True)
class Faith:
    id: str
    name: str
    heretics: frozenset[str]


@dataclass(frozen=True)
class Tendency:
    """Who a kind of thinking creature tends to be: weights drawn when one is made."""

    backgrounds: Mapping[str, int]
    outlooks: Mapping[str, int]
    faiths: Mapping[str, int]
    traits: tuple[str, ...]
    trait_chance: float


@dataclass(frozen=True)
class SocialRules:
    low: int
    high: int
    bands: tuple[Band, ...]
    same_faith: int
    heretic: int
    zealot_heretic: int
    per_success: int
    failure: int
    charisma_scale: tuple[float, ...]
    charisma_first: tuple[int, ...]
    people_of: Mapping[str, str]  # codex id -> people
    attitudes: Mapping[str, Mapping[str, int]]  # people -> people -> first-sight change
    faiths: Mapping[str, Faith]
    traits: Mapping[str, Leaning]
    trait_names: Mapping[str, str]
    backgrounds: Mapping[str, Leaning]
    outlooks: Mapping[str, Leaning]
    people: Mapping[str, Tendency]  # codex id -> tendency: the thinking kinds (N64, N74)

    def by_charisma(self, table: tuple, charisma: int) -> Any:
        """The entry of a Charisma table for the hero's charisma (past the end: the last)."""
        return table[max(0, min(charisma, len(table) - 1))]


def _leaning(table: dict[str, Any], where: str, path: Path) -> Leaning:
    dice: dict[str, int] = {}
    for sign, key in ((1, "welcomes"), (-1, "resents")):
        for approach in table.get(key, []):
            _approach(approach, f"{where}.{key}", path)
            dice[approach] = dice.get(approach, 0) + sign
    for approach, value in table.get("dice", {}).items():
        _approach(approach, f"{where}.dice", path)
        if not isinstance(value, int) or value not in (-1, 1):
            raise ContentError(f"{path}: {where}.dice.{approach}: must be 1 or -1, not {value!r}")
        dice[approach] = dice.get(approach, 0) + value
    return Leaning(dice)


def _approach(name: object, where: str, path: Path) -> None:
    if name not in APPROACHES:
        raise ContentError(f"{path}: {where}: {name!r} is not an approach ({', '.join(APPROACHES)})")


def _weights(table: object, known: Mapping[str, object], where: str, path: Path) -> dict[str, int]:
    if not isinstance(table, dict) or not table:
        raise ContentError(f"{path}: {where}: must be a table of weights")
    for name, weight in table.items():
        if name not in known:
            raise ContentError(f"{path}: {where}.{name}: unknown (known: {', '.join(sorted(known))})")
        if not isinstance(weight, int) or isinstance(weight, bool) or weight < 1:
            raise ContentError(f"{path}: {where}.{name}: a weight must be a whole number of 1 or more")
    return dict(table)


def load_social(path: Path, codex_ids: set[str]) -> SocialRules:
    """Read and check social.toml; ContentError names the file, the entry and the problem."""
    data = read_toml(path)
    try:
        scale, first, loyalty = data["scale"], data["first_impression"], data["loyalty"]
        low, high = int(scale["low"]), int(scale["high"])
        bands = tuple(Band(str(name), int(at)) for name, at in scale["bands"])
        if not low < high or bands[0].low != low or [b.low for b in bands] != sorted({b.low for b in bands}) \
                or bands[-1].low > high:
            raise ContentError(f"{path}: scale.bands: must rise from `low` ({low}) and stay within `high` ({high})")
        people_of: dict[str, str] = {}
        attitudes: dict[str, dict[str, int]] = {}
        for people, table in data["peoples"].items():
            for member in table["members"]:
                if member not in codex_ids:
                    raise ContentError(f"{path}: peoples.{people}.members: unknown codex id {member!r}")
                people_of[member] = people
            attitudes[people] = {str(k): int(v) for k, v in table.get("attitudes", {}).items()}
        for people, table in attitudes.items():
            for other in table:
                if other not in attitudes:
                    raise ContentError(f"{path}: peoples.{people}.attitudes.{other}: unknown people")
        faiths = {fid: Faith(fid, str(t["name"]), frozenset(t["heretics"])) for fid, t in data["faiths"].items()}
        for faith in faiths.values():
            for heretic in faith.heretics:
                if heretic not in faiths:
                    raise ContentError(f"{path}: faiths.{faith.id}.heretics: unknown faith {heretic!r}")
        traits = {tid: _leaning(t, f"traits.{tid}", path) for tid, t in data["traits"].items()}
        trait_names = {tid: str(t["name"]) for tid, t in data["traits"].items()}
        backgrounds = {b: _leaning(t, f"backgrounds.{b}", path) for b, t in data["backgrounds"].items()}
        outlooks = {o: _leaning(t, f"outlooks.{o}", path) for o, t in data["outlooks"].items()}
        people: dict[str, Tendency] = {}
        for cid, t in data["people"].items():
            where = f"people.{cid}"
            if cid not in codex_ids:
                raise ContentError(f"{path}: {where}: unknown codex id {cid!r}")
            if cid not in people_of:
                raise ContentError(f"{path}: {where}: belongs to no people (add it to a [peoples.*] members list)")
            for trait in t["traits"]:
                if trait not in traits:
                    raise ContentError(f"{path}: {where}.traits: unknown trait {trait!r}")
            chance = float(t["trait_chance"])
            if not 0 <= chance <= 1:
                raise ContentError(f"{path}: {where}.trait_chance: must be between 0 and 1")
            people[cid] = Tendency(_weights(t["backgrounds"], backgrounds, f"{where}.backgrounds", path),
                                   _weights(t["outlooks"], outlooks, f"{where}.outlooks", path),
                                   _weights(t["faiths"], faiths, f"{where}.faiths", path), tuple(t["traits"]), chance)
        charisma_scale = tuple(float(v) for v in loyalty["charisma_scale"])
        charisma_first = tuple(int(v) for v in loyalty["charisma_first"])
        if not charisma_scale or not charisma_first:
            raise ContentError(f"{path}: loyalty: the Charisma tables must not be empty")
        return SocialRules(low, high, bands, int(first["same_faith"]), int(first["heretic"]),
                           int(first["zealot_heretic"]), int(loyalty["per_success"]), int(loyalty["failure"]),
                           charisma_scale, charisma_first, people_of, attitudes, faiths, traits, trait_names,
                           backgrounds, outlooks, people)
    except KeyError as exc:
        raise ContentError(f"{path}: missing {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise ContentError(f"{path}: malformed value ({exc})") from None
