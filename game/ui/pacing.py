"""The loop's pace (issue 28, quiet and quick): a turn-based game sleeps when nothing changes.

The loop runs at the full frame rate while the player acts and for a moment after (sprites glide, torches
flicker, the title glows), and while the top screen says it is still moving (`Scene.animating`: a world turn
running, labels rising, dice rolling). Otherwise it draws nothing and waits for the next event in SDL, so an
idle window costs next to no CPU (measured by `tools/bench.py --idle`, docs/performance.md).
"""
from __future__ import annotations

import pygame

AWAKE_SECONDS = 1.0  # full frame rate for this long after the last input or movement
WAIT_MS = 500  # asleep: the longest wait for an event before looking again
MAX_DT = 0.1  # the longest step a scene is updated by after a sleep


class Pace:
    """Whether the loop may sleep, and the sleep itself."""

    def __init__(self, sleeps: bool = True) -> None:
        self.sleeps = sleeps  # False: every frame drawn (the loop before issue 28, for tools/bench.py)
        self.quiet_for = 0.0  # seconds since the last input or movement

    def events(self, moving: bool, dt: float) -> list[pygame.event.Event]:
        """This frame's events: those waiting now, or, once the screen has been still for AWAKE_SECONDS,
        those of a wait of up to WAIT_MS (an empty list: nothing happened, draw nothing)."""
        events = pygame.event.get()
        self.quiet_for = 0.0 if events or moving else self.quiet_for + dt
        if events or not self.asleep:
            return events
        first = pygame.event.wait(WAIT_MS)
        if first.type == pygame.NOEVENT:
            return []
        self.quiet_for = 0.0
        return [first, *pygame.event.get()]

    @property
    def asleep(self) -> bool:
        return self.sleeps and self.quiet_for >= AWAKE_SECONDS
