"""What a save may hold in the components, shared by them (game/world/saved.py's kinds; the ranges are
listed in docs/saves.md): uids, names, tags, rooms, runes, conditions, qualities, materials, factions."""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import Any, TYPE_CHECKING

from game.content.codex import HERO_ID
from game.rules.card import SCHOOLS
from game.world import saved
from game.world.saved import INT, STR, names, one_of, text


if TYPE_CHECKING:
    from game.world.world import World


Square = tuple[int, int]


@functools.cache
def tag_set(tags: tuple[str, ...]) -> frozenset[str]:
    """One shared set per kind's tags: systems read them every turn, so creatures of a kind share one."""
    return frozenset(tags)


# -- what a save may hold in these components (game/world/saved.py; the ranges are listed in docs/saves.md) --
UID_SHAPE = re.compile(r"[^#\s]{1,64}#[1-9][0-9]{0,9}")  # "<codex id>#<n>", n at most the uid counter
UIDS_SEEN: set[str] = set()  # uids of that shape met before: a save names each many times (its opinions, memories...)
MOST_SEEN = 100_000


def uid_shaped(value: str) -> bool:
    """Whether a string is "hero" or "<codex id>#<n>", printable; one found so is kept in UIDS_SEEN."""
    if value != HERO_ID and (UID_SHAPE.fullmatch(value) is None or not value.isprintable()):
        return False
    if len(UIDS_SEEN) >= MOST_SEEN:
        UIDS_SEEN.clear()
    UIDS_SEEN.add(value)
    return True


UID = saved.Kind("a creature's uid (hero, or <kind>#<number>)", **saved.coded(
    f"type({{v}}) is str and ({{v}} in {saved.unique('uids_seen', UIDS_SEEN, scope := {})} "
    f"or {saved.unique('uid_shaped', uid_shaped, scope)}({{v}}))", scope))
KILLER = saved.Kind(f"{UID.name} or nothing", **saved.coded(f"{{v}} == '' or ({UID.source})", UID.scope))
KINDS = ("hero", "dungeon", "world", "merchant", "notable")  # N2-N5
NAME = text(80)  # shown on the screen and in the log
TAGS = replace(names(text(40)), from_plain=lambda tags: tag_set(tuple(tags)))  # loaded creatures share them too
ROOM = one_of(INT, "a room of the map", lambda world: world.map.rooms)
RUNE = one_of(STR, f"a rune's school ({', '.join(SCHOOLS)})", SCHOOLS)
NEEDS = ("hunger", "thirst")
CONDITION = one_of(STR, "a condition of assets/data/conditions.toml", lambda world: world.content.conditions)
QUALITY = one_of(STR, "a quality of assets/data/gear.toml", lambda world: world.content.gear.qualities)
MATERIAL = one_of(STR, "a material of assets/data/gear.toml", lambda world: world.content.gear.materials)


_FACTIONS: dict[int, tuple[Any, frozenset[str]]] = {}  # id of a tuning's enemies -> them, their factions


def factions(world: World) -> frozenset[str]:
    """The factions of assets/data/world.toml: those with enemies and those named as enemies (worked out
    once per game data: a save's load asks it of every creature)."""
    enemies = world.content.tuning.enemies
    known = _FACTIONS.get(id(enemies))
    if known is None or known[0] is not enemies:
        known = _FACTIONS[id(enemies)] = (enemies, frozenset(set(enemies).union(*enemies.values())))
    return known[1]


FACTION = one_of(STR, "a faction of assets/data/world.toml", factions)
