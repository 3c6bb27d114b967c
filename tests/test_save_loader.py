"""The entity loader's switch (game/save/checks.py, ETHERNALIS_FIELD_BY_FIELD=1): every component made field
by field in plain Python, for debugging, gives the same world and the same refusals as the compiled loader."""
from pathlib import Path

import pytest

from game.launch import new_game
from game.paths import DEFAULT_MAP
from game.save import checks, load_world, save_world
from game.world import saved
from tests.helpers.saves import SEED, load_error, play, portrait

BAD = Path(__file__).parent / "data" / "saves_bad"


@pytest.fixture
def field_by_field(monkeypatch):
    """Turn the switch on or off for one load (the loaders compiled for the other way are not reused)."""
    def switch(on: bool) -> None:
        monkeypatch.setattr(checks, "FIELD_BY_FIELD", on)
    return switch


def test_both_loaders_make_the_same_world(tmp_path, field_by_field, monkeypatch):
    game = new_game(DEFAULT_MAP, SEED)
    try:
        play(game, range(40), [])
        save_world(game.world, tmp_path / "slot.sav")
    finally:
        game.close()
    seen, slowly, calls = [], saved.Part.load_field_by_field, []
    monkeypatch.setattr(saved.Part, "load_field_by_field", lambda *args: calls.append(1) or slowly(*args))
    for on in (False, True):
        field_by_field(on)
        calls.clear()
        loaded = load_world(tmp_path / "slot.sav")
        assert bool(calls) == on  # the compiled loader takes every record of a sound save whole
        try:
            seen.append(portrait(loaded))
        finally:
            loaded.close()
    assert seen[0] == seen[1] and seen[0]["creatures"]


@pytest.mark.parametrize("case", ["footprint-huge.sav", "mood-unknown.sav", "health-negative.sav",
                                  "actors-duplicated.sav"])
def test_both_loaders_refuse_a_damaged_save_in_the_same_words(case, field_by_field):
    said = []
    for on in (False, True):
        field_by_field(on)
        said.append(load_error(BAD / case))
    assert said[0] == said[1] and said[0]
