"""Issue 28's "Done means" for the panel and the screens, played through the dungeon screen's own keys: a new
player in the Ruined Keep picks up fifteen items with G, recruits two companions ("Come with me" in the
dialogue), walks by the arrow keys (a click where no key leads) into the Great Hall full of foes, reads every foe's
name and health (the panel, then the look mode's cards for the rest; the bars' labels are recorded texts), reaches every pack line from the
keyboard, and reads what the Byrnie protects against on the inventory screen. With SCREENS_OUT set, the
screens it passes are written there as PNGs."""
from __future__ import annotations

import os
from collections import deque
from pathlib import Path

import pygame
import pytest

from game.paths import DEFAULT_MAP
from game.ui import dungeon_targets, widgets
from game.ui.dungeon_input import DungeonInput, Refuse, pack_lines
from game.ui.inventory import InventoryScene
from game.world.components import Loyalty
from game.world.itemfacts import protection
from game.world.commands import Attack
from game.world.verbs.factory import spawn_creature, spawn_item
from game.world.verbs.witness import talks_of
from tests.helpers.dungeon_game import settle, start
from tests.helpers.screens import key
from tests.helpers.ui_scenes import text_size

pytestmark = pytest.mark.usefixtures("display")
LOOT = ("ration", "ration", "water_bottle", "healing_potion", "byrnie", "helmet", "dagger", "dagger", "mace",
        "round_shield", "repair_kit", "scroll", "arrows", "bones", "vambraces")
KEYS = {"north": pygame.K_UP, "south": pygame.K_DOWN, "west": pygame.K_LEFT, "east": pygame.K_RIGHT}


def shot(name: str) -> None:
    out = os.environ.get("SCREENS_OUT")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        pygame.image.save(pygame.display.get_surface(), str(Path(out) / f"{name}.png"))


def frame(stack) -> list[widgets.TextBox]:
    """Draw the screen as the app does; the text boxes of its top scene."""
    surface = pygame.display.get_surface()
    for scene in stack.visible()[:-1]:
        scene.draw(surface)
    with widgets.recording() as boxes:
        stack.top.draw(surface)
    return list(boxes)


def route(dungeon_map, start_room: int, goal: int) -> list[int]:
    """The rooms from `start_room` to `goal` through unlocked exits."""
    before, queue = {start_room: None}, deque([start_room])
    while queue:
        room = queue.popleft()
        for ex, other in dungeon_map.exits_of(room):
            if other not in before and not ex.locked:
                before[other] = room
                queue.append(other)
    path, room = [], goal
    while room is not None:
        path.append(room)
        room = before[room]
    return path[::-1]


