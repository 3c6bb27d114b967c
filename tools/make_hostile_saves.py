"""Write the hostile saves of tests/data/saves_bad/: real saves of a shipped map with one thing made wrong.

    .venv/bin/python tools/make_hostile_saves.py [--out DIR]

The base is the save of maps/caves.tmx, seed 7, after 12 turns of the waiting hero (`base.sav`, which
loads). Each case changes one thing of that save's body (a few change the file's bytes) and keeps its
checksum valid, so only the checks of the body can refuse it: the cases issue 10 names, wrong numbers,
names and links of their kind (CASES), and every saved field set to a wrong type (`type-*`).
`cases.json` maps each file to what it tests and words its one-line message must hold;
tests/test_save_hostile.py loads every file under a memory and a time limit. The same game writes the
same bytes: write the saves again when a change to the map, the game's data or the rules changes the
base (the test says so).
"""
from __future__ import annotations

import argparse
import copy
import functools
import json
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import msgpack  # noqa: E402

from game.content.content import load_content  # noqa: E402
from game.launch import new_game  # noqa: E402
from game.paths import MAPS, ROOT  # noqa: E402
from game.save import checks, fileformat, save_world  # noqa: E402
from game.save.snapshot import layout, with_lists, with_maps  # noqa: E402
from game.world import saved  # noqa: E402

OUT = ROOT / "tests" / "data" / "saves_bad"
BASE = ("crypt.tmx", 7, 12)  # map, seed, turns of the waiting hero (the caves of seed 7 hold no armed person beside another since the lairs, issue 24)
DONORS = (("village.tmx", 7, 0), ("tower.tmx", 7, 0))  # lend the components no creature of the base has
# (a merchant's; a traveller's errand, N3)
Body = dict[str, Any]


@dataclass(frozen=True)
class Picks:
    """The entities of the base that cases change, found by what they are, not by where they sit."""

    npc: str  # a living thinking NPC of one square that wears a weapon and body armour, not alone in its room
    neighbour: str  # another NPC of one square in the same room
    group: str  # a living minion group
    floor: int  # an item lying on a floor
    npc_weapon: int
    npc_armour: int
    hero_weapon: int
    condition: str  # a condition of the game's data

    @classmethod
    def of(cls, body: Body) -> Picks:
        by_uid = {c["components"]["identity"]["uid"]: c for c in body["creatures"]}

        def neighbours(npc: str) -> list[str]:
            room = by_uid[npc]["components"]["position"]["room"]
            return [uid for uid, c in by_uid.items() if uid not in ("hero", npc) and
                    c["components"]["position"]["room"] == room and not c["components"]["body"]["heads"]
                    and c["components"]["footprint"] == {"w": 1, "h": 1}]

        npc = next(uid for uid, c in by_uid.items() if uid != "hero" and {"weapon", "body"} <= slots(c)
                   and "persona" in c["components"] and neighbours(uid))
        neighbour = neighbours(npc)[0]
        group = next(uid for uid, c in by_uid.items() if c["components"]["body"]["heads"] > 1)
        floor = next(i for i, item in enumerate(body["items"]) if item["owner"] is None)
        worn = {uid: dict(by_uid[uid]["equipped"]) for uid in (npc, "hero")}
        return cls(npc, neighbour, group, floor, worn[npc]["weapon"], worn[npc]["body"], worn["hero"]["weapon"],
                   min(load_content().conditions))


def slots(record: dict[str, Any]) -> set[str]:
    return {slot for slot, _ in record["equipped"]}


def creature(body: Body, uid: str) -> dict[str, Any]:
    return next(c for c in body["creatures"] if c["components"]["identity"]["uid"] == uid)


def part(body: Body, uid: str, key: str) -> dict[str, Any]:
    return creature(body, uid)["components"][key]


def item(body: Body, index: int) -> dict[str, Any]:
    return body["items"][index]["components"]["item"]


def assign(target: dict[str, Any], **values: Any) -> None:
    target.update(values)


def killed(body: Body, uid: str) -> None:
    """The creature as the death verb leaves it: no health, out of its room, marked dead."""
    part(body, uid, "body")["health"] = 0
    assign(creature(body, uid), placed=False, dead=True)


