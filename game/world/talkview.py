"""Read-only views of conversations for the dialogue screen, the creature card and scripted heroes: what
a creature thinks of the hero (N71), its loyalty (N79), its face (N80), the choices the hero has now (N46,
N71, N77, N80, N82), and the friends and enemies of a creature the hero has observed."""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.motives import GOLD, accepts
from game.rules.social import band_of
from game.world.components import Identity, Inventory, Item, Journal, Loyalty, Opinions, Persona, Secret
from game.world.verbs import coercion, company, contracts, moments, motives, social, spells, talk, trade
from game.world.verbs.contract_kinds import Deliver, kind_of as contract_kind
from game.world.verbs.speech import living_names, voice_of
from game.world.verbs.witness import talks_of, witness_of
from game.world.views import item_name
from game.world.world import World


OFFERS = 5  # C4: offers listed at most, beside Goodbye (the keys 1-9 reach every row)
LIFT_SHOWN = 4  # N48: the carried items a thief is offered to lift, first carried first
EXPLORE_SHOWN = 2  # the adjacent rooms a companion is offered to explore, in the order of the exits


@dataclass(frozen=True)
class Choice:
    """One thing the hero may say: an Ask option, "draw" (N46), "offer" with its item (C4), or a reply's
    `approach` with its Measure points (N78)."""

    key: str
    label: str
    approach: str = ""
    points: int = 0
    item: int = 0  # "offer": the carried item offered (C4)
    terms: str = ""  # what it needs or pays and where the hero stands, shown under it (issue 23)


@dataclass(frozen=True)
class TalkView:
    eid: int
    uid: str
    name: str
    codex_id: str
    thinking: bool  # takes part in the social web (N74): only such creatures have opinions and moments
    regard: str | None  # N71: what it thinks of the hero in a word (None: they have not met)
    loyalty: int  # N79: its loyalty to the hero
    face: str  # N80: pleased, neutral or annoyed, after the last reply
    moment: str  # the title of the moment under way, or ""
    choices: tuple[Choice, ...]
    refusal: str  # why the hero cannot talk with it now, or ""


@dataclass(frozen=True)
class Acquaintance:
    """The card's "knows you" line (N71, N79) and, for a creature the hero has observed, its friends and
    enemies by name."""

    regard: str | None
    loyalty: int
    observed: bool
    friends: tuple[str, ...]
    enemies: tuple[str, ...]


def loyalty_to(world: World, eid: int, hero: int) -> int:
    loyalty = world.try_get(eid, Loyalty)
    return loyalty.to.get(world.uid(hero), 0) if loyalty is not None else 0


def choices(world: World, hero: int, target: int) -> tuple[Choice, ...]:
    """During a moment its replies, else the usual options (a merchant's: its wares, N5); Draw weapon in every
    exchange (N46), Goodbye last."""
    options = world.content.dialogue.options
    if spells.binding_of(world, target) is not None:  # N53, N54: only its orders, then goodbye
        said = [Choice(f"bound:{order}", world.content.spells.orders[order])
                for order in spells.orders(world, hero, target)]
        return (*said, Choice("goodbye", options["goodbye"]))
    moment = moments.open_moment(world, hero, target)
    if moment is not None:
        said = [Choice(r.approach, r.says, r.approach, r.points) for r in moment.replies]
        return (*said, Choice("draw", options["draw"]), Choice("goodbye", options["leave_moment"]))
    offers = offer_choices(world, hero, target) if talk.can_bargain(world, hero, target) else ()
    if talk.hostile(world, hero, target):
        return (*offers, Choice("goodbye", options["goodbye"]))  # C4: a hostile creature only hears offers
    asked = [Choice(o, options[o], terms=secret_terms(world, hero, target) if o == "about" else "")
             for o in talk.ASK if o != "goodbye"] if voice_of(world, target) else []
    if trade.merchant_of(world, target) is not None:  # N5: a merchant's wares, on the trade screen, and its work
        asked.append(Choice("trade", world.content.trade.lines["trade"]))
        asked += mend_choices(world, hero, target)
        asked += work_choices(world, hero, target)
    if company.companion_of(world, target) is not None:
        asked += deliver_choices(world, hero, target) + company_choices(world, hero, target)
    elif voice_of(world, target):
        asked += work_choices(world, hero, target)
        if world.get(target, Identity).kind not in ("merchant", "notable"):
            asked.append(Choice("company:recruit", world.content.companions.lines["recruit"],
                                terms=recruit_terms(world, hero, target)))
        if not coercion.may_coerce(world, hero, target):  # N47
            forced = world.content.companions.forced_lines
            asked.append(Choice("company:coerce", forced["ask"], terms=forced["odds"].format(
                chance=coercion.forced_chance(world, hero), name=name_of(world, target))))
    if not coercion.may_lift(world, hero, target):  # N48: what it holds, a line each, with its odds
        theft = world.content.companions.theft_lines
        worn = set(world.get(target, Inventory).equipped.values())
        asked += [Choice(f"company:lift:{i}", theft["lift"].format(item=item_name(world, i)),
                         terms=theft["odds"].format(chance=coercion.theft_chance(world, hero, i in worn),
                                                    name=name_of(world, target)))
                  for i in world.get(target, Inventory).items[:LIFT_SHOWN]]
    return (*asked, *offers, Choice("draw", options["draw"]), Choice("goodbye", options["goodbye"]))


