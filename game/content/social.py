"""assets/data/social.toml: the opinion scale, peoples, faiths, traits, backgrounds, outlooks and who each
kind of thinking creature tends to be (N64-N83), checked on load."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.errors import ContentError
from game.content.toml_file import read_toml
from game.rules.social import (APPROACHES, FRIENDLY, HOSTILE, NEMESIS, SEED_BANDS, SLIGHT_HEARD, TRUSTED, WORDS, Band,
                               band_ceiling, band_floor)


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
class Exchange:
    """What one kind of exchange does to opinions and how it is worded (social.toml [exchanges.*])."""

    heard: int = 0  # the listener's opinion of the speaker (the recipient's of the giver)
    spoken: int = 0  # the speaker's own of the listener
    cornered: int = 0  # an insult from a hostile creature that cannot walk away (N69)
    says: str = ""
    answers: str = ""
    label: str = ""  # the floating label over the speaker


@dataclass(frozen=True)
class Deed:
    """A hero's deed as creatures remember it (N73, N81): what seeing it and hearing of it do to an opinion
    of the hero, its word in the gossip line, whether it is passed on."""

    seen: int
    heard: int
    news: str
    passes: bool


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
    tone: Mapping[str, Mapping[str, int]]  # band -> words -> weight (N66, N68)
    exchanges: Mapping[str, Exchange]
    deeds: Mapping[str, Deed]
    dislikes_below: int  # N68: an opinion below this dislikes
    civil_bonus: int
    memories_kept: int
    remembered_again_after: int
    sent_warmth: int
    lonely_after: int  # N87: a resident this many turns without an exchange goes where people are
    gift_kinds: tuple[str, ...]
    gift_keep: int
    hurt_below: float
    hostile_below: int  # N69: an opinion below this is hostile (or nemesis)...
    feud_below: int  # ...below this, nemesis
    friendly_from: int  # N73
    trusted_from: int  # N70, N72

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


EXCHANGES = ("chat", "praise", "insult", "gossip", "gift", "avoid", "denounce", "feud")
GIFT_KINDS = ("food", "drink", "healing")  # N70 (and compatible ammunition, which the game does not have yet)


def _whole(value: object, where: str, path: Path, low: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low):
        raise ContentError(f"{path}: {where}: must be a whole number{f' of {low} or more' if low is not None else ''}"
                           f", not {value!r}")
    return value


def _band(name: object, bands: tuple[Band, ...], where: str, path: Path) -> str:
    if name not in [b.name for b in bands]:
        raise ContentError(f"{path}: {where}: {name!r} is not a band of scale.bands")
    return str(name)


def _web(data: dict[str, Any], bands: tuple[Band, ...], path: Path) -> dict[str, Any]:
    """The [web], [tone], [exchanges], [gifts] and [deeds] tables (N66-N73, N81)."""
    names = [b.name for b in bands]
    if [n for n in names if n in SEED_BANDS] != list(SEED_BANDS) or names[-1] in ("nemesis", "hostile"):
        raise ContentError(f"{path}: scale.bands: must name {', '.join(SEED_BANDS)} from the lowest up, "
                           "with a band above hostile")
    web = data["web"]
    tone: dict[str, dict[str, int]] = {}
    for band in names:
        weights = data["tone"].get(band)
        if not isinstance(weights, dict) or not weights:
            raise ContentError(f"{path}: tone.{band}: missing (every band needs the weights of its words)")
        for words, weight in weights.items():
            if words not in WORDS:
                raise ContentError(f"{path}: tone.{band}.{words}: not a word ({', '.join(WORDS)})")
            _whole(weight, f"tone.{band}.{words}", path, 1)
        tone[band] = {w: weights[w] for w in WORDS if w in weights}
    for band in data["tone"]:
        _band(band, bands, f"tone.{band}", path)
    exchanges: dict[str, Exchange] = {}
    for kind in EXCHANGES:
        table = data["exchanges"].get(kind)
        if not isinstance(table, dict):
            raise ContentError(f"{path}: exchanges.{kind}: missing")
        for field in table:
            if field not in ("heard", "spoken", "cornered", "says", "answers", "label"):
                raise ContentError(f"{path}: exchanges.{kind}.{field}: unknown field")
        for field in ("heard", "spoken", "cornered"):
            _whole(table.get(field, 0), f"exchanges.{kind}.{field}", path)
        exchanges[kind] = Exchange(**{k: table[k] for k in ("heard", "spoken", "cornered", "says", "answers",
                                                             "label") if k in table})
        if not exchanges[kind].label:
            raise ContentError(f"{path}: exchanges.{kind}.label: missing")
    for kind in WORDS:
        if not exchanges[kind].says or not exchanges[kind].answers:
            raise ContentError(f"{path}: exchanges.{kind}: words need `says` and `answers`")
    deeds: dict[str, Deed] = {}
    for deed, table in data["deeds"].items():
        deeds[deed] = Deed(_whole(table.get("seen", 0), f"deeds.{deed}.seen", path),
                           _whole(table.get("heard", 0), f"deeds.{deed}.heard", path), str(table["news"]),
                           table.get("passes", True) is True)
    for deed in ("help", "slight", "contract_done", "abandoned", "defended", "attacked", "aided", "sent"):
        if deed not in deeds:
            raise ContentError(f"{path}: deeds.{deed}: missing")
    if deeds["slight"].heard != SLIGHT_HEARD:
        raise ContentError(f"{path}: deeds.slight.heard: the seed fixes it at {SLIGHT_HEARD} (N81)")
    gifts = data["gifts"]
    kinds = tuple(gifts["kinds"])
    for kind in kinds:
        if kind not in GIFT_KINDS:
            raise ContentError(f"{path}: gifts.kinds: {kind!r} may not be given ({', '.join(GIFT_KINDS)}, N70)")
    hurt_below = float(gifts["hurt_below"])
    if not 0 < hurt_below <= 1:
        raise ContentError(f"{path}: gifts.hurt_below: must be above 0 and at most 1")
    return {"tone": tone, "exchanges": exchanges, "deeds": deeds,
            "dislikes_below": band_floor(_band(web["dislikes_below"], bands, "web.dislikes_below", path), bands),
            "civil_bonus": _whole(web["civil_bonus"], "web.civil_bonus", path, 0),
            "memories_kept": _whole(web["memories_kept"], "web.memories_kept", path, 1),
            "remembered_again_after": _whole(web["remembered_again_after"], "web.remembered_again_after", path, 0),
            "sent_warmth": _whole(web["sent_warmth"], "web.sent_warmth", path, 0),
            "lonely_after": _whole(web["lonely_after"], "web.lonely_after", path, 1),
            "gift_kinds": kinds, "gift_keep": _whole(gifts["keep"], "gifts.keep", path, 0), "hurt_below": hurt_below,
            "hostile_below": band_ceiling(HOSTILE, bands), "feud_below": band_ceiling(NEMESIS, bands),
            "friendly_from": band_floor(FRIENDLY, bands), "trusted_from": band_floor(TRUSTED, bands)}


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
                           backgrounds, outlooks, people, **_web(data, bands, path))
    except KeyError as exc:
        raise ContentError(f"{path}: missing {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:
        raise ContentError(f"{path}: malformed value ({exc})") from None
