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
from game.world.components import Contract, Hero, Identity, Item, Journal, Loyalty
from game.world.verbs import deeds, secrets, social
from game.world.verbs.contract_kinds import (KINDS, Asking, Deliver, Mini, carried_mark, destinations, enemies_of,
                                             journal_of, kind_of, pick, withdraw)
from game.world.verbs.experience import gain
from game.world.verbs.items import destroy, give
from game.world.verbs.speech import say, voice_of
from game.world.verbs.trade import add_gold, merchant_of

if TYPE_CHECKING:
    from game.world.verbs.contract_kinds import ContractKind
    from game.world.world import World

ACTIONS = ("ask", "accept", "decline", "abandon", "claim", "deliver", "give")


# -- the journal -------------------------------------------------------------------------------------------
def of_giver(world: World, hero: int, giver: int, *states: str) -> Contract | None:
    """The hero's newest contract from `giver` in one of `states`."""
    uid = world.uid(giver)
    journal = world.try_get(hero, Journal)
    found = [c for c in journal.contracts if c.giver == uid and c.state in states] if journal else []
    return found[-1] if found else None


def cooldown_left(world: World, hero: int, giver: int) -> int:
    """N40: the turns before `giver` offers the hero work again (30 after a completed contract)."""
    uid, journal = world.uid(giver), world.try_get(hero, Journal)
    done = [c.turn for c in journal.contracts if c.giver == uid and c.state == "done" and not kind_of(c).favour] \
        if journal else []
    wait = int(world.content.contracts.rules["cooldown"])
    return max(0, max(done) + wait - world.turn) if done else 0


def ready(world: World, hero: int, contract: Contract) -> bool:
    """Whether active work can be claimed: its objective met (slain, cleared, delivered) or, to bring or
    recover something, the hero carries it (only the marked item for a marked contract, N42)."""
    return contract.state == "active" and kind_of(contract).ready(world, hero, contract)


# -- offers ------------------------------------------------------------------------------------------------
def _draw(world: World, hero: int, giver: int) -> tuple[ContractKind, dict[str, object]] | None:
    """The kind and particulars of a new offer: the world's goal when the giver asks for it (issue 24), else a
    kind with a `chance` (a marked item, N42, about one in ten) when the world allows it, else one of the
    ordinary kinds the world allows; None when none does. Only kinds whose objective the data holds are
    offered."""
    asking = Asking(world, hero, giver, enemies_of(world, hero, giver))
    offered = [kind for kind in KINDS.values() if kind.objective(world) is not None]
    for kind in offered:
        if kind.goal and kind.possible(asking):
            return kind, kind.draw(asking)
    for kind in offered:
        if kind.chance and world.rng.random() < world.content.contracts.rules[kind.chance] and kind.possible(asking):
            return kind, kind.draw(asking)
    asking.far = destinations(world, giver)
    kinds = [kind for kind in offered if kind.ordinary and kind.possible(asking)]
    if not kinds:
        return None
    kind = pick(world, kinds)
    return kind, kind.draw(asking)


def offer(world: World, hero: int, giver: int, voice: str) -> None:
    """N41: a passage in the giver's voice, then the objective, written to the journal as offered (an earlier
    offer from the same giver is withdrawn: an ordinary giver's new offer, N40)."""
    data, rng = world.content.contracts, world.rng
    drawn = _draw(world, hero, giver)
    journal = journal_of(world, hero)
    withdraw(world, journal, giver)
    if drawn is None:
        say(world, giver, hero, data.lines["nothing"], "work")
        return
    kind, particulars = drawn
    objective = kind.objective(world)
    terms = kind.terms(world, hero, giver, particulars)
    says = objective.says.format(target=terms.target_name, item=terms.item_words, room=world.room_name(terms.room))
    passages = [p for p, fits in zip(data.flavour[voice], data.fits[voice]) if fits is None or kind.name in fits]
    flavour = passages[rng.randrange(len(passages))]  # a lead-in that fits the work (issue 23)
    gold = rng.randint(*objective.gold)
    bonus = data.bonus[rng.randrange(len(data.bonus))] if kind.bonus and rng.random() < data.rules["bonus_chance"] \
        else ""
    contract = Contract(journal.next_id, world.uid(giver), world.get(giver, Identity).name,
                        world.room_name(world.room_of(giver)), kind.name, terms.target, terms.target_name, terms.item,
                        terms.room, flavour, says, gold, objective.xp, bonus, "offered", world.turn)
    journal.next_id += 1
    journal.contracts.append(contract)
    say(world, giver, hero, flavour, "work")
    say(world, giver, hero, says, "work", contract=contract.id, objective=kind.name)


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
                        world.room_name(world.room_of(giver)), Mini.name, "", "", want, -1, "", says, 0, 0, "",
                        "offered", world.turn)
    journal.next_id += 1
    journal.contracts.append(contract)
    say(world, giver, hero, says, "work", contract=contract.id, objective=Mini.name)
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
    """The offer becomes active (N40) and its kind does what accepting it does (a parcel to deliver comes
    with it, the marked item goes to the enemy that carries it, N42; the giver stays put while it holds the
    hero's contract, N69). An offer whose carrier or addressee has died since is withdrawn."""
    kind = kind_of(contract)
    if kind.needs_target and world.actors.by_uid(contract.target) is None:
        withdraw(world, journal_of(world, hero), giver)
        return f"{contract.target_name} is dead; the offer no longer stands."
    contract.state, contract.turn = "active", world.turn
    kind.accept(world, hero, giver, contract)
    world.emit("contract", hero, giver, world.room_of(hero), state="accepted", objective=contract.objective)
    return ""


