"""A read-only view of a trade (N5) for the trade screen and scripted heroes: the merchant's wares with its
prices, the hero's goods with its offers, both purses, and each price's parts (base, quality, trait,
level) and each item's card lines."""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.trade import Price
from game.world.components import Identity, Inventory, Item
from game.world.verbs import loadout, trade
from game.world.views import item_name
from game.world.world import World


@dataclass(frozen=True)
class Ware:
    """One line of goods: an item entity, its name and count, its price on this side, and its card."""

    eid: int
    item_id: str
    name: str
    kind: str
    count: int
    price: Price
    worn: bool  # the hero wears it: not for sale until taken off
    card: tuple[str, ...]  # what the item card shows on hover


@dataclass(frozen=True)
class TradeView:
    merchant: int
    name: str
    trade_name: str  # the merchant's type, as trade.toml names it
    level: int
    traits: tuple[str, ...]
    merchant_gold: int
    hero_gold: int
    wares: tuple[Ware, ...]  # what the merchant sells
    goods: tuple[Ware, ...]  # what the hero carries, with the merchant's offers
    load: tuple[int, int]  # the hero's carried weight and capacity (N33)


def item_card(world: World, item_eid: int) -> tuple[str, ...]:
    """An item's card: kind and slot, quality and material, weight, value, and what it does."""
    item = world.get(item_eid, Item)
    defn = world.content.items[item.item_id]
    lines = [f"{defn.kind}{f' · {defn.slot}' if defn.slot else ''}",
             f"{item.quality} · {item.material}{f' · {item.rune} rune' if item.rune else ''}",
             f"weight {defn.weight} · value {defn.value} gold"]
    for what, amount in (("nourishes", defn.nourish), ("quenches", defn.quench), ("heals", defn.heal)):
        if amount:
            lines.append(f"{what} {amount}")
    equipment = world.content.codex.equipment
    if defn.kind == "weapon" and defn.equipment in equipment.weapons:
        weapon = equipment.weapons[defn.equipment]
        lines.append(f"{weapon.category} · {weapon.damage_type}")
    if defn.kind == "armour" and defn.equipment in equipment.armour:
        lines.append(f"durability {item.durability} of {loadout.max_durability(world, item)}")
    return tuple(lines)


def _ware(world: World, merchant: int, item_eid: int, selling: bool, worn: bool = False) -> Ware:
    item = world.get(item_eid, Item)
    defn = world.content.items[item.item_id]
    return Ware(item_eid, item.item_id, item_name(world, item_eid).split(" ×")[0], defn.kind, item.count,
                trade.price(world, merchant, item_eid, selling), worn, item_card(world, item_eid))


def trade_view(world: World, hero: int, merchant: int) -> TradeView | None:
    """The trade as the screen shows it; None when `merchant` is gone or no merchant."""
    shop = trade.merchant_of(world, merchant)
    if shop is None or not world.alive(merchant) or not world.alive(hero):
        return None
    data = world.content.trade
    worn = set(world.get(hero, Inventory).equipped.values())
    carried = [i for i in world.get(hero, Inventory).items
               if world.get(i, Item).item_id != trade.GOLD]
    return TradeView(
        merchant, world.get(merchant, Identity).name, data.types[shop.trade].name,
        trade.level(world, shop), tuple(sorted(shop.traits)), trade.gold_of(world, merchant), trade.gold_of(world, hero),
        tuple(_ware(world, merchant, i, True) for i in trade.wares(world, merchant)),
        tuple(_ware(world, merchant, i, False, i in worn) for i in carried),
        (loadout.carried_weight(world, hero), loadout.capacity(world, hero)))
