"""The dungeon screen's input: a key or a click becomes a request (a world command, a screen to open, a line
for the log, or something the scene does itself), chosen from views only, so tests ask it without drawing."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from game.maps.model import Square
from game.ui import bindings, dungeon_targets as targets
from game.ui.sidepanel import CHARACTER, INVENTORY, JOURNAL, MOST_PACK, PACK_PAGE, use_command
from game.ui.snapshot import Snapshot
from game.ui.stacks import Stack, stacked
from game.world import views
from game.world.commands import Attack, Cast, Command, Consume, EndTurn, Move, PickUp, SecondWind, Talk
from game.world.verbs import spells
from game.world.views import CreatureView, ItemView
from game.world.world import World


@dataclass(frozen=True)
class Open:
    """A screen to push over the dungeon, by its registered name (the scene adds its message log where the
    screen takes one)."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TalkTo:
    """Open the dialogue with a creature that is not hostile (N46: a click never attacks it)."""

    eid: int


@dataclass(frozen=True)
class Refuse:
    """Nothing to do: the reason, for the log."""

    reason: str


@dataclass(frozen=True)
class Local:
    """Something the scene does itself: scroll the log, the scent overlay, a screenshot, F5, climb out, look;
    travel (to the room `amount`), explore or rest (issue 23: plans the scene steps, game/world/wayfinding.py)."""

    what: str
    amount: int = 0


Request = Union[Command, Open, TalkTo, Refuse, Local]
LOCAL_KEYS = {"reload": Local("reload"), "screenshot": Local("screenshot"), "surface": Local("surface"),
              "scent": Local("scent"), "look": Local("look"), "log_older": Local("log", 5),
              "log_newer": Local("log", -5), "explore": Local("explore"), "rest": Local("rest")}
SCREENS = {"help": "help", "journal": "journal", "pause": "pause", "inventory": "inventory",
           "character": "character", "places": "places"}


def pack_lines(shown: Snapshot) -> list[Stack]:
    """The hero's pack as the panel and the number keys count it: identical items on one line, worn ones
    marked (a line of their own)."""
    return stacked(shown.carried, shown.worn)


def use_request(hero: int, item: ItemView) -> Request:
    """Use, equip or eat an item, or why it cannot be."""
    command = use_command(hero, item)
    return command if command is not None else Refuse(f"You cannot use the {item.name}.")


