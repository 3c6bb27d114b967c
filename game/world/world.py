"""The world: one dungeon map, its creatures and items in its own component store (it is an ecs.Store, the
one door to them), one seeded RNG, and the indexes kept beside them (rooms, actors).

It is state plus the queries every layer above shares. Reading it for the screen is `views`; changing it
is the verbs (`verbs/`), run by the systems of the turn (`turn`) and by commands (`commands`), both driven
by `driver.Driver` (docs/architecture.md). It never loads a map file: it is handed one.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from game.content.codex import Codex, HeroSheet
from game.content.content import Content
from game.content.tuning import MONSTERS
from game.maps.model import DungeonMap, Spawner, Trap
from game.rules.card import Card
from game.rules.motives import provoked_only
from game.world import chronicle, saved
from game.world.actors import ActorIndex
from game.world.components import NAME, ROOM, RUNE, UID, Body, Hero, Identity, Mood, MoodState, Position
from game.world.ecs import Store
from game.world.events import NO_DATA, Event
from game.world.rooms import RoomIndex
from game.world.scent import ScentField

if TYPE_CHECKING:
    from game.world.verbs.secrets import Lore


_CARDS: list[tuple[Content, dict[tuple, tuple[Card, Card]]]] = []  # the latest last


def cards_of(content: Content) -> dict[tuple, tuple[Card, Card]]:
    """The grown and geared cards (loadout.refresh) of one game data, shared by the worlds made on it: a card
    follows from the data and its key alone, so a load makes each once a process, not once a world."""
    known = next((cards for kept, cards in reversed(_CARDS) if kept is content), None)
    if known is None:
        known = {}
        _CARDS[:] = [*_CARDS[-3:], (content, known)]
    return known


class World(Store):
    """A world with no creatures yet: `verbs.factory.populate` fills it from its map, a save rebuilds it. It is
    its own component store (ecs.Store: the one door to its entities, methods of the world itself)."""

    def __init__(self, dungeon: DungeonMap, content: Content, seed: int) -> None:
        Store.__init__(self)  # the door to its entities: world.get(eid, Body), world.query(Body) ...
        self.rng = random.Random(seed)
        self.seed = seed
        self.content = content
        self.turn = 0
        self.mid_turn = False  # a world turn has begun and not finished (a save waits for its end)
        self.log: list[tuple[str, tuple[int, int, int]]] = []  # a one-map run's message log, saved with it
        self.lay_out(dungeon)
        self.aware_full = int(content.tuning["mood"]["anger_memory"])  # N16, N18: turns a threat is remembered
        self.feuds: dict[tuple[str, str], int] = {}  # N69: pair (uids, sorted) -> turn its feud began
        self.gear_scores: dict[tuple, float] = {}  # scavenge scores by creature kind and item make
        self.events: list[Event] = []  # posted since the last pop_events()
        self.actors = ActorIndex(content, self)
        self._serial = 0
        self._cards: dict[tuple[str, int], Card] = {}
        self._hero_codices: dict[tuple, Codex] = {}  # by HeroSheet.makes
        self.shared_cards = cards_of(content)  # (kind, sheet, heads, level, gear) -> base, card
        self.over: str | None = None
        self.hero = 0  # the hero's entity, once populated or restored
        self.lore: Lore | None = None  # N60: the region's sites, handed in by the realm (none in a one-map game)
        self.roads: Callable[[World], None] | None = None  # N3: a realm's crossing for this site (systems/roads.py)
        self.travelled: dict[str, str] = {}  # N3: uid -> name of each traveller who set out from here (news names it)

    def lay_out(self, dungeon: DungeonMap) -> None:
        """Take on a map: its rooms, scent, spawner clocks, doors, traps and runes, all as new."""
        self.map = dungeon
        self.rooms = RoomIndex(dungeon)
        self.scent_field = ScentField(dungeon, self.content.tuning["scent"])
        self.spawn_clock: dict[int, int] = {s.id: s.interval for s in dungeon.spawners}
        self.stopped_spawners: set[int] = set()  # N26: spawners whose clock no longer runs (a lifted siege's camp)
        self.opened_doors: set[int] = set()
        self.trap_spent: dict[int, int] = {}  # trap id -> turn it is armed again
        self.room_runes: dict[int, str | None] = {r.id: r.rune for r in dungeon.rooms.values()}
        self.room_names: dict[int | None, str] = {r.id: r.name for r in dungeon.rooms.values()}
        self.pair_cooldown: dict[tuple[str, str], int] = {}  # N66: two uids -> the turn they may talk again

    @property
    def minutes(self) -> int:
        """The day clock (N75, game/rules/clock.py): minutes since the first midnight. A turn is the same
        stretch of time (world.toml [clock]), so the clock follows from the turn and is never saved."""
        clock = self.content.tuning["clock"]
        return int(clock["start_hour"]) * 60 + self.turn * int(clock["minutes_per_turn"])

    # -- identity and events ------------------------------------------------------------------
    def natural_card(self, codex_id: str, heads: int = 0) -> Card:
        """The bridged card of a creature kind, shared by every creature of that kind (cards are frozen)."""
        key = (codex_id, heads)
        card = self._cards.get(key)
        if card is None:
            card = self._cards[key] = self.content.codex.card(codex_id, heads or None)
        return card

    def hero_codex(self, sheet: HeroSheet) -> Codex:
        """The codex as a hero of this sheet reads it: hero.toml's hero raised by the sheet's points (each hero
        of a world has its own sheet, issue 12); shared by heroes whose sheets make the same hero."""
        codex = self._hero_codices.get(sheet.makes)
        if codex is None:
            codex = self._hero_codices[sheet.makes] = self.content.codex.with_hero(sheet, self.content.heroes.step)
        return codex

    def hero_card(self, sheet: HeroSheet) -> Card:
        """The bridged card of a hero of this sheet (N19, N32)."""
        return self.hero_codex(sheet).hero_card()

    def hero_sheet(self) -> HeroSheet:
        """The played hero's own sheet (the world's hero's, hero.toml's or a one-map game's, once it is gone)."""
        hero = self.try_get(self.hero, Hero) if self.hero and self.exists(self.hero) else None
        return hero.sheet if hero is not None else self.content.codex.hero().sheet

    def codex_of(self, eid: int) -> Codex:
        """The codex a creature's numbers come from: a hero's own (`hero_codex`), else the game's."""
        hero = self.try_get(eid, Hero)
        return self.hero_codex(hero.sheet) if hero is not None else self.content.codex

    @property
    def uid_serial(self) -> int:
        """The number of the last uid handed out (saved with the world)."""
        return self._serial

    def restore(self, hero: int, uid_serial: int, actor_order: list[int]) -> None:
        """A world rebuilt from a save (game/save): its hero, uid counter and NPC list in the saved order."""
        self.hero, self._serial = hero, uid_serial
        self.actors.rebuild(actor_order)

    def next_uid(self, codex_id: str) -> str:
        self._serial += 1
        return f"{codex_id}#{self._serial}"

    def admit(self, ident: Identity) -> None:
        """A creature come from another site's world (a companion, N4): it keeps its uid unless a creature
        here has it already, then takes a new one; the uid counter passes its number either way."""
        if any(other.uid == ident.uid for _, other in self.query(Identity)):
            ident.uid = self.next_uid(ident.codex_id)
        self._serial = max(self._serial, int(ident.uid.rpartition("#")[2]))

    def uid(self, eid: int) -> str:
        return self._identity(eid).uid

    def _identity(self, eid: int) -> Identity:
        actor = self.actors.peek(eid)
        return actor.ident if actor is not None else self.get(eid, Identity)

    def room_name(self, room_id: int | None) -> str:
        return self.room_names.get(room_id, "nowhere")

    def emit(self, kind: str, actor: int | None = None, target: int | None = None,
             room: int | None = None, *, text: tuple[str, ...] = (), **data: object) -> Event:
        """Post an event; its sentence comes from assets/data/texts.toml when it is read: the entry of its
        kind, or the entries `text` names, one after another (one line for all that happened together)."""
        actor_uid = target_uid = actor_name = target_name = None
        if actor is not None:
            who = self._identity(actor)
            actor_uid, actor_name = who.uid, who.name
        if target is not None:
            who = self._identity(target)
            target_uid, target_name = who.uid, who.name
        templates = self.content.texts.templates  # texts.template's table, read here: ~2,000 events a turn
        template = " ".join(templates.get(key, "") for key in text) if text else templates.get(kind, "")
        event = Event(self.turn, kind, actor_uid, target_uid, room, data or NO_DATA, template,
                      actor_name, target_name, self.room_names.get(room, "nowhere"))
        self.events.append(event)
        if kind in chronicle.KINDS and self.hero:  # N87: the hero's chronicle
            chronicle.record(self, event)
        return event

    def pop_events(self) -> list[Event]:
        """The events since the last call; the world keeps no others (a long game holds no history)."""
        new, self.events = self.events, []
        return new

    def hears(self, event: Event) -> bool:
        """Players in the room hear what happens there (N29, N66); the hero hears its own deeds."""
        hero_uid = self.uid(self.hero) if self.exists(self.hero) else None
        if hero_uid is not None and hero_uid in (event.actor, event.target):
            return True
        return event.room is not None and event.room == self.hero_room()

    # -- queries --------------------------------------------------------------------------------
    def alive(self, eid: int) -> bool:
        actor = self.actors.peek(eid)
        if actor is not None:
            return actor.body.health > 0
        body = self.try_get(eid, Body) if self.exists(eid) else None
        return body is not None and body.health > 0

    def room_of(self, eid: int) -> int:
        return self.get(eid, Position).room

    def hero_room(self) -> int | None:
        pos = self.try_get(self.hero, Position) if self.exists(self.hero) else None
        return pos.room if pos else None

    def creatures(self) -> list[int]:
        """Every living creature, the hero included."""
        return [eid for eid, body in self.query(Body) if body.health > 0]

    def creatures_in(self, room_id: int) -> list[int]:
        return list(self.rooms.occupants(room_id))

    def is_enemy(self, a: int, b: int) -> bool:
        """N13: factions at war (assets/data/world.toml), a creature angered at the hero (N18), or two
        creatures in a feud (N69: either may attack)."""
        ident_a, ident_b = self._identity(a), self._identity(b)
        if self.feuds and pair_of(ident_a.uid, ident_b.uid) in self.feuds:
            return True
        hero = self.hero
        for me, other, ident in ((a, b, ident_a), (b, a, ident_b)) if a == hero or b == hero else ():
            if other == hero:
                actor = self.actors.peek(me)
                mood = actor.mood if actor is not None else self.try_get(me, Mood)
                if mood is not None and mood.state == MoodState.ANGERED:
                    return True
                if mood is not None and self.lets_hero_be(ident, mood):
                    return False
        return ident_b.faction in self.content.tuning.enemies.get(ident_a.faction, ())

    def lets_hero_be(self, ident: Identity, mood: Mood) -> bool:
        """C4: a monster bought off by a bargain, or whose want starts no fight (territory, hoard, to be left
        alone), or one lurking in its lair that has not noticed the hero (verbs/noticing), is not the hero's
        enemy until provoked (angered, N18)."""
        if ident.faction != MONSTERS:
            return False
        return mood.state in (MoodState.APPEASED, MoodState.LURKING) or provoked_only(
            self.content.codex.creatures[ident.codex_id].motivation.wants)

    def may_fight(self, occupants: list[int]) -> bool:
        """Whether any two of these creatures could be enemies: factions that differ, or a feud (N69)."""
        peek = self.actors.peek  # _identity inline: the combat stage asks it of every busy room every turn
        factions = {(actor.ident if (actor := peek(e)) is not None else self.get(e, Identity)).faction
                    for e in occupants}
        return len(factions) > 1 or self.feud_in(occupants)

    def feud_in(self, occupants: list[int]) -> bool:
        """N69: whether two of these creatures are in a feud."""
        if not self.feuds:
            return False
        here = {self._identity(e).uid for e in occupants}
        return any(a in here and b in here for a, b in self.feuds)

    def traps_in(self, room_id: int) -> list[Trap]:
        return self.rooms.traps.get(room_id, [])

    def room_amplify(self, room_id: int) -> dict[str, int]:
        """N37: a rune socketed in the room amplifies every attack of its school made there."""
        rune = self.room_runes.get(room_id)
        return {rune: self.content.gear.rune_room_amplify} if rune else {}

    def scent(self, room_id: int) -> float:
        """The hero's scent in a room, 0..1 (the overlay)."""
        return self.scent_field.hero.get(room_id, 0.0)

    def spawners(self) -> list[tuple[Spawner, int]]:
        return [(s, self.spawn_clock[s.id]) for s in self.map.spawners]

    def close(self) -> None:
        """Let the world's entities go (a closed world is read no more)."""
        self.clear()


