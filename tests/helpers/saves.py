"""Played worlds, saves written by hand and what a load says of them."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from game.paths import ROOT
from game.save import SaveError, fileformat, load_world
from game.save.errors import printable
from game.world import views
from game.world.commands import Attack, Consume, Move, PickUp
from game.world.components import Body, Footprint, Growth, Hero, Identity, Inventory, Item, Mood, Needs, Position
from game.world.driver import Driver
from game.world.world import World


SEED = 2  # on this seed the scripted hero fights, kills, picks up, heals and moves in the first 40 turns


def play(game: Driver, turns: range, log: list[str]) -> None:
    for turn in turns:
        hero_commands(game, turn)
        end_turn(game)
        log.extend(json.dumps(e.as_json(), sort_keys=True) for e in game.world.pop_events())


def portrait(world: World) -> dict:
    uid = world.uid

    def item(eid: int) -> dict:
        state = plain(world.get(eid, Item))
        state["owner"] = uid(state["owner"]) if state["owner"] is not None else None
        return state

    creatures = {}
    for eid, ident in world.query(Identity):
        inv = world.get(eid, Inventory)
        parts = {kind.__name__: plain(c) for kind in (Identity, Position, Footprint, Body, Growth, Mood, Needs)
                 if (c := world.try_get(eid, kind)) is not None}
        parts["hero"] = world.has(eid, Hero)
        parts["alive"] = world.exists(eid)
        parts["pack"] = [item(i) for i in inv.items]
        parts["equipped"] = {slot: inv.items.index(i) for slot, i in inv.equipped.items()}
        parts["kinds"] = {k: n for k, n in inv.kinds.items() if n}
        creatures[ident.uid] = parts
    rooms = {r: ([uid(e) for e in world.rooms.occupants(r)], [item(i) for i in world.rooms.floor(r)],
                 [item(i) for i in world.rooms.gear_on_floor(r)], [item(i) for i in world.rooms.provisions_on_floor(r)],
                 world.rooms.free_squares(r))
             for r in world.map.rooms}
    return {
        "creatures": creatures, "rooms": rooms, "actors": [uid(a.eid) for a in world.actors.all()],
        "hero": uid(world.hero), "turn": world.turn, "seed": world.seed, "over": world.over,
        "rng": world.rng.getstate(), "serial": world.uid_serial,
        "scent": (list(world.scent_field.hero.items()), list(world.scent_field.prey.items())),
        "spawn_clock": list(world.spawn_clock.items()), "opened_doors": world.opened_doors,
        "trap_spent": world.trap_spent, "room_runes": world.room_runes, "pair_cooldown": world.pair_cooldown,
    }


def load_error(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_world(path).close()
    message = str(caught.value)
    assert message.isprintable()
    assert printable(path) in message and "\n" not in message
    return message


def write_body(path: Path, body: object) -> None:
    path.write_bytes(fileformat.encode(body))  # a well-formed file around a body that is not a world's


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


def hero_commands(game: Driver, turn: int) -> None:
    """Up to three commands; the world turn starts by itself when the hero's AP run out."""
    for _ in range(3):
        command = None if game.world.over else choose(game.world, turn)
        if command is None:
            return
        game.do(command)
        if game.busy:
            return


def end_turn(game: Driver) -> None:
    if game.busy:
        game.finish_turn()
    else:
        game.end_turn()


def plain(component: object) -> dict:
    return {f.name: getattr(component, f.name) for f in fields(component)}


def choose(world: World, turn: int) -> object | None:
    hero = world.hero
    me = views.creature(world, hero)
    foes = [e for e in world.creatures_in(me.room) if e != hero and world.is_enemy(hero, e)]
    kinds = {i.eid: world.content.items[i.item_id] for i in views.carried_by(world, world.hero)}
    if me.health * 2 < me.max_health:
        potions = [eid for eid, item in kinds.items() if item.kind == "healing"]
        if potions:
            return Consume(world.hero, potions[0])
    if foes and me.health * 2 >= me.max_health:
        return Attack(world.hero, min(foes, key=lambda e: (views.creature(world, e).health, world.uid(e))))
    if me.hunger > 50 or me.thirst > 50:
        food = [eid for eid, item in kinds.items() if item.kind in ("food", "drink")]
        if food:
            return Consume(world.hero, food[0])
    floor = [i for i in views.items_in(world, me.room) if not world.content.items[i.item_id].fixture]
    if floor and not foes:
        return PickUp(world.hero, floor[0].eid)
    calm = [room for _, room in world.rooms.exits[me.room]
            if not any(world.is_enemy(hero, e) for e in world.creatures_in(room))]
    return Move(world.hero, calm[turn % len(calm)]) if calm and turn % 3 == 0 else None
