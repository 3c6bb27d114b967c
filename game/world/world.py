"""The world: one dungeon map, its creatures and items in an esper context, one seeded RNG.

The UI and headless runs change the world only through `do(command)` and read it through views and
events (docs/architecture.md).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Mapping

import esper

from game.content.content import Content, load_content
from game.maps.model import DungeonMap, Spawner, Trap
from game.rules.card import Card
from game.world import factory, loadout, saved
from game.world.components import Body, Growth, Identity, Inventory, Item, Mood, Needs, Position
from game.world.ecs import EcsContext
from game.world.events import NO_DATA, Event
from game.world.rooms import RoomIndex
from game.world.scent import ScentField


@dataclass(frozen=True)
class Result:
    ok: bool
    reason: str = ""


@dataclass(frozen=True)
class CreatureView:
    eid: int
    uid: str
    codex_id: str
    name: str
    room: int
    square: tuple[int, int]
    footprint: tuple[int, int]
    health: int
    max_health: int
    level: int
    xp: int
    mood: str
    hunger: int
    thirst: int
    ap: int
    max_ap: int
    heads: int
    card: Card
    equipped: dict[str, str]
    carrying: list[str]
    durability: int
    is_hero: bool
    hostile: bool
    stunned: int
    alive: bool
    conditions: dict[str, int]  # C40 condition name -> turns it still holds
    cells: tuple[tuple[int, int], ...]  # C31: a group's head squares (empty for one creature)


@dataclass(slots=True)
class Actor:
    """One NPC's components, gathered once per turn so systems need not query esper each time."""

    eid: int
    ident: Identity
    body: Body
    mood: Mood
    pos: Position
    needs: Needs | None
    growth: Growth
    inv: Inventory
    unlocks: Mapping[int, str]  # N29: level -> behaviour, from the codex
    trigger: str | None  # C40: when a minion group's Mob trait fires ("damage", "presence"), else None


# NPCs that only some systems concern, listed apart so those systems need not visit every creature.
ACTOR_SUBSETS: dict[str, Callable[[Actor], bool]] = {
    "presence": lambda a: a.trigger == "presence",  # C40: Mob traits that work on whoever is beside them
    "unlocks": lambda a: bool(a.unlocks),  # N29: behaviours to grow into
    "prey": lambda a: "prey" in a.ident.tags,  # N15: prey lays scent
}


@dataclass(frozen=True)
class ItemView:
    eid: int
    item_id: str
    name: str
    square: tuple[int, int] | None