def pair_of(a: str, b: str) -> tuple[str, str]:
    """Two creatures' uids as the key of their pair (N66, N69): the same whichever comes first."""
    return (a, b) if a < b else (b, a)


# -- saved with the world (game/world/saved.py): its own state besides its entities ------------------------
def scent_fields(world: World) -> dict[str, dict[int, float]]:
    return {"hero": world.scent_field.hero, "prey": world.scent_field.prey}


def restore_scent(world: World, fields: dict[str, dict[int, float]]) -> None:
    """The fields hold only the rooms where some scent lingers (their kind keeps them to the map's rooms)."""
    for name, field in fields.items():
        getattr(world.scent_field, name).update((room, value) for room, value in field.items() if value > 0)


def every_spawner(world: World, clocks: dict[int, int]) -> str | None:
    """Each of the map's spawners counts down from its interval to 1 between turns (N26)."""
    for spawner in world.map.spawners:
        if not 1 <= clocks.get(spawner.id, 0) <= spawner.interval:
            return (f"the clock of spawner {spawner.id} should be from 1 to its interval {spawner.interval}, "
                    f"not {clocks.get(spawner.id, 'missing')}")
    return None


def every_room(world: World, runes: dict[int, str | None]) -> str | None:
    missing = [room for room in world.map.rooms if room not in runes]
    return f"room_runes says nothing of room {missing[0]}" if missing else None


