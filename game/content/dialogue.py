"""assets/data/dialogue.toml: what people say when the hero talks to them (N45, N46, N71, N73, N80),
checked on load against the social rules (every voice, band, people, outlook, deed and approach has its
line, and each line uses only the placeholders its entry allows)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.errors import ContentError
from game.content.lines import entries, line, lines, table
from game.content.social import SocialRules
from game.content.toml_file import read_toml
from game.rules.social import APPROACHES

NOTABLE = "notable"  # the voice of notable people, who have no background (N83)
OPTIONS = ("others", "news", "about", "draw", "goodbye", "confirm_question", "confirm_draw", "cancel_draw",
           "leave_moment", "offer")
FACES = ("pleased", "neutral", "annoyed")  # N80
TONES = ("cold", "plain", "warm")
VOICE = ("first", "greeting", "others_none", "news_none", "about", "goodbye")
SPEAKER = ("name", "hero")


@dataclass(frozen=True)
class Voice:
    """How people of one background speak (N45): a first meeting's opening, greetings by tone, nothing to
    tell of others or of news, the opening of "Tell me about yourself", and goodbye."""

    first: str
    greeting: Mapping[str, str]
    others_none: str
    news_none: str
    about: str
    goodbye: str


@dataclass(frozen=True)
class Dialogue:
    options: Mapping[str, str]
    results: Mapping[str, str]  # "success", "failure" (N78)
    faces: Mapping[str, str]  # N80
    tone: Mapping[str, str]  # opinion band -> greeting tone
    voices: Mapping[str, Voice]  # background or NOTABLE
    silent: Mapping[str, Mapping[str, str]]  # "merchant" / "other" -> greeting, goodbye (N74)
    origin: Mapping[str, tuple[str, ...]]  # people -> lines (N45)
    temperament: Mapping[str, tuple[str, ...]]  # moral outlook -> lines
    circumstance: Mapping[str, tuple[str, ...]]  # background or NOTABLE -> lines
    deeds: Mapping[str, Mapping[str, str]]  # deed -> "seen" / "heard" (N73)
    others: Mapping[str, str]  # opinion band -> line (N71)
    news: Mapping[str, str]  # "opinion", "deed", "recommend", "sent" (N71-N73), "feud", "feud_own" (N69)
    values: Mapping[str, str]  # "welcomes", "resents", "none" (N80)
    welcome: Mapping[str, str]  # approach -> what a person who welcomes it values
    resent: Mapping[str, str]  # approach -> what a person who resents it cannot abide
    friends: tuple[str, ...]  # the opinion bands the card lists as friends...
    enemies: tuple[str, ...]  # ...and as enemies
    unknown: str  # who told of a deed, when the teller is gone


SILENT_LINES = {"merchant": ("greeting", "greeting_afield", "goodbye"),  # afield: a merchant met in a dungeon,
                "other": ("greeting", "goodbye")}  # with no counter to nod at


def _flat(data: dict[str, Any], keys: tuple[str, ...], allowed: tuple[str, ...], where: str,
          path: Path) -> dict[str, str]:
    entries(data, keys, path, where)
    return {k: line(data[k], allowed, f"{where}.{k}", path) for k in keys}


def _by(data: dict[str, Any], keys: tuple[str, ...], where: str, path: Path) -> dict[str, tuple[str, ...]]:
    entries(data, keys, path, where)
    return {k: lines(data[k], ("name",), f"{where}.{k}", path) for k in keys}


def _voice(data: dict[str, Any], where: str, path: Path) -> Voice:
    entries(data, VOICE, path, where)
    greeting = table(data, "greeting", path, where)
    said = {k: line(data[k], SPEAKER, f"{where}.{k}", path) for k in VOICE if k != "greeting"}
    return Voice(greeting=_flat(greeting, TONES, SPEAKER, f"{where}.greeting", path), **said)


def load_dialogue(path: Path, social: SocialRules) -> Dialogue:
    """Read and check dialogue.toml; ContentError names the file, the entry and the field."""
    data = read_toml(path)
    bands = tuple(b.name for b in social.bands)
    voices = (*social.backgrounds, NOTABLE)
    tone = _flat(table(data, "tone", path), bands, (), "tone", path)
    for band, value in tone.items():
        if value not in TONES:
            raise ContentError(f"{path}: tone.{band}: {value!r} is not a tone ({', '.join(TONES)})")
    voice_table = table(data, "voices", path)
    entries(voice_table, voices, path, "voices")
    silent = table(data, "silent", path)
    entries(silent, ("merchant", "other"), path, "silent")
    bio = table(data, "biography", path)
    entries(bio, ("origin", "temperament", "circumstance"), path, "biography")
    deeds = table(data, "deeds", path)
    entries(deeds, [d for d, deed in social.deeds.items() if deed.passes], path, "deeds")  # N73: told of
    news = table(data, "news", path)
    entries(news, ("opinion", "deed", "recommend", "sent", "feud", "feud_own"), path, "news")
    others = _flat(table(data, "others", path), bands, ("other",), "others", path)
    for band, said in others.items():
        if band not in said.lower():
            raise ContentError(f"{path}: others.{band}: must say the band's word {band!r} (N71)")
    values = table(data, "values", path)
    card = table(data, "card", path)
    entries(card, ("friends", "enemies"), path, "card")
    for key in ("friends", "enemies"):
        if not isinstance(card[key], list) or any(b not in bands for b in card[key]):
            raise ContentError(f"{path}: card.{key}: must list opinion bands ({', '.join(bands)})")
    names = _flat(table(data, "names", path), ("unknown",), (), "names", path)
    return Dialogue(
        options=_flat(table(data, "options", path), OPTIONS, ("name",), "options", path),
        results=_flat(table(data, "results", path), ("success", "failure"), (), "results", path),
        faces=_flat(table(data, "faces", path), FACES, (), "faces", path),
        tone=tone,
        voices={v: _voice(table(voice_table, v, path, "voices"), f"voices.{v}", path) for v in voices},
        silent={k: _flat(table(silent, k, path, "silent"), SILENT_LINES[k], ("name",), f"silent.{k}", path)
                for k in ("merchant", "other")},
        origin=_by(table(bio, "origin", path, "biography"), tuple(social.attitudes), "biography.origin", path),
        temperament=_by(table(bio, "temperament", path, "biography"), tuple(social.outlooks),
                        "biography.temperament", path),
        circumstance=_by(table(bio, "circumstance", path, "biography"), voices, "biography.circumstance", path),
        deeds={d: _flat(table(deeds, d, path, "deeds"), ("seen", "heard"), ("place", "source", "hero"),
                        f"deeds.{d}", path) for d, deed in social.deeds.items() if deed.passes},
        others=others,
        news={"opinion": line(news["opinion"], ("line",), "news.opinion", path),
              "deed": line(news["deed"], ("line",), "news.deed", path),
              "recommend": line(news["recommend"], ("other", "room"), "news.recommend", path),  # N72
              "sent": line(news["sent"], ("source",), "news.sent", path),
              "feud": line(news["feud"], ("first", "second", "day"), "news.feud", path),  # N69, N87
              "feud_own": line(news["feud_own"], ("other", "day"), "news.feud_own", path)},
        values=_flat({k: v for k, v in values.items() if k not in ("welcome", "resent")},
                     ("welcomes", "resents", "none"), ("what",), "values", path),
        welcome=_flat(table(values, "welcome", path, "values"), APPROACHES, (), "values.welcome", path),
        resent=_flat(table(values, "resent", path, "values"), APPROACHES, (), "values.resent", path),
        friends=tuple(card["friends"]), enemies=tuple(card["enemies"]), unknown=names["unknown"],
    )
