"""The save registry (game/world/saved.py): a component or a piece of the world's state registered in one
place is saved and loaded with no change to game/save/ (docs/architecture.md, "Saving a new component")."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from game.paths import DEFAULT_MAP, MAPS
from game.save import checks, fileformat, load_world, save_world
from game.world import saved
from game.world.components import Identity
from game.launch import new_game
from game.world.world import World
from game.save.snapshot import with_maps
from tests.helpers.saves import SEED, load_error, play, write_body


@dataclass(slots=True)
class Grudge:
    """A throwaway component: whom a creature bears a grudge against, since when, for which wrongs."""

    against: str = ""
    since: int = 0
    wrongs: frozenset[str] = frozenset()
    heat: int = 0  # worked out again on load


def grudge_heat(world: World, made: dict, values: dict) -> dict:
    return {"heat": len(values["wrongs"]) * 10}


def never_set(world: World, value: object) -> None:
    raise AssertionError("state missing from the save was set")


@pytest.fixture
def registry():
    """The registries as the game makes them, whatever a test registers."""
    kept = [(registry, dict(registry)) for registry in (saved.CREATURE_PARTS, saved.ITEM_PARTS, saved.WORLD_STATE)]
    yield
    for registry, before in kept:
        registry.clear()
        registry.update(before)


@pytest.fixture
def world():
    game = new_game(DEFAULT_MAP, SEED)
    play(game, range(5), [])
    yield game.world
    game.close()


def grudges(world: World) -> dict[str, Grudge]:
    return {world.get(eid, Identity).uid: g for eid, g in world.query(Grudge)}


def test_a_component_and_a_world_state_registered_in_one_place_are_saved_and_loaded(registry, world, tmp_path):
    saved.creature("grudge", {"against": saved.STR, "since": saved.INT, "wrongs": saved.NAMES},
                   derived=("heat",), derive=grudge_heat, optional=True)(Grudge)
    saved.world_state("omens", saved.number_map(saved.STR))
    bearer = next(a for a in world.actors.all() if a.body.health > 0)
    world.add(bearer.eid, Grudge("hero", 3, frozenset({"theft", "insult"})))
    world.omens = {4: "a crow on the lintel"}
    path = tmp_path / "slot.sav"
    save_world(world, path)
    loaded = load_world(path)
    try:
        assert grudges(loaded) == {bearer.ident.uid: Grudge("hero", 3, frozenset({"theft", "insult"}), heat=20)}
        assert loaded.omens == {4: "a crow on the lintel"}
    finally:
        loaded.close()
    body = with_maps(fileformat.read(path))
    record = next(c for c in body["creatures"] if c["components"]["identity"]["uid"] == bearer.ident.uid)
    assert record["components"]["grudge"] == {"against": "hero", "since": 3, "wrongs": ["insult", "theft"]}
    assert body["world"]["omens"] == [[4, "a crow on the lintel"]]


def test_a_component_or_state_new_since_the_save_starts_as_new(registry, world, tmp_path):
    """A save from before they were registered: the component is made from its defaults, the state keeps
    the value a new world starts with."""
    path = tmp_path / "slot.sav"
    save_world(world, path)
    creatures = len(fileformat.read(path)["creatures"])
    saved.creature("grudge", {"against": saved.STR, "since": saved.INT, "wrongs": saved.NAMES},
                   derived=("heat",), derive=grudge_heat)(Grudge)
    saved.world_state("lit_rooms", saved.NUMBERS, write=never_set)
    loaded = load_world(path)
    try:
        assert list(grudges(loaded).values()) == [Grudge()] * creatures
    finally:
        loaded.close()


def test_a_registration_must_say_how_each_field_is_saved_under_a_key_of_its_own(registry):
    with pytest.raises(ValueError, match=r"^Grudge\.heat is neither saved nor derived; Grudge has no field anger$"):
        saved.creature("grudge", {"against": saved.STR, "since": saved.INT, "wrongs": saved.NAMES,
                                  "anger": saved.INT})(Grudge)
    with pytest.raises(ValueError, match=r"Grudge: the key 'body' is taken by Body"):
        saved.creature("body", {"against": saved.STR, "since": saved.INT, "wrongs": saved.NAMES},
                       derived=("heat",))(Grudge)
    assert Grudge not in {part.component for part in saved.CREATURE_PARTS.values()}
    with pytest.raises(ValueError, match="the world state 'scent' is registered twice"):
        saved.world_state("scent", saved.NUMBERS)


def test_a_field_of_the_wrong_type_or_unknown_to_the_game_is_one_clear_line(world, tmp_path: Path):
    path = tmp_path / "slot.sav"
    save_world(world, path)
    body = with_maps(fileformat.read(path))
    body["creatures"][0]["components"]["position"]["square"] = "by the door"
    write_body(path, body)
    assert "damaged save (position.square should be a square, not 'by the door')" in load_error(path)
    save_world(world, path)
    body = fileformat.read(path)
    body["world"]["spawn_clock"] = [[1, "soon"]]
    write_body(path, body)
    assert ("damaged save (spawn_clock should be a list of [a spawner of the map, a whole number] pairs, "
            "and [1, 'soon'] does not fit)" in load_error(path))
    save_world(world, path)
    body = with_maps(fileformat.read(path))
    body["items"][-1]["components"]["item"]["item_id"] = "moon_cheese"
    write_body(path, body)
    assert "the item 'moon_cheese' is not in the game's data" in load_error(path)


def test_kinds_bound_values_take_names_from_the_world_and_quote_what_does_not_fit(world):
    room = next(iter(world.map.rooms))
    rooms = saved.one_of(saved.INT, "a room of the map", lambda w: w.map.rooms)
    assert rooms.fits(room, world) and not rooms.fits(999999, world) and not rooms.fits(str(room), world)
    wait = saved.INT.between(1, lambda w: w.aware_full, "a whole number from 1 to the anger memory")
    assert wait.fits(world.aware_full, world) and not wait.fits(world.aware_full + 1, world)
    assert saved.COUNT.fits(saved.LIMIT, world) and not saved.COUNT.fits(saved.LIMIT + 1, world)
    assert not saved.COUNT.fits(-1, world) and not saved.COUNT.fits(True, world) and not saved.COUNT.fits(2.0, world)
    assert not saved.FLOAT.fits(float("nan"), world) and not saved.FLOAT.fits(float("inf"), world)
    assert not saved.text(5).fits("ab\x1bc", world) and not saved.text(5).fits("abcdef", world)
    clocks = saved.number_map(saved.COUNT, key=rooms)
    assert clocks.load([[room, 2]], "clocks", world) == {room: 2}
    with pytest.raises(saved.Unfit, match=r"^clocks should be a list of \[a room of the map, a whole number from 0 "
                                          r"to 1000000000\] pairs, and \[999999, 2\] does not fit$"):
        clocks.load([[room, 2], [999999, 2]], "clocks", world)
    with pytest.raises(saved.Unfit, match=r"^pairs should be .*, not 'none'$"):
        saved.pair_map(saved.INT).load("none", "pairs", world)


def no_grudge_against_itself(world: World, grudge: Grudge, made: dict) -> str | None:
    uid = made[Identity].uid
    return f"{uid} bears a grudge against itself" if grudge.against == uid else None


def test_a_check_sees_the_entity_and_the_world_and_refuses_in_one_line(registry, world, tmp_path):
    saved.creature("grudge", {"against": saved.STR, "since": saved.INT, "wrongs": saved.NAMES},
                   derived=("heat",), derive=grudge_heat, optional=True, check=no_grudge_against_itself)(Grudge)
    saved.world_state("omens", saved.number_map(saved.STR),
                      check=lambda w, omens: None if len(omens) < 2 else f"{len(omens)} omens, more than one")
    bearer = next(a for a in world.actors.all() if a.body.health > 0)
    world.add(bearer.eid, Grudge(bearer.ident.uid, 3))
    world.omens = {4: "a crow on the lintel"}
    path = tmp_path / "slot.sav"
    save_world(world, path)
    assert f"damaged save ({bearer.ident.uid} bears a grudge against itself)" in load_error(path)
    world.get(bearer.eid, Grudge).against = "hero"
    world.omens[5] = "a hare crossing the road"
    save_world(world, path)
    assert "damaged save (2 omens, more than one)" in load_error(path)
    body = with_maps(fileformat.read(path))
    body["world"]["omens"] = [[4, "a crow on the lintel"]]
    record = next(c for c in body["creatures"] if c["components"]["identity"]["uid"] == bearer.ident.uid)
    record["components"]["grudge"]["anger"] = 9
    write_body(path, body)
    assert "damaged save (grudge has no field 'anger')" in load_error(path)


ODD_VALUES = (True, False, 0, 1, -1, 10**10, 2.5, float("nan"), "", "x", "hero", "wolf#1", None, [], [1, 2], ["a"],
              [[1, 2]], {}, {"a": 1})


def test_a_compiled_loader_takes_and_refuses_exactly_what_the_field_by_field_load_does(tmp_path: Path):
    """The entity loader (one compiled function, the kinds' sources side by side) against Part.load_field_by_field
    (each kind's own fits), on every field of every component of a village's creatures and items set to
    each of a range of odd values: the same component, or the same refusal in the same words."""
    game = new_game(MAPS / "village.tmx", 7)
    try:
        path = tmp_path / "village.sav"
        save_world(game.world, path)
        body = with_maps(fileformat.read(path))
    finally:
        game.close()
    world = World(game.world.map, game.world.content, 7)
    try:
        compared = 0
        shapes: set[tuple[str, ...]] = set()
        for parts, records in ((saved.CREATURE_PARTS, body["creatures"]), (saved.ITEM_PARTS, body["items"])):
            for record in records:
                shape = tuple(record["components"])
                if shape in shapes:
                    continue
                shapes.add(shape)
                made: dict = {}
                for n, part in enumerate(parts.values()):
                    if part.key not in record["components"]:
                        continue
                    fields = record["components"][part.key]
                    variants = [fields, {}, {**fields, "extra": 1}, 5]
                    variants += [{**fields, name: odd} for name in fields for odd in ODD_VALUES]
                    upto = dict(list(parts.items())[:n + 1])  # the entity loader, as far as this part
                    before = {key: value for key, value in record["components"].items() if key in upto}
                    names = list(part.fields)
                    for variant in variants:
                        expected = outcome(part.load_field_by_field, variant, world, made)
                        assert whole_entity(upto, {**before, part.key: variant}, world, part.component) == \
                            expected, (part.key, variant)
                        if isinstance(variant, dict) and list(variant) == names:  # as format 5 saves it: a list
                            listed = {**before, part.key: list(variant.values())}
                            assert whole_entity(upto, listed, world, part.component) == expected, (part.key, variant)
                        compared += 1
                    listed = {**before, part.key: [*fields.values(), 1]}  # one value more than the save names
                    assert whole_entity(upto, listed, world, part.component) == \
                        f"Unfit: {part.key} holds {len(names) + 1} values, not the {len(names)} fields the save names"
                    made[part.component] = part.load_field_by_field(fields, world, made)
        assert compared > 2000 and len(shapes) > 3
    finally:
        world.close()


def whole_entity(parts: dict, record: dict, world: World, component: type) -> object:
    """What the compiled entity loader (checks.entity_loader) makes of one part of an entity's record."""
    try:
        fields = {key: list(part.fields) for key, part in parts.items()}
        where = "items" if parts.keys() <= saved.ITEM_PARTS.keys() else "creatures"
        entry = {"components": record, **({"owner": None} if where == "items" else
                                          {"equipped": [], "placed": True, "dead": False})}
        return checks.entity_loader(parts, where)([entry], world, fields)[0][component]
    except saved.Unfit as exc:
        return f"Unfit: {exc}"


def outcome(load, fields: object, world: World, made: dict) -> object:
    try:
        return load(fields, world, dict(made))
    except saved.Unfit as exc:
        return f"Unfit: {exc}"