def decline(world: World, hero: int, giver: int, contract: Contract) -> str:
    withdraw(world, journal_of(world, hero), giver)
    say(world, giver, hero, world.content.contracts.lines["nothing"], "work")
    return ""


def abandon(world: World, hero: int, giver: int, contract: Contract) -> str:
    """N40, N73: the hero gives accepted work up: loyalty falls, the giver remembers; its kind undoes the rest
    (a parcel goes back, an escorted giver leaves the party)."""
    contract.state, contract.turn = "abandoned", world.turn
    data = world.content.contracts
    loyalty = world.ensure(giver, Loyalty)
    uid = world.uid(hero)
    loyalty.to[uid] = max(0, loyalty.to.get(uid, 0) - int(data.rules["abandon_loyalty"]))
    social.release(world, giver, "contract")
    kind_of(contract).give_up(world, hero, giver, contract)
    social.remember(world, giver, hero, "abandoned")
    world.emit("contract", hero, giver, world.room_of(hero), state="abandoned", objective=contract.objective)
    return ""


def deliver(world: World, hero: int, person: int) -> str:
    """Hand a contract's parcel to the person it is for: the objective is met (claim it from the giver)."""
    journal = world.try_get(hero, Journal)
    uid = world.uid(person)
    found = [c for c in journal.contracts if c.kind == Deliver.name and c.state == "active" and c.target == uid
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
    """Claim finished work (N43, N44): what it asked for is surrendered (its kind's), gold and XP paid,
    sometimes an item; Charisma-scaled loyalty, the giver's XP and memory; the contract is done and, unless a
    favour, the giver's 30-turn cooldown starts (N40)."""
    data, uid = world.content.contracts, world.uid(hero)
    kind = kind_of(contract)
    handed = kind.surrender(world, hero, giver, contract)
    add_gold(world, hero, contract.gold)
    if contract.bonus:
        give(world, world.create(Item(contract.bonus)), hero)
    journal = journal_of(world, hero)
    journal.xp += contract.xp  # what work has earned, shown in the journal
    deeds.award(world, hero, contract.xp, "contract")  # N43: the hero grows by it
    kind.rewarded(world, hero, contract, journal)
    raised = scaled(world, hero, int(data.rules["mini_gain" if kind.favour else "loyalty"]))
    loyalty = world.ensure(giver, Loyalty)
    loyalty.to[uid] = loyalty.to.get(uid, 0) + raised
    if not kind.favour:
        gain(world, giver, int(data.rules["giver_xp"]))
        social.release(world, giver, "contract")
    social.remember(world, giver, hero, "help" if kind.favour else "contract_done")
    contract.state, contract.turn = "done", world.turn
    say(world, giver, hero, data.lines["thanks"], "work")
    world.emit("contract_done", hero, giver, world.room_of(hero), objective=contract.objective, gold=contract.gold,
               xp=contract.xp, loyalty=raised, item=handed, bonus=contract.bonus)
    if raised:
        secrets.after_work(world, hero, giver)  # N60
    return ""


def latch(world: World, hero: int) -> None:
    """An active contract's objective met (contract_kinds' `latches`: the named enemy slain, the room cleared
    while the hero stands in it, the escorted giver arrived): marked met and said once in the log. The
    contracts stage calls it every turn; the hero's move too, so an escort is ready on arrival (issue 23)."""
    journal = world.try_get(hero, Journal)
    if journal is None or not world.alive(hero):
        return
    for contract in journal.contracts:
        kind = kind_of(contract)
        if contract.state != "active" or contract.met or not kind.latches:
            continue
        if kind.met(world, hero, contract):
            contract.met = True
            world.emit("contract", hero, None, world.room_of(hero), state="ready", objective=contract.objective)
