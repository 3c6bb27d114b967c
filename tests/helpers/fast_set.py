"""The rule IDs a set of collected tests checks, so that `make test-fast` (every test not marked slow) is seen
to keep a test of each rule the whole suite tests (docs/testing.md, "The inner loop"). tests/conftest.py runs
the check whenever the whole suite is collected, before `-m "not slow"` leaves the slow ones out."""
from __future__ import annotations

import re
from collections.abc import Iterable

RULE_ID = re.compile(r"[NC][1-9][0-9]?")


def rules_of(item) -> set[str]:
    """The rule IDs test `item` names: parts of its function's name (`test_N73_N81_…`) and its
    `@pytest.mark.rule(…)` marks."""
    name = getattr(item, "originalname", None) or item.name.split("[")[0]
    named = {part for part in name.split("_") if RULE_ID.fullmatch(part)}
    marked = {str(rule) for mark in item.iter_markers("rule") for rule in mark.args}
    return named | marked


def only_in_slow(items: Iterable) -> set[str]:
    """The rule IDs checked by tests marked slow and by no other test."""
    fast, slow = set(), set()
    for item in items:
        (slow if item.get_closest_marker("slow") else fast).update(rules_of(item))
    return slow - fast
