"""Running a world without a window: the hero waits, the world turns, events go to JSON lines.

A run can start from a save (`--load`) and end by saving (`--save`); see docs/saves.md.
"""
from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path

from game.content.errors import ContentError
from game.maps.errors import MapError
from game.launch import new_game
from game.save import SaveError, load_world, save_world
from game.world import views
from game.world.driver import Driver
from game.world.world import World


def plain(value: object) -> object:
    """A card field as JSON: mappings become dicts, sets sorted lists, an attack its fields."""
    if is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return value


def creature_state(world: World, eid: int) -> dict[str, object]:
    view = views.creature(world, eid)
    card = {f.name: plain(getattr(view.card, f.name)) for f in fields(view.card)}
    return {
        "uid": view.uid, "codex_id": view.codex_id, "name": view.name, "room": view.room,
        "square": list(view.square), "health": view.health, "max_health": view.max_health,
        "level": view.level, "xp": view.xp, "mood": view.mood, "hunger": view.hunger, "thirst": view.thirst,
        "heads": view.heads, "durability": view.durability, "equipped": view.equipped,
        "carrying": view.carrying, "card": card,
    }


def dump_state(world: World) -> dict[str, object]:
    return {"turn": world.turn, "seed": world.seed, "over": world.over,
            "creatures": [creature_state(world, eid) for eid in sorted(world.creatures(), key=world.uid)]}


def run_headless(map_path: Path, seed: int, turns: int, events_path: Path | None,
                 state_path: Path | None, load_path: Path | None = None, save_path: Path | None = None) -> int:
    """Run `turns` world turns on a new world, or on the one saved at `load_path` (its map and seed)."""
    try:
        driver = Driver(load_world(load_path)) if load_path else new_game(map_path, seed)
    except (MapError, ContentError, SaveError) as exc:
        print(f"ethernalis: {exc}", file=sys.stderr)
        return 1
    world = driver.world
    try:
        events = 0
        with open(events_path, "w", encoding="utf-8") if events_path else contextlib.nullcontext() as out:
            for _ in range(turns):
                driver.end_turn()
                batch = world.pop_events()
                events += len(batch)
                if out is not None:
                    out.writelines(json.dumps(e.as_json(), sort_keys=True) + "\n" for e in batch)
            if state_path:
                state_path.write_text(json.dumps(dump_state(world), indent=1, sort_keys=True), encoding="utf-8")
        if save_path:
            save_world(world, save_path)
    except OSError as exc:
        print(f"ethernalis: cannot write {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    except SaveError as exc:
        print(f"ethernalis: {exc}", file=sys.stderr)
        return 1
    else:
        print(f"{world.turn} turns, {events} events, {len(world.creatures())} creatures alive"
              + (f"; {world.over}" if world.over else ""))
        return 0
    finally:
        driver.close()
