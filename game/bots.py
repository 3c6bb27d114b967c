"""Scripted heroes (tools/balance.py, `main.py --headless --bot`): they play through Driver.do, one command at a
time, as the screen sends them, and decide only from what the hero knows (game/world/knowledge.py, issue 24):
the rooms it has seen, the creatures and items as it last saw them out of sight, nothing behind the fog. They
walk by known ways only, as Travel and auto-explore do (docs/ui.md, "Getting around and the fog").

The careful bot eats and drinks before it is hungry, rests to heal when no enemy is near, drinks a healing
potion when badly hurt, fights only what the exact odds (game/world/fightodds.py) say it beats, flees when
hurt or outmatched, and explores one unexplored known room at a time. The reckless bot attacks every enemy in
its room and otherwise walks toward the nearest foe it knows of, or explores; it still eats and drinks.
"""
from __future__ import annotations

from collections import deque
from typing import Callable

from game.world import knowledge, views
from game.world.commands import Attack, Command, Consume, EndTurn, Move, PickUp, SecondWind
from game.world.components import Identity, Mood, MoodState
from game.world.driver import Driver
from game.world.fightodds import both_ways
from game.world.world import World

EAT_ABOVE = 30  # the careful bot eats or drinks once a need passes this
PROVISIONS = ("food", "drink", "healing")
TAKEN = PROVISIONS + ("key",)  # what the bots pick up: provisions, potions and keys (a key opens its locked doors)
STAYING = (MoodState.RESTING, MoodState.LURKING)  # moods of a creature that stays where it is (N12, lairs)