class World:
    def __init__(self, dungeon: DungeonMap, content: Content, seed: int, populate: bool = True) -> None:
        self.ecs = EcsContext()
        self.rng = random.Random(seed)
        self.seed = seed
        self.content = content
        self.turn = 0
        self.lay_out(dungeon)
        self.aware_full = int(content.tuning["mood"]["anger_memory"])  # N16, N18: turns a threat is remembered
        self.pair_cooldown: dict[tuple[str, str], int] = {}
        self.gear_scores: dict[tuple, float] = {}  # scavenge scores by creature kind and item make
        self.events: list[Event] = []  # posted since the last pop_events()
        self._serial = 0
        self._steps: Iterator[None] | None = None
        self._actors: list[Actor] | None = None
        self._actor_of: dict[int, Actor] = {}
        self._subsets: dict[str, list[Actor]] = {}  # ACTOR_SUBSETS, kept in step with the actor list
        self._cards: dict[tuple[str, int], Card] = {}
        self.shared_cards: dict[tuple, tuple[Card, Card]] = {}  # (kind, heads, level, gear) -> base, card
        self.over: str | None = None
        self.hero = factory.populate(self) if populate else 0  # a loaded world gets its hero in restore()

    def lay_out(self, dungeon: DungeonMap) -> None:
        """Take on a map: its rooms, scent, spawner clocks, doors, traps and runes, all as new."""
        self.map = dungeon
        self.rooms = RoomIndex(dungeon)
        self.scent_field = ScentField(dungeon, self.content.tuning["scent"])
        self.spawn_clock: dict[int, int] = {s.id: s.interval for s in dungeon.spawners}
        self.opened_doors: set[int] = set()
        self.trap_spent: dict[int, int] = {}  # trap id -> turn it is armed again
        self.room_runes: dict[int, str | None] = {r.id: r.rune for r in dungeon.rooms.values()}
        self.room_names: dict[int | None, str] = {r.id: r.name for r in dungeon.rooms.values()}

    # -- identity and events ------------------------------------------------------------------
    def natural_card(self, codex_id: str, heads: int = 0) -> Card:
        """The bridged card of a creature kind, shared by every creature of that kind (cards are frozen)."""
        key = (codex_id, heads)
        card = self._cards.get(key)
        if card is None:
            card = self._cards[key] = self.content.codex.card(codex_id, heads or None)
        return card

    @property
    def uid_serial(self) -> int:
        """The number of the last uid handed out (saved with the world)."""
        return self._serial

    def restore(self, hero: int, uid_serial: int, actor_order: list[int]) -> None:
        """A world rebuilt from a save (game/save): its hero, uid counter and NPC list in the saved order."""
        self.hero, self._serial = hero, uid_serial
        self._actors = [self._actor(eid) for eid in actor_order]
        self._actor_of = {a.eid: a for a in self._actors}
        self._subsets.clear()

    def next_uid(self, codex_id: str) -> str:
        self._serial += 1
        return f"{codex_id}#{self._serial}"

    def uid(self, eid: int) -> str:
        return self._identity(eid).uid

    def _gathered(self, eid: int) -> Actor | None:
        """An NPC's gathered components, read in the hot paths instead of esper's per-entity dicts
        (docs/performance.md); None for the hero, or while the actor list is not built."""
        return self._actor_of.get(eid) if self._actors is not None else None

    def _identity(self, eid: int) -> Identity:
        actor = self._gathered(eid)
        return actor.ident if actor is not None else esper.component_for_entity(eid, Identity)

    def room_name(self, room_id: int | None) -> str:
        return self.room_names.get(room_id, "nowhere")

    def emit(self, kind: str, actor: int | None = None, target: int | None = None,
             room: int | None = None, **data: object) -> Event:
        """Post an event; its sentence comes from assets/data/texts.toml when it is read."""
        actor_uid = target_uid = actor_name = target_name = None
        if actor is not None:
            who = self._identity(actor)
            actor_uid, actor_name = who.uid, who.name
        if target is not None:
            who = self._identity(target)
            target_uid, target_name = who.uid, who.name
        event = Event(self.turn, kind, actor_uid, target_uid, room, data or NO_DATA, self.content.texts.template(kind),
                      actor_name, target_name, self.room_name(room))
        self.events.append(event)
        return event

    def pop_events(self) -> list[Event]:
        """The events since the last call; the world keeps no others (a long game holds no history)."""
        new, self.events = self.events, []
        return new

    def hears(self, event: Event) -> bool:
        """Players in the room hear what happens there (N29, N66); the hero hears its own deeds."""
        self.ecs.activate()
        hero_uid = self.uid(self.hero) if esper.entity_exists(self.hero) else None
        if hero_uid is not None and hero_uid in (event.actor, event.target):
            return True
        return event.room is not None and event.room == self.hero_room()

    # -- queries --------------------------------------------------------------------------------
    def alive(self, eid: int) -> bool:
        actor = self._gathered(eid)
        if actor is not None:
            return actor.body.health > 0
        body = esper.try_component(eid, Body) if esper.entity_exists(eid) else None
        return body is not None and body.health > 0

    def room_of(self, eid: int) -> int:
        return esper.component_for_entity(eid, Position).room

    def hero_room(self) -> int | None:
        pos = esper.try_component(self.hero, Position) if esper.entity_exists(self.hero) else None
        return pos.room if pos else None

    def creatures(self) -> list[int]:
        """Every living creature, the hero included."""
        self.ecs.activate()
        return [eid for eid, body in esper.get_component(Body) if body.health > 0]

    def actors(self) -> list[Actor]:
        """The NPCs (not the hero); the dead stay listed with health <= 0 until the turn ends."""
        if self._actors is None:
            self._actors = [self._actor(eid) for eid, _ in esper.get_components(Mood, Body)]
            self._actor_of = {a.eid: a for a in self._actors}
            self._subsets.clear()
        return self._actors

    def actors_where(self, subset: str) -> list[Actor]:
        """The NPCs of one of ACTOR_SUBSETS, in the order of `actors()`."""
        listed = self._subsets.get(subset)
        if listed is None:
            listed = self._subsets[subset] = [a for a in self.actors() if ACTOR_SUBSETS[subset](a)]
        return listed

    def actor_of(self, eid: int) -> Actor | None:
        """The NPC's gathered components; None for the hero."""
        self.actors()
        return self._actor_of.get(eid)

    def _actor(self, eid: int) -> Actor:
        get = esper.component_for_entity
        ident = get(eid, Identity)
        trait = self.content.codex.creatures[ident.codex_id].mob_trait
        return Actor(eid, ident, get(eid, Body), get(eid, Mood), get(eid, Position), esper.try_component(eid, Needs),
                     get(eid, Growth), get(eid, Inventory), self.unlocks(eid), trait.trigger if trait else None)

    def add_actor(self, eid: int) -> None:
        """A creature was made: list it (when the list exists; otherwise it is built on demand)."""
        if self._actors is not None:
            actor = self._actor_of[eid] = self._actor(eid)
            self._actors.append(actor)
            for subset, listed in self._subsets.items():
                if ACTOR_SUBSETS[subset](actor):
                    listed.append(actor)

    def drop_dead_actors(self) -> None:
        if self._actors is not None:
            dead = [a.eid for a in self._actors if a.body.health <= 0]
            if dead:
                self._actors = [a for a in self._actors if a.body.health > 0]
                for eid in dead:
                    del self._actor_of[eid]
                for listed in self._subsets.values():
                    listed[:] = [a for a in listed if a.body.health > 0]

    def forget_actors(self) -> None:
        """The population was replaced (F5): build the list again on demand."""
        self._actors = None
        self._subsets.clear()

    def creatures_in(self, room_id: int) -> list[int]:
        return list(self.rooms.occupants(room_id))

    def items_in(self, room_id: int) -> list[ItemView]:
        self.ecs.activate()
        return [self._item_view(eid) for eid in self.rooms.floor(room_id)]

    def hero_items(self) -> list[ItemView]:
        self.ecs.activate()
        inv = esper.try_component(self.hero, Inventory) if esper.entity_exists(self.hero) else None
        return [self._item_view(eid) for eid in inv.items] if inv else []

    def item_name(self, eid: int) -> str:
        item = esper.component_for_entity(eid, Item)
        name = self.content.items[item.item_id].name
        extras = [item.quality] if item.quality not in ("common",) else []
        if item.material not in ("iron",):
            extras.append(item.material)
        label = f"{' '.join(extras)} {name}".strip() if extras else name
        if item.rune:
            label += f" ({item.rune} rune)"
        fixture = self.content.items[item.item_id].fixture
        return label if item.count == 1 or fixture else f"{label} ×{item.count}"

    def _item_view(self, eid: int) -> ItemView:
        item = esper.component_for_entity(eid, Item)
        return ItemView(eid, item.item_id, self.item_name(eid), item.square)

    def is_enemy(self, a: int, b: int) -> bool:
        """N13: factions at war (assets/data/world.toml), or a creature angered at the hero (N18)."""
        if self._identity(b).faction in self.content.tuning.enemies.get(self._identity(a).faction, ()):
            return True
        for me, other in ((a, b), (b, a)):
            if other == self.hero:
                actor = self._gathered(me)
                mood = actor.mood if actor is not None else esper.try_component(me, Mood)
                if mood is not None and mood.state == "angered":
                    return True
        return False

    def factions_differ(self, occupants: list[int]) -> bool:
        """Whether any two of these creatures could be enemies (a room of one faction never fights)."""
        return len({self._identity(e).faction for e in occupants}) > 1

    def view(self, eid: int) -> CreatureView:
        self.ecs.activate()
        ident = esper.component_for_entity(eid, Identity)
        body = esper.component_for_entity(eid, Body)
        pos = esper.component_for_entity(eid, Position)
        needs = esper.try_component(eid, Needs) or Needs()
        mood = esper.try_component(eid, Mood)
        growth = esper.try_component(eid, Growth) or Growth()
        inv = esper.try_component(eid, Inventory) or Inventory()
        fp = factory.footprint_of(eid)
        equipped = {slot: self.item_name(item) for slot, item in inv.equipped.items()}
        worn = set(inv.equipped.values())
        return CreatureView(
            eid=eid, uid=ident.uid, codex_id=ident.codex_id, name=ident.name, room=pos.room,
            square=pos.square, footprint=(fp.w, fp.h), health=body.health, max_health=body.card.health,
            level=growth.level, xp=growth.xp, mood=mood.state if mood else "hero",
            hunger=needs.hunger, thirst=needs.thirst, ap=body.ap, max_ap=body.card.ap, heads=body.heads,
            card=body.card, equipped=equipped,
            carrying=[self.item_name(i) for i in inv.items if i not in worn],
            durability=loadout.durability(eid), is_hero=eid == self.hero,
            hostile=eid != self.hero and self.alive(self.hero) and self.is_enemy(eid, self.hero),
            stunned=body.stunned, alive=body.health > 0,
            conditions={self.content.conditions[c].name: n for c, n in body.conditions.items()},
            cells=pos.cells,
        )

    def traps_in(self, room_id: int) -> list[Trap]:
        return self.rooms.traps.get(room_id, [])

    def room_amplify(self, room_id: int) -> dict[str, int]:
        """N37: a rune socketed in the room amplifies every attack of its school made there."""
        rune = self.room_runes.get(room_id)
        return {rune: self.content.gear.rune_room_amplify} if rune else {}

    def unlocks(self, eid: int) -> Mapping[int, str]:
        """N29: level -> behaviour from the creature's codex entry."""
        defn = self.content.codex.creatures.get(esper.component_for_entity(eid, Identity).codex_id)
        return defn.unlocks if defn else {}

    def scent(self, room_id: int) -> float:
        """The hero's scent in a room, 0..1 (the overlay)."""
        return self.scent_field.hero.get(room_id, 0.0)

    def spawners(self) -> list[tuple[Spawner, int]]:
        return [(s, self.spawn_clock[s.id]) for s in self.map.spawners]

    # -- commands and the turn -------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._steps is not None

    def do(self, command: object) -> Result:
        """Carry out one hero command (game/world/commands.py); never raises for a refused command."""
        from game.world import commands

        self.ecs.activate()
        if self.over:
            return Result(False, "You are dead.")
        if self.busy:
            return Result(False, "The dungeon is still moving.")
        result = commands.perform(self, command)
        if result.ok and (isinstance(command, commands.EndTurn) or esper.component_for_entity(self.hero, Body).ap <= 0):
            self.begin_turn()
        return result

    def begin_turn(self) -> None:
        from game.world.turn import run_turn

        self._steps = run_turn(self)

    def advance(self, budget_seconds: float = 0.008) -> bool:
        """Run the pending world turn for at most about `budget_seconds`; True when it is done."""
        if self._steps is None:
            return True
        self.ecs.activate()
        deadline = time.perf_counter() + budget_seconds
        for _ in self._steps:
            if time.perf_counter() >= deadline:
                return False
        self._steps = None
        return True

    def finish_turn(self) -> None:
        while not self.advance(3600.0):
            pass

    def end_turn(self) -> None:
        """Headless and tests: the hero ends its turn and the world turn runs to completion."""
        from game.world.commands import EndTurn

        if not self.over:
            self.do(EndTurn())
        else:
            self.begin_turn()
        self.finish_turn()

    def reload_map(self, path: Path) -> None:
        """F5: load the map again from disk, keeping the hero (raises MapError on a bad map)."""
        from game.maps.data_ids import read_data_ids
        from game.maps.tiled import load_map

        factory.rebuild(self, load_map(path, data=read_data_ids()))

    def close(self) -> None:
        self.ecs.close()


