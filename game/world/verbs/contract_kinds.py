"""The kinds of contract (N40-N44), each one class registered once: how it is drawn for an offer, what
accepting it does, when it is ready, what claiming it takes and gives, and what abandoning it undoes. The
saved kinds (components.CONTRACT_KINDS) and the objectives offered (contracts.toml [objectives], one per kind
that has one) follow from the registry; verbs/contracts.py runs the flow and asks the kind at each step.

A new kind is a subclass of `ContractKind` with `@register`, and, if it has an objective, its
`[objectives.<name>]` entry in contracts.toml (a kind whose objective the data lacks is never offered).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from game.world.components import CONTRACT_KINDS, Contract, Identity, Inventory, Item, Journal, Mark, Persona
from game.world.systems import siege
from game.world.verbs import company, social
from game.world.verbs.items import destroy, give, hand_over
from game.world.verbs.trade import merchant_of
from game.world.views import item_name

if TYPE_CHECKING:
    from game.content.contracts import Objective
    from game.world.world import World

ESCORT_STEPS = (2, 4)  # an escort's destination lies this many rooms from the giver's, at least and at most


@dataclass(slots=True)
class Terms:
    """What an offer names: the target (uid and name), the item, the room, and the item in words."""

    target: str = ""
    target_name: str = ""
    item: str = ""
    room: int = -1
    item_words: str = ""


@dataclass(slots=True)
class Asking:
    """What an offer is drawn from (N40): the hero, the giver, and the enemies of the hero away from the
    giver's room and the rooms the giver could be taken to, both found once."""

    world: World
    hero: int
    giver: int
    enemies: list[int] = field(default_factory=list)
    far: list[int] = field(default_factory=list)


