"""Short visual effects on the map: a creature flashes when hit, a slain one fades where it fell."""
from __future__ import annotations

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