def unlocked_at(unlocks: Mapping[int, str], level: int) -> set[str]:
    """N29: the behaviours a creature has grown into by `level`."""
    return {behaviour for at, behaviour in unlocks.items() if at <= level}


def new_world(map_path: Path, seed: int, content: Content | None = None) -> World:
    """Load the map and the data and populate a world (raises MapError or ContentError)."""
    from game.maps.data_ids import read_data_ids
    from game.maps.tiled import load_map

    content = content or load_content()
    return World(load_map(map_path, data=read_data_ids()), content, seed)


# -- saved with the world (game/world/saved.py): its own state besides its entities ------------------------
def scent_fields(world: World) -> dict[str, dict[int, float]]:
    return {"hero": world.scent_field.hero, "prey": world.scent_field.prey}


def restore_scent(world: World, fields: dict[str, dict[int, float]]) -> None:
    """Scent lies only in the map's rooms (each turn it spreads to a room's neighbours)."""
    for name, field in fields.items():
        for room, value in field.items():
            if room not in world.map.rooms:
                raise KeyError(f"scent of room {room}")
            if value > 0:
                getattr(world.scent_field, name)[room] = value


ROOM_SCENT = saved.number_map(saved.FLOAT)  # room -> strength
saved.world_state("scent", saved.record({"hero": ROOM_SCENT, "prey": ROOM_SCENT}), scent_fields, restore_scent)
saved.world_state("spawn_clock", saved.number_map(saved.INT))
saved.world_state("opened_doors", saved.NUMBERS)
saved.world_state("trap_spent", saved.number_map(saved.INT))
saved.world_state("room_runes", saved.number_map(saved.optional(saved.STR)))
saved.world_state("pair_cooldown", saved.pair_map(saved.INT))