def test_a_new_player_reads_the_great_hall_uses_every_item_and_reads_the_byrnie():
    stack, dungeon, session = start(DEFAULT_MAP, 5)
    world = dungeon.world
    try:
        here = dungeon.hero_view().room
        # fifteen items on the floor, picked up with G (Space when the action points run out)
        for item_id in LOOT:
            spawn_item(world, item_id, room=here, square=world.rooms.free_spot(here))
        dungeon.read_at = -1
        for _ in range(80):
            dungeon.update(1 / 60)
            if not [i for i in dungeon.shown.floor[here] if not i.fixture and i.item_id in LOOT]:
                break
            key(dungeon, pygame.K_g if dungeon.hero_view().ap else pygame.K_SPACE)
            settle(stack)
        carried = {i: sum(c.count for c in dungeon.shown.carried if c.item_id == i) for i in LOOT}
        assert all(carried[i] >= LOOT.count(i) for i in set(LOOT)), carried
        # two people to recruit, loyal enough to say yes (N39), met at the entrance
        for _ in range(2):
            person = spawn_creature(world, "villager", here, kind="world")
            world.get(person, Loyalty).to[world.uid(world.hero)] = world.content.companions.loyalty
            dungeon._talk(person)
            dialogue = stack.top
            talks_of(world, person).open.clear()  # a moment the world's RNG began is not this test's business
            dialogue.stale = True
            dialogue.update(1 / 60)
            recruit = next(c for c in dialogue.choices() if c.key == "company:recruit")
            key(dialogue, dialogue.keys.key_of(recruit))  # the key the dialogue shows beside it
            key(dialogue, pygame.K_ESCAPE)
            assert stack.top is dungeon
        dungeon.read_at = -1
        dungeon.update(1 / 60)
        assert len(dungeon.shown.party) == 2
        # to the Great Hall by the arrow keys, a click where no key leads
        hall = next(r.id for r in world.map.rooms.values() if r.name == "Great Hall")
        for _ in range(3):  # a crowd of goblins (the keep itself keeps one group there): the panel names some, counts the rest
            spawn_creature(world, "goblin_cutters", hall, wanders=False)
        for room in route(world.map, dungeon.hero_view().room, hall)[1:]:
            hero = dungeon.hero_view()
            direction = dungeon_targets.direction_of(world.map, hero.room, hero.square, room)
            if direction is not None:
                key(dungeon, KEYS[direction])
            else:
                square = next(ex.square for ex, other in world.map.exits_of(hero.room) if other == room)
                dungeon.view.camera.look_at(*dungeon.view.centre_px(hero))
                dungeon._click_map(square)
            if dungeon.hero_view().room != room:  # out of action points: end the turn and go on
                key(dungeon, pygame.K_SPACE)
                settle(stack)
                hero = dungeon.hero_view()
                if hero.room != room:
                    key(dungeon, KEYS[direction]) if direction else dungeon._click_map(
                        next(ex.square for ex, other in world.map.exits_of(hero.room) if other == room))
            settle(stack)
            assert dungeon.hero_view().room == room, world.map.rooms[room].name
        dungeon.update(1 / 60)
        foes = [v for v in dungeon.shown.views if v.room == hall and v.hostile]
        assert len(foes) >= 3, "the Great Hall is full of goblins"
        for size in (1.0, 1.3):
            with text_size(size):
                dungeon.side_layer.key = None
                boxes = frame(stack)
                shot(f"great-hall-{round(size * 100)}")
                named = {t.target for _, t in dungeon.side.clickable if isinstance(t, Attack)}
                words = " ".join(b.words for b in boxes)
                for foe in foes:
                    if foe.eid in named:
                        assert foe.name in words and f"{foe.health}/{foe.max_health}" in words  # name and health
                unnamed = [f for f in foes if f.eid not in named]
                if unnamed:
                    assert "more" in words  # the rest are counted, and X looks at each
                key(dungeon, pygame.K_x)
                for _ in range(len(dungeon.sights())):
                    sight = dungeon.looked_at()
                    if sight.creature is not None and sight.creature.hostile:
                        card = " ".join(b.words for b in frame(stack))
                        health = f"{sight.creature.health} / {sight.creature.max_health}"
                        assert sight.creature.name in card and health in card  # the card: name, its health bar
                        shot(f"look-{round(size * 100)}")
                    key(dungeon, pygame.K_TAB)
                key(dungeon, pygame.K_ESCAPE)
        # every pack line from the keyboard: the number keys through the pages
        dungeon.side_layer.key = None
        frame(stack)
        chooser = DungeonInput()
        chooser.per_page = dungeon.side.pack_rows
        lines = pack_lines(dungeon.shown)
        reached = set()
        for _ in range(-(-len(lines) // max(1, chooser.per_page)) if chooser.per_page else 0):
            for slot in range(chooser.per_page):
                request = chooser.key(pygame.K_1 + slot, world, dungeon.shown, dungeon.hero_view(), None)
                if request is not None:
                    reached.add(request.reason if isinstance(request, Refuse) else request.item)
            chooser.key(pygame.K_TAB, world, dungeon.shown, dungeon.hero_view(), None)
        for line in lines:
            assert line.first.eid in reached or f"You cannot use the {line.first.name}." in reached
        # the Byrnie's card on the inventory screen: what it protects against, by type
        key(dungeon, pygame.K_i)
        inventory = stack.top
        assert isinstance(inventory, InventoryScene)
        byrnie = next(i for i, line in enumerate(inventory.lines) if line.first.item_id == "byrnie")
        for _ in range(byrnie):
            key(inventory, pygame.K_DOWN)
        words = " ".join(b.words for b in frame(stack))
        shot("inventory-byrnie")
        from game.world.components import Item

        points = protection(world, world.get(inventory.lines[byrnie].first.eid, Item))
        assert points and all(f"{kind} {value}" in words for kind, value in points.items())
        assert "Protects:" in words and "Durability" in words
    finally:
        session.close()
