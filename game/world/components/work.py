"""Trade, work, company and spells' components: merchants (N5), contracts and the journal (N40-N44), the
marks on their items, companions (N4, N38, N39), binding spells and mana (N50-N59)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TYPE_CHECKING

from game.content.codex import HERO_ID
from game.world import saved
from game.world.components.kinds import FACTION, KILLER, NAME, ROOM, UID
from game.world.saved import BOOL, COUNT, INT, STR, names, one_of, text


if TYPE_CHECKING:
    from game.world.world import World


# -- merchants (N5) ----------------------------------------------------------------------------------------
MERCHANT_TYPE = one_of(STR, "a merchant type of assets/data/trade.toml", lambda world: world.content.trade.types)
MERCHANT_TRAIT = one_of(STR, "a merchant trait of assets/data/trade.toml", lambda world: world.content.trade.traits)


@saved.creature("merchant", {"trade": MERCHANT_TYPE, "traits": names(MERCHANT_TRAIT), "xp": COUNT}, optional=True)
@dataclass(slots=True)
class Merchant:
    """A stationary trader (N5): its type (the stock table of trade.toml), its personality traits and the
    trade XP business has brought it (its level follows, verbs/trade.level). What it sells is what it
    carries unequipped; its gold is the gold it carries."""

    trade: str
    traits: frozenset[str] = frozenset()
    xp: int = 0


# -- contracts and the journal (N40-N44) -------------------------------------------------------------------
# The kinds of contract by name, each registered once by verbs/contract_kinds.py (its `register`).
CONTRACT_KINDS: dict[str, Any] = {}
CONTRACT_STATES = ("offered", "active", "done", "abandoned")  # "ready" is active with its objective met


@dataclass(slots=True)
class Contract:
    """One piece of work a giver offered a hero (N40-N44). `target` is the uid of the enemy to slay or carry
    the marked item, or of the person to deliver to; `item` the item id to bring, deliver or recover (a
    mini-quest: its want); `room` the room to clear, to escort the giver to, or where the target was; `met`
    is latched once the objective is done (slain, cleared, delivered, arrived); `turn` when it was offered,
    accepted or closed."""

    id: int
    giver: str
    giver_name: str
    place: str
    kind: str
    target: str
    target_name: str
    item: str
    room: int
    flavour: str
    objective: str
    gold: int
    xp: int
    bonus: str
    state: str
    turn: int
    met: bool = False


CONTRACT_FIELDS = {"id": COUNT, "giver": UID, "giver_name": NAME, "place": NAME,
                   "kind": one_of(STR, "a contract kind", lambda world: CONTRACT_KINDS), "target": KILLER, "target_name": NAME,
                   "item": text(40), "room": INT.between(-1), "flavour": text(500), "objective": text(500),
                   "gold": COUNT, "xp": COUNT, "bonus": text(40),
                   "state": one_of(STR, "a contract state", CONTRACT_STATES), "turn": COUNT, "met": BOOL}
CONTRACT = saved.record(CONTRACT_FIELDS)
CONTRACTS = saved.list_of(f"a list of contracts ({CONTRACT.name})", CONTRACT.fits,
                          to_plain=lambda found: [CONTRACT.to_plain({f: getattr(c, f) for f in CONTRACT_FIELDS})
                                                  for c in found],
                          from_plain=lambda found: [Contract(**CONTRACT.from_plain(c)) for c in found])


SECRETS = saved.list_of("a list of [teller, site] names", lambda v, w: saved.sized(v, 2)
                        and all(NAME.fits(x, w) for x in v), from_plain=lambda told: [tuple(t) for t in told])


@saved.creature("journal", {"contracts": CONTRACTS, "next_id": COUNT, "xp": COUNT, "claims": saved.numbers(ROOM),
                            "coerced": names(UID), "secrets": SECRETS}, optional=True)
@dataclass(slots=True)
class Journal:
    """A hero's journal (N40, N44): its contracts and mini-quests, offered, active, done or abandoned, the
    next contract's number, the XP contracts have earned it (shown in the journal; the hero's Growth counts it too),
    its claims (the rooms it cleared for a contract, N47), whom it has put the choice of forced labour to, and the
    secret places loyal creatures told it of (N61: the teller's name and the site's, in the order told)."""

    contracts: list[Contract] = field(default_factory=list)
    next_id: int = 1
    xp: int = 0
    claims: set[int] = field(default_factory=set)
    coerced: frozenset[str] = frozenset()
    secrets: list[tuple[str, str]] = field(default_factory=list)


CHRONICLED = saved.row("a chronicle entry [day, words, source]", (COUNT, saved.text(600), saved.text(120)),
                       from_plain=tuple)


@saved.creature("chronicle", {"entries": saved.list_of("a list of chronicle entries", CHRONICLED,
                                                       from_plain=lambda found: [tuple(e) for e in found])},
                optional=True)
@dataclass(slots=True)
class Chronicle:
    """A hero's chronicle of the places it lives through (N87, issue 23): the notable things it witnessed, each
    as [day, the words, where it came from], oldest first (game/world/chronicle.py keeps the newest few hundred)."""

    entries: list[tuple[int, str, str]] = field(default_factory=list)


@saved.item("mark", {"contract": COUNT, "hero": UID}, optional=True)
@dataclass(slots=True)
class Mark:
    """N42: the mark on the one item a contract asks for (a marked enchanted item, a parcel to deliver):
    the contract's number and the hero it belongs to. A plain copy has none."""

    contract: int = 0
    hero: str = HERO_ID