Change = Callable[[Body, Picks], Any]


def named(change: Callable[[dict[str, list[str]]], dict[str, list[str]]]) -> dict[str, Any]:
    """The fields a save of this version names (format 5), its creatures' changed by `change`."""
    fields = layout()
    return {**fields, "creatures": change(fields["creatures"])}


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    expect: str  # words the one-line message must hold
    change: Change


CASES = [
    # -- named in issue 10 --------------------------------------------------------------------------------
    Case("condition-unknown", "a condition the game's data lacks", "body.conditions should be a map from a condition",
         lambda b, p: assign(part(b, "hero", "body"), conditions={"frenzy": 3})),
    Case("spawn-clock-empty", "an empty spawn_clock", "the clock of spawner",
         lambda b, p: assign(b["world"], spawn_clock=[])),
    Case("actors-empty", "an empty NPC list", "is not among the actors, so it would never act",
         lambda b, p: assign(b, actors=[])),
    Case("alive-marked-dead", "a living creature marked dead", "is marked dead but has",
         lambda b, p: assign(creature(b, p.npc), dead=True)),
    Case("xp-string", "XP as a string", "growth.xp should be a whole number from 0 to 1000000000, not '100'",
         lambda b, p: assign(part(b, p.npc, "growth"), xp="100")),
    Case("room-unknown", "a creature in a room the map lacks", "position.room should be a room of the map, not 999999",
         lambda b, p: assign(part(b, p.npc, "position"), room=999999)),
    Case("equipped-minus-one", "an equipped item index of -1", ".equipped should be a list of [slot",
         lambda b, p: assign(creature(b, "hero"), equipped=[["weapon", -1]])),
    Case("rng-overflow", "an RNG word that makes setstate raise OverflowError", "rng should be Python's random state",
         lambda b, p: b["rng"][1].__setitem__(0, -1)),
    Case("health-negative", "a living creature with negative health", "has -5 health but is not marked dead",
         lambda b, p: assign(part(b, p.npc, "body"), health=-5)),
    Case("turn-negative", "a negative turn", "turn should be a whole number from 0", lambda b, p: assign(b, turn=-1)),
    Case("count-negative", "a negative item count", "item.count should be a whole number from 1",
         lambda b, p: assign(item(b, p.floor), count=-3)),
    Case("footprint-negative", "a negative footprint", "covers -1x1 squares, not the 1x1 of its kind",
         lambda b, p: assign(part(b, p.npc, "footprint"), w=-1)),
    Case("footprint-huge", "a footprint that made a MemoryError", "covers 1000000x1000000 squares",
         lambda b, p: assign(part(b, p.npc, "footprint"), w=10**6, h=10**6)),
    Case("mood-unknown", "an unknown mood", "mood.state should be a mood",
         lambda b, p: assign(part(b, p.npc, "mood"), state="berserk")),
    Case("faction-unknown", "an unknown faction", "identity.faction should be a faction of assets/data/world.toml",
         lambda b, p: assign(part(b, p.npc, "identity"), faction="pirates")),
    Case("quality-unknown", "an unknown quality", "item.quality should be a quality of assets/data/gear.toml",
         lambda b, p: assign(item(b, p.floor), quality="legendary")),
    Case("material-unknown", "an unknown material", "item.material should be a material of assets/data/gear.toml",
         lambda b, p: assign(item(b, p.floor), material="mithril")),
    Case("rune-unknown", "an unknown rune", "item.rune should be a rune's school",
         lambda b, p: assign(item(b, p.floor), rune="shadow")),
    Case("actors-duplicated", "an NPC listed twice", "is listed twice among the actors",
         lambda b, p: b["actors"].append(b["actors"][0])),
    Case("two-on-one-square", "two creatures on one square", "both stand on",
         lambda b, p: assign(part(b, p.neighbour, "position"), square=list(part(b, p.npc, "position")["square"]))),
    # -- the body's own fields ------------------------------------------------------------------------------
    Case("turn-huge", "an absurd turn", "turn should be a whole number from 0 to 1000000000",
         lambda b, p: assign(b, turn=2**63)),
    Case("seed-float", "a seed that is no whole number", "seed should be a whole number",
         lambda b, p: assign(b, seed=1.5)),
    Case("over-number", "an end of game that is no text", "over should be printable text",
         lambda b, p: assign(b, over=5)),
    Case("uid-serial-low", "a uid counter behind the uids", "is numbered past the uid counter",
         lambda b, p: assign(b, uid_serial=1)),
    Case("map-path-number", "a map path that is no text", "map should be a map of path (printable text",
         lambda b, p: assign(b["map"], path=5)),
    Case("map-sha-bad", "a map digest that is no digest", "map should be a map of path (printable text",
         lambda b, p: assign(b["map"], sha256="zz")),
    Case("body-unknown-part", "an unknown part of the body", "the save has no part 'cheat'",
         lambda b, p: assign(b, cheat=1)),
    Case("body-missing-part", "a missing part of the body", "missing 'actors'", lambda b, p: b.pop("actors")),
    Case("fields-type", "the fields' names of the wrong type (format 5)", "(fields should be a map of creatures",
         lambda b, p: assign(b, fields=[["not a value"]])),
    Case("fields-too-many", "names of fields for more components than a save may hold",
         "(fields should be a map of creatures",
         lambda b, p: assign(b, fields={"creatures": {f"part{i}": [] for i in range(300)}, "items": {}})),
    Case("fields-one-short", "a component saved with one value more than the fields its save names",
         "identity holds 6 values, not the 5 fields the save names",
         lambda b, p: assign(b, fields=named(lambda names: {**names, "identity": names["identity"][:-1]}))),
    Case("fields-unnamed", "entities holding a component more than their save names",
         "components, not the",
         lambda b, p: assign(b, fields=named(lambda names: {k: v for k, v in names.items() if k != "identity"}))),
    # -- named in issue 26 --------------------------------------------------------------------------------
    Case("fields-component-renamed", "a flipped byte in a component's name in the fields (no entity holds it)",
         "names a component '*ana' of its creatures, which the game does not know",
         lambda b, p: assign(b, fields=named(lambda names: {("*ana" if k == "mana" else k): v
                                                            for k, v in names.items()}))),
    Case("fields-field-renamed", "a flipped byte in a field's name in the fields",
         "names a field '\\x0erder' of the component companion, which it does not have",
         lambda b, p: assign(b, fields=named(lambda names: {**names, "companion": [
             "\x0erder" if n == "order" else n for n in names["companion"]]}))),
    Case("seed-too-big", "a seed past the command line's range", "seed should be a whole number from 0 to "
         "9223372036854775807, not 18446744073709551615", lambda b, p: assign(b, seed=2**64 - 1)),
    Case("creatures-not-list", "creatures that are no list", "creatures should be a list of maps",
         lambda b, p: assign(b, creatures={})),
    Case("rng-version", "an RNG state of another version", "rng should be Python's random state",
         lambda b, p: b["rng"].__setitem__(0, 2)),
    Case("rng-short", "an RNG state one word short", "rng should be Python's random state",
         lambda b, p: b["rng"][1].pop(0)),
    Case("rng-index", "an RNG index past its words", "rng should be Python's random state",
         lambda b, p: b["rng"][1].__setitem__(-1, 625)),
    Case("rng-word-huge", "an RNG word of more than 32 bits", "rng should be Python's random state",
         lambda b, p: b["rng"][1].__setitem__(3, 2**40)),
    Case("rng-all-zero", "an RNG state of zeros, which rolls 0 for ever", "rng should be Python's random state",
         lambda b, p: b["rng"].__setitem__(1, [0] * 624 + [624])),
    Case("rng-gauss-nan", "an RNG gauss that is not a number", "rng should be Python's random state",
         lambda b, p: b["rng"].__setitem__(2, float("nan"))),
    # -- the hero, life and death ---------------------------------------------------------------------------
    Case("hero-unknown", "a hero not among the creatures", "the hero 'ghost#1' is not among the creatures",
         lambda b, p: assign(b, hero="ghost#1")),
    Case("hero-dead-game-on", "a dead hero in a game not over", "the hero has 0 health but the game is not over",
         lambda b, p: assign(part(b, "hero", "body"), health=0)),
    Case("game-over-hero-alive", "a game over with the hero alive", "the game is over (Slain.) but the hero has",
         lambda b, p: assign(b, over="Slain.")),
    Case("hero-marked-dead", "the hero marked dead", "the hero is marked dead",
         lambda b, p: assign(creature(b, "hero"), dead=True)),
    Case("hero-no-sheet", "a hero without its sheet", "the hero has no hero sheet",
         lambda b, p: creature(b, "hero")["components"].pop("hero")),
    Case("npc-hero-sheet", "an NPC with the hero's sheet", "has the hero's sheet",
         lambda b, p: assign(creature(b, p.npc)["components"], hero={})),
    Case("hero-mood", "a hero with a mood", "the hero has a mood",
         lambda b, p: assign(creature(b, "hero")["components"], mood=part(b, p.npc, "mood"))),
    Case("npc-no-mood", "an NPC without a mood", "has no mood, so it would never act",
         lambda b, p: creature(b, p.npc)["components"].pop("mood")),
    Case("alive-not-placed", "a living creature in no room", "is alive but stands in no room",
         lambda b, p: assign(creature(b, p.npc), placed=False)),
    Case("dead-placed", "a dead creature still in its room", "is dead but still stands in room",
         lambda b, p: (killed(b, p.neighbour), assign(creature(b, p.neighbour), placed=True))),
    Case("uid-duplicated", "two creatures with one uid", "two creatures are both",
         lambda b, p: b["creatures"].append(copy.deepcopy(creature(b, p.neighbour)))),
    Case("actor-unknown", "an actor that is no creature", "the actor wolf#99998 is not among the creatures that act",
         lambda b, p: b["actors"].__setitem__(0, "wolf#99998")),
    Case("actor-hero", "the hero among the actors", "the actor hero is not among the creatures that act",
         lambda b, p: b["actors"].append("hero")),
    # -- creatures' components ------------------------------------------------------------------------------
    Case("kind-unknown", "a creature kind the game's data lacks", "the creature kind 'no_such_beast'",
         lambda b, p: assign(part(b, p.npc, "identity"), codex_id="no_such_beast")),
    Case("uid-of-another-kind", "a uid of another kind", "is not one of a",
         lambda b, p: assign(part(b, p.npc, "identity"), uid="wolf#2")),
    Case("uid-escape", "a uid with a terminal escape", "identity.uid should be a creature's uid",
         lambda b, p: assign(part(b, p.npc, "identity"), uid="\x1b[2J\x1b]0;pwned\x07#2")),
    Case("name-escape", "a name with terminal escapes", "identity.name should be printable text of at most 80",
         lambda b, p: assign(part(b, p.npc, "identity"), name="Wanderer\x1b[31m\u202e")),
    Case("name-huge", "a name of 100,000 characters", "identity.name should be printable text of at most 80",
         lambda b, p: assign(part(b, p.npc, "identity"), name="W" * 100_000)),
    Case("identity-kind-unknown", "an unknown kind of creature", "identity.kind should be a creature's kind",
         lambda b, p: assign(part(b, p.npc, "identity"), kind="god")),
    Case("tags-not-list", "tags that are no list", "identity.tags should be a list of names",
         lambda b, p: assign(part(b, p.npc, "identity"), tags="humanoid")),
    Case("square-three", "a square of three numbers", "position.square should be a square",
         lambda b, p: assign(part(b, p.npc, "position"), square=[1, 2, 3])),
    Case("outside-room", "a creature outside its room", "stands outside its room",
         lambda b, p: assign(part(b, p.npc, "position"), square=[999, 999])),
    Case("cells-on-one", "cells on a creature that is no group", "is no minion group but stands on the squares",
         lambda b, p: assign(part(b, p.npc, "position"), cells=[part(b, p.npc, "position")["square"]])),
    Case("group-cells-short", "a group on too few squares", "should stand on",
         lambda b, p: part(b, p.group, "position")["cells"].pop()),
    Case("heads-huge", "a group of a billion heads (hours of bridging)", "body.heads should be a whole number from 0",
         lambda b, p: assign(part(b, p.group, "body"), heads=10**9)),
    Case("heads-on-one", "heads on a creature that is no group", "more than its kind starts with (0)",
         lambda b, p: assign(part(b, p.npc, "body"), heads=2)),
    Case("health-huge", "more health than the card holds", "health, more than its card's",
         lambda b, p: assign(part(b, p.npc, "body"), health=10**6)),
    Case("health-float", "health that is no whole number", "body.health should be a whole number",
         lambda b, p: assign(part(b, p.npc, "body"), health=3.5)),
    Case("ap-huge", "more Action Points than the card gives", "Action Points and",
         lambda b, p: assign(part(b, "hero", "body"), ap=10**6)),
    Case("strikes-negative", "negative strikes", "body.strikes should be a whole number from 0",
         lambda b, p: assign(part(b, p.npc, "body"), strikes=-1)),
    Case("stunned-negative", "a negative stun", "body.stunned should be a whole number from 0",
         lambda b, p: assign(part(b, p.npc, "body"), stunned=-2)),
    Case("stunned-later", "a stun from a turn to come", "was stunned on turn 112, after the saved turn",
         lambda b, p: assign(part(b, p.npc, "body"), stunned=1, stunned_on=b["turn"] + 100)),
    Case("condition-negative", "a condition held for negative turns", "body.conditions should be a map from",
         lambda b, p: assign(part(b, "hero", "body"), conditions={p.condition: -4})),
    Case("killer-number", "a killer that is no uid", "body.killer should be a creature's uid",
         lambda b, p: assign(part(b, p.npc, "body"), killer=5)),
    Case("hunger-negative", "negative hunger", "needs.hunger should be a whole number from 0",
         lambda b, p: assign(part(b, p.npc, "needs"), hunger=-1)),
    Case("complained-unknown", "a complaint of an unknown need", "needs.complained should be a list of names",
         lambda b, p: assign(part(b, p.npc, "needs"), complained=["boredom"])),
    Case("last-seen-unknown", "a hero last seen in a room the map lacks", "mood.last_seen should be a room of the map",
         lambda b, p: assign(part(b, p.npc, "mood"), last_seen=999999)),
    Case("mood-later", "a mood from a turn to come", "after the saved turn",
         lambda b, p: assign(part(b, p.npc, "mood"), since=b["turn"] + 100)),
    Case("aware-huge", "a threat remembered for a million turns", "mood.aware should be a whole number from -1",
         lambda b, p: assign(part(b, p.npc, "mood"), aware=10**6)),
    Case("level-not-of-xp", "a level its XP does not give", "is level 40, but",
         lambda b, p: assign(part(b, p.npc, "growth"), level=40)),
    Case("xp-bool", "XP as true", "growth.xp should be a whole number",
         lambda b, p: assign(part(b, p.npc, "growth"), xp=True)),
    Case("component-unknown", "a component the game lacks", "no component is saved as 'wings'",
         lambda b, p: assign(creature(b, p.npc)["components"], wings={})),
    Case("field-unknown", "a field the component lacks", "body has no field 'mana'",
         lambda b, p: assign(part(b, p.npc, "body"), mana=5)),
    Case("component-not-map", "a component that is no map of fields", "body should be a map of its fields, not 5",
         lambda b, p: assign(creature(b, p.npc)["components"], body=5)),
    Case("identity-missing", "a creature without its identity", "missing identity.uid",
         lambda b, p: creature(b, p.npc)["components"].pop("identity")),
    Case("body-missing", "a creature without its body", "missing body.health",
         lambda b, p: creature(b, p.npc)["components"].pop("body")),
    Case("record-unknown-part", "an unknown part of a creature's record", "has no part 'god_mode'",
         lambda b, p: assign(creature(b, p.npc), god_mode=True)),
    # -- items ----------------------------------------------------------------------------------------------
    Case("item-unknown", "an item the game's data lacks", "the item 'moon_cheese' is not in the game's data",
         lambda b, p: assign(item(b, p.floor), item_id="moon_cheese")),
    Case("count-huge", "an absurd stack", "item.count should be a whole number from 1 to 1000000000",
         lambda b, p: assign(item(b, p.floor), count=10**12)),
    Case("durability-negative", "negative durability", "item.durability should be a whole number from 0",
         lambda b, p: assign(item(b, p.npc_armour), durability=-1)),
    Case("item-room-unknown", "an item in a room the map lacks", "item.room should be a room of the map",
         lambda b, p: assign(item(b, p.floor), room=999999)),
    Case("item-outside-room", "an item outside its room", "lies outside its room",
         lambda b, p: assign(item(b, p.floor), square=[999, 999])),
    Case("item-nowhere", "an item neither carried nor on a floor", "is neither carried nor on a floor",
         lambda b, p: assign(item(b, p.floor), room=None)),
    Case("item-carried-and-lying", "a carried item on a floor too", "lies in room",
         lambda b, p: assign(item(b, p.npc_weapon), room=part(b, p.npc, "position")["room"],
                             square=part(b, p.npc, "position")["square"])),
    Case("owner-unknown", "an item carried by no creature", "is carried by wolf#99997, who is not among the living",
         lambda b, p: assign(b["items"][p.npc_weapon], owner="wolf#99997")),
    Case("owner-dead", "an item carried by a dead creature", "who is not among the living creatures",
         lambda b, p: (killed(b, p.neighbour), assign(b["items"][p.floor], owner=p.neighbour),
                       assign(item(b, p.floor), room=None, square=None))),
    Case("fixture-carried", "a fixture in a pack", "but it never moves",
         lambda b, p: assign(item(b, p.npc_weapon), item_id="spring")),
    # -- equipped slots -------------------------------------------------------------------------------------
    Case("equipped-past-end", "an equipped index past the items", "but the save holds",
         lambda b, p: assign(creature(b, "hero"), equipped=[["weapon", len(b["items"]) + 5]])),
    Case("equipped-others", "equipment another creature carries", "which hero carries",
         lambda b, p: assign(creature(b, p.npc), equipped=[["weapon", p.hero_weapon]])),
    Case("equipped-on-floor", "equipment lying on a floor", "which lies on a floor",
         lambda b, p: assign(creature(b, "hero"), equipped=[["weapon", p.floor]])),
    Case("equipped-wrong-slot", "a weapon worn as armour", "which is not worn as a body",
         lambda b, p: assign(creature(b, p.npc), equipped=[["body", p.npc_weapon]])),
    Case("equipped-twice", "two things in one slot", "wears two things as its weapon",
         lambda b, p: assign(creature(b, p.npc), equipped=[["weapon", p.npc_weapon], ["weapon", p.npc_weapon]])),
    Case("equipped-slot-unknown", "an unknown slot", ".equipped should be a list of [slot",
         lambda b, p: assign(creature(b, p.npc), equipped=[["tail", p.npc_weapon]])),
    # -- the world's own state ------------------------------------------------------------------------------
    Case("scent-room-unknown", "scent in a room the map lacks", "and [999999, 0.5] does not fit",
         lambda b, p: b["world"]["scent"]["hero"].append([999999, 0.5])),
    Case("scent-nan", "scent that is not a number", "and [1, nan] does not fit",
         lambda b, p: b["world"]["scent"]["hero"].append([1, float("nan")])),
    Case("spawn-clock-unknown", "a clock of a spawner the map lacks", "spawn_clock should be a list of [a spawner",
         lambda b, p: b["world"]["spawn_clock"].append([999999, 3])),
    Case("spawn-clock-zero", "a spawner clock at 0", "the clock of spawner",
         lambda b, p: b["world"]["spawn_clock"][0].__setitem__(1, 0)),
    Case("spawn-clock-huge", "a spawner clock past its interval", "the clock of spawner",
         lambda b, p: b["world"]["spawn_clock"][0].__setitem__(1, 10**9)),
    Case("door-unknown", "an opened door the map lacks", "opened_doors should be a list of numbers",
         lambda b, p: assign(b["world"], opened_doors=[999999])),
    Case("trap-unknown", "a spent trap the map lacks", "trap_spent should be a list of [a trap of the map",
         lambda b, p: b["world"]["trap_spent"].append([999999, 5])),
    Case("trap-negative", "a trap spent until a negative turn", "trap_spent should be a list of",
         lambda b, p: b["world"]["trap_spent"][0].__setitem__(1, -5)),
    Case("room-rune-unknown", "a room's unknown rune", "room_runes should be a list of [a room of the map",
         lambda b, p: b["world"]["room_runes"][0].__setitem__(1, "shadow")),
    Case("room-runes-short", "room runes that forget a room", "room_runes says nothing of room",
         lambda b, p: b["world"]["room_runes"].pop()),
    Case("pair-wait-text", "a pair's wait that is no number", "pair_cooldown should be a list of [name, name",
         lambda b, p: assign(b["world"], pair_cooldown=[["wolf#9", "wolf#16", "soon"]])),
    Case("world-state-unknown", "world state the game lacks", "the world has no state 'omens'",
         lambda b, p: assign(b["world"], omens=[])),
    # -- issues 14 and 12: the hero made on the creation screen, its sheet saved with it -----------------------
    Case("hero-sheet-charisma-99", "a hero sheet beyond heroes.toml's limits",
         "hero's hero sheet: charisma must be from 2 to 5",
         lambda b, p: assign(part(b, "hero", "hero")["sheet"], charisma=99)),
    Case("hero-sheet-all-points", "a hero sheet spending more points than heroes.toml gives",
         "hero's hero sheet: at most 5 points",
         lambda b, p: assign(part(b, "hero", "hero")["sheet"], raises={"strength": 2, "agility": 2, "physique": 2})),
    Case("hero-sheet-unknown-perk", "a perk heroes.toml lacks", "hero's hero sheet: one perk of",
         lambda b, p: assign(part(b, "hero", "hero")["sheet"], perks=["dragonslayer"])),
    Case("hero-sheet-name-control", "a hero's name with a control character", "and 'Bad\\x1bname' does not fit",
         lambda b, p: assign(part(b, "hero", "hero")["sheet"], name="Bad\x1bname")),
    Case("hero-sheet-old-beyond", "a save of before each hero kept its sheet, its sheet beyond heroes.toml's limits",
         "hero_sheet: charisma must be from 2 to 5",
         lambda b, p: b.__setitem__("hero_sheet", {**part(b, "hero", "hero").pop("sheet"), "charisma": 99})),
    Case("hero-sheet-type", "a hero sheet of the wrong type (of a save of before each hero kept its own)",
         "(hero_sheet should be", lambda b, p: b.__setitem__("hero_sheet", [["not a sheet"]])),
]


