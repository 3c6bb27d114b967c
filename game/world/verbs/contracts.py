"""Contracts and mini-quests (N40-N44): a thinking creature asked for work opens with a passage in its
background's voice (N41) and offers an objective (slay a named enemy, bring an item, deliver a parcel,
clear a room, or about one time in ten recover a marked enchanted item from a named enemy, N42); the hero
accepts, declines, asks an ordinary giver for another, abandons, delivers and claims. A claim surrenders
what the work asked for and pays gold and XP, sometimes an item; the giver's loyalty (Charisma-scaled,
N39), its XP and its memory rise (N43, N73), and it offers nothing for 30 turns (N40). With no larger task
and enough loyalty it asks a small favour instead (N44). Contracts live in the hero's Journal."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.contracts import MERCHANT
from game.world.components import Contract, Hero, Identity, Inventory, Item, Journal, Loyalty, Mark, Persona
from game.world.verbs import company, deeds, secrets, social
from game.world.verbs.experience import gain
from game.world.verbs.items import destroy, give, hand_over
from game.world.verbs.speech import say, voice_of
from game.world.verbs.trade import add_gold, merchant_of
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.world import World

ACTIONS = ("ask", "accept", "decline", "abandon", "claim", "deliver", "give")
ORDINARY = ("slay", "bring", "deliver", "clear", "escort")
ESCORT_STEPS = (2, 4)  # an escort's destination lies this many rooms from the giver's, at least and at most


# -- the journal -------------------------------------------------------------------------------------------
def journal_of(world: World, hero: int) -> Journal:
    return world.ensure(hero, Journal)


def of_giver(world: World, hero: int, giver: int, *states: str) -> Contract | None:
    """The hero's newest contract from `giver` in one of `states`."""
    uid = world.uid(giver)
    journal = world.try_get(hero, Journal)
    found = [c for c in journal.contracts if c.giver == uid and c.state in states] if journal else []
    return found[-1] if found else None


def cooldown_left(world: World, hero: int, giver: int) -> int:
    """N40: the turns before `giver` offers the hero work again (30 after a completed contract)."""
    uid, journal = world.uid(giver), world.try_get(hero, Journal)
    done = [c.turn for c in journal.contracts if c.giver == uid and c.state == "done" and c.kind != "mini"] \
        if journal else []
    wait = int(world.content.contracts.rules["cooldown"])
    return max(0, max(done) + wait - world.turn) if done else 0


def carried_mark(world: World, hero: int, contract: Contract) -> int | None:
    """The item the hero carries that bears this contract's mark (N42: only it counts)."""
    for item_eid in world.get(hero, Inventory).items:
        mark = world.try_get(item_eid, Mark)
        if mark is not None and mark.contract == contract.id and mark.hero == world.uid(hero):
            return item_eid
    return None


def carried_item(world: World, hero: int, item_ids: tuple[str, ...]) -> int | None:
    """An unmarked item of one of `item_ids` the hero carries and does not wear (worn gear is never handed)."""
    inv = world.get(hero, Inventory)
    worn = set(inv.equipped.values())
    for item_eid in inv.items:
        if item_eid not in worn and not world.has(item_eid, Mark) \
                and world.get(item_eid, Item).item_id in item_ids:
            return item_eid
    return None


def wanted(world: World, contract: Contract) -> tuple[str, ...]:
    """The item ids that answer a bring contract or a mini-quest's want."""
    if contract.kind == "mini":
        return world.content.contracts.wants[contract.item].items
    return (contract.item,)


def ready(world: World, hero: int, contract: Contract) -> bool:
    """Whether active work can be claimed: its objective met (slain, cleared, delivered) or, to bring or
    recover something, the hero carries it (only the marked item for a marked contract, N42)."""
    if contract.state != "active":
        return False
    if contract.kind == "slay":
        return contract.met or world.actors.by_uid(contract.target) is None
    if contract.kind in ("clear", "deliver", "escort"):
        return contract.met
    if contract.kind == "marked":
        return carried_mark(world, hero, contract) is not None
    return carried_item(world, hero, wanted(world, contract)) is not None


