"""The social web (N7, N64-N74, N81, N85): names, opinions and their drift, the pair stage's exchanges,
hostility and feuds, gifts, memories passed by word of mouth, recommendations, and a village's history."""
from __future__ import annotations

import shutil
from pathlib import Path

import esper
import pytest

from game.content.content import load_content
from game.content.errors import ContentError
from game.launch import new_game
from game.paths import DATA, MAPS
from game.world.components import Identity
from game.world.verbs import factory
from tests.world_fixtures import make_world, row_map, spawn

VILLAGE = MAPS / "village.tmx"


def name_of(eid: int) -> str:
    return esper.component_for_entity(eid, Identity).name


# -- names (N85) ---------------------------------------------------------------------------------------------
@pytest.mark.rule("N85")
def test_N85_map_people_keep_their_names_and_villagers_carry_a_family_name(content):
    game = new_game(VILLAGE, 1)
    world = game.world
    try:
        names = {ident.name for _, ident in esper.get_component(Identity)}
        assert {"Aldric Millwood", "Elder Maud Millwood", "Osla Brewer"} <= names  # the map's names
        settler = factory.spawn_creature(world, "wanderer", world.map.entrance[0])
        assert len(name_of(settler).split(" ")) == 2  # a settlement's resident, wanderer or not
    finally:
        game.close()
    names = content.names
    dungeon = make_world(content, row_map(2), seed=4)
    try:
        villager, wanderer, wolf = spawn(dungeon, "villager"), spawn(dungeon, "wanderer"), spawn(dungeon, "wolf", 1)
        given, family = name_of(villager).split(" ", 1)
        assert given in names.given["human"] and family in names.family["human"]  # N85: villagers have one
        assert name_of(wanderer) in names.given["human"]  # a dungeon wanderer introduces itself as Aldric
        assert name_of(wolf) == "Wolf"  # no persona, no name of its own
    finally:
        dungeon.close()


def test_a_bad_names_file_is_one_line_naming_the_entry(tmp_path: Path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "names.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("[people.human]", "[people.elf]"), encoding="utf-8")
    load_content.cache_clear()
    try:
        with pytest.raises(ContentError, match=r"names.toml: people.human: missing \(its members think"):
            load_content(data)
    finally:
        load_content.cache_clear()