# -- companions (N4, N38, N39) -----------------------------------------------------------------------------
ORDERS = ("follow", "behind", "wait", "explore")
FOLLOWING = ("follow", "behind")  # the orders that keep a companion at the hero's side ("behind": N4, stay behind me)


@saved.creature("companion", {"hero": UID, "order": one_of(STR, f"an order ({', '.join(ORDERS)})", ORDERS),
                              "room": INT.between(-1), "back": BOOL, "seen": text(300), "faction": FACTION,
                              "forced": BOOL}, optional=True)
@dataclass(slots=True)
class Companion:
    """A creature in a hero's party (N4, N38): whose, its order (follow, behind, wait, explore), the room it was sent
    to look at (-1: none), whether it is on its way back, what it saw there, and the faction it had before
    it joined (it fights on the hero's side meanwhile and gets it back when it leaves); `forced` marks forced
    labour (N47) until its loyalty reaches the recruiting threshold."""

    hero: str = HERO_ID
    order: str = "follow"
    room: int = -1
    back: bool = False
    seen: str = ""
    faction: str = "folk"
    forced: bool = False


# -- binding spells (N50-N59) ------------------------------------------------------------------------------
BOUND_ORDERS = ("stay", "explore")
SPELL = one_of(STR, "a spell of assets/data/spells.toml", lambda world: world.content.spells.spells)


def most_turns(world: World) -> int:
    """The longest a binding may hold: turns_per_level x the highest proficiency a hero may have (heroes.toml's
    limit, or the shipped hero's own when higher)."""
    shipped = world.content.codex.shipped_sheet().proficiencies.values()
    return world.content.spells.turns_per_level * max(world.content.heroes.limits["proficiency"], *shipped)


@saved.creature("binding", {"spell": SPELL, "hero": UID,
                            "turns": INT.between(0, most_turns, "a whole number of turns from 0 to the longest "
                                                                 "binding heroes.toml allows"),
                            "faction": FACTION, "order": one_of(STR, f"an order ({', '.join(BOUND_ORDERS)})",
                                                                 BOUND_ORDERS),
                            "waiting": BOOL}, optional=True)
@dataclass(slots=True)
class Binding:
    """A binding spell on a creature (N50-N59): the spell, the hero who cast it, the turns it still holds
    (N56), the faction it had before (given back, or made hostile, when it ends), its order while it is
    not in the party (stay or explore, N54) and whether its end is waiting for space (N57-N59)."""

    spell: str = "animal_charm"  # every field has a default, as in every optional component the saves check
    hero: str = HERO_ID
    turns: int = 0
    faction: str = "monsters"
    order: str = "stay"
    waiting: bool = False


@saved.creature("mana", {"spent": COUNT}, optional=True)
@dataclass(slots=True)
class Mana:
    """The mana a hero has spent on spells and not yet got back (its card's mana is the most it holds)."""

    spent: int = 0