# -- offers ------------------------------------------------------------------------------------------------
def _enemies_of(world: World, hero: int, away_from: int) -> list[int]:
    """Living enemies of the hero outside `away_from`'s room, in the order they act (deterministic)."""
    here = world.room_of(away_from)
    return [a.eid for a in world.actors.all() if a.body.health > 0 and a.pos.room != here
            and world.is_enemy(a.eid, hero)]


def _people(world: World, giver: int) -> list[int]:
    return [a.eid for a in world.actors.all() if a.body.health > 0 and a.eid != giver
            and world.has(a.eid, Persona) and not world.is_enemy(a.eid, world.hero)]


def _destinations(world: World, giver: int) -> list[int]:
    """Where a giver may ask to be taken: rooms ESCORT_STEPS away through the exits, none holding an enemy of
    the hero, in the map's order."""
    steps = world.rooms.distances_from(world.room_of(giver))
    return [room for room in world.map.rooms if ESCORT_STEPS[0] <= steps.get(room, -1) <= ESCORT_STEPS[1]
            and not any(world.is_enemy(e, world.hero) for e in world.creatures_in(room))]


def _name_enemy(world: World, eid: int) -> str:
    """N42: an enemy a contract points at gets a name, if its kind's name is all it has."""
    ident = world.get(eid, Identity)
    defn = world.content.codex.creatures.get(ident.codex_id)
    if defn is not None and ident.name == defn.name:
        epithets = world.content.contracts.epithets
        ident.name = f"{epithets[world.rng.randrange(len(epithets))]} the {defn.name.lower()}"
    return ident.name


def _draw(world: World, hero: int, giver: int) -> dict[str, object] | None:
    """The objective of a new offer: about one in ten a marked item (N42) when an enemy can carry it, else one
    of the ordinary objectives the world allows; None when none does."""
    data, rng = world.content.contracts, world.rng
    enemies = _enemies_of(world, hero, giver)
    marked = rng.random() < data.rules["marked_chance"]
    if marked and enemies:
        carrier = enemies[rng.randrange(len(enemies))]
        base = data.marked_items[rng.randrange(len(data.marked_items))]
        rune = data.marked_runes[rng.randrange(len(data.marked_runes))]
        return {"kind": "marked", "target": carrier, "item": base, "rune": rune}
    far = _destinations(world, giver)
    kinds = [k for k in ORDINARY if k == "bring" or (k in ("slay", "clear") and enemies)
             or (k == "deliver" and _people(world, giver))
             or (k == "escort" and far and merchant_of(world, giver) is None)]  # a merchant keeps to its shop (N5)
    kind = kinds[rng.randrange(len(kinds))]
    if kind == "escort":
        return {"kind": kind, "room": far[rng.randrange(len(far))]}
    if kind in ("slay", "clear"):
        return {"kind": kind, "target": enemies[rng.randrange(len(enemies))]}
    if kind == "deliver":
        people = _people(world, giver)
        return {"kind": kind, "target": people[rng.randrange(len(people))]}
    items = data.objectives["bring"].items
    return {"kind": kind, "item": items[rng.randrange(len(items))]}


def withdraw(world: World, journal: Journal, giver: int) -> None:
    """An offer not taken up leaves the journal (declined, or replaced by a new one)."""
    uid = world.uid(giver)
    journal.contracts[:] = [c for c in journal.contracts if not (c.giver == uid and c.state == "offered")]


