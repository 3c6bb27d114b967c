"""The map view's backdrop (issue 28): the map layer with the hero's room lit and the fog over it (issue 23),
composed once into one opaque surface while the hero's room and what it knows and sees stay the same, so a
frame copies one surface where it blended the map, the torch patch and a map-sized veil.

The wall torches flicker every frame under the fog: only around them is the picture made again each frame,
as before (the unfogged map, the glows added, the fog over it), in rectangles that do not overlap, so every
pixel is what the full drawing gives. A torch wholly under the black of the unknown is not drawn (an opaque
veil hides what it adds), and a group of torches no fog touches is added straight onto the composed map.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui.camera import Camera
from game.ui.effects import TorchLight
from game.ui.maprender import MapLayer


class Backdrop:
    """The composed map of one MapLayer, for one key (the hero's room, the rooms known, the rooms in sight)."""

    def __init__(self, layer: MapLayer) -> None:
        self.layer = layer
        self.key: tuple | None = None
        self.lit = pygame.Surface((0, 0))  # the map with the hero's room lit, no fog
        self.fog = pygame.Surface((0, 0))
        self.composed = pygame.Surface((0, 0))  # `lit` with `fog` over it
        self.hidden: frozenset[int] = frozenset()  # the torches whose glow lies wholly under the black fog
        self.clear: frozenset[int] = frozenset()  # those whose glow no fog touches

    def compose(self, key: tuple, hero_room: int, fog: Callable[[], pygame.Surface], torches: TorchLight) -> None:
        """Compose again when `key` changed; `fog` makes the veil (called only then)."""
        if key == self.key:
            return
        self.lit = self.layer.surface.copy()
        self.layer.draw(self.lit, (0, 0), hero_room)
        self.fog = fog()
        self.composed = self.lit.copy()
        self.composed.blit(self.fog, (0, 0))
        self.key = key
        hidden, clear, bounds = set(), set(), self.fog.get_rect()
        for index in range(len(torches.centres)):
            rect = torches.on_map(index)
            if not bounds.contains(rect):
                continue  # partly off the map: drawn in full
            veil = self.fog.subsurface(rect)
            if pygame.mask.from_surface(veil, 254).count() == rect.w * rect.h:
                hidden.add(index)  # an opaque veil over it hides whatever it adds
            elif pygame.mask.from_surface(veil, 0).count() == 0:
                clear.add(index)  # nothing over it: the composed map is the unfogged map there
        self.hidden, self.clear = frozenset(hidden), frozenset(clear)

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int], view: pygame.Rect, torches: TorchLight,
             camera: Camera, clock: float) -> None:
        """The backdrop at `topleft` (the map's top-left corner on `surface`), clipped to `view`, the torches
        flickering under the fog."""
        surface.blit(self.composed, topleft)
        glows = torches.placed(camera, view, clock, self.hidden)
        for rect in disjoint([rect.clip(view) for _, rect, _ in glows]):
            here = [(index, glow, image) for index, glow, image in glows if glow.colliderect(rect)]
            veiled = any(index not in self.clear for index, _, _ in here)
            area = rect.move(-topleft[0], -topleft[1])
            if veiled:
                surface.blit(self.lit, rect, area)
            for _, glow, image in here:
                surface.blit(image, glow, special_flags=pygame.BLEND_RGB_ADD)
            if veiled:
                surface.blit(self.fog, rect, area)


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles covering `rects` of which no two overlap: overlapping ones merged into their bounding box."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        while (hit := rect.collidelist(merged)) >= 0:
            rect = rect.union(merged.pop(hit))
        merged.append(rect)
    return merged
