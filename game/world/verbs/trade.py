"""Trade (N5): purses of gold, a merchant's shop set up from its type's stock table, prices coloured by its
traits and level, buying and selling, restocking, and the growth business brings. Numbers and lines come
from assets/data/trade.toml; the price arithmetic is game/rules/trade.py."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import trade as rules
from game.world.components import Identity, Inventory, Item, Merchant
from game.world.verbs import loadout
from game.world.verbs.items import destroy, give, hand_over
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.world import World

GOLD = "gold"  # the items.toml id of coins: a purse is the gold stacks a creature carries
UNSOLD_FLAGS = frozenset({"quest", "story"})  # items no merchant buys
PROVISIONS = frozenset({"food", "drink"})  # laid in first at a restock (N33), so a merchant always eats


# -- gold --------------------------------------------------------------------------------------------------
def gold_of(world: World, eid: int) -> int:
    """The gold `eid` carries."""
    return sum(world.get(i, Item).count for i in world.get(eid, Inventory).items
               if world.get(i, Item).item_id == GOLD)


def add_gold(world: World, eid: int, amount: int) -> None:
    """`amount` new coins into `eid`'s purse (they join its stack)."""
    if amount > 0:
        give(world, world.create(Item(GOLD, amount)), eid)


def take_gold(world: World, eid: int, amount: int) -> None:
    """`amount` coins out of `eid`'s purse (it holds at least that many)."""
    for item_eid in list(world.get(eid, Inventory).items):
        item = world.get(item_eid, Item)
        if item.item_id != GOLD or amount <= 0:
            continue
        taken = min(amount, item.count)
        amount -= taken
        item.count -= taken
        if item.count == 0:
            destroy(world, item_eid)


def pay(world: World, payer: int, payee: int, amount: int) -> None:
    take_gold(world, payer, amount)
    add_gold(world, payee, amount)


# -- the shop ----------------------------------------------------------------------------------------------
def merchant_of(world: World, eid: int) -> Merchant | None:
    return world.try_get(eid, Merchant) if world.exists(eid) else None


def level(world: World, merchant: Merchant) -> int:
    return rules.level_for(merchant.xp, world.content.trade.levels)


def open_shop(world: World, eid: int, trade_type: str) -> None:
    """N5: a new merchant of `trade_type`: traits drawn with the world's RNG, its stock and gold laid in."""
    trade = world.content.trade
    traits = sorted(trade.traits)
    drawn: set[str] = set()
    while len(drawn) < trade.traits_each:
        drawn.add(traits[world.rng.randrange(len(traits))])
    world.add(eid, Merchant(trade_type, frozenset(drawn)))
    restock(world, eid)


def wares(world: World, eid: int) -> list[int]:
    """What a creature can trade: what it carries and does not wear, gold aside."""
    inv = world.get(eid, Inventory)
    worn = set(inv.equipped.values())
    return [i for i in inv.items if i not in worn and world.get(i, Item).item_id != GOLD]


def restock(world: World, eid: int) -> None:
    """N5: every line of its type's stock table back up to its count, and its gold up to its type's, each
    raised by its level (trade.toml [growth]); a weapon or armour laid in may be fine, or steel (`finer`).
    What is laid in is carried, within N33's capacity (`fitting`)."""
    trade, merchant = world.content.trade, world.get(eid, Merchant)
    kind, grown = trade.types[merchant.trade], level(world, merchant)
    held: dict[str, int] = {}
    for item_eid in wares(world, eid):
        item = world.get(item_eid, Item)
        held[item.item_id] = held.get(item.item_id, 0) + item.count
    wanted = {item_id: count + grown * trade.stock_per_level - held.get(item_id, 0)
              for item_id, count in kind.stock.items()}
    laid = fitting(world, eid, wanted)
    for item_id in kind.stock:
        for _ in range(laid[item_id]):
            item = Item(item_id)
            if world.content.items[item_id].slot is not None:  # gear: now and then fine, or steel
                item.quality = "fine" if world.rng.random() < trade.finer else "common"
                item.material = "steel" if world.rng.random() < trade.finer else "iron"
            item.durability = loadout.max_durability(world, item)
            give(world, world.create(item), eid)
    add_gold(world, eid, kind.gold + grown * trade.gold_per_level - gold_of(world, eid))


def fitting(world: World, eid: int, wanted: dict[str, int]) -> dict[str, int]:
    """N33: how many of each wanted line a merchant can take on within forty times its base strength: all of
    them if they fit, else a piece of each line in turn (food and drink first, so it always has its meals)
    until no further piece fits."""
    room = loadout.capacity(world, eid) - loadout.carried_weight(world, eid)
    items = world.content.items
    lines = sorted(wanted, key=lambda item_id: items[item_id].kind not in PROVISIONS)
    laid = dict.fromkeys(wanted, 0)
    more = True
    while more:
        more = False
        for item_id in lines:
            if laid[item_id] < wanted[item_id] and items[item_id].weight <= room:
                laid[item_id] += 1
                room -= items[item_id].weight
                more = True
    return laid


def price(world: World, merchant_eid: int, item_eid: int, selling: bool) -> rules.Price:
    """N5: what the merchant asks for one of the item (`selling`) or offers for one."""
    trade, merchant = world.content.trade, world.get(merchant_eid, Merchant)
    item = world.get(item_eid, Item)
    gear = world.content.gear
    shares = [trade.traits[t].sell if selling else trade.traits[t].buy for t in sorted(merchant.traits)]
    return rules.price(world.content.items[item.item_id].value, gear.qualities[item.quality].value,
                       gear.materials[item.material].value, trade.sell if selling else trade.buy, shares,
                       level(world, merchant), trade.level_share, selling, trade.least)