def offer(world: World, hero: int, giver: int, voice: str) -> None:
    """N41: a passage in the giver's voice, then the objective, written to the journal as offered (an earlier
    offer from the same giver is withdrawn: an ordinary giver's new offer, N40)."""
    data, rng = world.content.contracts, world.rng
    drawn = _draw(world, hero, giver)
    journal = journal_of(world, hero)
    withdraw(world, journal, giver)
    kind = str(drawn["kind"]) if drawn else "bring"
    objective = data.objectives[kind]
    target = drawn.get("target") if drawn else None
    target_uid = world.uid(target) if isinstance(target, int) else ""
    target_name = ""
    room = world.room_of(target) if isinstance(target, int) else -1
    item = str(drawn.get("item", "")) if drawn else ""
    if kind in ("slay", "marked") and isinstance(target, int):
        target_name = _name_enemy(world, target)
    if kind == "clear" and isinstance(target, int):
        target_name = world.get(target, Identity).name
    if kind == "deliver" and isinstance(target, int):
        target_name = world.get(target, Identity).name
        item = objective.items[0]
    if kind == "escort" and drawn:
        target_uid, target_name, room = world.uid(giver), world.get(giver, Identity).name, \
            int(drawn["room"])
    if kind == "marked":
        item = f"{item}:{drawn['rune']}"
    item_words = world.content.items[item.split(":")[0]].name.lower() if item else ""
    if kind == "marked":
        item_words = f"{item.split(':')[1]}-runed {item_words}"
    says = objective.says.format(target=target_name, item=item_words, room=world.room_name(room))
    passages = data.flavour[voice]
    flavour = passages[rng.randrange(len(passages))]
    gold = rng.randint(*objective.gold)
    bonus = data.bonus[rng.randrange(len(data.bonus))] if kind != "marked" and \
        rng.random() < data.rules["bonus_chance"] else ""
    contract = Contract(journal.next_id, world.uid(giver), world.get(giver, Identity).name,
                        world.room_name(world.room_of(giver)), kind, target_uid, target_name, item, room, flavour,
                        says, gold, objective.xp, bonus, "offered", world.turn)
    journal.next_id += 1
    journal.contracts.append(contract)
    say(world, giver, hero, flavour, "work")
    say(world, giver, hero, says, "work", contract=contract.id, objective=kind)


def favour(world: World, hero: int, giver: int) -> Contract | None:
    """N44: with enough loyalty and no larger task, the creature asks for something it needs."""
    data, rng = world.content.contracts, world.rng
    loyalty = world.try_get(giver, Loyalty)
    if loyalty is None or loyalty.to.get(world.uid(hero), 0) < data.rules["mini_loyalty"]:
        return None
    if of_giver(world, hero, giver, "active", "offered") is not None:
        return None
    wants = sorted(data.wants)
    want = wants[rng.randrange(len(wants))]
    says = data.wants_says.format(item=data.wants[want].what)
    journal = journal_of(world, hero)
    contract = Contract(journal.next_id, world.uid(giver), world.get(giver, Identity).name,
                        world.room_name(world.room_of(giver)), "mini", "", "", want, -1, "", says, 0, 0, "",
                        "offered", world.turn)
    journal.next_id += 1
    journal.contracts.append(contract)
    say(world, giver, hero, says, "work", contract=contract.id, objective="mini")
    return contract


# -- the hero's answers ------------------------------------------------------------------------------------
def giver_voice(world: World, giver: int) -> str | None:
    """The voice a giver asks for work in (N41): its background's, notable, or a merchant's; None for the
    creatures that give no work (animals, monsters)."""
    voice = voice_of(world, giver)
    if voice is None and merchant_of(world, giver) is not None:
        return MERCHANT
    return voice


def work(world: World, hero: int, giver: int, action: str) -> str:
    """One of ACTIONS with `giver` (or, for deliver, the person delivered to); "" when done, else why not."""
    if action not in ACTIONS:
        return f"Unknown work {action!r} ({', '.join(ACTIONS)})."
    voice = giver_voice(world, giver)
    if voice is None:
        return f"{world.get(giver, Identity).name} has no work for you."
    lines = world.content.contracts.lines
    if action == "ask":
        if of_giver(world, hero, giver, "active") is not None:
            return "You already hold work from them."
        if cooldown_left(world, hero, giver):
            if favour(world, hero, giver) is None:
                say(world, giver, hero, lines["cooldown"], "work")
            return ""
        offer(world, hero, giver, voice)
        return ""
    if action == "deliver":
        return deliver(world, hero, giver)
    if action in ("accept", "decline"):
        contract = of_giver(world, hero, giver, "offered")
        if contract is None:
            return "Nothing is on offer."
        return accept(world, hero, giver, contract) if action == "accept" else decline(world, hero, giver, contract)
    contract = of_giver(world, hero, giver, "active")
    if contract is None:
        return "You hold no work from them."
    if action == "abandon":
        return abandon(world, hero, giver, contract)
    if not ready(world, hero, contract):
        return "The work is not done yet."
    return complete(world, hero, giver, contract)


