"""Short labels that rise over a creature for what it just did (theme.FLOATERS): the dungeon shows at a
glance who eats, fights, flees, levels up and dies, in every room on screen."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.camera import Camera
from game.world.events import Event

SECONDS = 1.4  # how long a label floats
RISE = 24  # pixels per second
LIMIT = 60
LINE = 14  # pixels between stacked labels


@dataclass
class Floater:
    uid: str
    words: str
    colour: tuple[int, int, int]
    x: float  # world pixels
    y: float
    age: float = 0.0


class Blank(dict):
    """Event data for a label; a missing field prints as nothing rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""


class Floaters:
    def __init__(self) -> None:
        self.items: list[Floater] = []

    def who(self, event: Event) -> str | None:
        """The uid of the creature a label for this event floats over (None: no label)."""
        if event.kind not in theme.FLOATERS:
            return None
        return event.actor if theme.FLOATERS[event.kind][2] == "actor" else event.target

    def add(self, event: Event, x: float, y: float) -> None:
        """A label for `event` over the point (x, y), world pixels; at most two fresh ones per creature."""
        label, colour, _ = theme.FLOATERS[event.kind]
        uid = self.who(event)
        fresh = [f for f in self.items if f.uid == uid and f.age < 0.3]
        for old in fresh[:-1]:
            self.items.remove(old)
        if fresh:
            fresh[-1].y = y
            y -= LINE
        near = [f for f in self.items if f.age < 0.3 and abs(f.x - x) < 44]
        for _ in range(4):  # neighbours' labels stack upwards instead of overprinting
            if not any(abs(f.y - y) < LINE for f in near):
                break
            y -= LINE
        self.items.append(Floater(uid, label.format_map(Blank(event.data)), colour, x, y))
        del self.items[:-LIMIT]

    def update(self, dt: float) -> None:
        for floater in self.items:
            floater.age += dt
        self.items = [f for f in self.items if f.age < SECONDS]

    def draw(self, surface: pygame.Surface, camera: Camera, origin: tuple[int, int]) -> None:
        f = theme.font(13, bold=True)
        for floater in self.items:
            vx, vy = camera.to_view(floater.x, floater.y - RISE * floater.age)
            alpha = int(255 * min(1.0, 2 * (1 - floater.age / SECONDS)))
            image, shadow = f.render(floater.words, True, floater.colour), f.render(floater.words, True, (0, 0, 0))
            image.set_alpha(alpha)
            shadow.set_alpha(alpha)
            rect = image.get_rect(midbottom=(origin[0] + vx, origin[1] + vy))
            surface.blit(shadow, rect.move(1, 1))
            surface.blit(image, rect)
