"""A settlement's chronicle (N87, issue 23): the notable things a hero witnessed or was told, each with its day
and source, kept per hero and saved with it; only what reached this hero (another hero, elsewhere in the same
village, has another chronicle)."""
from __future__ import annotations

import pytest

from game.launch import new_game
from game.paths import ROOT
from game.rules import clock
from game.save import load_world, save_world
from game.world.chronicle import SEEN
from game.world.commands import EndTurn
from game.world.components import Chronicle
from game.world.journalview import journal_view
from game.world.verbs.moving import relocate

VILLAGE = ROOT / "maps" / "village.tmx"
TURNS = 120


def lived(room_name: str, seed: int = 7):
    """A hero standing in `room_name` of the village for TURNS turns, and every event text it heard."""
    game = new_game(VILLAGE, seed)
    world = game.world
    room = next(r.id for r in world.map.rooms.values() if r.name == room_name)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
    heard = set()
    for _ in range(TURNS):
        game.do(EndTurn(world.hero))
        if game.busy:
            game.finish_turn()
        heard |= {e.text for e in world.pop_events() if world.hears(e)}
    return game, heard


@pytest.mark.rule("N87")
def test_N87_the_chronicle_keeps_only_what_reached_this_hero_with_its_day_and_source():
    game, heard = lived("Village Green")
    try:
        world = game.world
        told = journal_view(world, world.hero).chronicle
        assert told, "a hero on the village green for 120 turns saw nothing notable"
        assert all(t.words in heard for t in told)  # never more than the hero heard
        assert all(1 <= t.day <= clock.day(world.minutes) for t in told)
        assert all(t.source == SEEN or t.source.startswith("told by ") for t in told)
        other, heard_there = lived("Millwood House")
        try:
            elsewhere = journal_view(other.world, other.world.hero).chronicle
            assert [t.words for t in elsewhere] != [t.words for t in told]  # a second hero, another chronicle
            assert all(t.words in heard_there for t in elsewhere)
        finally:
            other.close()
    finally:
        game.close()


@pytest.mark.rule("N87")
def test_N87_the_chronicle_is_saved_with_the_hero(tmp_path):
    game, _ = lived("Village Green")
    try:
        world = game.world
        before = list(world.get(world.hero, Chronicle).entries)
        save_world(world, tmp_path / "slot.sav")
        again = load_world(tmp_path / "slot.sav")
        told = [(t.day, t.words, t.source) for t in journal_view(again, again.hero).chronicle]
        assert before and told[::-1] == before
    finally:
        game.close()
