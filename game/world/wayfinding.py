"""Travel, auto-explore and rest (issue 23): plans over the ordinary commands, so the screen and a headless bot
walk the same way (docs/rules.md "Getting around").

A plan gives one step at a time (`step`): a Move into the next room of the shortest known way and the end of
the hero's turn, a room a turn; the caller runs the world turn (the screen a slice per frame, a bot at once)
and asks again. Before each step the plan looks for a reason to stop, as DCSS's travel and Brogue's do: a
hostile coming into view that was not in view when the plan began (a new sighting, Brogue CE), a known one
coming closer, the hero hurt since the last step, hunger or thirst past complaining (N11); auto-explore also
stops for a new item in sight it does not pick up and for someone in sight with something to say. The
hostiles already seen stay where they are: a plan never steps into a room holding one (in sight, or
remembered there) nor next to one awake and hunting. Any key stops a plan on the screen.
"""
from __future__ import annotations

from dataclasses import dataclass, field


from game.world import knowledge
from game.world.commands import EndTurn, Move, PickUp, Result
from game.world.components import Body, Item, Needs, Persona, Talks
from game.world.driver import Driver
from game.world.verbs.provisions import COMPLAIN_ABOVE
from game.world.views import creature, item_name

PROVISIONS = ("food", "drink", "healing")
THREATS = knowledge.THREATS  # moods that count as a hostile's (game/world/knowledge.py)