class ContractKind:
    """One kind of work. The defaults are an ordinary contract's: drawn only with its objective in the data,
    ready once `met`, holding the giver while active (N69)."""

    name: ClassVar[str]
    ordinary: ClassVar[bool] = True  # drawn among the ordinary objectives (N40), in the registry's order
    goal: ClassVar[bool] = False  # the world's goal (issue 24): offered first, whenever the world allows it
    chance: ClassVar[str] = ""  # a rule of contracts.toml: drawn first with that chance, before the ordinary
    favour: ClassVar[bool] = False  # a mini-quest (N44): no objective, no cooldown, the giver not held
    bonus: ClassVar[bool] = True  # may come with a bonus item
    latches: ClassVar[bool] = False  # its objective is watched by the contracts stage (`met`)
    needs_target: ClassVar[bool] = False  # an offer whose target died since is withdrawn on accepting

    def objective(self, world: World) -> Objective | None:
        return world.content.contracts.objectives.get(self.name)

    def possible(self, asking: Asking) -> bool:
        """Whether the world allows this objective for the giver now."""
        return False

    def draw(self, asking: Asking) -> dict[str, object]:
        """The objective's particulars, drawn with the world's RNG."""
        return {}

    def terms(self, world: World, hero: int, giver: int, drawn: dict[str, object]) -> Terms:
        """The offer's words from what was drawn; by default a target creature's uid and room, and the item."""
        target = drawn.get("target")
        item = str(drawn.get("item", ""))
        found = Terms(item=item)
        if isinstance(target, int):
            found.target, found.room = world.uid(target), world.room_of(target)
        found.item_words = world.content.items[item].name.lower() if item else ""
        return found

    def accept(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        social.hold(world, giver, "contract")

    def ready(self, world: World, hero: int, contract: Contract) -> bool:
        return contract.met

    def met(self, world: World, hero: int, contract: Contract) -> bool:
        """For a kind that `latches`: whether its objective was met this turn."""
        return False

    def surrender(self, world: World, hero: int, giver: int, contract: Contract) -> str:
        """What the hero hands over on claiming (its name for the log), before it is paid."""
        return ""

    def rewarded(self, world: World, hero: int, contract: Contract, journal: Journal) -> None:
        """What claiming adds beyond gold, XP and loyalty."""

    def give_up(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        """What abandoning undoes beyond loyalty and memory (after the giver is let go)."""


KINDS: dict[str, ContractKind] = CONTRACT_KINDS  # name -> kind, in the order registered


def register(kind: type[ContractKind]) -> type[ContractKind]:
    """Make a kind known once: offered, saved and loaded by its name."""
    if kind.name in KINDS:
        raise ValueError(f"contract kind {kind.name!r} registered twice")
    KINDS[kind.name] = kind()
    return kind


def kind_of(contract: Contract) -> ContractKind:
    return KINDS[contract.kind]


# -- what the kinds share ----------------------------------------------------------------------------------
def journal_of(world: World, hero: int) -> Journal:
    return world.ensure(hero, Journal)


def withdraw(world: World, journal: Journal, giver: int) -> None:
    """An offer not taken up leaves the journal (declined, or replaced by a new one)."""
    uid = world.uid(giver)
    journal.contracts[:] = [c for c in journal.contracts if not (c.giver == uid and c.state == "offered")]


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


def enemies_of(world: World, hero: int, away_from: int) -> list[int]:
    """Living enemies of the hero outside `away_from`'s room, in the order they act (deterministic)."""
    here = world.room_of(away_from)
    return [a.eid for a in world.actors.all() if a.body.health > 0 and a.pos.room != here
            and world.is_enemy(a.eid, hero)]


def people(world: World, giver: int) -> list[int]:
    return [a.eid for a in world.actors.all() if a.body.health > 0 and a.eid != giver
            and world.has(a.eid, Persona) and not world.is_enemy(a.eid, world.hero)]


def destinations(world: World, giver: int) -> list[int]:
    """Where a giver may ask to be taken: rooms ESCORT_STEPS away through the exits, none holding an enemy of
    the hero, in the map's order."""
    steps = world.rooms.distances_from(world.room_of(giver))
    return [room for room in world.map.rooms if ESCORT_STEPS[0] <= steps.get(room, -1) <= ESCORT_STEPS[1]
            and not any(world.is_enemy(e, world.hero) for e in world.creatures_in(room))]


def name_enemy(world: World, eid: int) -> str:
    """N42: an enemy a contract points at gets a name, if its kind's name is all it has."""
    ident = world.get(eid, Identity)
    defn = world.content.codex.creatures.get(ident.codex_id)
    if defn is not None and ident.name == defn.name:
        ident.name = f"{pick(world, world.content.contracts.epithets)} the {defn.name.lower()}"
    return ident.name


def pick(world: World, choices: list) -> object:
    return choices[world.rng.randrange(len(choices))]


# -- the kinds ---------------------------------------------------------------------------------------------
class AgainstAnEnemy(ContractKind):
    """Work aimed at one of the hero's enemies, drawn among those outside the giver's room; met once, it stays
    ready (`latches`)."""

    latches = True

    def possible(self, asking: Asking) -> bool:
        return bool(asking.enemies)

    def draw(self, asking: Asking) -> dict[str, object]:
        return {"target": pick(asking.world, asking.enemies)}


@register
class Slay(AgainstAnEnemy):
    """Slay a named enemy of the hero (N40, N42)."""

    name = "slay"

    def terms(self, world: World, hero: int, giver: int, drawn: dict[str, object]) -> Terms:
        found = super().terms(world, hero, giver, drawn)
        found.target_name = name_enemy(world, int(drawn["target"]))
        return found

    def ready(self, world: World, hero: int, contract: Contract) -> bool:
        return contract.met or world.actors.by_uid(contract.target) is None

    def met(self, world: World, hero: int, contract: Contract) -> bool:
        return world.actors.by_uid(contract.target) is None


@register
class Bring(ContractKind):
    """Bring the giver an item of the objective's list (N40)."""

    name = "bring"

    def possible(self, asking: Asking) -> bool:
        return bool(self.objective(asking.world).items)

    def draw(self, asking: Asking) -> dict[str, object]:
        return {"item": pick(asking.world, list(self.objective(asking.world).items))}

    def wanted(self, world: World, contract: Contract) -> tuple[str, ...]:
        return (contract.item,)

    def ready(self, world: World, hero: int, contract: Contract) -> bool:
        return carried_item(world, hero, self.wanted(world, contract)) is not None

    def surrender(self, world: World, hero: int, giver: int, contract: Contract) -> str:
        return self.hand(world, hero, giver, contract)[0]

    def hand(self, world: World, hero: int, giver: int, contract: Contract) -> tuple[str, int]:
        """The wanted item handed to the giver: its name for the log, and its value."""
        item_eid = carried_item(world, hero, self.wanted(world, contract))
        handed = item_name(world, item_eid).split(" ×")[0]
        value = world.content.items[world.get(item_eid, Item).item_id].value
        hand_over(world, item_eid, giver)
        return handed, value


@register
class Deliver(ContractKind):
    """Take a parcel to a person the giver names (N40): the parcel comes on accepting, is handed with the
    `deliver` action, and goes back on abandoning."""

    name = "deliver"
    needs_target = True

    def possible(self, asking: Asking) -> bool:
        return bool(self.objective(asking.world).items) and bool(people(asking.world, asking.giver))

    def draw(self, asking: Asking) -> dict[str, object]:
        return {"target": pick(asking.world, people(asking.world, asking.giver))}

    def terms(self, world: World, hero: int, giver: int, drawn: dict[str, object]) -> Terms:
        drawn = {**drawn, "item": self.objective(world).items[0]}
        found = super().terms(world, hero, giver, drawn)
        found.target_name = world.get(int(drawn["target"]), Identity).name
        return found

    def accept(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        give(world, world.create(Item(contract.item), Mark(contract.id, world.uid(hero))), hero)
        super().accept(world, hero, giver, contract)

    def give_up(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        parcel = carried_mark(world, hero, contract)
        if parcel is not None:
            destroy(world, parcel)


@register
class Clear(AgainstAnEnemy):
    """Clear a room of the hero's enemies while standing in it (N40); the room becomes the hero's claim (N47)."""

    name = "clear"

    def terms(self, world: World, hero: int, giver: int, drawn: dict[str, object]) -> Terms:
        found = super().terms(world, hero, giver, drawn)
        found.target_name = world.get(int(drawn["target"]), Identity).name
        return found

    def met(self, world: World, hero: int, contract: Contract) -> bool:
        return world.hero_room() == contract.room and not any(
            world.alive(e) and world.is_enemy(e, hero) for e in world.creatures_in(contract.room) if e != hero)

    def rewarded(self, world: World, hero: int, contract: Contract, journal: Journal) -> None:
        journal.claims.add(contract.room)  # N47: a room the hero cleared is its claim


@register
class Escort(ContractKind):
    """Take the giver to a room a few doors away (N40, N4: it walks in the hero's party); a merchant keeps to
    its shop (N5). A giver that dies on the way fails the contract."""

    name = "escort"
    latches = True

    def possible(self, asking: Asking) -> bool:
        return bool(asking.far) and merchant_of(asking.world, asking.giver) is None

    def draw(self, asking: Asking) -> dict[str, object]:
        return {"room": pick(asking.world, asking.far)}

    def terms(self, world: World, hero: int, giver: int, drawn: dict[str, object]) -> Terms:
        return Terms(world.uid(giver), world.get(giver, Identity).name, "", int(drawn["room"]))

    def accept(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        company.join(world, hero, giver)  # it walks with the hero (N4) until it arrives

    def met(self, world: World, hero: int, contract: Contract) -> bool:
        """Done when the giver stands with the hero in the room it asked for: it leaves the party there. A giver
        that died on the way fails the contract (abandoned, with no memory: it is dead)."""
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

    def give_up(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        if company.companion_of(world, giver) is not None:
            company.part(world, hero, giver, quietly=True)


@register
class Marked(ContractKind):
    """Recover a marked enchanted item from a named enemy (N42): about one offer in ten, when an enemy can
    carry it; only the marked item counts."""

    name = "marked"
    ordinary = False
    chance = "marked_chance"
    bonus = False
    needs_target = True

    def possible(self, asking: Asking) -> bool:
        return bool(asking.enemies)

    def draw(self, asking: Asking) -> dict[str, object]:
        data = asking.world.content.contracts
        return {"target": pick(asking.world, asking.enemies), "item": pick(asking.world, list(data.marked_items)),
                "rune": pick(asking.world, list(data.marked_runes))}

    def terms(self, world: World, hero: int, giver: int, drawn: dict[str, object]) -> Terms:
        found = super().terms(world, hero, giver, drawn)
        found.target_name = name_enemy(world, int(drawn["target"]))
        found.item = f"{found.item}:{drawn['rune']}"
        found.item_words = f"{drawn['rune']}-runed {found.item_words}"
        return found

    def accept(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        base, rune = contract.item.split(":")
        marked = world.create(Item(base, rune=rune), Mark(contract.id, world.uid(hero)))
        give(world, marked, world.actors.by_uid(contract.target).eid)
        super().accept(world, hero, giver, contract)

    def ready(self, world: World, hero: int, contract: Contract) -> bool:
        return carried_mark(world, hero, contract) is not None

    def surrender(self, world: World, hero: int, giver: int, contract: Contract) -> str:
        item_eid = carried_mark(world, hero, contract)
        handed = item_name(world, item_eid)
        give(world, item_eid, giver)
        return handed


@register
class Mini(Bring):
    """A small favour (N44): with enough loyalty and no larger task, the creature asks for something it needs
    (its want); the gold follows the item's value, and no cooldown starts."""

    name = "mini"
    ordinary = False
    favour = True

    def possible(self, asking: Asking) -> bool:
        return False  # asked for by `contracts.favour`, never drawn

    def wanted(self, world: World, contract: Contract) -> tuple[str, ...]:
        return world.content.contracts.wants[contract.item].items

    def accept(self, world: World, hero: int, giver: int, contract: Contract) -> None:
        """A favour does not hold the giver."""

    def surrender(self, world: World, hero: int, giver: int, contract: Contract) -> str:
        handed, value = self.hand(world, hero, giver, contract)
        rules = world.content.contracts.rules
        contract.gold = max(int(rules["mini_gold_least"]), int(rules["mini_gold_per_value"]) * value)
        return handed


@register
class Siege(ContractKind):
    """The world's goal (issue 24): the besieged settlement's Captain (goal.toml [siege] giver) asks the hero to
    lift the siege, before any other work, while it stands; the target is the besiegers' leader, the room its
    war camp; met once the siege falls (systems/siege.py)."""

    name = "siege"
    ordinary = False
    goal = True
    bonus = False
    latches = True

    def possible(self, asking: Asking) -> bool:
        world = asking.world
        journal = world.try_get(asking.hero, Journal)
        asked = journal is not None and any(c.kind == self.name and c.state in ("active", "done")
                                            for c in journal.contracts)
        return not asked and world.get(asking.giver, Identity).name == world.content.goal.giver \
            and siege.standing(world) and siege.leader(world) is not None

    def draw(self, asking: Asking) -> dict[str, object]:
        return {"target": siege.leader(asking.world)}

    def terms(self, world: World, hero: int, giver: int, drawn: dict[str, object]) -> Terms:
        found = super().terms(world, hero, giver, drawn)
        found.target_name = world.get(int(drawn["target"]), Identity).name
        camp = siege.camp_of(world)
        found.room = camp.room if camp is not None else found.room
        return found

    def ready(self, world: World, hero: int, contract: Contract) -> bool:
        return contract.met or siege.lifted(world)

    def met(self, world: World, hero: int, contract: Contract) -> bool:
        return siege.lifted(world)