WRONG_TYPE = {"not": ["a", "value"]}  # no field's kind takes a map of lists...
WRONG_LIST = [["not a value"]]  # ...nor does a field of the body's own take a list of lists


def wrong_types(picks: Picks) -> list[Case]:
    """Every field the registry saves (on the NPC or the floor item), every piece of the world's own state,
    every field of the body and of the records around components set to a value of the wrong type: a
    field registered later gets its case when the saves are written again."""
    def set_field(key: str, name: str) -> Change:
        def change(b: Body, p: Picks) -> None:
            # an optional component the entity lacks is given, copied from one that has it (else empty)
            records = b["items"] if key in saved.ITEM_PARTS else b["creatures"]
            chosen = b["items"][p.floor] if key in saved.ITEM_PARTS else creature(b, p.npc)
            parts = chosen["components"]
            if key not in parts:
                lenders = records + (donor()["items"] if key in saved.ITEM_PARTS else donor()["creatures"])
                other = next((r["components"][key] for r in lenders if key in r["components"]), {})
                parts[key] = copy.deepcopy(other)
            target = parts[key]
            target[name] = WRONG_TYPE
        return change

    def set_state(key: str) -> Change:
        return lambda b, p: b["world"].__setitem__(key, WRONG_TYPE)

    def set_own(key: str) -> Change:
        return lambda b, p: b.__setitem__(key, WRONG_LIST)

    return ([Case(f"type-{key}-{name}", f"{key}.{name} of the wrong type", f"{key}.{name} should be",
                  set_field(key, name))
             for parts in (saved.CREATURE_PARTS, saved.ITEM_PARTS) for key, kept in parts.items()
             for name in kept.fields]
            + [Case(f"type-world-{key}", f"the world's {key} of the wrong type", f"({key} should be", set_state(key))
               for key in saved.WORLD_STATE]
            + [Case(f"type-save-{key}", f"the save's {key} of the wrong type", f"({key} should be", set_own(key))
               for key in checks.BODY]
            + [Case(f"type-creature-{key}", f"a creature record's {key} of the wrong type", f"].{key} should be",
                    lambda b, p, key=key: creature(b, p.npc).__setitem__(key, wrong_in_record(key)))
               for key in checks.CREATURE]
            + [Case(f"type-item-record-{key}", f"an item record's {key} of the wrong type", f"].{key} should be",
                    lambda b, p, key=key: b["items"][p.floor].__setitem__(key, wrong_in_record(key)))
               for key in checks.ITEM])


