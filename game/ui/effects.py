"""Short visual effects on the map: a creature flashes when hit, a slain one fades where it fell,
wall torches flicker."""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.camera import Camera
from game.world.events import Event

FLASH_SECONDS = 0.25
FADE_SECONDS = 0.8
HIT_KINDS = {"hit": "target", "heads_lost": "target", "trap": "actor"}  # event kind -> whose sprite
DEATH_KINDS = {"killed": "target", "death": "actor"}


def subject(event: Event) -> str | None:
    """The uid of the creature an effect of this event shows on (None: no effect)."""
    role = HIT_KINDS.get(event.kind) or DEATH_KINDS.get(event.kind)
    return getattr(event, role) if role else None


@dataclass
class Fading:
    uid: str
    sprite: pygame.Surface
    x: float  # world pixels, top-left of the footprint
    y: float
    w: int  # footprint width in pixels
    age: float = 0.0


class Effects:
    def __init__(self) -> None:
        self.flashes: dict[str, float] = {}  # uid -> seconds left
        self.fading: list[Fading] = []

    def hit(self, uid: str) -> None:
        self.flashes[uid] = FLASH_SECONDS

    def slain(self, uid: str, sprite: pygame.Surface, x: float, y: float, w: int) -> None:
        if all(f.uid != uid for f in self.fading):  # "killed" and "death" name the same fall
            self.fading.append(Fading(uid, sprite, x, y, w))

    def update(self, dt: float) -> None:
        self.flashes = {uid: t - dt for uid, t in self.flashes.items() if t > dt}
        for fading in self.fading:
            fading.age += dt
        self.fading = [f for f in self.fading if f.age < FADE_SECONDS]

    def tinted(self, uid: str, sprite: pygame.Surface) -> pygame.Surface:
        """The sprite flashed red while its hit lasts, else the sprite itself."""
        left = self.flashes.get(uid, 0.0)
        if left <= 0:
            return sprite
        flash = sprite.copy()
        strength = int(200 * left / FLASH_SECONDS)
        flash.fill((strength, strength // 5, strength // 5, 0), special_flags=pygame.BLEND_RGBA_ADD)
        return flash

    def draw_fading(self, surface: pygame.Surface, camera: Camera, origin: tuple[int, int]) -> None:
        """Slain creatures sink and fade on the spot."""
        for fading in self.fading:
            image = fading.sprite.copy()
            image.set_alpha(int(255 * (1 - fading.age / FADE_SECONDS)))
            vx, vy = camera.to_view(fading.x, fading.y + 10 * fading.age)
            rect = image.get_rect(midtop=(origin[0] + vx + fading.w // 2, origin[1] + vy))
            surface.blit(image, rect)


GLOW_RADIUS = 80
GLOW_LEVELS = 8


def _glow(strength: float) -> pygame.Surface:
    """A warm radial light to add onto the map (BLEND_RGB_ADD)."""
    size = GLOW_RADIUS * 2
    surf = pygame.Surface((size, size))
    for r in range(GLOW_RADIUS, 0, -4):
        k = strength * (1 - r / GLOW_RADIUS) ** 1.6
        pygame.draw.circle(surf, (int(120 * k), int(70 * k), int(20 * k)), (GLOW_RADIUS, GLOW_RADIUS), r)
    return surf


def _lit_part(glow: pygame.Surface) -> pygame.Rect:
    """The rectangle of a glow that is not black."""
    keyed = glow.copy()
    keyed.set_colorkey((0, 0, 0))
    return keyed.get_bounding_rect()


class TorchLight:
    """Wall torches flicker: each casts a warm pool of light that breathes on its own rhythm."""

    def __init__(self, squares: list[tuple[int, int]], tile: int) -> None:
        self.centres = [((x + 0.5) * tile, (y + 0.5) * tile) for x, y in squares]
        glows = [_glow(0.55 + 0.45 * i / (GLOW_LEVELS - 1)) for i in range(GLOW_LEVELS)]
        self.lit = _lit_part(glows[-1])  # adding black changes nothing: only the lit part is blitted
        self.glows = [glow.subsurface(self.lit).copy() for glow in glows]

    def on_map(self, index: int) -> pygame.Rect:
        """Where torch `index`'s glow falls on the map (its pixels)."""
        wx, wy = self.centres[index]
        return self.lit.move(round(wx) - GLOW_RADIUS, round(wy) - GLOW_RADIUS)

    @staticmethod
    def level(index: int, clock: float) -> int:
        """Which of the GLOW_LEVELS images torch `index` shows at `clock`."""
        flicker = 0.5 + 0.3 * math.sin(clock * 6.1 + index * 1.7) + 0.2 * math.sin(clock * 13.3 + index * 0.9)
        return max(0, min(GLOW_LEVELS - 1, int(flicker * GLOW_LEVELS)))

    def placed_at(self, index: int, camera: Camera, view: pygame.Rect) -> pygame.Rect:
        """Where torch `index`'s glow falls on the screen now."""
        vx, vy = camera.to_view(*self.centres[index])
        return self.lit.move(view.x + vx - GLOW_RADIUS, view.y + vy - GLOW_RADIUS)

    def placed(self, camera: Camera, view: pygame.Rect, clock: float,
               skip: frozenset[int] = frozenset()) -> list[tuple[int, pygame.Rect, pygame.Surface]]:
        """Each torch's index, where its glow falls on the screen now and its image at this moment of its
        flicker, for those that touch `view` and are not in `skip` (added onto the map with BLEND_RGB_ADD)."""
        glows = []
        for i in range(len(self.centres)):
            if i in skip:
                continue
            rect = self.placed_at(i, camera, view)
            if not rect.colliderect(view):
                continue
            glows.append((i, rect, self.glows[self.level(i, clock)]))
        return glows
