"""Identical items shown as one line: the same kind, quality, material, rune and durability make a stack in
the pack, on the floor and in a shop's list. Display grouping only: the world keeps its own entities."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from game.world.tradeview import Ware
from game.world.views import ItemView


def base_name(item: ItemView) -> str:
    """The item's name without its count ("Ration ×3" -> "Ration")."""
    return item.name.rsplit(" ×", 1)[0] if item.count > 1 else item.name


@dataclass(frozen=True)
class Stack:
    """One line of identical items (`items`, in the order they were given); `worn` when it is what the hero
    wears or wields (a worn piece never shares a line with a spare one)."""

    items: tuple[ItemView, ...]
    worn: bool = False

    @property
    def first(self) -> ItemView:
        """The item a use, equip or drop of this line acts on."""
        return self.items[0]

    @property
    def count(self) -> int:
        return sum(i.count for i in self.items)

    @property
    def name(self) -> str:
        """"Ration ×5", "Byrnie": the line's name with the stack's whole count."""
        name = base_name(self.first)
        return f"{name} ×{self.count}" if self.count > 1 and not self.first.fixture else name


def identity(item: ItemView) -> tuple[str, str, int]:
    """What must match for two items to share a line: kind (its id), the name's quality, material and rune,
    and durability."""
    return item.item_id, base_name(item), item.durability


def stacked(items: Iterable[ItemView], worn: frozenset[int] = frozenset()) -> list[Stack]:
    """The items as lines, in the order each line's first item comes."""
    groups: dict[tuple, list[ItemView]] = {}
    for item in items:
        groups.setdefault((*identity(item), item.eid in worn), []).append(item)
    return [Stack(tuple(group), key[-1]) for key, group in groups.items()]


def stacked_wares(wares: Iterable[Ware]) -> tuple[Ware, ...]:
    """A shop's or the hero's goods as lines: wares alike in kind, name, wear (the card), price and being worn
    share one line, counted together; a deal on the line acts on its first ware."""
    groups: dict[tuple, list[Ware]] = {}
    for ware in wares:
        groups.setdefault((ware.item_id, ware.name, ware.card, ware.price.total, ware.worn), []).append(ware)
    return tuple(replace(group[0], count=sum(w.count for w in group)) for group in groups.values())
