"""The spoken lines (assets/data/dialogue.toml, moments.toml) are data, checked on load: a bad entry is one
line naming the file, the entry and the field (N45, N71, N75-N82)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.content.content import load_content
from game.content.errors import ContentError
from game.content.moments import TRIGGERS
from game.paths import DATA
from game.rules.social import APPROACHES
from tests.helpers.data_edits import content_error


@pytest.mark.rule("N75")
@pytest.mark.rule("N77")
def test_the_shipped_moments_are_at_least_twelve_each_with_a_trigger_opening_and_three_to_five_replies(content):
    moments = content.moments.moments
    assert len(moments) >= 12
    assert {m.trigger for m in moments.values()} == set(TRIGGERS)  # every situation of N75 has its moments
    for moment in moments.values():
        assert moment.opening and 3 <= len(moment.replies) <= 5
        assert all(r.approach in APPROACHES and 1 <= r.points <= 6 for r in moment.replies)
    assert {r.approach for m in moments.values() for r in m.replies} == set(APPROACHES)


@pytest.mark.rule("N45")
def test_every_background_people_and_outlook_has_its_biography_and_voice(content):
    dialogue, social = content.dialogue, content.social
    assert set(dialogue.voices) == {*social.backgrounds, "notable"}
    assert set(dialogue.origin) == set(social.attitudes)
    assert set(dialogue.temperament) == set(social.outlooks)
    assert set(dialogue.circumstance) == {*social.backgrounds, "notable"}


@pytest.mark.parametrize("file, change, message", [
    ("dialogue.toml", ('[voices.hermit]', '[voices.hermitt]'), r"dialogue.toml: voices.hermit: missing"),
    ("dialogue.toml", ('wary = "{other}... I\'m wary', 'wary = "{other}... I\'m leery'),
     r"others.wary: must say the band's word 'wary' \(N71\)"),
    ("dialogue.toml", ('heard = "{source} told me what you did for them', 'heard = "{teller} told me what you did'),
     r"deeds.help.heard: unknown placeholder \{teller\} \(allowed: \{hero\}, \{place\}, \{source\}\)"),
    ("dialogue.toml", ('friends = ["friendly", "trusted"]', 'friends = ["pals"]'), r"card.friends: must list"),
    ("moments.toml", ('approach = "kind"\npoints = 2\nsays = "Tell her', 'approach = "kindly"\npoints = 2\nsays = "Tell her'),
     r"moments.letter_home.replies\[0\].approach: 'kindly' is not an approach"),
    ("moments.toml", ('points = 2\nsays = "Tell her', 'points = 9\nsays = "Tell her'),
     r"moments.letter_home.replies\[0\].points: must be a whole number from 1 to 6"),
    ("moments.toml", ('trigger = "wounded"\nopening = [\n    "It\'s worse', 'trigger = "bored"\nopening = [\n    "It\'s worse'),
     r"moments.the_wound.trigger: 'bored' is not a trigger"),
    ("moments.toml", ('who = ["hermit"]', 'who = ["monk"]'), r"moments.the_silence.who: must list backgrounds"),
    ("moments.toml", ('[triggers.night]', '[triggers.nightfall]'), r"triggers.nightfall: unknown trigger"),
    ("moments.toml", ('chance = 0.25', 'chance = 1.25'), r"triggers.plain.chance: must be a number from 0 to 1"),
])
def test_a_bad_line_file_is_one_line_naming_file_entry_and_field(tmp_path: Path, file, change, message):
    error = str(content_error(tmp_path, file, *change))
    assert re.search(message, error)
    assert "\n" not in error and error.startswith(str(tmp_path / "data" / file))


def test_a_moment_offers_three_to_five_replies_one_per_approach(tmp_path: Path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "moments.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('approach = "honest"\npoints = 2\nsays = "Tell her',
                                 'approach = "kind"\npoints = 2\nsays = "Tell her', 1), encoding="utf-8")
    load_content.cache_clear()
    try:
        with pytest.raises(ContentError, match=r"moments.letter_home.replies: one reply per approach \(N77\)"):
            load_content(data)
    finally:
        load_content.cache_clear()