def accept(world: World, hero: int, giver: int, contract: Contract) -> str:
    """The offer becomes active (N40); a parcel to deliver comes with it, and the marked item goes to the
    enemy that carries it (N42). The giver stays put while it holds the hero's contract (N69). An offer whose
    carrier or addressee has died since is withdrawn."""
    if contract.kind in ("marked", "deliver") and world.actors.by_uid(contract.target) is None:
        withdraw(world, journal_of(world, hero), giver)
        return f"{contract.target_name} is dead; the offer no longer stands."
    contract.state, contract.turn = "active", world.turn
    if contract.kind == "deliver":
        parcel = world.create(Item(contract.item), Mark(contract.id, world.uid(hero)))
        give(world, parcel, hero)
    if contract.kind == "marked":
        base, rune = contract.item.split(":")
        marked = world.create(Item(base, rune=rune), Mark(contract.id, world.uid(hero)))
        give(world, marked, world.actors.by_uid(contract.target).eid)
    if contract.kind == "escort":
        company.join(world, hero, giver)  # it walks with the hero (N4) until it arrives
    elif contract.kind != "mini":
        social.hold(world, giver, "contract")
    world.emit("contract", hero, giver, world.room_of(hero), state="accepted", objective=contract.objective)
    return ""


def decline(world: World, hero: int, giver: int, contract: Contract) -> str:
    withdraw(world, journal_of(world, hero), giver)
    say(world, giver, hero, world.content.contracts.lines["nothing"], "work")
    return ""


def abandon(world: World, hero: int, giver: int, contract: Contract) -> str:
    """N40, N73: the hero gives accepted work up: loyalty falls, the giver remembers; its parcel goes back."""
    contract.state, contract.turn = "abandoned", world.turn
    data = world.content.contracts
    loyalty = world.ensure(giver, Loyalty)
    uid = world.uid(hero)
    loyalty.to[uid] = max(0, loyalty.to.get(uid, 0) - int(data.rules["abandon_loyalty"]))
    if contract.kind == "deliver":
        parcel = carried_mark(world, hero, contract)
        if parcel is not None:
            destroy(world, parcel)
    social.release(world, giver, "contract")
    if contract.kind == "escort" and company.companion_of(world, giver) is not None:
        company.part(world, hero, giver, quietly=True)
    social.remember(world, giver, hero, "abandoned")
    world.emit("contract", hero, giver, world.room_of(hero), state="abandoned", objective=contract.objective)
    return ""


def deliver(world: World, hero: int, person: int) -> str:
    """Hand a contract's parcel to the person it is for: the objective is met (claim it from the giver)."""
    journal = world.try_get(hero, Journal)
    uid = world.uid(person)
    found = [c for c in journal.contracts if c.kind == "deliver" and c.state == "active" and c.target == uid
             and not c.met] if journal else []
    parcel = carried_mark(world, hero, found[0]) if found else None
    if parcel is None:
        return "You carry nothing for them."
    contract = found[0]
    destroy(world, parcel)
    contract.met = True
    say(world, person, hero, world.content.contracts.lines["received"].format(other=contract.giver_name), "work")
    world.emit("contract", hero, person, world.room_of(hero), state="ready", objective=contract.objective)
    return ""


def scaled(world: World, hero: int, gain_: int) -> int:
    """N39: a loyalty gain scaled by the hero's Charisma (social.toml charisma_scale)."""
    s = world.content.social
    return round(gain_ * s.by_charisma(s.charisma_scale, world.get(hero, Hero).sheet.charisma))


