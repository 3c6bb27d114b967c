"""The map view's backdrop (issue 28): the map layer with the hero's room lit and the fog over it (issue 23),
composed once into one opaque surface while the hero's room and what it knows and sees stay the same, so a
frame copies one surface where it blended the map, the torch patch and a map-sized veil.

The wall torches flicker every frame under the fog. Torches whose glows overlap form a group; a group's
patch of the map (the unfogged map, each glow added at its moment of flicker, the fog over it) is made once
for each combination of its torches' flicker levels and kept (`PATCHES`, the most recent), so a frame copies
one patch per group, every pixel what the full drawing gives. A torch wholly under the black of the unknown
is not drawn (an opaque veil hides what it adds); one whose glow runs off the map is drawn as before, under
the fog in rectangles that do not overlap.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable

import pygame

from game.ui.camera import Camera
from game.ui.effects import TorchLight
from game.ui.maprender import MapLayer

PATCHES = 256  # torch patches kept (a lone torch has 8 looks, two overlapping 64)


class Backdrop:
    """The composed map of one MapLayer, for one key (the hero's room, the rooms known, the rooms in sight)."""

    def __init__(self, layer: MapLayer) -> None:
        self.layer = layer
        self.key: tuple | None = None
        self.lit = pygame.Surface((0, 0))  # the map with the hero's room lit, no fog
        self.fog = pygame.Surface((0, 0))
        self.composed = pygame.Surface((0, 0))  # `lit` with `fog` over it
        self.groups: list[tuple[pygame.Rect, tuple[int, ...]]] = []  # map rectangle, the torches lighting it
        self.hidden: frozenset[int] = frozenset()  # torches wholly under the black of the unknown
        self.patches: OrderedDict[tuple, pygame.Surface] = OrderedDict()

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
        self.patches.clear()
        bounds, shown = self.fog.get_rect(), []
        for index in range(len(torches.centres)):
            rect = torches.on_map(index)
            if not (bounds.contains(rect) and
                    pygame.mask.from_surface(self.fog.subsurface(rect), 254).count() == rect.w * rect.h):
                shown.append(index)  # else hidden: an opaque veil over it hides whatever it adds
        self.hidden = frozenset(range(len(torches.centres))) - frozenset(shown)
        self.groups = [(rect, tuple(i for i in shown if torches.on_map(i).colliderect(rect)))
                       for rect in disjoint([torches.on_map(i) for i in shown])
                       if bounds.contains(rect)]  # a group whose glow runs off the map is drawn as before

    def draw(self, surface: pygame.Surface, topleft: tuple[int, int], view: pygame.Rect, torches: TorchLight,
             camera: Camera, clock: float) -> None:
        """The backdrop at `topleft` (the map's top-left corner on `surface`), clipped to `view`, the torches
        flickering under the fog."""
        surface.blit(self.composed, topleft)
        groups = [(rect, members) for rect, members in self.groups if rect.move(topleft).colliderect(view)]
        aligned = all(torches.placed_at(i, camera, view) == torches.on_map(i).move(topleft)
                      for _, members in groups for i in members)
        if aligned:  # else a camera between pixels: every torch drawn as before
            for rect, members in groups:
                surface.blit(self._patch(rect, members, torches, clock), rect.move(topleft))
        drawn = frozenset(i for _, members in self.groups for i in members) if aligned else frozenset()
        glows = torches.placed(camera, view, clock, self.hidden | drawn)
        for rect in disjoint([rect.clip(view) for _, rect, _ in glows]):
            area = rect.move(-topleft[0], -topleft[1])
            surface.blit(self.lit, rect, area)
            for _, glow, image in glows:
                if glow.colliderect(rect):
                    surface.blit(image, glow, special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(self.fog, rect, area)

    def _patch(self, rect: pygame.Rect, members: tuple[int, ...], torches: TorchLight, clock: float) -> pygame.Surface:
        """The map under `rect` with the glows of `members` at this moment of their flicker, the fog over it."""
        levels = tuple(torches.level(i, clock) for i in members)
        key = (rect.topleft, levels)
        patch = self.patches.get(key)
        if patch is None:
            patch = self.lit.subsurface(rect).copy()
            for index, level in zip(members, levels):
                patch.blit(torches.glows[level], torches.on_map(index).move(-rect.x, -rect.y),
                           special_flags=pygame.BLEND_RGB_ADD)
            patch.blit(self.fog.subsurface(rect), (0, 0))
            self.patches[key] = patch
            while len(self.patches) > PATCHES:
                self.patches.popitem(last=False)
        else:
            self.patches.move_to_end(key)
        return patch


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles covering `rects` of which no two overlap: overlapping ones merged into their bounding box."""
    merged: list[pygame.Rect] = []
    for rect in rects:
        while (hit := rect.collidelist(merged)) >= 0:
            rect = rect.union(merged.pop(hit))
        merged.append(rect)
    return merged
