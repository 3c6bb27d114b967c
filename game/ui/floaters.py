"""Short labels that rise over a creature for what it just did (theme.FLOATERS): the dungeon shows at a
glance who eats, fights, flees, levels up and dies, in every room on screen."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import labels, theme
from game.ui.camera import Camera
from game.world.events import Event

SECONDS = 1.4  # how long a label floats
RISE = 24  # pixels per second
LIMIT = 60
LINE = 14  # pixels between stacked labels
WIDTH = 60  # labels whose centres are closer than this side by side stack (about a label's width)
STACK = 5  # lines a label may climb to find room


@dataclass
class Floater:
    uid: str
    words: str
    colour: tuple[int, int, int]
    x: float  # world pixels
    y: float
    age: float = 0.0
    images: tuple[pygame.Surface, pygame.Surface] | None = field(default=None, repr=False)  # words, shadow

    def drawn(self) -> tuple[pygame.Surface, pygame.Surface]:
        """Its words and their shadow, rendered on first use: copies of the shared labels, as they fade."""
        if self.images is None:
            self.images = (labels.text(self.words, 13, self.colour, bold=True).copy(),
                           labels.text(self.words, 13, (0, 0, 0), bold=True).copy())
        return self.images


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
        """A label for `event` over the point (x, y), world pixels. A creature shows at most its last two
        labels; a label finds the lowest free line above its point, and where STACK lines are not enough
        (turns going by fast in a crowded room) the labels crowding that point make way."""
        label, colour, _ = theme.FLOATERS[event.kind]
        if event.kind == "hit" and not event.data.get("damage"):  # a blow that does no harm: no "-0"
            label, colour = "glances off", theme.FLOATERS["dodge"][1]
        if event.kind == "converse":  # a gift green, an insult orange, a feud red (N66-N70)
            colour = theme.EXCHANGE_COLOURS.get("feud" if event.data.get("feud") else event.data.get("exchange"),
                                                colour)
        uid = self.who(event)
        mine = [f for f in self.items if f.uid == uid]
        for old in mine[:-1]:
            self.items.remove(old)
        for _ in range(STACK):
            if not self._crowding(x, y):
                break
            y -= LINE
        else:
            crowding = self._crowding(x, y)
            self.items = [f for f in self.items if f not in crowding]
        self.items.append(Floater(uid, label.format_map(Blank(event.data)), colour, x, y))
        del self.items[:-LIMIT]

    def _crowding(self, x: float, y: float) -> list[Floater]:
        """The labels now drawn where a new label at (x, y) would overprint them."""
        return [f for f in self.items if abs(f.x - x) < WIDTH and abs(f.y - RISE * f.age - y) < LINE]

    def update(self, dt: float) -> None:
        for floater in self.items:
            floater.age += dt
        self.items = [f for f in self.items if f.age < SECONDS]

    def draw(self, surface: pygame.Surface, camera: Camera, origin: tuple[int, int]) -> None:
        """The labels over the creatures; those wholly outside the surface's clip are skipped."""
        clip = surface.get_clip()
        for floater in self.items:
            vx, vy = camera.to_view(floater.x, floater.y - RISE * floater.age)
            rect = labels.text(floater.words, 13, floater.colour, bold=True).get_rect(
                midbottom=(origin[0] + vx, origin[1] + vy))
            if not rect.inflate(2, 2).colliderect(clip):  # the shadow lies one pixel down and right
                continue
            alpha = int(255 * min(1.0, 2 * (1 - floater.age / SECONDS)))
            image, shadow = floater.drawn()
            image.set_alpha(alpha)
            shadow.set_alpha(alpha)
            surface.blit(shadow, rect.move(1, 1))
            surface.blit(image, rect)
