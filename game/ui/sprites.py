"""Loaded images: tilesets, creature, hero and item sprites (assets/sprites/, drawn by tools/make_art.py).

A creature or item without a sprite gets a visible placeholder (its initial on a box) instead of a crash. A mod's
sprites (<mod>/sprites/creatures/<id>.png, sprites/items/<id>.png: docs/modding.md) come before the shipped ones.
Sprites are looked up by id, scaled copies by sprite and factor: a frame builds no paths and scales nothing.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Hashable

import pygame

from game.paths import ASSETS
from game.ui import labels

SQUARE = 32


class SpriteCache:
    def __init__(self, root: Path = ASSETS, mods: tuple[Path, ...] | None = None) -> None:
        self.root = root
        self._mods = mods  # the kept mods' folders, the last first; None: the player's, read on first need
        self._images: dict[Path, pygame.Surface | None] = {}
        self._sprites: dict[Hashable, pygame.Surface] = {}  # ("creature", id, footprint), ("item", id), ...

    @property
    def mods(self) -> tuple[Path, ...]:
        """The kept mods' folders, the last first (game/mods.py, read when the first sprite is: the title's
        first frame needs none)."""
        if self._mods is None:
            from game import mods

            self._mods = mods.in_play().folders
        return self._mods

    def _load(self, path: Path) -> pygame.Surface | None:
        if path not in self._images:
            try:
                self._images[path] = pygame.image.load(str(path)).convert_alpha() if path.is_file() else None
            except (pygame.error, OSError, MemoryError):  # a damaged or foreign file is a missing image
                self._images[path] = None
        return self._images[path]

    def _once(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        sprite = self._sprites.get(key)
        if sprite is None:
            sprite = self._sprites[key] = make()
        return sprite

    def image(self, path: Path) -> pygame.Surface | None:
        """Any image by path (tilesets), or None when the file is missing or cannot be loaded."""
        return self._load(path)

    def tileset(self, path: Path, trans: str | None) -> pygame.Surface | None:
        """A tileset's image with its `trans` colour (Tiled's "ff00ff") drawn transparent, or None as `image`."""
        image = self._load(path)
        if image is None or not trans:
            return image
        key = ("tileset", path, trans)
        if key not in self._sprites:
            try:
                colour = pygame.Color("#" + trans.removeprefix("#")[:6])
            except ValueError:  # not a colour: drawn as it is
                return image
            keyed = pygame.image.load(str(path)).convert()
            keyed.set_colorkey(colour)
            self._sprites[key] = keyed.convert_alpha()
        return self._sprites[key]

    def hero(self) -> pygame.Surface:
        def make() -> pygame.Surface:
            return self._load(self.root / "sprites" / "hero.png") or self.placeholder("@", (1, 1))
        return self._once("hero", make)

    def portrait(self, sprite: str) -> pygame.Surface:
        """The hero drawn with the portrait chosen on the creation screen (heroes.toml: a path under sprites/)."""
        def make() -> pygame.Surface:
            return self._load(self.root / "sprites" / sprite) or self.hero()
        return self._once(("portrait", sprite), make)

    def _sprite(self, kind: str, name: str) -> pygame.Surface | None:
        """sprites/<kind>/<name>.png of the first mod holding it, else the shipped one (None: neither)."""
        for folder in (*self.mods, self.root):
            image = self._load(folder / "sprites" / kind / f"{name}.png")
            if image is not None:
                return image
        return None

    def creature(self, codex_id: str, footprint: tuple[int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            return self._sprite("creatures", codex_id) or self.placeholder(codex_id[:1].upper(), footprint)
        return self._once(("creature", codex_id, footprint), make)

    def shipped_creature(self, codex_id: str, footprint: tuple[int, int]) -> pygame.Surface:
        """A creature's shipped sprite, the mods not asked (the title's first frame: reading them waits for the
        game's data)."""
        def make() -> pygame.Surface:
            return self._load(self.root / "sprites" / "creatures" / f"{codex_id}.png") \
                or self.placeholder(codex_id[:1].upper(), footprint)
        return self._once(("shipped creature", codex_id, footprint), make)

    def item(self, item_id: str) -> pygame.Surface:
        def make() -> pygame.Surface:
            return self._sprite("items", item_id) or self.placeholder(item_id[:1].lower(), (1, 1))
        return self._once(("item", item_id), make)

    def scaled(self, sprite: pygame.Surface, factor: float, smooth: bool = False) -> pygame.Surface:
        """`sprite` scaled by `factor` (smoothly for icons shrunk a lot), made once per sprite and factor."""
        scale = pygame.transform.smoothscale_by if smooth else pygame.transform.scale_by
        return self._once(("scaled", sprite, factor, smooth), lambda: scale(sprite, factor))

    def placeholder(self, letter: str, footprint: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface((footprint[0] * SQUARE, footprint[1] * SQUARE), pygame.SRCALPHA)
        pygame.draw.rect(surf, (200, 60, 200), surf.get_rect().inflate(-4, -4), 2, border_radius=4)
        label = labels.text(letter, 18, (240, 120, 240), bold=True)
        surf.blit(label, label.get_rect(center=surf.get_rect().center))
        return surf