def name_of(world: World, eid: int) -> str:
    return world.get(eid, Identity).name


def recruit_terms(world: World, hero: int, target: int) -> str:
    """N39: the loyalty following needs and the creature's own ("Nell will follow at loyalty 30; Nell's is 25")."""
    data = world.content.companions
    now = loyalty_to(world, target, hero)
    words = data.lines["recruit_ready" if now >= data.loyalty else "recruit_needs"]
    return words.format(name=name_of(world, target), need=data.loyalty, now=now)


def favour_terms(world: World, hero: int, target: int) -> str:
    """N40, N44: while `target` has no new work for the hero, whether it would ask a favour instead: the
    loyalty that needs and the creature's own; "" when it has work to give."""
    turns = contracts.cooldown_left(world, hero, target)
    if not turns:
        return ""
    data = world.content.contracts
    need, now = int(data.rules["mini_loyalty"]), loyalty_to(world, target, hero)
    words = data.lines["favour_ready" if now >= need else "favour_needs"]
    return words.format(turns=turns, name=name_of(world, target), need=need, now=now)


def secret_terms(world: World, hero: int, target: int) -> str:
    """N60: in a world of sites, the loyalty a person must hold before work done for them may bring out a secret
    place, and where the hero stands; "" for a creature outside the social web or in a one-map game."""
    if world.lore is None or not world.has(target, Persona):
        return ""
    data, name = world.content.contracts, name_of(world, target)
    if world.has(target, Secret):
        return data.lines["secret_told"].format(name=name)
    need, now = int(data.rules["secret_loyalty"]), loyalty_to(world, target, hero)
    if now < need:
        return data.lines["secret_needs"].format(name=name, need=need, now=now)
    return data.lines["secret_ready"].format(name=name, now=now, chance=round(100 * float(data.rules["secret_chance"])))


def offer_terms(world: World, contract) -> str:
    """N43, N44: what an offered piece of work pays, shown before the hero accepts it."""
    data = world.content.contracts
    if contract_kind(contract).favour:
        return data.lines["favour_terms"].format(name=contract.giver_name, gold=data.rules["mini_gold_least"])
    bonus = data.lines["bonus"].format(item=world.content.items[contract.bonus].name) if contract.bonus else ""
    return data.lines["terms"].format(gold=contract.gold, xp=contract.xp, bonus=bonus, name=contract.giver_name)


def offer_choices(world: World, hero: int, target: int) -> tuple[Choice, ...]:
    """C4: one offer per kind of item the hero carries and does not wear or wield (gold: the creature's
    price), those it takes first, at most OFFERS."""
    label = world.content.dialogue.options["offer"]
    takes = motives.motivation(world, target).takes
    price = motives.price(world, target)
    inv = world.get(hero, Inventory)
    worn = set(inv.equipped.values())
    seen: dict[str, Choice] = {}
    for eid in inv.items:
        item = world.get(eid, Item)
        if item.item_id in seen or eid in worn:
            continue
        what = f"{price} {world.content.items[GOLD].name}" if item.item_id == GOLD else f"the {item_name(world, eid)}"
        seen[item.item_id] = Choice("offer", label.format(name=what), item=eid)
    wanted = sorted(seen.values(), key=lambda c: not accepts(takes, *kind_of(world, c.item)))
    return tuple(wanted[:OFFERS])


def kind_of(world: World, eid: int) -> tuple[str, str]:
    item_id = world.get(eid, Item).item_id
    return item_id, world.content.items[item_id].kind


def mend_choices(world: World, hero: int, target: int) -> list[Choice]:
    """C26, keyed "mend:<item>" (commands.Mend): a smith offers to mend each piece the hero wears that needs
    it, at its price."""
    if not trade.is_smith(world, target):
        return []
    line = world.content.trade.lines["mend"]
    return [Choice(f"mend:{i}", line.format(item=item_name(world, i), price=trade.repair_price(world, i)))
            for i in trade.worn_to_mend(world, hero)]


