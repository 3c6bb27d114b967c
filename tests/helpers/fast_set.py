"""The rule IDs a set of collected tests checks, so that `make test-fast` (every test not marked slow) is seen
to keep a test of each rule the whole suite tests (docs/testing.md, "The inner loop"). tests/conftest.py runs
the check whenever the whole suite is collected, before `-m "not slow"` leaves the slow ones out; `sampled`
keeps a sample of a long corpus of cases in the fast set."""
from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

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


def sampled(values: Iterable, keep: int = 6) -> list:
    """The cases of a corpus for `pytest.mark.parametrize`: `keep` of them, evenly spread, in the fast set and
    the rest marked slow, so `make test-fast` tries a sample and `make test` every case. A tuple is one case
    of several arguments."""
    values = list(values)
    step = max(len(values) / keep, 1)
    fast = {int(i * step) for i in range(min(keep, len(values)))}
    return [value if i in fast else
            pytest.param(*(value if isinstance(value, tuple) else (value,)), marks=pytest.mark.slow)
            for i, value in enumerate(values)]


def ends(values: Iterable) -> list:
    """The steps of a scale for `pytest.mark.parametrize`: its first and last in the fast set, the steps between
    marked slow (a layout that fits at the smallest and the largest text size is checked at every size by
    `make test`)."""
    values = list(values)
    return [value if i in (0, len(values) - 1) else pytest.param(value, marks=pytest.mark.slow)
            for i, value in enumerate(values)]