def wrong_in_record(key: str) -> Any:
    """A value of the wrong type for a field of the record around an entity's components (a list of lists
    would be a format-5 entity's components)."""
    return "none" if key == "components" else WRONG_LIST


def raw_cases(base: Body) -> dict[str, tuple[str, str, bytes]]:
    """Cases a body msgpack can write cannot hold: name -> (what, expected words, the whole file)."""
    nested = copy.deepcopy(base)
    nested["world"]["opened_doors"] = "NESTED"
    payload = zlib.compress(msgpack.packb(nested, use_bin_type=True).replace(msgpack.packb("NESTED"),
                                                                              b"\x91" * 100_000 + b"\xc0"))
    deep = fileformat.MAGIC + fileformat.HEADER.pack(fileformat.FORMAT_VERSION, len(payload), zlib.crc32(payload))
    bomb = zlib.compress(b"\x00" * (fileformat.MAX_BODY + 1), 9)
    bombed = fileformat.MAGIC + fileformat.HEADER.pack(fileformat.FORMAT_VERSION, len(bomb), zlib.crc32(bomb))
    return {
        "nested-deep": ("lists nested 100,000 deep", "undecodable save data: nested too deep", deep + payload),
        "zip-bomb": ("save data that unpacks to more than the largest body", "unpacks to more than",
                     bombed + bomb),
        "format-1-broken": ("a format-1 save that cannot be upgraded", "a format-1 save that cannot be upgraded",
                            fileformat.encode({**base, "creatures": "none"}, version=1)),
    }


