"""The minimap: the rooms the hero knows in miniature (issue 23: the others are not drawn, those out of sight
dimmer), the hero's room lit, the creatures in sight as dots; a click on a known room travels there."""
from __future__ import annotations

import pygame

from game.maps.model import DungeonMap
from game.ui import markers, theme
from game.world.views import CreatureView

ROOM = (70, 64, 84)
REMEMBERED = (44, 40, 54)
HERO_ROOM = (150, 126, 70)
DOOR = (120, 96, 60)
TARGET = (250, 214, 96)


class Minimap:
    def __init__(self, box: pygame.Rect) -> None:
        self.box = box
        self._rooms: tuple[DungeonMap, pygame.Surface, float] | None = None

    def _layout(self, dungeon: DungeonMap, known: frozenset[int], sight: frozenset[int]) -> tuple[pygame.Surface, float]:
        """The known rooms and their doors at the largest scale that fits the box, drawn again only when the
        map or what the hero knows or sees changes."""
        key = (dungeon, known, sight)
        if self._rooms is None or self._rooms[0] != key:
            scale = min(self.box.w / dungeon.width, self.box.h / dungeon.height)
            surf = pygame.Surface((round(dungeon.width * scale), round(dungeon.height * scale)), pygame.SRCALPHA)
            for room in dungeon.rooms.values():
                if room.id in known:
                    colour = ROOM if room.id in sight else REMEMBERED
                    pygame.draw.rect(surf, colour, self._scaled(room.x, room.y, room.w, room.h, scale))
            for ex in dungeon.exits:
                if known.intersection(ex.rooms):
                    pygame.draw.rect(surf, DOOR, self._scaled(ex.square[0], ex.square[1], 1, 1, scale))
            self._rooms = (key, surf, scale)
        return self._rooms[1], self._rooms[2]

    def square_at(self, dungeon: DungeonMap, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The map square under a point of the minimap, or None off it (before its first drawing too)."""
        if self._rooms is None or not self.box.collidepoint(pos):
            return None
        rooms, scale = self._rooms[1], self._rooms[2]
        origin = rooms.get_rect(midtop=self.box.midtop)
        x, y = int((pos[0] - origin.x) / scale), int((pos[1] - origin.y) / scale)
        return (x, y) if 0 <= x < dungeon.width and 0 <= y < dungeon.height else None

    def point(self, dungeon: DungeonMap, x: float, y: float) -> tuple[int, int]:
        """The screen point of map position (x, y), in squares."""
        if self._rooms is None:
            self._layout(dungeon, frozenset(dungeon.rooms), frozenset(dungeon.rooms))
        rooms, scale = self._rooms[1], self._rooms[2]
        origin = rooms.get_rect(midtop=self.box.midtop)
        return origin.x + round(x * scale), origin.y + round(y * scale)

    @staticmethod
    def _scaled(x: float, y: float, w: float, h: float, scale: float) -> pygame.Rect:
        return pygame.Rect(round(x * scale), round(y * scale), max(1, round(w * scale)), max(1, round(h * scale)))

    def draw(self, surface: pygame.Surface, dungeon: DungeonMap, hero: CreatureView, views: list[CreatureView],
             seen: pygame.Rect, known: frozenset[int] | None = None, sight: frozenset[int] | None = None,
             targets: tuple = ()) -> None:
        """The known rooms, the hero's room lit, a dot per creature in sight (`views` holds only those), and
        the frame of the squares on screen. Without `known`, the whole map."""
        every = frozenset(dungeon.rooms)
        rooms, scale = self._layout(dungeon, every if known is None else known, every if sight is None else sight)
        origin = rooms.get_rect(midtop=self.box.midtop)
        surface.blit(rooms, origin)
        here = dungeon.rooms[hero.room]
        pygame.draw.rect(surface, HERO_ROOM, self._scaled(here.x, here.y, here.w, here.h, scale).move(origin.topleft))
        for view in views:  # as `point` places them, with the layout looked up once
            x, y = view.square[0] + view.footprint[0] / 2, view.square[1] + view.footprint[1] / 2
            centre = origin.x + round(x * scale), origin.y + round(y * scale)
            markers.dot(surface, markers.side_of(view), centre, 3 if view.is_hero else 2)
        for target in targets:  # the journal's targets (issue 23): a gold frame round the room
            room = dungeon.rooms[target.room]
            pygame.draw.rect(surface, TARGET, self._scaled(room.x, room.y, room.w, room.h, scale).move(origin.topleft), 1)
        frame = self._scaled(seen.x, seen.y, seen.w, seen.h, scale).move(origin.topleft).clip(origin)
        pygame.draw.rect(surface, theme.TEXT_DIM, frame, 1)
