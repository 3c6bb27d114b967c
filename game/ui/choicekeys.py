"""Stable keys for a conversation's choices (issue 28, safety rails): a choice keeps the key it was first
shown with for the whole conversation, so the key that said "Come with me" never comes to say something else.
Goodbye is always Esc and G; Draw weapon is D, never a number, and asks once more (N46): Y draws, N or Esc
does not. The rest take 1-9 and then letters, in the order they first appear."""
from __future__ import annotations

import pygame

from game.world.talkview import Choice

FIXED = {"goodbye": pygame.K_g, "draw": pygame.K_d, "confirm_draw": pygame.K_y, "cancel_draw": pygame.K_n}
POOL = (*range(pygame.K_1, pygame.K_9 + 1), pygame.K_0,  # then letters no fixed key, Up/Down (W/S) or Enter holds
        *(ord(c) for c in "abcefhijklmopqrtuvxz"))  # pygame.K_a is ord("a")


def identity(choice: Choice) -> tuple[str, str, int]:
    """What makes a choice the same choice from one exchange to the next."""
    return choice.key, choice.approach, choice.item


class ChoiceKeys:
    """The keys given out in one conversation."""

    def __init__(self) -> None:
        self.given: dict[tuple[str, str, int], int] = {}

    def key_of(self, choice: Choice) -> int | None:
        """The key of `choice` (given now if it is new; None once the pool is spent: click or Up/Down)."""
        if choice.key in FIXED:
            return FIXED[choice.key]
        found = identity(choice)
        if found not in self.given:
            free = [k for k in POOL if k not in self.given.values()]
            if not free:
                return None
            self.given[found] = free[0]
        return self.given[found]

    def choice_for(self, key: int, choices: list[Choice]) -> Choice | None:
        """The choice among `choices` that `key` says."""
        return next((c for c in choices if self.key_of(c) == key), None)


def key_label(key: int | None) -> str:
    """How a choice's key is shown beside it: "3", "G"."""
    return pygame.key.name(key).upper() if key is not None else ""
