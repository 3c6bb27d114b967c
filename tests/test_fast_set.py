"""The fast set's promise (docs/testing.md, "The inner loop"): tests/conftest.py refuses a suite in which some
rule ID is tested only by tests marked slow. Here the check itself is tried on made-up tests."""
from __future__ import annotations

import pytest

from tests.helpers.fast_set import ends, only_in_slow, rules_of, sampled


class Made:
    """A collected test as the check reads it: its name and its marks."""

    def __init__(self, name: str, *marks: pytest.Mark):
        self.name, self.originalname, self.marks = name, name.split("[")[0], marks

    def iter_markers(self, name: str):
        return (mark for mark in self.marks if mark.name == name)

    def get_closest_marker(self, name: str):
        return next(self.iter_markers(name), None)


SLOW = pytest.mark.slow.mark


def test_a_test_names_its_rules_in_its_name_and_its_rule_marks():
    assert rules_of(Made("test_N73_N81_a_friend_passes_one_memory[seed-7]")) == {"N73", "N81"}
    assert rules_of(Made("test_done_means_a_feud", pytest.mark.rule("N69").mark)) == {"N69"}
    assert rules_of(Made("test_N2O_not_a_rule_and_N100_neither_and_nN5")) == set()


def test_a_rule_tested_only_by_slow_tests_is_found_and_one_fast_test_of_it_is_enough():
    assert only_in_slow([Made("test_N15_a_long_run", SLOW), Made("test_C9_dice")]) == {"N15"}
    assert only_in_slow([Made("test_N15_a_long_run", SLOW), Made("test_N15_one_move")]) == set()


def test_a_sample_of_a_corpus_stays_fast_and_every_case_is_still_a_case():
    cases = sampled(range(20), keep=4)
    fast = [case for case in cases if not hasattr(case, "marks")]
    assert fast == [0, 5, 10, 15] and len(cases) == 20
    assert all([mark.name for mark in case.marks] == ["slow"] for case in cases if hasattr(case, "marks"))
    assert sampled([("a", 1), ("b", 2)], keep=1)[1].values == ("b", 2)  # a case of two arguments
    assert sampled([1, 2], keep=6) == [1, 2]


def test_a_scale_keeps_its_ends_fast():
    steps = ends((0.85, 1.0, 1.15, 1.3))
    assert [step for step in steps if not hasattr(step, "marks")] == [0.85, 1.3]
    assert [step.values for step in steps if hasattr(step, "marks")] == [(1.0,), (1.15,)]