@dataclass
class Plan:
    """`kind`: "travel" (to `target`), "explore" or "rest". `stopped` holds why it ended, once it has."""

    driver: Driver
    kind: str
    target: int | None = None
    pick_up: str = "provisions"
    stopped: str = ""
    health: int = field(init=False, default=0)
    items_seen: set[int] = field(init=False, default_factory=set)
    steps: int = field(init=False, default=0)
    met: set[int] = field(init=False, default_factory=set)  # people already stopped for
    foes: dict[int, int] = field(init=False, default_factory=dict)  # the hostiles seen: where each stood last

    def __post_init__(self) -> None:
        world = self.driver.world
        knowledge.look(world)
        self.health = world.get(world.hero, Body).health
        self.items_seen = self._items_in_sight()
        self.met = {eid for room in knowledge.visible(world) for eid in world.creatures_in(room)}  # only newcomers stop it
        self.foes = {eid: world.room_of(eid) for eid in self._threats_in_sight()}  # seen at this stop: no new sighting
        here = world.room_of(world.hero)
        beside = next((eid for eid, room in self.foes.items() if room == here), None)
        if beside is not None:
            self.stopped = f"Not with {creature(world, beside).name} beside you."
        elif self.kind == "rest" and self.foes:
            self.stopped = f"Not with {creature(world, min(self.foes)).name} in sight."
        elif self.kind == "travel" and (self.target is None or knowledge.route(world, self.target) is None):
            self.stopped = "You know no way there."

    # -- what the hero sees -----------------------------------------------------------------------
    def _items_in_sight(self) -> set[int]:
        """The items in sight worth a stop: neither a fixture (a spring, a patch) nor what explore picks up
        itself on its way."""
        world = self.driver.world
        return {eid for room in knowledge.visible(world) for eid in world.rooms.floor(room) if self._worth(eid)}

    def _wanted(self, eid: int) -> bool:
        """Whether explore's pick-up setting takes this item."""
        kind = self.driver.world.content.items[self.driver.world.get(eid, Item).item_id].kind
        return self.pick_up == "everything" or self.pick_up == "provisions" and kind in PROVISIONS

    def _worth(self, eid: int) -> bool:
        """An item that stops a plan when it comes into sight."""
        defn = self.driver.world.content.items[self.driver.world.get(eid, Item).item_id]
        return not defn.fixture and not (self.kind == "explore" and self._wanted(eid))

    def _threats_in_sight(self) -> list[int]:
        """The hostiles in sight (knowledge.threat), room by room."""
        world = self.driver.world
        return [eid for room in sorted(knowledge.visible(world)) for eid in world.creatures_in(room)
                if knowledge.threat(world, eid)]

    def _foe_news(self) -> str:
        """A hostile newly in sight ("You see …", each once a plan), or a known one come into the hero's room or
        next to it since the last look; "" when neither. Keeps where each hostile in sight stands."""
        world = self.driver.world
        here = world.room_of(world.hero)
        near = world.rooms.distances_from(here)
        news = ""
        for eid in self._threats_in_sight():
            room, was = world.room_of(eid), self.foes.get(eid)
            self.foes[eid] = room
            if news:
                continue
            if was is None:
                news = f"You see {creature(world, eid).name}."
            elif room != was and near.get(room, 2) <= 1:
                news = f"{creature(world, eid).name} {'is here' if room == here else 'comes closer'}."
        return news

    def avoid(self) -> set[int]:
        """The rooms a step never enters (issue 23, Brogue CE's explore): those holding a hostile in sight or
        remembered there, and those next to a hostile in sight that is awake and hunting."""
        world = self.driver.world
        rooms = knowledge.remembered_foes(world)
        for eid in self._threats_in_sight():
            room = world.room_of(eid)
            rooms.add(room)
            if knowledge.hunting(world, eid):
                rooms |= {other for _, other in world.rooms.exits[room]}
        return rooms - {world.room_of(world.hero)}

    def _blocked_line(self) -> str:
        """Why explore found nothing to go to: nothing is left, or what is left lies past hostiles."""
        world = self.driver.world
        if knowledge.nearest_unexplored(world) is None:
            return "Nothing left to explore that you can reach."
        clear = self.keeping_clear()
        return f"Nothing left to explore without going near {clear}." if clear \
            else "Nothing left to explore but where you saw hostiles."

    def keeping_clear(self) -> str:
        """The names of the hostiles in sight the plan keeps clear of ("Skeleton Rabble and Cave Bear"), or ""."""
        world = self.driver.world
        names = list(dict.fromkeys(creature(world, eid).name for eid in self._threats_in_sight()))
        return " and ".join(filter(None, (", ".join(names[:-1]), names[-1]))) if names else ""

    def _talker_in_sight(self) -> str:
        """A person in sight the hero has not yet met (N45: its greeting unheard), each once a plan."""
        world = self.driver.world
        hero_uid = world.uid(world.hero)
        for room in sorted(knowledge.visible(world)):
            for eid in world.creatures_in(room):
                if eid == world.hero or eid in self.met or world.try_get(eid, Persona) is None \
                        or world.is_enemy(eid, world.hero):
                    continue
                talks = world.try_get(eid, Talks)
                if talks is None or hero_uid not in talks.greeted:
                    self.met.add(eid)
                    return creature(world, eid).name
        return ""

    def why_stop(self) -> str:
        """The reason to stop now, or ""."""
        world = self.driver.world
        if world.over:
            return "You are dead."
        news = self._foe_news()
        if news:
            return news
        body = world.get(world.hero, Body)
        if body.health < self.health:
            return "You are hurt."
        needs = world.try_get(world.hero, Needs)
        if needs is not None and max(needs.hunger, needs.thirst) > COMPLAIN_ABOVE:
            return "You are " + ("hungry." if needs.hunger >= needs.thirst else "thirsty.")
        if self.kind == "explore":
            talker = self._talker_in_sight()
            if talker:
                return f"{talker} wants a word."
            new = self._items_in_sight() - self.items_seen
            if new:
                self.items_seen |= new
                return f"You see {item_name(world, min(new))}."
        if self.kind == "rest" and body.health >= body.card.health:
            return "You are rested."
        if self.kind == "rest" and self.steps >= int(world.content.tuning["travel"]["rest_most"]):
            return "You have rested long enough."
        return ""

    # -- going on --------------------------------------------------------------------------------
    def step(self) -> bool:
        """One step (commands only; the world turn it begins is the caller's to run). False once it has
        stopped, with the reason in `stopped`."""
        if self.stopped or self.driver.busy:
            return not self.stopped
        world = self.driver.world
        knowledge.look(world)
        if self.kind == "explore" and not any(world.room_of(eid) == world.room_of(world.hero)
                                              for eid in self._threats_in_sight()):
            self._pick_up_here()  # before judging what is new: what it picks up is not worth a stop
        self.stopped = self.why_stop()
        if self.stopped:
            return False
        self.health = world.get(world.hero, Body).health
        if self.kind == "explore":
            if self.driver.busy:  # picking up spent the turn: the caller runs it, the walk goes on after
                return True
            avoid = self.avoid()
            self.target = knowledge.nearest_unexplored(world, avoid)
            if self.target is None:
                self.stopped = self._blocked_line()
                return False
        if self.kind in ("travel", "explore"):
            if world.room_of(world.hero) == self.target:
                self.stopped = "You have arrived."
                return False
            path = knowledge.route(world, self.target, self.avoid())
            if not path:
                clear = self.keeping_clear() if knowledge.route(world, self.target) else ""
                self.stopped = f"{clear} {'are' if ' and ' in clear else 'is'} in the way." if clear \
                    else "You know no way there."
                return False
            if not self._do(Move(world.hero, path[0])):
                return False
        if self.driver.busy or self._do(EndTurn(world.hero)):
            self.steps += 1
        return not self.stopped

    def _do(self, command: Move | EndTurn) -> bool:
        result: Result = self.driver.do(command)
        if not result.ok:
            self.stopped = result.reason
        return result.ok

    def _floor_here(self) -> list[int]:
        world = self.driver.world
        return world.rooms.floor(world.room_of(world.hero))

    def _pick_up_here(self) -> None:
        """Auto-explore picks up what the setting says, while the hero has Action Points for it."""
        world = self.driver.world
        for eid in list(self._floor_here()):
            if self.driver.busy or world.get(world.hero, Body).ap <= 0:
                return
            if self._wanted(eid) and not world.content.items[world.get(eid, Item).item_id].fixture:
                self.driver.do(PickUp(world.hero, eid))


def run(plan: Plan, most: int = 500) -> str:
    """Headless: step the plan and run each world turn at once until it stops; the reason it stopped."""
    for _ in range(most):
        if not plan.step():
            break
        plan.driver.finish_turn()
    return plan.stopped or "Still going."