def company_choices(world: World, hero: int, target: int) -> list[Choice]:
    """N4, N38, N48, keyed "company:<order>[:<room or item>]": follow, stay behind me or wait (those it is not
    doing), explore an adjacent room, take the hero's best spare weapon or armour, hand back what it wears, part."""
    lines, companion = world.content.companions.lines, company.companion_of(world, target)
    said = [Choice(f"company:{order}", lines[order]) for order in ("follow", "behind", "wait")
            if order != companion.order]
    rooms = sorted({other for _, other in world.rooms.exits[world.room_of(target)]})
    said += [Choice(f"company:explore:{room}", lines["explore"].format(room=world.room_name(room)))
             for room in rooms[:EXPLORE_SHOWN]]
    spare = spare_gear(world, hero)
    if spare is not None:
        said.append(Choice(f"company:hand:{spare}", lines["hand"].format(item=item_name(world, spare))))
    worn = world.get(target, Inventory).equipped
    if worn:
        item = worn.get("weapon", next(iter(worn.values())))
        said.append(Choice(f"company:take:{item}", lines["take"].format(item=item_name(world, item))))
    said.append(Choice("company:part", lines["part"]))
    return said


def spare_gear(world: World, hero: int) -> int | None:
    """The most valuable weapon or armour the hero carries and does not wear."""
    inv = world.get(hero, Inventory)
    worn = set(inv.equipped.values())
    spare = [i for i in inv.items if i not in worn
             and world.content.items[world.get(i, Item).item_id].kind in company.GEAR]
    return max(spare, key=lambda i: (world.content.items[world.get(i, Item).item_id].value, -i),
               default=None)


def deliver_choices(world: World, hero: int, target: int) -> list[Choice]:
    """N40: the parcel the hero carries for `target`, to hand over (a companion's too, issue 23)."""
    journal = world.try_get(hero, Journal)
    uid = world.uid(target)
    for c in journal.contracts if journal else ():
        if c.kind == Deliver.name and c.state == "active" and c.target == uid and not c.met:
            return [Choice("work:deliver", world.content.contracts.lines["deliver"].format(other=c.giver_name))]
    return []


def work_choices(world: World, hero: int, target: int) -> list[Choice]:
    """N40-N44, keyed "work:<action>" (commands.Work): a parcel to hand over; then, with this giver: claim
    or abandon active work (or give what a mini-quest asked for), accept, ask for another (an ordinary
    giver) or decline an offer, or ask for work."""
    lines = world.content.contracts.lines
    said = deliver_choices(world, hero, target)
    active = contracts.of_giver(world, hero, target, "active")
    offered = contracts.of_giver(world, hero, target, "offered")
    if active is not None:
        if contracts.ready(world, hero, active):
            favour = contract_kind(active).favour
            said.append(Choice("work:give" if favour else "work:claim", lines["give" if favour else "claim"]))
        said.append(Choice("work:abandon", lines["abandon"]))
    elif offered is not None:
        said.append(Choice("work:accept", lines["accept"], terms=offer_terms(world, offered)))
        if not contract_kind(offered).favour and world.get(target, Identity).kind != "notable":
            said.append(Choice("work:ask", lines["another"]))
        said.append(Choice("work:decline", lines["decline"]))
    else:
        said.append(Choice("work:ask", lines["work"], terms=favour_terms(world, hero, target)))
    return said


def talk_view(world: World, hero: int, target: int) -> TalkView | None:
    """The conversation with `target` as the screen shows it; None once the creature is gone for good."""
    if not world.exists(target):
        return None
    ident = world.get(target, Identity)
    thinking = world.has(target, Persona) and spells.binding_of(world, target) is None  # N53, N74
    hero_uid = world.uid(hero)
    moment = moments.open_moment(world, hero, target) if thinking else None
    return TalkView(target, ident.uid, ident.name, ident.codex_id, thinking,
                    social.band(world, target, hero_uid) if thinking else None, loyalty_to(world, target, hero),
                    talks_of(world, target).face.get(hero_uid, "neutral") if thinking else "neutral",
                    moment.title if moment else "", choices(world, hero, target),
                    talk.refusal(world, hero, target, bargaining=True))


def acquaintance(world: World, hero: int, eid: int) -> Acquaintance | None:
    """What the card tells of a thinking creature's ties; None for the others (N74)."""
    opinions = world.try_get(eid, Opinions)
    if opinions is None or not world.exists(hero):
        return None
    observed = world.uid(eid) in witness_of(world, hero).seen
    friends: tuple[str, ...] = ()
    enemies: tuple[str, ...] = ()
    if observed:
        dialogue, bands, names = world.content.dialogue, world.content.social.bands, living_names(world)
        held = sorted((opinion.now, names[uid][1]) for uid, opinion in opinions.of.items()
                      if uid in names and uid != world.uid(hero))
        friends = tuple(name for now, name in reversed(held) if band_of(now, bands) in dialogue.friends)
        enemies = tuple(name for now, name in held if band_of(now, bands) in dialogue.enemies)
    return Acquaintance(social.band(world, eid, world.uid(hero)), loyalty_to(world, eid, hero), observed,
                        friends, enemies)
