"""assets/data/contracts.toml: contracts and mini-quests (N40-N44) checked on load: three passages or more
of flavour for every background and for notable people (N41), the objectives with their rewards, the
marked items (N42), the wants of mini-quests (N44), and every item named known to items.toml.

The kinds of contract are the world's (game/world/verbs/contract_kinds.py): an objective here is named by
its kind, and a kind whose objective the data lacks is never offered."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from game.content.dialogue import NOTABLE
from game.content.errors import ContentError
from game.content.lines import entries, line, lines, table
from game.content.toml_file import read_toml
from game.rules.card import SCHOOLS

PASSAGES = 3  # N41: at least this many per background
MERCHANT = "merchant"  # the voice of merchants, who have no background (they trade, N5, and give work too)
KINDS = ("slay", "bring", "deliver", "clear", "marked", "escort", "mini", "siege")  # the journal names each in [lines]
LINES = {"work": (), "accept": (), "another": (), "decline": (), "claim": (), "abandon": (), "deliver": ("other",),
         "give": (), "cooldown": (), "nothing": (), "thanks": (), "received": ("other",), "journal": (),
         "secret": ("site",), "known_all": (), "terms": ("gold", "xp", "bonus", "name"), "bonus": ("item",),
         "favour_terms": ("name", "gold"), "favour_needs": ("turns", "name", "need", "now"),
         "favour_ready": ("turns", "name", "need", "now"), "secret_needs": ("name", "need", "now"),
         "secret_ready": ("name", "now", "chance"), "secret_told": ("name",), **{f"kind_{kind}": () for kind in KINDS}}
RULES = {"cooldown": (True, 1, 10_000), "marked_chance": (False, 0.0, 1.0), "bonus_chance": (False, 0.0, 1.0),
         "loyalty": (True, 0, 100), "abandon_loyalty": (True, 0, 100), "giver_xp": (True, 0, 100_000),
         "mini_loyalty": (True, 0, 1000), "mini_gain": (True, 0, 100), "mini_gold_least": (True, 0, 10_000),
         "mini_gold_per_value": (True, 0, 100),
         "secret_loyalty": (True, 0, 1000), "secret_chance": (False, 0.0, 1.0)}
SAYS = ("target", "item", "room")


@dataclass(frozen=True)
class Objective:
    id: str
    says: str
    gold: tuple[int, int]
    xp: int
    items: tuple[str, ...] = ()  # `items`: what it may ask for (bring); `item`: what it hands (deliver's parcel)


@dataclass(frozen=True)
class Want:
    """N44: what a creature may ask for, in words, and the items that answer it."""

    id: str
    what: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class Contracts:
    rules: Mapping[str, float]
    lines: Mapping[str, str]
    flavour: Mapping[str, tuple[str, ...]]
    fits: Mapping[str, tuple[frozenset[str] | None, ...]]  # each passage's kinds of work (None: any), as flavour
    objectives: Mapping[str, Objective]
    epithets: tuple[str, ...]
    marked_items: tuple[str, ...]
    marked_runes: tuple[str, ...]
    bonus: tuple[str, ...]
    wants: Mapping[str, Want]
    wants_says: str


def _number(data: dict[str, Any], key: str, where: str, path: Path, whole: bool, lo: float, hi: float) -> Any:
    value = data.get(key)
    kinds = (int,) if whole else (int, float)
    if not isinstance(value, kinds) or isinstance(value, bool) or not lo <= value <= hi:
        raise ContentError(f"{path}: {where}.{key}: must be {'a whole number' if whole else 'a number'} from {lo} "
                           f"to {hi}, not {value!r}")
    return value


def _items(value: Any, where: str, path: Path, items: Mapping[str, Any]) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ContentError(f"{path}: {where}: must be a list of one or more item ids")
    for item_id in value:
        if item_id not in items:
            raise ContentError(f"{path}: {where}: unknown item {item_id!r} (not in items.toml)")
    return tuple(value)


def _objective(data: dict[str, Any], key: str, path: Path, items: Mapping[str, Any]) -> Objective:
    where = f"objectives.{key}"
    entries(data, ("says", "gold", "xp"), path, where, optional=("items", "item"))
    if "items" in data and "item" in data:
        raise ContentError(f"{path}: {where}: names `items` (what it may ask for) or `item` (what it hands), not both")
    gold = data["gold"]
    if not isinstance(gold, list) or len(gold) != 2 or not all(
            isinstance(g, int) and not isinstance(g, bool) and 0 <= g <= 100_000 for g in gold) or gold[0] > gold[1]:
        raise ContentError(f"{path}: {where}.gold: must be [least, most], whole numbers from 0 to 100000")
    wanted: tuple[str, ...] = ()
    if "items" in data:
        wanted = _items(data["items"], f"{where}.items", path, items)
    if "item" in data:
        wanted = _items([data["item"]], f"{where}.item", path, items)
    return Objective(key, line(data["says"], SAYS, f"{where}.says", path), (gold[0], gold[1]),
                     _number(data, "xp", where, path, True, 0, 100_000), wanted)


def _passages(found: list[Any], voice: str, path: Path,
              kinds_of_work: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[frozenset[str] | None, ...]]:
    """A voice's lead-ins (N41): each a line that fits any work, or {text, fits} naming the kinds it fits (issue
    23: "something's keeping my customers away" leads to a killing, not a parcel); every kind needs one."""
    texts, fits = [], []
    for i, passage in enumerate(found):
        where = f"flavour.{voice} passage {i + 1}"
        if isinstance(passage, dict):
            entries(passage, ("text", "fits"), path, where)
            kinds = passage["fits"]
            if not isinstance(kinds, list) or not kinds or any(k not in kinds_of_work for k in kinds):
                raise ContentError(f"{path}: {where}: fits must list kinds of work ({', '.join(kinds_of_work)})")
            texts.append(passage["text"])
            fits.append(frozenset(kinds))
        else:
            texts.append(passage)
            fits.append(None)
    for kind in kinds_of_work:
        if not any(f is None or kind in f for f in fits):
            raise ContentError(f"{path}: flavour.{voice}: no passage leads in to {kind} work (one without fits does)")
    return lines(texts, (), f"flavour.{voice}", path), tuple(fits)


def load_contracts(path: Path, items: Mapping[str, Any], backgrounds: Iterable[str]) -> Contracts:
    """Read and check contracts.toml; ContentError names the file, the entry and the field."""
    data = read_toml(path)
    entries(data, ("rules", "lines", "naming", "objectives", "bonus", "wants", "flavour"), path, "contracts.toml")
    rules = table(data, "rules", path)
    entries(rules, RULES, path, "rules")
    lines_table = table(data, "lines", path)
    entries(lines_table, LINES, path, "lines")
    naming = table(data, "naming", path)
    entries(naming, ("epithets", "marked_items", "marked_runes"), path, "naming")
    objectives = table(data, "objectives", path)
    voices = (*backgrounds, NOTABLE, MERCHANT)
    flavour = table(data, "flavour", path)
    entries(flavour, voices, path, "flavour")
    for voice in voices:
        if not isinstance(flavour[voice], list) or len(flavour[voice]) < PASSAGES:
            raise ContentError(f"{path}: flavour.{voice}: needs {PASSAGES} passages or more (N41)")
    passages = {voice: _passages(flavour[voice], voice, path, tuple(objectives)) for voice in voices}
    runes = naming["marked_runes"]
    if not isinstance(runes, list) or not runes or any(r not in SCHOOLS for r in runes):
        raise ContentError(f"{path}: naming.marked_runes: must list runes' schools ({', '.join(SCHOOLS)})")
    bonus = table(data, "bonus", path)
    entries(bonus, ("items",), path, "bonus")
    wants_table = table(data, "wants", path)
    wants = {}
    for key, value in wants_table.items():
        if key == "says":
            continue
        want = table(wants_table, key, path, "wants")
        entries(want, ("what", "items"), path, f"wants.{key}")
        wants[key] = Want(key, line(want["what"], (), f"wants.{key}.what", path),
                          _items(want["items"], f"wants.{key}.items", path, items))
    if not wants:
        raise ContentError(f"{path}: wants: needs at least one want (N44)")
    return Contracts(
        rules={k: _number(rules, k, "rules", path, whole, lo, hi) for k, (whole, lo, hi) in RULES.items()},
        lines={k: line(lines_table[k], allowed, f"lines.{k}", path) for k, allowed in LINES.items()},
        flavour={v: texts for v, (texts, _) in passages.items()},
        fits={v: fits for v, (_, fits) in passages.items()},
        objectives={k: _objective(table(objectives, k, path, "objectives"), k, path, items) for k in objectives},
        epithets=lines(naming["epithets"], (), "naming.epithets", path),
        marked_items=_items(naming["marked_items"], "naming.marked_items", path, items),
        marked_runes=tuple(runes),
        bonus=_items(bonus["items"], "bonus.items", path, items),
        wants=wants,
        wants_says=line(wants_table.get("says"), ("item",), "wants.says", path),
    )