class Bot:
    """A hero played through Driver.do: one command at a time, as the screen sends them, knowing only what the
    hero knows."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.world: World = driver.world
        self.entrance = self.world.room_of(self.world.hero)
        self.notes: dict[int, tuple[float, float, float]] = {}  # room: the damage a turn its creatures at war
        # with the hero would deal it (all, awake) and its margin against them, as it last saw the room (look_round)

    @property
    def hero(self) -> views.CreatureView:
        return views.creature(self.world, self.world.hero)

    @property
    def seen(self) -> set[int]:
        """The rooms the hero has stood in (its Knowledge: visited)."""
        return knowledge.visited(self.world)

    def do(self, command: Command) -> bool:
        ok = self.driver.do(command).ok
        if self.driver.busy:
            self.driver.finish_turn()
        return ok

    def at_war(self, eid: int) -> bool:
        """An enemy of the hero's, or one that will be once it notices the hero (a lurker in its lair, docs/rules.md
        "Lairs": the player sees it on the map and reads its card)."""
        world = self.world
        return world.is_enemy(eid, world.hero) or \
            "hero" in world.content.tuning.enemies.get(world.get(eid, Identity).faction, ())

    def look_round(self) -> None:
        """Note, for each room in sight, the damage a turn the creatures there at war with the hero would deal it,
        all of them and those awake (their mood is on their card: one resting by its provisions or lurking in its
        lair stays put), and how the hero would fare against them all (`fight_margin`)."""
        world = self.world
        for room in knowledge.visible(world):
            hostile = self.hostile(room)
            everyone = awake = 0.0
            for eid in hostile:
                harm = both_ways(world, world.hero, eid)[1].per_turn
                mood = world.try_get(eid, Mood)
                everyone += harm
                awake += 0.0 if mood is not None and mood.state in STAYING else harm
            margin = self.fight_margin(hostile, rested=True) if hostile else float("inf")
            self.notes[room] = (everyone, awake, margin)

    def fight_margin(self, enemies: list[int], rested: bool = False) -> float:
        """How many turns it outlasts `enemies`: turns to be killed over turns to kill them all (`rested`: at its
        full health, as it will be when it goes on exploring)."""
        hero = self.hero
        turns_to_kill, damage_taken = 0.0, 0.0
        for eid in enemies:
            mine, theirs = both_ways(self.world, self.world.hero, eid)
            turns_to_kill += views.creature(self.world, eid).health / max(mine.per_turn, 0.01)
            damage_taken += theirs.per_turn
        turns_to_die = ((hero.max_health if rested else hero.health) + hero.durability) / max(damage_taken, 0.01)
        return turns_to_die / max(turns_to_kill, 0.01)

    def hostile(self, room: int) -> list[int]:
        """The creatures in sight in `room` at war with the hero (a lurker counted as the enemy it will be)."""
        world = self.world
        if room not in knowledge.visible(world):
            return []
        return [e for e in world.creatures_in(room) if e != world.hero and world.alive(e) and self.at_war(e)]

    def enemies(self, room: int) -> list[int]:
        """The hero's enemies in `room`, which it must see."""
        world = self.world
        if room not in knowledge.visible(world):
            return []
        return [e for e in world.creatures_in(room) if e != world.hero and world.alive(e)
                and world.is_enemy(e, world.hero)]

    def remembered(self, room: int, what: str) -> list[str]:
        """The ids (codex or item) of `what` ("foe", "creature", "item") last seen in `room`, out of sight."""
        return [m[2] for m in knowledge.memories(self.world) if m[0] == room and m[1] == what]

    def floor(self, kind: str) -> int | None:
        room = self.world.room_of(self.world.hero)
        return next((i.eid for i in views.items_in(self.world, room) if i.kind == kind), None)

    def carried(self, kind: str) -> int | None:
        return next((i.eid for i in views.carried_by(self.world, self.world.hero) if i.kind == kind), None)

    def holds(self, room: int, kind: str) -> bool:
        """Whether the hero knows of an item of `kind` in `room`: in sight, or as last seen."""
        if room in knowledge.visible(self.world):
            return any(i.kind == kind for i in views.items_in(self.world, room))
        items = self.world.content.items
        return any(items[i].kind == kind for i in self.remembered(room, "item") if i in items)

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
        """Take a carryable provision, potion or key lying here."""
        world = self.world
        room = world.room_of(world.hero)
        for item in views.items_in(world, room):
            if item.kind in TAKEN and not world.content.items[item.item_id].fixture:
                if self.do(PickUp(world.hero, item.eid)):
                    return True
        return False

    def neighbours(self) -> list[int]:
        """The rooms next door the hero may go into (an open exit, or a locked one it has the key of)."""
        world = self.world
        here = world.room_of(world.hero)
        return sorted({room for _, room in world.rooms.exits[here] if knowledge.passable(world, here, room)})

    def known_ways(self, through: Callable[[int], bool] = lambda room: True) -> dict[int, tuple[int, int]]:
        """Every known room reachable over known rooms that pass `through`: (doors away, the first room on the way
        there)."""
        world = self.world
        known, start = knowledge.seen(world), world.room_of(world.hero)
        ways: dict[int, tuple[int, int]] = {start: (0, start)}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            doors, first = ways[room]
            for _, other in sorted(world.rooms.exits[room], key=lambda pair: pair[1]):
                if other in known and other not in ways and knowledge.passable(world, room, other) \
                        and through(other):
                    ways[other] = (doors + 1, other if room == start else first)
                    queue.append(other)
        return ways

    def step_toward(self, goal: int) -> bool:
        """One move along the shortest known way to `goal` (as Travel walks)."""
        way = knowledge.route(self.world, goal)
        return bool(way) and self.move(way[0])

    def move(self, room: int) -> bool:
        return self.do(Move(self.world.hero, room))

    def deepest(self) -> int:
        distances = self.world.rooms.distances_from(self.entrance)
        return max(distances.get(room, 0) for room in self.seen)

    def act(self) -> None:
        raise NotImplementedError