def react(world: World, merchant_eid: int, hero: int, reaction: str, item: str = "", gold: int = 0) -> None:
    """The merchant says its first trait's line for `reaction` (greeting, bought, sold, poor, broke)."""
    merchant = world.get(merchant_eid, Merchant)
    trait = world.content.trade.traits[min(merchant.traits)] if merchant.traits else None
    if trait is None:
        return
    line = trait.lines[reaction].format(name=world.get(merchant_eid, Identity).name,
                                        hero=world.get(hero, Identity).name, item=item, price=gold)
    world.emit("says", merchant_eid, hero, world.room_of(merchant_eid), line=line, part="trade")


def _deal(world: World, merchant_eid: int, gold: int) -> None:
    """Business passes through the merchant: trade XP by the gold (N5), and word when it grows a level."""
    merchant = world.get(merchant_eid, Merchant)
    before = level(world, merchant)
    merchant.xp += gold
    if level(world, merchant) > before:
        world.emit("trade_grows", merchant_eid, room=world.room_of(merchant_eid), level=level(world, merchant))


def buy(world: World, hero: int, merchant_eid: int, item_eid: int) -> str:
    """The hero buys one of a merchant's wares; "" when done, else why not."""
    if item_eid not in wares(world, merchant_eid):
        return "That is not for sale here."
    cost = price(world, merchant_eid, item_eid, selling=True).total
    name = item_name(world, item_eid).split(" ×")[0]
    if gold_of(world, hero) < cost:
        react(world, merchant_eid, hero, "poor", name, cost)
        return f"You cannot afford the {name} ({cost} gold)."
    if not loadout.can_carry(world, hero, item_eid, 1):
        return f"The {name} is too heavy to carry with your load."
    pay(world, hero, merchant_eid, cost)
    hand_over(world, item_eid, hero)
    world.emit("buy", hero, merchant_eid, world.room_of(hero), item=name, price=cost)
    react(world, merchant_eid, hero, "bought", name, cost)
    _deal(world, merchant_eid, cost)
    return ""


def sell(world: World, hero: int, merchant_eid: int, item_eid: int) -> str:
    """The hero sells one of what it carries (not what it wears) to a merchant; "" when done, else why not."""
    if item_eid not in wares(world, hero):
        inv = world.get(hero, Inventory)
        return "Take it off before you sell it." if item_eid in inv.equipped.values() else "You do not carry that."
    if world.content.items[world.get(item_eid, Item).item_id].flags & UNSOLD_FLAGS:
        return "No merchant will buy that."
    offer = price(world, merchant_eid, item_eid, selling=False).total
    name = item_name(world, item_eid).split(" ×")[0]
    if gold_of(world, merchant_eid) < offer:
        react(world, merchant_eid, hero, "broke", name, offer)
        return f"{world.get(merchant_eid, Identity).name} cannot pay {offer} gold."
    if not loadout.can_carry(world, merchant_eid, item_eid, 1):  # N33: what it buys, it carries
        return f"{world.get(merchant_eid, Identity).name} has no room to carry the {name}."
    pay(world, merchant_eid, hero, offer)
    hand_over(world, item_eid, merchant_eid)
    world.emit("sell", hero, merchant_eid, world.room_of(hero), item=name, price=offer)
    react(world, merchant_eid, hero, "sold", name, offer)
    _deal(world, merchant_eid, offer)
    return ""


# -- a smith's repair (C26) --------------------------------------------------------------------------------
def is_smith(world: World, eid: int) -> bool:
    merchant = merchant_of(world, eid)
    return merchant is not None and merchant.trade in world.content.trade.smiths


def worn_to_mend(world: World, hero: int) -> list[int]:
    """The armour the hero wears below its full durability, in loadout.MENDING_ORDER."""
    equipped = world.get(hero, Inventory).equipped
    worn = [equipped[slot] for slot in loadout.MENDING_ORDER if slot in equipped]
    return [i for i in worn if world.get(i, Item).durability
            < loadout.max_durability(world, world.get(i, Item))]


def repair_price(world: World, item_eid: int) -> int:
    """C26: the smith's fee to mend the armour `item_eid` to full: by missing durability and quality."""
    item, trade = world.get(item_eid, Item), world.content.trade
    missing = loadout.max_durability(world, item) - item.durability
    return rules.repair_price(missing, trade.repair_per_point, world.content.gear.qualities[item.quality].value,
                              trade.least)


def mend(world: World, hero: int, smith: int, item_eid: int) -> str:
    """C26: the smith mends a piece of armour the hero wears back to full durability for gold; "" when
    done, else why not (nothing is paid)."""
    if not is_smith(world, smith):
        return f"{world.get(smith, Identity).name} mends no armour."
    if item_eid not in worn_to_mend(world, hero):
        return "You wear no such armour that needs mending."
    cost, name = repair_price(world, item_eid), item_name(world, item_eid)
    if gold_of(world, hero) < cost:
        react(world, smith, hero, "poor", name, cost)
        return f"You cannot afford to have the {name} mended ({cost} gold)."
    pay(world, hero, smith, cost)
    item = world.get(item_eid, Item)
    item.durability = loadout.max_durability(world, item)
    world.emit("mend", smith, hero, world.room_of(hero), item=name, price=cost)
    _deal(world, smith, cost)
    return ""
