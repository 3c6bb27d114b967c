"""Sentence templates of the message log (assets/data/texts.toml), checked when the data is loaded.

A template names fields as {name}: those every event has (NAMES) and the data of its kind (EVENT_FIELDS),
nothing else (no {actor.attribute}, {data[key]}, {actor:>9} or {actor!r}), so filling one in can neither
reach into the game's objects nor build a string of any size.
"""
from __future__ import annotations

import string
from pathlib import Path
from typing import Any

from game.content.errors import ContentError
from game.content.lines import line
from game.content.toml_file import read_toml

NAMES = ("actor", "target", "actor_s", "target_s", "room", "turn")  # every event; actor_s is "Wolf's"
EVENT_FIELDS: dict[str, tuple[str, ...]] = {  # each event kind the world posts, with the data it carries
    "turn": (),
    "enter": (),
    "leave": (),
    "travel": ("place", "turns", "squares"),  # the region (N62): a journey by road
    "arrive": ("place",),
    "surface": ("place",),
    "stumble": ("site", "site_kind"),  # N62: a hidden site found by chance
    "secret": ("site", "site_kind"),  # N60, N61: a loyal creature tells the hero of a site
    "set_out": ("place", "turns"),  # N3: a world NPC with a range takes the road
    "arrive_from": ("place",),  # N3: ...and arrives at the next settlement of it
    "move_blocked": ("reason",),
    "door_locked": ("to",),
    "door_forced": ("to",),
    "door_unlocked": ("to", "key"),
    "trap": ("trap", "roll", "dc", "damage"),
    "trap_avoided": ("trap", "roll", "dc"),
    "hit": ("weapon", "damage", "physical", "elemental", "faces", "extra"),
    "miss": ("roll",),
    "dodge": ("roll",),
    "soaked": ("soaked", "durability"),
    "heads_lost": ("heads", "left"),
    "stun": ("turns",),
    "stun_single": ("trap",),  # C38: a single-target trap does not stun a group
    "stun_spread": ("trap", "covered", "squares"),  # C37: an area over less than half a group
    "stun_over": (),
    "death": ("cause",),
    "killed": ("cause",),
    "drop_on_death": ("items",),
    "eat": ("item", "item_id"),
    "drink": ("item", "item_id"),
    "heal": ("item", "item_id", "amount"),
    "pickup": ("item",),
    "drop": ("item",),
    "equip": ("item", "runed"),
    "unequip": ("item",),
    "complain_hunger": ("need", "value"),
    "complain_thirst": ("need", "value"),
    "starving": (),
    "mood": ("mood",),
    "level_up": ("level", "unlocked"),
    "xp": ("xp", "deed", "total"),
    "second_wind": ("amount",),
    "spawn": ("spawner", "items"),
    "spawn_blocked": ("spawner", "creature"),
    "converse": ("exchange", "feud", "label", "said", "replied", "hero", "hero_s", "news", "place", "deed", "about",
                 "faith", "item"),  # N7, N66-N73: one line per exchange, its parts below
    "feud_over": ("first", "second", "pair", "reason", "began"),
    "hero_wait": (),
    "meditate": ("amount",),
    "reshape": ("school",),
    "howl": (),
    "afflicted": ("trait", "condition", "condition_id", "turns", "roll", "dc"),
    "resisted": ("trait", "roll", "dc"),
    "suffers": ("condition", "damage"),
    "condition_over": ("condition",),
    "warn": (),  # C4: a territorial creature warns the hero off its ground
    "defend": (),
    "let_go": (),
    "hoard_taken": ("item",),
    "shy": (),
    "notice": ("how",),  # a lurker notices the hero (verbs/noticing)
    "bargain": ("item",),
    "bargain_refused": ("item", "wants"),
    "repair": ("mended",),  # C26: a repair kit on worn armour
    "mend": ("item", "price"),  # C26: a smith mends worn armour for gold
    "says": ("line", "part", "result", "face", "welcomes", "resents", "band", "about", "contract",
             "objective", "deed"),  # conversations (N45, N71, N75-N82; deed: a hero's deed retold, N73), work (N41)
    "asks": ("option", "line"),
    "narrates": ("line", "part"),
    "reply": ("approach", "line"),
    "moment": ("moment", "title"),
    "measure": ("dice", "shown", "base", "earned", "points", "successes", "success", "result"),
    "loyalty": ("change", "loyalty", "signed"),
    "remembers_help": (),
    "remembers_slight": (),
    "draw_weapon": (),
    "buy": ("item", "price"),  # N5 trade
    "sell": ("item", "price"),
    "trade_grows": ("level",),
    "joins": (),  # N38 companions
    "coerce": ("roll", "chance", "success"),  # N47
    "lift": ("item", "roll", "chance", "success"),  # N48
    "parts": (),
    "bind": ("spell", "state", "turns"),  # N50-N52 binding spells
    "bound_stay": (),  # N54
    "bound_explore": (),
    "bound_wait": (),
    "binding_waits": ("state",),  # N57-N59
    "binding_turns": ("state",),
    "binding_crumbles": ("state",),
    "contract": ("state", "objective"),  # N40-N44 contracts and mini-quests
    "contract_done": ("objective", "gold", "xp", "loyalty", "item", "bonus"),
    "siege_lifted": ("leader", "place"),
    "siege_cheer": ("place",),  # issue 24: the besieged settlement's people, when its siege falls
}
HEARD = ("fight", "death", "door")  # [heard]: what the hero hears of a room out of its sight (issue 23), {direction}