class Careful(Bot):
    """Eats, rests, drinks potions, avoids fights the odds say it loses, flees when hurt."""

    FLEE_BELOW = 0.55
    POTION_BELOW = 0.45
    FIGHT_BY = 1.5  # it fights on while it would outlast the room by this factor (fight_margin)...
    ENTER_BY = 1.5  # ...and walks into a room whose creatures it would outlast by this one

    def danger(self, room: int, awake: bool = False) -> float:
        """The damage a turn the creatures at war with the hero in `room` would deal it (`awake`: only those not
        resting or lurking), as it last saw the room: nothing in a room it has not seen."""
        return self.notes.get(room, (0.0, 0.0, 0.0))[1 if awake else 0]

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
        """Whether a room next to `room` holds what would kill the hero in three turns and is awake to come."""
        worst = max((self.danger(r, awake=True) for _, r in self.world.rooms.exits[room]), default=0.0)
        return worst * 3 > self.hero.health

    def act(self) -> None:
        world, hero = self.world, self.hero
        self.look_round()
        here = world.room_of(world.hero)
        enemies = self.enemies(here)
        health = hero.health / max(hero.max_health, 1)
        if health < 0.6 and enemies and self.do(SecondWind(world.hero)):
            return
        if health < self.POTION_BELOW and self.carried("healing") is not None:
            if self.do(Consume(world.hero, self.carried("healing"))):
                return
        if enemies:
            if health >= self.FLEE_BELOW and self.fight_margin(enemies) >= self.FIGHT_BY:
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
        """Hurt beside danger: one step toward the nearest room it has stood in with nothing hostile it knows of in
        or next to it, to rest there."""
        ways = self.known_ways()
        calm = sorted((doors, room) for room, (doors, _) in ways.items()
                      if doors and room in self.seen and self.threat(room) == 0)
        return bool(calm) and self.move(ways[calm[0][1]][1])

    def seek_provisions(self, hero: views.CreatureView) -> bool:
        """Short of food or drink: walk to the nearest known room that has it, by what it has seen there."""
        for need, kind in ((hero.hunger, "food"), (hero.thirst, "drink")):
            if need > EAT_ABOVE and self.carried(kind) is None:
                ways = self.known_ways()
                rooms = sorted((doors, room) for room, (doors, _) in ways.items()
                               if doors and self.holds(room, kind) and not self.danger(room))
                if rooms and self.move(ways[rooms[0][1]][1]):
                    return True
        return False

    def explore(self) -> bool:
        """One step toward the nearest known room it has not stood in (auto-explore's goal) by a way it would walk:
        no room on it holds what it would not outlast ENTER_BY times over, nor lies next to what is awake and would
        kill it in three turns (it would only step back out again). The same way every turn, so it does not dither."""
        ways = self.known_ways(self.safe)
        unexplored = sorted((doors, room) for room, (doors, _) in ways.items() if room not in self.seen)
        return bool(unexplored) and self.move(ways[unexplored[0][1]][1])

    def safe(self, room: int) -> bool:
        """Whether the hero would walk into `room`, by what it saw there last: nothing it would not outlast
        ENTER_BY times over, and nothing awake next door that would kill it in three turns."""
        return not self.exposed(room) and self.notes.get(room, (0.0, 0.0, float("inf")))[2] >= self.ENTER_BY


class Reckless(Bot):
    """Attacks every enemy in its room; otherwise heads for the nearest foe it knows of, or explores; eats when
    hungry."""

    def act(self) -> None:
        world = self.world
        here = world.room_of(world.hero)
        enemies = self.enemies(here)
        if enemies and self.do(Attack(world.hero, enemies[0])):
            return
        if self.eat_and_drink(60) or self.pick_up():
            return
        ways = self.known_ways()
        foes = sorted((doors, room) for room, (doors, _) in ways.items()
                      if doors and (self.enemies(room) or self.remembered(room, "foe")))
        unexplored = sorted((doors, room) for room, (doors, _) in ways.items() if room not in self.seen)
        for _, room in foes + unexplored:
            if self.move(ways[room][1]):
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
