"""assets/data/trade.toml: merchant types with their stock tables, price rules, personality traits, growth
and the hero's starting gold (N5), checked on load: every item a stock table names must be in items.toml,
every number in its range, every reaction line present with only its placeholders, every stock table with
food and drink (N5: a stationary merchant lives on its stock)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.content.errors import ContentError
from game.content.lines import entries, line, table
from game.content.toml_file import read_toml

REACTIONS = ("greeting", "bought", "sold", "poor", "broke")
SAYS = ("name", "hero", "item", "price")
MOST_GOLD = 100_000
MOST_STOCK = 50
LIVES_ON = ("food", "drink")  # N5: what every stock table holds, so a merchant never leaves its shop to eat


@dataclass(frozen=True)
class Trait:
    """A merchant's personality trait (N5): its share of a price either way and its reactions."""

    id: str
    sell: float
    buy: float
    lines: Mapping[str, str]


@dataclass(frozen=True)
class MerchantType:
    """What a type of merchant keeps (N5): item id -> count restocked to, and the gold it restocks to."""

    id: str
    name: str
    gold: int
    stock: Mapping[str, int]


@dataclass(frozen=True)
class Trade:
    hero_gold: int
    sell: float
    buy: float
    least: int
    level_share: float
    levels: tuple[int, ...]  # trade XP thresholds of levels 1, 2, ...
    restock_every: int
    stock_per_level: int
    gold_per_level: int
    finer: float  # the chance a weapon or armour laid in is fine, and apart the chance it is steel
    traits_each: int
    traits: Mapping[str, Trait]
    types: Mapping[str, MerchantType]
    lines: Mapping[str, str]
    smiths: frozenset[str]  # C26: the merchant types that mend worn armour for gold
    repair_per_point: float  # C26: gold a missing durability point, times the armour's quality value


def _number(data: dict[str, Any], key: str, where: str, path: Path, lo: float, hi: float,
            whole: bool = False) -> Any:
    value = data.get(key)
    kinds = (int,) if whole else (int, float)
    if not isinstance(value, kinds) or isinstance(value, bool) or not lo <= value <= hi:
        kind = "a whole number" if whole else "a number"
        raise ContentError(f"{path}: {where}.{key}: must be {kind} from {lo} to {hi}, not {value!r}")
    return value


def _trait(data: dict[str, Any], trait_id: str, path: Path) -> Trait:
    where = f"traits.{trait_id}"
    entries(data, ("sell", "buy", *REACTIONS), path, where)
    return Trait(trait_id, float(_number(data, "sell", where, path, -0.9, 2.0)),
                 float(_number(data, "buy", where, path, -0.9, 2.0)),
                 {k: line(data[k], SAYS, f"{where}.{k}", path) for k in REACTIONS})


def _type(data: dict[str, Any], type_id: str, path: Path, items: Mapping[str, Any]) -> MerchantType:
    where = f"types.{type_id}"
    entries(data, ("name", "gold", "stock"), path, where)
    stock = table(data, "stock", path, where)
    if not stock:
        raise ContentError(f"{path}: {where}.stock: a merchant type needs at least one item")
    for item_id in stock:
        if item_id not in items:
            raise ContentError(f"{path}: {where}.stock.{item_id}: unknown item (not in items.toml)")
        if items[item_id].fixture or item_id == "gold":
            raise ContentError(f"{path}: {where}.stock.{item_id}: cannot be sold (a fixture or gold itself)")
        _number(stock, item_id, f"{where}.stock", path, 1, MOST_STOCK, whole=True)
    for kind in LIVES_ON:
        if not any(items[item_id].kind == kind for item_id in stock):
            raise ContentError(f"{path}: {where}.stock: a merchant type needs an item of kind {kind} in its stock "
                               f"(N5: a merchant eats and drinks from its stock and never leaves its shop for it)")
    return MerchantType(type_id, line(data["name"], (), f"{where}.name", path),
                        _number(data, "gold", where, path, 0, MOST_GOLD, whole=True), dict(stock))


def load_trade(path: Path, items: Mapping[str, Any]) -> Trade:
    """Read and check trade.toml against the items; ContentError names the file, the entry and the field.
    (The types a map may name are the map schema's `merchant_type`s: tests/test_trade.py keeps them equal.)"""
    data = read_toml(path)
    entries(data, ("hero", "prices", "growth", "lines", "traits", "types", "repair"), path, "trade.toml")
    hero, prices, growth = table(data, "hero", path), table(data, "prices", path), table(data, "growth", path)
    entries(hero, ("gold",), path, "hero")
    entries(prices, ("sell", "buy", "least", "level_share"), path, "prices")
    entries(growth, ("levels", "restock_every", "stock_per_level", "gold_per_level", "finer"), path, "growth")
    levels = growth["levels"]
    if not isinstance(levels, list) or not levels or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 10_000_000 for v in levels) \
            or levels != sorted(set(levels)):
        raise ContentError(f"{path}: growth.levels: must be rising whole numbers from 1 to 10000000")
    traits_table = table(data, "traits", path)
    traits_each = _number(traits_table, "traits_each", "traits", path, 0, 5, whole=True)
    traits = {k: _trait(v, k, path) for k, v in traits_table.items() if k != "traits_each" and isinstance(v, dict)}
    if len(traits) < max(traits_each, 1) or any(not isinstance(v, dict) for k, v in traits_table.items()
                                                if k != "traits_each"):
        raise ContentError(f"{path}: traits: needs tables of traits, at least traits_each ({traits_each}) of them")
    types_table = table(data, "types", path)
    types = {k: _type(table(types_table, k, path, "types"), k, path, items) for k in types_table}
    lines = table(data, "lines", path)
    entries(lines, ("trade", "trade_title", "mend"), path, "lines")
    repair = table(data, "repair", path)
    entries(repair, ("smiths", "per_point"), path, "repair")
    smiths = repair["smiths"]
    if not isinstance(smiths, list) or not all(isinstance(t, str) and t in types for t in smiths):
        raise ContentError(f"{path}: repair.smiths: must be a list of merchant types of [types], not {smiths!r}")
    return Trade(
        hero_gold=_number(hero, "gold", "hero", path, 0, MOST_GOLD, whole=True),
        sell=float(_number(prices, "sell", "prices", path, 0.1, 10.0)),
        buy=float(_number(prices, "buy", "prices", path, 0.0, 10.0)),
        least=_number(prices, "least", "prices", path, 0, 1000, whole=True),
        level_share=float(_number(prices, "level_share", "prices", path, 0.0, 0.2)),
        levels=tuple(levels),
        restock_every=_number(growth, "restock_every", "growth", path, 1, 100_000, whole=True),
        stock_per_level=_number(growth, "stock_per_level", "growth", path, 0, 10, whole=True),
        gold_per_level=_number(growth, "gold_per_level", "growth", path, 0, MOST_GOLD, whole=True),
        finer=float(_number(growth, "finer", "growth", path, 0.0, 1.0)),
        traits_each=traits_each, traits=traits, types=types,
        lines={**{k: line(lines[k], ("name",), f"lines.{k}", path) for k in ("trade", "trade_title")},
               "mend": line(lines["mend"], ("item", "price"), "lines.mend", path)},
        smiths=frozenset(smiths),
        repair_per_point=float(_number(repair, "per_point", "repair", path, 0.01, 100.0)),
    )