def base_save(map_name: str, seed: int, turns: int) -> bytes:
    """The real save of `map_name` after `turns` turns of the waiting hero (BASE: the one every case changes)."""
    game = new_game(MAPS / map_name, seed)
    try:
        for _ in range(turns):
            game.end_turn()
            game.world.pop_events()
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "base.sav"
            save_world(game.world, path)
            return path.read_bytes()
    finally:
        game.close()


@functools.cache
def donor() -> Body:
    """The creatures and items of DONORS' saves, which lend components the base lacks."""
    lent: Body = {"creatures": [], "items": []}
    with tempfile.TemporaryDirectory() as scratch:
        for n, donor_save in enumerate(DONORS):
            path = Path(scratch) / f"donor{n}.sav"
            path.write_bytes(base_save(*donor_save))
            body = with_maps(fileformat.read(path))
            lent["creatures"] += body["creatures"]
            lent["items"] += body["items"]
    return lent


def write_all(out: Path) -> int:
    """Write base.sav, every case and cases.json into `out` (its old saves removed); the number of cases."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.sav"):
        old.unlink()
    (out / "base.sav").write_bytes(base_save(*BASE))
    base = with_maps(fileformat.read(out / "base.sav"))  # the cases change fields by name
    picks = Picks.of(base)
    manifest: dict[str, dict[str, str | None]] = {"base.sav": {"what": "the real save the cases change",
                                                               "expect": None}}
    files = {}
    for case in CASES + wrong_types(picks):
        body = copy.deepcopy(base)
        case.change(body, picks)
        files[case.name] = (case.what, case.expect, fileformat.encode(with_lists(body)))
    files.update(raw_cases(base))
    for name, (what, expect, data) in files.items():
        (out / f"{name}.sav").write_bytes(data)
        manifest[f"{name}.sav"] = {"what": what, "expect": expect}
    (out / "cases.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return len(files)


def main() -> int:
    parser = argparse.ArgumentParser(description="Write the hostile saves of tests/data/saves_bad/.")
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder to write (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args()
    print(f"{write_all(args.out)} hostile saves and base.sav written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
