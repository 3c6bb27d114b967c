"""Event sentences for the message log (assets/data/texts.toml)."""
from __future__ import annotations

import ast

import pytest

from game.content.texts import EVENT_FIELDS, PARTS, Texts, sentence
from game.paths import DATA, ROOT
from game.world.events import Event
from tests.helpers.caches import syntax_tree


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


def emitted() -> dict[str, set[str]]:
    """Every event kind game/world posts (`world.emit(kind, …)`) with the data keywords it passes; None
    among them when it also passes keywords through (`**data`, as speech.say does)."""
    kinds: dict[str, set[str]] = {}
    for path in (ROOT / "game" / "world").rglob("*.py"):
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "emit" and node.args:
                data = {kw.arg for kw in node.keywords} - {"actor", "target", "room", "text"}
                first = node.args[0]
                if isinstance(first, ast.JoinedStr):  # f"complain_{need}"
                    prefix = first.values[0].value
                    names = [k for k in EVENT_FIELDS if k.startswith(prefix)]
                elif isinstance(first, ast.IfExp):  # "dodge" if … else "miss"
                    names = [first.body.value, first.orelse.value]
                else:
                    names = [first.value]
                for name in names:
                    kinds.setdefault(name, set()).update(data)
    return kinds


def test_the_documented_event_fields_are_what_the_world_posts():
    posted = emitted()
    assert set(EVENT_FIELDS) == set(posted)
    for kind, fields in posted.items():
        if None in fields:  # passed through from a helper's callers: at least these, all documented
            assert fields - {None} <= set(EVENT_FIELDS[kind]), kind
        else:
            assert set(EVENT_FIELDS[kind]) == fields, kind


@pytest.mark.parametrize("helper, kind", [("say", "says"), ("tell", "converse")])
def test_the_fields_passed_through_helpers_are_documented(helper, kind):
    """speech.say and the pair stage's tell pass their callers' keywords on to their event."""
    passed = set()
    for path in (ROOT / "game" / "world").rglob("*.py"):
        for node in ast.walk(syntax_tree(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == helper:
                passed |= {kw.arg for kw in node.keywords}
    passed.discard(None)  # a helper's own **data
    assert passed and passed <= set(EVENT_FIELDS[kind])


def test_every_shipped_template_names_only_its_fields():
    texts = Texts(DATA / "texts.toml")
    assert set(texts.templates) == set(EVENT_FIELDS) | set(PARTS)
