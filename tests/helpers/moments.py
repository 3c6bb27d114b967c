"""The moments' tables of the seed (N76-N82) and the loyalty change they give."""
from __future__ import annotations




SEED_TABLE = {
    "survivor": ({"kind", "practical"}, {"threatening"}),
    "wanderer": ({"humorous", "honest"}, {"pious"}),
    "hermit": ({"honest", "pious"}, {"flattering", "humorous"}),
    "wounded": ({"kind", "practical"}, {"blunt"}),
    "outlaw": ({"blunt", "deceitful"}, {"pious"}),
    "rival": ({"blunt", "honest"}, {"flattering", "kind"}),
    "emissary": ({"flattering", "practical"}, {"blunt", "threatening"}),
}


OUTLOOKS = {"good": ({"kind", "honest"}, {"deceitful", "threatening"}), "evil": ({"threatening", "deceitful"}, {"pious"}),
            "neutral": (set(), set())}


TRAITS = {"loves_helping": ("kind", 1), "hates_lies": ("deceitful", -1), "despises_violence": ("threatening", -1)}


def expected_change(success: bool, net: int, earned: int, scale: float) -> int:
    """N79 with the seed's numbers (three a die) and social.toml's (two a success, three for a failure)."""
    change = (2 * net if success else -3) + 3 * earned
    return round(change * scale) if change > 0 else change