class DungeonInput:
    """Keys and clicks to requests. Remembers whom T and M chose last (they cycle through the room) and
    which page of the pack the number keys reach (`per_page` lines a page: as many as the panel shows)."""

    def __init__(self) -> None:
        self.last_talked = ""
        self.last_cast = ""
        self.page = 0
        self.per_page = MOST_PACK

    # -- keys ------------------------------------------------------------------------------------
    def key(self, key: int, world: World, shown: Snapshot, hero: CreatureView,
            hover: CreatureView | None) -> Request | None:
        """What a key press asks for; None for a key that means nothing here."""
        action = bindings.action_for(key)
        if action in targets.DIRECTIONS:
            room = targets.exit_towards(world.map, hero.room, hero.square, action)
            return Refuse(f"There is no exit to the {action}.") if room is None else Move(hero.eid, room)
        if action == "use_slot":
            lines = pack_lines(shown)
            if not self.per_page:
                return Open("inventory")  # the panel has folded the pack: the inventory shows it all
            slot = bindings.KEYS["use_slot"][0].index(key)
            pages = max(1, -(-len(lines) // self.per_page))
            index = (self.page % pages) * self.per_page + slot
            if slot >= self.per_page or index >= len(lines):
                return None
            return use_request(hero.eid, lines[index].first)
        if action == "pack_page":
            return self.turn_page(len(pack_lines(shown)))
        if action in SCREENS:
            return Open(SCREENS[action])
        if action in LOCAL_KEYS:
            return LOCAL_KEYS[action]
        return {
            "end_turn": lambda: EndTurn(hero.eid), "second_wind": lambda: SecondWind(hero.eid),
            "eat": lambda: self.eat(world, shown, hero), "heal": lambda: self.heal(world, hero.eid),
            "pick_up": lambda: self.pick_up(shown, hero), "talk": lambda: self.talk(shown, hero, hover),
            "cast": lambda: self.cast(world, shown, hero, hover),
        }.get(action or "", lambda: None)()

    def turn_page(self, lines: int) -> Request:
        """Tab: the number keys reach the pack's next lines (back to the first after the last); the inventory
        screen when the panel has folded the pack."""
        if not self.per_page:
            return Open("inventory")
        pages = max(1, -(-lines // self.per_page))
        self.page = (self.page + 1) % pages
        return Local("page", self.page)

    @staticmethod
    def eat(world: World, shown: Snapshot, hero: CreatureView) -> Request:
        """E: a carried provision for the higher need, else a spring or patch in the room (N9, N12)."""
        order = ("food", "drink") if hero.hunger >= hero.thirst else ("drink", "food")
        items = views.carried_by(world, hero.eid)
        fixtures = [i for i in shown.floor.get(hero.room, ()) if i.fixture]
        for pool in (items, fixtures):
            for kind in order:
                item = next((i for i in pool if i.kind == kind), None)
                if item is not None:
                    return Consume(hero.eid, item.eid)
        return Refuse("You carry nothing to eat or drink.")

    @staticmethod
    def heal(world: World, hero: int) -> Request:
        item = next((i for i in views.carried_by(world, hero) if i.kind == "healing"), None)
        return Refuse("You carry no healing potion.") if item is None else Consume(hero, item.eid)

    @staticmethod
    def pick_up(shown: Snapshot, hero: CreatureView) -> Request:
        item = targets.nearest_item(shown.floor.get(hero.room, ()), hero.square)
        return Refuse("There is nothing here to pick up.") if item is None else PickUp(hero.eid, item.eid)

    def talk(self, shown: Snapshot, hero: CreatureView, hover: CreatureView | None) -> Request:
        """T: the creature under the mouse (a hostile one too: it may hear an offer, C4), else the next one in
        the hero's room that is not hostile, nearest first."""
        if hover is not None and not hover.is_hero and hover.room == hero.room:
            target = hover
        else:
            people = targets.by_distance((v for v in shown.views if v.room == hero.room and not v.is_hero
                                          and not v.hostile), hero.square)
            if not people:
                return Refuse("There is no one here to talk to.")
            target = targets.next_after(people, self.last_talked)
        self.last_talked = target.uid
        return TalkTo(target.eid)

    def cast(self, world: World, shown: Snapshot, hero: CreatureView, hover: CreatureView | None) -> Request:
        """M: the binding spell that fits the creature under the mouse (N50-N52), else the next creature in the
        hero's room that a spell the hero knows fits, nearest first; a wrong kind is refused with the reason."""
        if not spells.known(hero.eid, world):
            return Refuse("You know no binding spell: Druidic, Illusion or Necromancy on your sheet.")
        if hover is not None and not hover.is_hero and hover.room == hero.room:
            target = hover
        else:
            fits = targets.by_distance(
                (v for v in shown.views if v.room == hero.room and not v.is_hero and not v.bound
                 and not spells.may_cast(world, hero.eid, v.eid, spells.spell_for(world, hero.eid, v.eid))),
                hero.square)
            if not fits:
                return Refuse("There is no one here your spells can bind.")
            target = targets.next_after(fits, self.last_cast)
        self.last_cast = target.uid
        return Cast(hero.eid, target.eid, spells.spell_for(world, hero.eid, target.eid))

    # -- clicks ----------------------------------------------------------------------------------
    @staticmethod
    def click_map(square: Square, world: World, shown: Snapshot, hero: CreatureView) -> Request | None:
        """A left click on the map: attack a hostile creature or talk to another, pick an item up, walk
        through the exit or into the adjacent room clicked, or travel to a farther known room (issue 23)."""
        target = targets.creature_at(shown.views, square)
        if target is not None and not target.is_hero and target.room == hero.room:
            return Attack(hero.eid, target.eid) if target.hostile else TalkTo(target.eid)
        item = next((i for i in views.items_in(world, hero.room) if i.square == square), None)
        if item is not None:
            return Consume(hero.eid, item.eid) if item.fixture else PickUp(hero.eid, item.eid)
        for ex, other in world.map.exits_of(hero.room):
            if ex.square == square:
                return Move(hero.eid, other)
        room = world.map.room_at(square)
        if room is None or room.id == hero.room:
            return None
        if any(other == room.id for _, other in world.map.exits_of(hero.room)):
            return Move(hero.eid, room.id)
        return Local("travel", room.id) if room.id in shown.known else None

    def panel(self, clicked: object, hero: int, lines: int) -> Request | None:
        """A click on a side-panel line: use an item, open the journal, talk, page the pack, or a command."""
        if isinstance(clicked, ItemView):
            return use_request(hero, clicked)
        if clicked in (JOURNAL, INVENTORY, CHARACTER):
            return Open(clicked)
        if clicked == PACK_PAGE:
            return self.turn_page(lines)
        if isinstance(clicked, Open):
            return clicked
        if isinstance(clicked, Talk):
            return TalkTo(clicked.target)
        return clicked if isinstance(clicked, Command) else None