def complete(world: World, hero: int, giver: int, contract: Contract) -> str:
    """Claim finished work (N43, N44): the item it asked for is surrendered, gold (and a mini-quest's by the
    item's value, at least 8) and XP paid, sometimes an item; Charisma-scaled loyalty, the giver's XP and
    memory; the contract is done and, unless a mini-quest, the giver's 30-turn cooldown starts (N40)."""
    data, uid = world.content.contracts, world.uid(hero)
    handed = ""
    if contract.kind == "marked":
        item_eid = carried_mark(world, hero, contract)
        handed = item_name(world, item_eid)
        give(world, item_eid, giver)
    elif contract.kind in ("bring", "mini"):
        item_eid = carried_item(world, hero, wanted(world, contract))
        handed = item_name(world, item_eid).split(" ×")[0]
        value = world.content.items[world.get(item_eid, Item).item_id].value
        hand_over(world, item_eid, giver)
        if contract.kind == "mini":
            contract.gold = max(int(data.rules["mini_gold_least"]), int(data.rules["mini_gold_per_value"]) * value)
    add_gold(world, hero, contract.gold)
    if contract.bonus:
        give(world, world.create(Item(contract.bonus)), hero)
    journal = journal_of(world, hero)
    journal.xp += contract.xp  # what work has earned, shown in the journal
    deeds.award(world, hero, contract.xp, "contract")  # N43: the hero grows by it
    if contract.kind == "clear":
        journal.claims.add(contract.room)  # N47: a room the hero cleared is its claim
    mini = contract.kind == "mini"
    raised = scaled(world, hero, int(data.rules["mini_gain" if mini else "loyalty"]))
    loyalty = world.ensure(giver, Loyalty)
    loyalty.to[uid] = loyalty.to.get(uid, 0) + raised
    if not mini:
        gain(world, giver, int(data.rules["giver_xp"]))
        social.release(world, giver, "contract")
    social.remember(world, giver, hero, "help" if mini else "contract_done")
    contract.state, contract.turn = "done", world.turn
    say(world, giver, hero, data.lines["thanks"], "work")
    world.emit("contract_done", hero, giver, world.room_of(hero), objective=contract.objective, gold=contract.gold,
               xp=contract.xp, loyalty=raised, item=handed, bonus=contract.bonus)
    if raised:
        secrets.after_work(world, hero, giver)  # N60
    return ""


# -- the contracts stage -----------------------------------------------------------------------------------
def arrived(world: World, hero: int, contract: Contract) -> bool:
    """An escort is done when the giver stands with the hero in the room it asked for: it leaves the party
    there. A giver that died on the way fails the contract (abandoned, with no memory: it is dead)."""
    giver = world.actors.by_uid(contract.target)
    if giver is None:
        contract.state, contract.turn = "abandoned", world.turn
        world.emit("contract", hero, None, world.room_of(hero), state="failed", objective=contract.objective)
        return False
    if world.room_of(giver.eid) != contract.room or world.hero_room() != contract.room:
        return False
    if company.companion_of(world, giver.eid) is not None:
        company.part(world, hero, giver.eid, quietly=True)
    return True


def latch(world: World, hero: int) -> None:
    """An active contract's objective met: the named enemy is dead, the room to clear holds no living enemy of
    the hero while the hero stands in it, or the escorted giver has arrived. Said once in the log."""
    journal = world.try_get(hero, Journal)
    if journal is None or not world.alive(hero):
        return
    for contract in journal.contracts:
        if contract.state != "active" or contract.met or contract.kind not in ("slay", "clear", "escort"):
            continue
        if contract.kind == "escort":
            met = arrived(world, hero, contract)
        elif contract.kind == "slay":
            met = world.actors.by_uid(contract.target) is None
        else:
            met = world.hero_room() == contract.room and not any(
                world.alive(e) and world.is_enemy(e, hero) for e in world.creatures_in(contract.room) if e != hero)
        if met:
            contract.met = True
            world.emit("contract", hero, None, world.room_of(hero), state="ready", objective=contract.objective)
