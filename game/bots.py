"""Scripted heroes (tools/balance.py, `main.py --headless --bot`): they play through Driver.do, one command at a
time, as the screen sends them.

The careful bot eats and drinks before it is hungry, rests to heal when no enemy is near, drinks a healing
potion when badly hurt, fights only what the exact odds (game/world/fightodds.py) say it beats, flees when
hurt or outmatched, and explores one unseen room at a time. The reckless bot attacks every enemy in its room
and otherwise walks toward the nearest creature; it still eats and drinks.
"""
from __future__ import annotations

from game.world import views
from game.world.commands import Attack, Command, Consume, EndTurn, Move, PickUp, SecondWind
from game.world.components import Identity
from game.world.driver import Driver
from game.world.fightodds import both_ways
from game.world.world import World

EAT_ABOVE = 30  # the careful bot eats or drinks once a need passes this
PROVISIONS = ("food", "drink", "healing")


class Bot:
    """A hero played through Driver.do: one command at a time, as the screen sends them."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.world: World = driver.world
        self.seen: set[int] = {self.world.room_of(self.world.hero)}
        self.entrance = self.world.room_of(self.world.hero)

    @property
    def hero(self) -> views.CreatureView:
        return views.creature(self.world, self.world.hero)

    def do(self, command: Command) -> bool:
        ok = self.driver.do(command).ok
        if self.driver.busy:
            self.driver.finish_turn()
        return ok

    def enemies(self, room: int) -> list[int]:
        world = self.world
        return [e for e in world.creatures_in(room) if e != world.hero and world.alive(e)
                and world.is_enemy(e, world.hero)]

    def floor(self, kind: str) -> int | None:
        room = self.world.room_of(self.world.hero)
        return next((i.eid for i in views.items_in(self.world, room) if i.kind == kind), None)

    def carried(self, kind: str) -> int | None:
        return next((i.eid for i in views.carried_by(self.world, self.world.hero) if i.kind == kind), None)

    def eat_and_drink(self, above: int) -> bool:
        """Eat or drink what it carries or what the room offers when a need is above `above`."""
        hero = self.hero
        for need, kind in ((hero.hunger, "food"), (hero.thirst, "drink")):
            if need > above:
                item = self.floor(kind) or self.carried(kind)
                if item is not None and self.do(Consume(self.world.hero, item)):
                    return True
        return False

    def pick_up(self) -> bool:
        """Take a carryable provision or potion lying here."""
        world = self.world
        room = world.room_of(world.hero)
        for item in views.items_in(world, room):
            if item.kind in PROVISIONS and not world.content.items[item.item_id].fixture:
                if self.do(PickUp(world.hero, item.eid)):
                    return True
        return False

    def neighbours(self) -> list[int]:
        here = self.world.room_of(self.world.hero)
        return [room for _, room in self.world.rooms.exits[here]]

    def step_toward(self, goal: int) -> bool:
        """One move along a shortest way to `goal`."""
        distances = self.world.rooms.distances_from(goal)
        options = sorted(self.neighbours(), key=lambda r: (distances.get(r, 10 ** 6), r))
        return bool(options) and self.move(options[0])

    def move(self, room: int) -> bool:
        if self.do(Move(self.world.hero, room)):
            self.seen.add(room)
            return True
        return False

    def deepest(self) -> int:
        distances = self.world.rooms.distances_from(self.entrance)
        return max(distances.get(room, 0) for room in self.seen)

    def act(self) -> None:
        raise NotImplementedError


class Careful(Bot):
    """Eats, rests, drinks potions, avoids fights the odds say it loses, flees when hurt."""

    FLEE_BELOW = 0.4
    POTION_BELOW = 0.35

    def fight_margin(self, enemies: list[int]) -> float:
        """How many turns it outlasts the room: turns to be killed over turns to kill them all."""
        hero = self.hero
        turns_to_kill, damage_taken = 0.0, 0.0
        for eid in enemies:
            mine, theirs = both_ways(self.world, self.world.hero, eid)
            turns_to_kill += views.creature(self.world, eid).health / max(mine.per_turn, 0.01)
            damage_taken += theirs.per_turn
        turns_to_die = (hero.health + hero.durability) / max(damage_taken, 0.01)
        return turns_to_die / max(turns_to_kill, 0.01)

    def hostile(self, room: int) -> list[int]:
        """The enemies in `room` and those that would be once they notice the hero (a lurker in its lair: the
        player sees it on the map and reads its card)."""
        world = self.world
        at_war = [e for e in world.creatures_in(room) if e != world.hero and world.alive(e)
                  and "hero" in world.content.tuning.enemies.get(world.get(e, Identity).faction, ())]
        return sorted(set(self.enemies(room)) | set(at_war))

    def danger(self, room: int) -> float:
        """The damage a turn the enemies in `room` would deal the hero, by the exact odds."""
        return sum(both_ways(self.world, self.world.hero, e)[1].per_turn for e in self.hostile(room))

    def threat(self, room: int) -> float:
        """The danger of `room`, and half the worst of the rooms next to it (their creatures may come)."""
        near = [self.danger(r) for _, r in self.world.rooms.exits[room]]
        return self.danger(room) + 0.5 * max(near, default=0.0)

    def flee(self, anywhere: bool = False) -> bool:
        """Into the least threatening next room, if it is less threatening than this one (`anywhere`: out
        of a fight it loses, into whichever room threatens least)."""
        here = self.threat(self.world.room_of(self.world.hero))
        rooms = sorted((self.threat(r), r not in self.seen, r) for r in self.neighbours())
        return any(self.move(room) for threat, _, room in rooms if anywhere or threat < here)

    def keep_away(self) -> bool:
        """Out of reach of a group next door that would kill it in three turns."""
        return self.exposed(self.world.room_of(self.world.hero)) and self.flee()

    def exposed(self, room: int) -> bool:
        """Whether a room next to `room` holds what would kill the hero in three turns."""
        worst = max((self.danger(r) for _, r in self.world.rooms.exits[room]), default=0.0)
        return worst * 3 > self.hero.health

    def act(self) -> None:
        world, hero = self.world, self.hero
        here = world.room_of(world.hero)
        enemies = self.enemies(here)
        health = hero.health / max(hero.max_health, 1)
        if health < 0.6 and enemies and self.do(SecondWind(world.hero)):
            return
        if health < self.POTION_BELOW and self.carried("healing") is not None:
            if self.do(Consume(world.hero, self.carried("healing"))):
                return
        if enemies:
            if health >= self.FLEE_BELOW and self.fight_margin(enemies) >= 2.0:
                target = min(enemies, key=lambda e: views.creature(world, e).health)
                if self.do(Attack(world.hero, target)):
                    return
            if self.flee(anywhere=True):
                return
            target = min(enemies, key=lambda e: views.creature(world, e).health)
            if self.do(Attack(world.hero, target)):  # cornered: stunned, or no way out
                return
        if self.keep_away() or self.eat_and_drink(EAT_ABOVE) or self.pick_up():
            return
        if hero.health < hero.max_health and max(hero.hunger, hero.thirst) <= 80:
            if self.threat(here) > 0 and self.retreat():
                return
            self.do(EndTurn(world.hero))  # rest: heals while no enemy shares the room
            return
        if self.seek_provisions(hero) or self.explore():
            return
        self.do(EndTurn(world.hero))

    def retreat(self) -> bool:
        """Hurt beside danger: one step toward the nearest room it has seen with nothing hostile in or next to it,
        to rest there."""
        here = self.world.room_of(self.world.hero)
        distances = self.world.rooms.distances_from(here)
        calm = sorted((distances.get(r, 10 ** 6), r) for r in self.seen if r != here and self.threat(r) == 0)
        return bool(calm) and self.step_toward(calm[0][1])

    def seek_provisions(self, hero: views.CreatureView) -> bool:
        """Short of food or drink: walk to the nearest seen room that has it."""
        for need, kind in ((hero.hunger, "food"), (hero.thirst, "drink")):
            if need > EAT_ABOVE and self.carried(kind) is None:
                rooms = [r for r in self.seen if any(i.kind == kind for i in views.items_in(self.world, r))
                         and not self.enemies(r)]
                here = self.world.room_of(self.world.hero)
                distances = self.world.rooms.distances_from(here)
                rooms.sort(key=lambda r: (distances.get(r, 10 ** 6), r))
                if rooms and rooms[0] != here and self.step_toward(rooms[0]):
                    return True
        return False

    def explore(self) -> bool:
        """One step toward the nearest unseen room whose way holds no enemy next door."""
        here = self.world.room_of(self.world.hero)
        distances = self.world.rooms.distances_from(here)
        unseen = sorted((d, r) for r, d in distances.items() if r not in self.seen)
        for _, room in unseen:
            back = self.world.rooms.distances_from(room)
            step = min(self.neighbours(), key=lambda r: (back.get(r, 10 ** 6), r))
            if self.exposed(step):
                continue  # it would only step back out again (keep_away)
            if not self.hostile(step) or self.fight_margin(self.hostile(step)) >= 3.0:
                return self.move(step)
        return False


class Reckless(Bot):
    """Attacks every enemy in its room; otherwise heads for the nearest creature; eats when hungry."""

    def act(self) -> None:
        world = self.world
        here = world.room_of(world.hero)
        enemies = self.enemies(here)
        if enemies and self.do(Attack(world.hero, enemies[0])):
            return
        if self.eat_and_drink(60) or self.pick_up():
            return
        distances = world.rooms.distances_from(here)
        others = sorted((distances.get(world.room_of(e), 10 ** 6), world.uid(e)) for e in world.creatures()
                        if e != world.hero and world.alive(e) and world.is_enemy(e, world.hero)
                        and world.room_of(e) != here)
        for _, uid in others:
            target = world.room_of(next(e for e in world.creatures() if world.uid(e) == uid))
            if self.step_toward(target):
                return
        self.do(EndTurn(world.hero))


BOTS = {"careful": Careful, "reckless": Reckless}


def play_turn(bot: Bot) -> None:
    """One world turn of the bot's: a few commands, and waiting as the last resort, until the turn has run."""
    world = bot.world
    before = world.turn
    for _ in range(8):
        if world.turn != before or world.over:
            return
        bot.act()
    if world.turn == before and not world.over:
        bot.do(EndTurn(world.hero))
