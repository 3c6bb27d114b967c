"""Input bindings (issue 2, issue 4, issue 5): every control named in the issues has a key, no key does two things."""
from __future__ import annotations

import pygame

from game.ui import bindings


def test_issue_controls_are_bound():
    expected = {
        "north": pygame.K_UP, "south": pygame.K_DOWN, "west": pygame.K_LEFT, "east": pygame.K_RIGHT,
        "end_turn": pygame.K_SPACE, "pause": pygame.K_ESCAPE, "help": pygame.K_F1, "scent": pygame.K_c,
        "reload": pygame.K_F5, "screenshot": pygame.K_F12,
    }
    for action, key in expected.items():
        assert bindings.action_for(key) == action
    for key, action in ((pygame.K_w, "north"), (pygame.K_a, "west"), (pygame.K_s, "south"), (pygame.K_d, "east")):
        assert bindings.action_for(key) == action


def test_no_key_is_bound_twice():
    keys = [key for keys, _ in bindings.KEYS.values() for key in keys]
    assert len(keys) == len(set(keys))


def test_unbound_key_means_nothing():
    assert bindings.action_for(pygame.K_y) is None