def restore_pairs(world: World, pairs: dict[tuple[str, str], int]) -> None:
    """N66: only waits still running between living creatures are kept (saves before issue 10 kept every
    pair the world ever saw talk)."""
    living = {ident.uid for _, (ident, body) in world.join(Identity, Body) if body.health > 0}
    world.pair_cooldown = {pair: until for pair, until in pairs.items() if until > world.turn and set(pair) <= living}


ROOM_SCENT = saved.number_map(saved.FLOAT.between(0, 1), key=ROOM)  # room -> strength
SPAWNER = saved.one_of(saved.INT, "a spawner of the map", lambda world: {s.id for s in world.map.spawners})
DOOR = saved.one_of(saved.INT, "a locked door of the map", lambda world: {e.id for e in world.map.exits if e.locked})
TRAP = saved.one_of(saved.INT, "a trap of the map", lambda world: {t.id for t in world.map.traps})
saved.world_state("scent", saved.record({"hero": ROOM_SCENT, "prey": ROOM_SCENT}), scent_fields, restore_scent)
saved.world_state("spawn_clock", saved.number_map(saved.INT, key=SPAWNER), check=every_spawner)
saved.world_state("stopped_spawners", saved.numbers(SPAWNER))
saved.world_state("opened_doors", saved.numbers(DOOR))
saved.world_state("trap_spent", saved.number_map(saved.COUNT, key=TRAP))
saved.world_state("room_runes", saved.number_map(saved.optional(RUNE), key=ROOM), check=every_room)
saved.world_state("pair_cooldown", saved.pair_map(saved.COUNT), write=restore_pairs)
saved.world_state("feuds", saved.pair_map(saved.COUNT))
saved.world_state("travelled", saved.name_map(NAME, key=UID))
