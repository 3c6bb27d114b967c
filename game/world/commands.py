"""Commands: what an actor (the hero, a second hero, a companion, a scripted bot) asks to do.

Every command names its actor and costs that actor Action Points (`AP_COST`; talking is free, `COSTS`);
`perform` carries it out the same way for anyone and returns a Result, whose reason the screen shows when
it was refused. It never raises for a refused command.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.world.components import Body, Identity, Inventory, Item, Position
from game.world.verbs import (coercion, combat, company, conditions, contracts, deeds, heroic, loadout, moments,
                              motives, moving, provisions, spells, talk, trade)
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.world import World

AP_COST = 1


@dataclass(frozen=True)
class Result:
    ok: bool
    reason: str = ""


@dataclass(frozen=True)
class Move:
    actor: int
    room: int


@dataclass(frozen=True)
class Attack:
    actor: int
    target: int


@dataclass(frozen=True)
class PickUp:
    actor: int
    item: int


@dataclass(frozen=True)
class Drop:
    actor: int
    item: int


@dataclass(frozen=True)
class Consume:
    actor: int
    item: int


@dataclass(frozen=True)
class Equip:
    actor: int
    item: int


@dataclass(frozen=True)
class Unequip:
    """Take off worn armour or put away a wielded weapon: it stays in the pack (the inventory's Remove)."""

    actor: int
    item: int


@dataclass(frozen=True)
class Repair:
    """Patch the armour the actor wears with a carried repair kit (C26)."""

    actor: int
    item: int


@dataclass(frozen=True)
class EndTurn:
    """The actor spends what is left of its Action Points on waiting."""

    actor: int


@dataclass(frozen=True)
class Talk:
    """Start talking with a creature in the room (N45); a moment may begin (N75)."""

    actor: int
    target: int


@dataclass(frozen=True)
class Ask:
    """One of the usual options: "others", "news", "about" (N71, N80) or "goodbye" (N82)."""

    actor: int
    target: int
    option: str


@dataclass(frozen=True)
class Reply:
    """Answer the moment under way with the reply of an approach (N77-N81)."""

    actor: int
    target: int
    approach: str


@dataclass(frozen=True)
class Offer:
    """Offer a carried item to a creature in the room, to buy it off (C4): it takes what it wants and the
    fight ends, or refuses and the AP is spent."""

    actor: int
    target: int
    item: int


@dataclass(frozen=True)
class DrawWeapon:
    """End a conversation with a blade (N46): the person becomes an ordinary enemy where it stands."""

    actor: int
    target: int


@dataclass(frozen=True)
class Trade:
    """Open trade with a merchant in the room (N5): it greets the hero in the tone of its traits."""

    actor: int
    target: int


@dataclass(frozen=True)
class Buy:
    """Buy one of `item`, which the merchant `target` has for sale, at its price (N5)."""

    actor: int
    target: int
    item: int


@dataclass(frozen=True)
class Sell:
    """Sell one of `item`, carried and not worn, to the merchant `target` at its offer (N5)."""

    actor: int
    target: int
    item: int


@dataclass(frozen=True)
class Mend:
    """Have the smith `target` mend `item`, armour the actor wears, to full durability for gold (C26)."""

    actor: int
    target: int
    item: int


@dataclass(frozen=True)
class Work:
    """Contracts and mini-quests with `target` (N40-N44): "ask" (Any work?), "accept", "decline", "abandon",
    "claim", "deliver" (a parcel to its addressee) or "give" (what a mini-quest asked for)."""

    actor: int
    target: int
    action: str


@dataclass(frozen=True)
class Recruit:
    """"Come with me." (N38, N39): `target` joins the party if it is loyal enough and there is room."""

    actor: int
    target: int


@dataclass(frozen=True)
class Order:
    """An order to a companion (N4, N38): "follow", "wait", "explore" (`room`, next to it) or "part"."""

    actor: int
    target: int
    order: str
    room: int = -1


@dataclass(frozen=True)
class Hand:
    """Give the companion `target` a weapon or armour from the pack; it equips it (N4)."""

    actor: int
    target: int
    item: int


@dataclass(frozen=True)
class TakeBack:
    """The companion `target` hands `item` over (N48)."""

    actor: int
    target: int
    item: int


@dataclass(frozen=True)
class Coerce:
    """Put the choice of forced labour to a beaten person (N47): one attempt, no cost."""

    actor: int
    target: int


@dataclass(frozen=True)
class Lift:
    """Try to lift `item` from what `target` carries (N48, the Thief perk): 1 AP."""

    actor: int
    target: int
    item: int


@dataclass(frozen=True)
class SecondWind:
    """The hero sheet's Second Wind: once a fight, 1 AP for a Division die of health."""

    actor: int


@dataclass(frozen=True)
class Cast:
    """Cast the binding spell `spell` (spells.toml: animal_charm, mind_control, necrotize) on `target` in the
    room (N50-N52); it costs the spell's AP and mana."""

    actor: int
    target: int
    spell: str


@dataclass(frozen=True)
class Compel:
    """An order to a creature the actor's spell binds (N54): "stay", "explore" or "come" in its room, "wait"
    when it travels in the party."""

    actor: int
    target: int
    order: str


Command = (Move | Attack | PickUp | Drop | Consume | Equip | Unequip | Repair | EndTurn | Talk | Ask | Reply | Offer
           | DrawWeapon | Trade | Buy | Sell | Mend | Work | Recruit | Order | Hand | TakeBack | Coerce | Lift
           | SecondWind | Cast | Compel)
# Talking, asking, drawing a weapon, trading, work talk, recruiting and orders take no time; a reply to a
# moment, an offer and handing gear over cost AP_COST; a spell costs what spells.toml says (verbs/spells).
COSTS: dict[type, int] = {Talk: 0, Ask: 0, DrawWeapon: 0, Trade: 0, Buy: 0, Sell: 0, Mend: 0, Work: 0, Recruit: 0,
                          Order: 0, Coerce: 0, Cast: 0, Compel: 0}


def perform(world: World, command: Command) -> Result:
    """Carry out `command` for its actor: refused with a reason, or done and paid for in AP."""
    actor = command.actor
    if not world.alive(actor):
        return Result(False, "You are dead.")
    body = world.get(actor, Body)
    if isinstance(command, EndTurn):
        if body.ap >= body.card.ap:  # a turn spent doing nothing: a turn that moved or fought ends unsaid
            world.emit("hero_wait", actor, room=world.room_of(actor))
        body.ap = 0
        return Result(True)
    handler = HANDLERS.get(type(command))
    if handler is None:
        return Result(False, f"Unknown command {type(command).__name__}.")
    if type(command) in SPOKEN and spells.binding_of(world, command.target) is not None:
        if isinstance(command, Ask) and command.option == "goodbye":
            return Result(True)  # leaving it costs nothing and changes nothing
        name = world.get(command.target, Identity).name
        return Result(False, f"{name} gives only a blank stare: a spell holds it.")  # N53, N54
    cost = COSTS.get(type(command), AP_COST)
    if body.ap < cost:
        return Result(False, "You have no action points left this turn.")
    reason = handler(world, actor, command)
    if reason:
        return Result(False, reason)
    body.ap -= cost
    return Result(True)


def _move(world: World, actor: int, cmd: Move) -> str:
    here = world.room_of(actor)
    if cmd.room == here:
        return "You are already there."
    if world.get(actor, Body).stunned:
        return "You are stunned and cannot move."
    exit_ = next((ex for ex, other in world.rooms.exits[here] if other == cmd.room), None)
    if exit_ is None:
        return f"{world.room_name(cmd.room)} is not next to this room."
    reason = moving.go(world, actor, exit_, cmd.room, force=False)
    if not reason:
        company.follow(world, actor, here)  # N4: the companions following come along
        heroic.moved(world, actor, cmd.room)
    return reason


def _attack(world: World, actor: int, cmd: Attack) -> str:
    if not world.alive(cmd.target) or cmd.target == actor:
        return "There is nothing to attack there."
    body = world.get(actor, Body)
    if body.stunned:
        return "You are stunned and cannot fight."
    if body.conditions and conditions.hampered(world, body):
        names = ", ".join(world.content.conditions[c].name for c in sorted(body.conditions))
        return f"You cannot fight while {names}."
    if world.room_of(cmd.target) != world.room_of(actor):
        return "That creature is not in this room."
    combat.strike(world, actor, cmd.target)  # N25's budget binds the NPCs' own stage; a command strikes once per AP
    return ""


def _floor_item(world: World, actor: int, item: int) -> str:
    """"" when `item` lies in the actor's room, else the reason."""
    found = world.try_get(item, Item) if world.exists(item) else None
    if found is None or found.room != world.get(actor, Position).room:
        return "That item is not here."
    return ""


def _pick_up(world: World, actor: int, cmd: PickUp) -> str:
    reason = _floor_item(world, actor, cmd.item)
    if reason:
        return reason
    if world.content.items[world.get(cmd.item, Item).item_id].fixture:
        return f"The {item_name(world, cmd.item)} cannot be carried; eat or drink here instead."
    if not loadout.can_carry(world, actor, cmd.item):
        return f"The {item_name(world, cmd.item)} is too heavy to carry with your load."
    room, name = world.room_of(actor), item_name(world, cmd.item)
    provisions.take(world, actor, cmd.item)
    heroic.took(world, actor, room, name)
    return ""


def _carried(world: World, actor: int, item: int) -> bool:
    found = world.try_get(item, Item) if world.exists(item) else None
    return found is not None and found.owner == actor


def _drop(world: World, actor: int, cmd: Drop) -> str:
    if not _carried(world, actor, cmd.item):
        return "You do not carry that."
    provisions.put_down(world, actor, cmd.item)
    return ""


def _consume(world: World, actor: int, cmd: Consume) -> str:
    if not _carried(world, actor, cmd.item):
        reason = _floor_item(world, actor, cmd.item)
        if reason:
            return reason
    kind = world.content.items[world.get(cmd.item, Item).item_id].kind
    if kind not in ("food", "drink", "healing"):
        return f"You cannot eat or drink the {item_name(world, cmd.item)}."
    provisions.consume(world, actor, cmd.item)
    return ""


def _equip(world: World, actor: int, cmd: Equip) -> str:
    if not _carried(world, actor, cmd.item):
        return "You do not carry that."
    if world.content.items[world.get(cmd.item, Item).item_id].slot is None:
        return f"The {item_name(world, cmd.item)} is not something to wear or wield."
    if cmd.item in world.get(actor, Inventory).equipped.values():
        return "You already have that equipped."
    loadout.equip(world, actor, cmd.item)
    world.emit("equip", actor, room=world.room_of(actor), item=item_name(world, cmd.item))
    return ""


def _unequip(world: World, actor: int, cmd: Unequip) -> str:
    if not _carried(world, actor, cmd.item):
        return "You do not carry that."
    inv = world.get(actor, Inventory)
    slot = next((slot for slot, worn in inv.equipped.items() if worn == cmd.item), None)
    if slot is None:
        return f"You are not wearing the {item_name(world, cmd.item)}."
    del inv.equipped[slot]
    loadout.refresh(world, actor)
    world.emit("unequip", actor, room=world.room_of(actor), item=item_name(world, cmd.item))
    return ""


def _repair(world: World, actor: int, cmd: Repair) -> str:
    if not _carried(world, actor, cmd.item):
        return "You do not carry that."
    defn = world.content.items[world.get(cmd.item, Item).item_id]
    if defn.kind != "repair":
        return f"The {defn.name} mends nothing."
    return loadout.patch_armour(world, actor, cmd.item)


def _talk(world: World, actor: int, cmd: Talk) -> str:
    if spells.binding_of(world, cmd.target) is not None:
        reason = talk.absent(world, actor, cmd.target)
        if not reason:
            spells.blank_line(world, actor, cmd.target)  # N53: one blank line, nothing else
        return reason
    reason = talk.refusal(world, actor, cmd.target, bargaining=True)
    if not reason:
        talk.start(world, actor, cmd.target)
    return reason


def _ask(world: World, actor: int, cmd: Ask) -> str:
    return talk.refusal(world, actor, cmd.target) or talk.ask(world, actor, cmd.target, cmd.option)


def _reply(world: World, actor: int, cmd: Reply) -> str:
    return talk.refusal(world, actor, cmd.target) or moments.reply(world, actor, cmd.target, cmd.approach)


def _offer(world: World, actor: int, cmd: Offer) -> str:
    reason = talk.absent(world, actor, cmd.target) or motives.bargain_refusal(world, actor, cmd.target)
    if reason:
        return reason
    if not _carried(world, actor, cmd.item):
        return "You do not carry that."
    motives.offer(world, actor, cmd.target, cmd.item)
    return ""


def _draw_weapon(world: World, actor: int, cmd: DrawWeapon) -> str:
    reason = talk.absent(world, actor, cmd.target)
    if not reason and talk.hostile(world, actor, cmd.target):
        reason = f"{world.get(cmd.target, Identity).name} is already your enemy."
    if not reason:
        if company.companion_of(world, cmd.target) is not None:
            company.part(world, actor, cmd.target, quietly=True)  # N46: a companion is set down first
        talk.draw_weapon(world, actor, cmd.target)
    return reason


def _trader(world: World, actor: int, target: int) -> str:
    """Why `actor` cannot trade with `target` now, or "" (a merchant, in the room, not hostile: N5)."""
    reason = talk.refusal(world, actor, target)
    if not reason and trade.merchant_of(world, target) is None:
        reason = f"{world.get(target, Identity).name} has nothing to sell."
    return reason


def _trade(world: World, actor: int, cmd: Trade) -> str:
    reason = _trader(world, actor, cmd.target)
    if not reason:
        trade.react(world, cmd.target, actor, "greeting")
    return reason


def _buy(world: World, actor: int, cmd: Buy) -> str:
    return _trader(world, actor, cmd.target) or trade.buy(world, actor, cmd.target, cmd.item)


def _sell(world: World, actor: int, cmd: Sell) -> str:
    return _trader(world, actor, cmd.target) or trade.sell(world, actor, cmd.target, cmd.item)


def _mend(world: World, actor: int, cmd: Mend) -> str:
    return _trader(world, actor, cmd.target) or trade.mend(world, actor, cmd.target, cmd.item)


def _work(world: World, actor: int, cmd: Work) -> str:
    reason = talk.refusal(world, actor, cmd.target)
    if not reason and moments.open_moment(world, actor, cmd.target) is not None:
        reason = "Answer first, or say goodbye."
    return reason or contracts.work(world, actor, cmd.target, "claim" if cmd.action == "give" else cmd.action)


def _recruit(world: World, actor: int, cmd: Recruit) -> str:
    if spells.binding_of(world, cmd.target) is not None:  # N50-N52: bound, it comes at once
        return talk.absent(world, actor, cmd.target) or spells.command(world, actor, cmd.target, "come")
    return talk.refusal(world, actor, cmd.target) or company.recruit(world, actor, cmd.target)


def _order(world: World, actor: int, cmd: Order) -> str:
    if spells.binding_of(world, cmd.target) is not None:  # N54: in the party, only Wait here
        return talk.absent(world, actor, cmd.target) or spells.command(world, actor, cmd.target, cmd.order)
    return talk.refusal(world, actor, cmd.target) or company.order(world, actor, cmd.target, cmd.order, cmd.room)


def _companion(world: World, actor: int, target: int) -> str:
    """Why `target` is no companion of the actor's at hand, or ""."""
    reason = talk.refusal(world, actor, target)
    companion = company.companion_of(world, target)
    if not reason and (companion is None or companion.hero != world.uid(actor)):
        reason = f"{world.get(target, Identity).name} does not travel with you."
    return reason


def _hand(world: World, actor: int, cmd: Hand) -> str:
    return _companion(world, actor, cmd.target) or company.hand(world, actor, cmd.target, cmd.item)


def _take_back(world: World, actor: int, cmd: TakeBack) -> str:
    return _companion(world, actor, cmd.target) or company.take(world, actor, cmd.target, cmd.item)


def _coerce(world: World, actor: int, cmd: Coerce) -> str:
    return talk.refusal(world, actor, cmd.target) or coercion.coerce(world, actor, cmd.target)


def _lift(world: World, actor: int, cmd: Lift) -> str:
    return talk.refusal(world, actor, cmd.target) or coercion.lift(world, actor, cmd.target, cmd.item)


def _second_wind(world: World, actor: int, cmd: SecondWind) -> str:
    reason = deeds.second_wind_refusal(world, actor)
    if not reason:
        deeds.second_wind(world, actor)
    return reason


def _cast(world: World, actor: int, cmd: Cast) -> str:
    return spells.cast(world, actor, cmd.target, cmd.spell)


def _compel(world: World, actor: int, cmd: Compel) -> str:
    return talk.absent(world, actor, cmd.target) or spells.command(world, actor, cmd.target, cmd.order)


# Commands a spell-bound creature does not answer (N53: no quests, trade, information or social options;
# N54: no provisioning). Talk gets its blank line; Recruit and Order go to its own orders.
SPOKEN = (Ask, Reply, Offer, DrawWeapon, Trade, Buy, Sell, Mend, Work, Coerce, Lift, Hand, TakeBack)

HANDLERS = {Move: _move, Attack: _attack, PickUp: _pick_up, Drop: _drop, Consume: _consume, Equip: _equip,
            Unequip: _unequip, Repair: _repair, Talk: _talk, Ask: _ask, Reply: _reply, Offer: _offer, DrawWeapon: _draw_weapon,
            Trade: _trade, Buy: _buy, Sell: _sell, Mend: _mend, Work: _work, Recruit: _recruit, Order: _order,
            Hand: _hand, TakeBack: _take_back, Coerce: _coerce, Lift: _lift, SecondWind: _second_wind,
            Cast: _cast, Compel: _compel}
