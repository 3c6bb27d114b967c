"""The minimap: every room of the level in miniature, the hero's room lit, creatures as dots."""
from __future__ import annotations

import pygame

from game.maps.model import DungeonMap
from game.ui import theme
from game.world.views import CreatureView

ROOM = (70, 64, 84)
HERO_ROOM = (150, 126, 70)
DOOR = (120, 96, 60)


class Minimap:
    def __init__(self, box: pygame.Rect) -> None:
        self.box = box
        self._rooms: tuple[DungeonMap, pygame.Surface, float] | None = None

    def _layout(self, dungeon: DungeonMap) -> tuple[pygame.Surface, float]:
        """The rooms drawn once per map at the largest scale that fits the box."""
        if self._rooms is None or self._rooms[0] is not dungeon:
            scale = min(self.box.w / dungeon.width, self.box.h / dungeon.height)
            surf = pygame.Surface((round(dungeon.width * scale), round(dungeon.height * scale)), pygame.SRCALPHA)
            for room in dungeon.rooms.values():
                pygame.draw.rect(surf, ROOM, self._scaled(room.x, room.y, room.w, room.h, scale))
            for ex in dungeon.exits:
                pygame.draw.rect(surf, DOOR, self._scaled(ex.square[0], ex.square[1], 1, 1, scale))
            self._rooms = (dungeon, surf, scale)
        return self._rooms[1], self._rooms[2]

    def point(self, dungeon: DungeonMap, x: float, y: float) -> tuple[int, int]:
        """The screen point of map position (x, y), in squares."""
        rooms, scale = self._layout(dungeon)
        origin = rooms.get_rect(midtop=self.box.midtop)
        return origin.x + round(x * scale), origin.y + round(y * scale)

    @staticmethod
    def _scaled(x: float, y: float, w: float, h: float, scale: float) -> pygame.Rect:
        return pygame.Rect(round(x * scale), round(y * scale), max(1, round(w * scale)), max(1, round(h * scale)))

    def draw(self, surface: pygame.Surface, dungeon: DungeonMap, hero: CreatureView, views: list[CreatureView],
             seen: pygame.Rect) -> None:
        """The rooms, the hero's room lit, a dot per creature, and the frame of the squares on screen."""
        rooms, scale = self._layout(dungeon)
        origin = rooms.get_rect(midtop=self.box.midtop)
        surface.blit(rooms, origin)
        here = dungeon.rooms[hero.room]
        pygame.draw.rect(surface, HERO_ROOM, self._scaled(here.x, here.y, here.w, here.h, scale).move(origin.topleft))
        for view in views:  # as `point` places them, with the layout looked up once
            colour = theme.HERO if view.is_hero else theme.HOSTILE if view.hostile else theme.FRIEND
            x, y = view.square[0] + view.footprint[0] / 2, view.square[1] + view.footprint[1] / 2
            centre = origin.x + round(x * scale), origin.y + round(y * scale)
            pygame.draw.circle(surface, colour, centre, 3 if view.is_hero else 2)
        frame = self._scaled(seen.x, seen.y, seen.w, seen.h, scale).move(origin.topleft).clip(origin)
        pygame.draw.rect(surface, theme.TEXT_DIM, frame, 1)