# Templates that are parts of another event's line (World.emit's `text`), checked with that event's fields.
PARTS: dict[str, str] = {"converse_news": "converse", "converse_denounce": "converse", "converse_avoid": "converse",
                         "converse_gift": "converse", "feud_begins": "converse",
                         "hit_glance": "hit", "heads_lost_last": "heads_lost",  # a harmless blow; a group's last
                         "notice_sight": "notice", "notice_scent": "notice", "notice_fight": "notice",
                         "eat_from": "eat"}  # a patch is eaten from, where it grows


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return ""


class Texts:
    def __init__(self, path: Path) -> None:
        events = read_toml(path).get("events")
        if not isinstance(events, dict):
            raise ContentError(f"{path}: events: missing [events] table")
        for kind, template in events.items():
            check_template(f"{path}: events.{kind}", kind, template)
        self.templates: dict[str, str] = events
        heard = read_toml(path).get("heard")
        if not isinstance(heard, dict) or sorted(heard) != sorted(HEARD):
            raise ContentError(f"{path}: heard: needs a [heard] table of exactly {', '.join(HEARD)}")
        self.heard = {sound: line(heard[sound], ("direction",), f"heard.{sound}", path) for sound in HEARD}

    def template(self, kind: str) -> str:
        return self.templates.get(kind, "")


def check_template(where: str, kind: str, template: object) -> None:
    """Raise ContentError unless `template` is text naming only the fields of its event kind (of the event it
    is a part of, for PARTS)."""
    event = PARTS.get(kind, kind)
    if event not in EVENT_FIELDS:
        raise ContentError(f"{where}: no such event (the events are {', '.join(EVENT_FIELDS)})")
    if not isinstance(template, str):
        raise ContentError(f"{where}: must be text, not {template!r}")
    allowed = (*NAMES, *EVENT_FIELDS[event])
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise ContentError(f"{where}: bad template: {exc}") from None
    for _, field, spec, conversion in parts:
        if field is None:
            continue
        if spec or conversion:
            raise ContentError(f"{where}: write {{{field.split('.')[0].split('[')[0]}}} alone, with no format or "
                               f"conversion after it")
        if field not in allowed:
            raise ContentError(f"{where}: {{{field}}} is not a field of this event (it has {', '.join(allowed)})")


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
