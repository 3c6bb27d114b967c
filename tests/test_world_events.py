"""Event sentences for the message log (assets/data/texts.toml)."""
from __future__ import annotations

from game.content.texts import sentence
from game.world.events import Event


def test_possessives_of_plural_and_singular_names():
    assert sentence("dodge", "{target} dodges {actor_s} attack.", {"actor": "Goblin Cutters", "target": "Hero"}) \
        == "Hero dodges Goblin Cutters' attack."
    assert sentence("soaked", "{target_s} armour holds.", {"target": "Wolf"}) == "Wolf's armour holds."


def test_missing_names_read_as_nothing_and_missing_templates_as_the_kind():
    assert sentence("eat", "{actor} eats a {item}.", {"actor": "Wolf"}) == "Wolf eats a ."
    assert sentence("spawn_blocked", "", {}) == "spawn blocked"


def test_event_text_is_made_from_its_data_and_names_when_read():
    event = Event(3, "hit", "wolf#1", "hero", 7, {"damage": 5}, "{actor} hits {target} for {damage} in {room}.",
                  "Wolf", "Hero", "the Den")
    assert event.text == "Wolf hits Hero for 5 in the Den."
    assert event.as_json() == {"turn": 3, "kind": "hit", "actor": "wolf#1", "target": "hero", "room": 7,
                               "text": "Wolf hits Hero for 5 in the Den.", "data": {"damage": 5}}
