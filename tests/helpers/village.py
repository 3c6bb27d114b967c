"""The village's people and merchants, found and stood beside; a bot that walks the village and talks."""
from __future__ import annotations

from game.launch import new_game
from game.paths import MAPS
from game.world.commands import Ask, Consume, EndTurn, Move, Reply, Talk
from game.world.components import Identity, Item, Merchant, Needs, Persona
from game.world.talkview import talk_view
from game.world.verbs.moving import relocate
from tests.helpers.world_fixtures import step_towards


def villager(world, eid: int) -> bool:
    return eid != world.hero and world.get(eid, Identity).codex_id == "villager" \
        and world.has(eid, Persona)


def merchant(world, kind: str) -> int:
    return next(eid for eid, shop in world.query(Merchant) if shop.trade == kind)


def beside(world, eid: int) -> None:
    """The hero steps into `eid`'s room."""
    room = world.room_of(eid)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])


class Bot:
    """A player who walks room to room and talks, and eats and drinks at the wells and patches it passes,
    going back to the Village Green's well and mushrooms when it grows hungry or thirsty."""

    def __init__(self, seed: int) -> None:
        self.game = new_game(MAPS / "village.tmx", seed)
        self.world = self.game.world
        self.hero = self.world.hero
        self.green = next(r.id for r in self.world.map.rooms.values() if r.name == "Village Green")
        self.log: list = []

    def events(self) -> list:
        self.log.extend(self.world.pop_events())
        return self.log

    def provision_here(self, kind: str) -> int | None:
        for item_eid in self.world.rooms.provisions_on_floor(self.world.hero_room()):
            if self.world.content.items[self.world.get(item_eid, Item).item_id].kind == kind:
                return item_eid
        return None

    def eat(self) -> None:
        needs = self.world.get(self.hero, Needs)
        for value, kind in ((needs.hunger, "food"), (needs.thirst, "drink")):
            item = self.provision_here(kind) if value > 40 else None
            if item is not None:
                assert self.game.do(Consume(self.hero, item)).ok

    def step_to(self, rooms: set[int]) -> bool:
        step = step_towards(self.world, rooms)
        return step is not None and self.game.do(Move(self.hero, step)).ok

    def wait(self) -> None:
        """Eat and drink if it can; if it needs to and cannot, walk towards the green; else wait a turn."""
        self.eat()
        needs = self.world.get(self.hero, Needs)
        if max(needs.hunger, needs.thirst) > 40 and self.world.hero_room() != self.green:
            self.step_to({self.green})
        if not self.game.busy:
            self.game.do(EndTurn(self.hero))
        self.game.finish_turn()
        self.events()

    def says(self, since: int) -> list[str]:
        return [e.text for e in self.events()[since:] if e.kind == "says"]


def talk_to_three(bot: Bot) -> dict[str, tuple[str, list[int]]]:
    """Walk to villagers and talk until three moments have been answered: uid -> (face, dice shown)."""
    world, hero, game = bot.world, bot.hero, bot.game
    answered: dict[str, tuple[str, list[int]]] = {}
    while len(answered) < 3 and world.turn < 600 and not world.over:
        here = [e for e in world.creatures_in(world.hero_room()) if villager(world, e)
                and world.uid(e) not in answered and not talk_view(world, hero, e).refusal]
        for person in here:
            if not world.alive(person) or world.room_of(person) != world.hero_room():
                continue
            assert game.do(Talk(hero, person)).ok
            view = talk_view(world, hero, person)
            if view.moment and not game.busy:
                reply = max((c for c in view.choices if c.approach), key=lambda c: c.points)
                start = len(bot.events())
                assert game.do(Reply(hero, person, reply.approach)).ok
                (measure,) = [e for e in bot.events()[start:] if e.kind == "measure"]
                answered[world.uid(person)] = (talk_view(world, hero, person).face, measure.data["dice"])
            if not game.busy:
                assert game.do(Ask(hero, person, "goodbye")).ok
            game.finish_turn()
        wanted = {world.room_of(e) for e in world.creatures() if villager(world, e) and world.uid(e) not in answered}
        if game.busy or not bot.step_to(wanted):
            bot.wait()
        game.finish_turn()
    return answered
