"""The dungeon screen's map view: the map layer at the camera, torches, room outlines, the scent overlay,
spawner clocks, items, creatures gliding to their squares with their markers, floating labels, and the hover
or look card. Markers keep to their own corners of a creature's square, so none draws over another: level
top left, mood or stun top right, a binding's countdown bottom left, a group's count bottom right; a mark that
would touch another moves below or above the square. A spawner's clock fills its own square when it is empty;
under a creature it becomes one of that creature's marks (its turns in the clock's colour)."""
from __future__ import annotations

import math

import pygame

from game.maps.model import DungeonMap, Square
from game.ui import labels, markers, theme, widgets
from game.ui.backdrop import Backdrop
from game.ui.camera import Camera
from game.ui.dungeon_targets import creature_at, on_square as targets_cover
from game.ui.effects import Effects, TorchLight
from game.ui.floaters import Floaters
from game.ui.maprender import map_layer, torch_squares
from game.ui.snapshot import Snapshot
from game.ui.sprites import SpriteCache
from game.ui.stacks import stacked
from game.world.views import CreatureView

MAP_VIEW = pygame.Rect(0, 0, 960, 548)
GLIDE = 14.0  # how fast sprites glide to their new square (fraction per second)
MOOD_MARKS = {"angered": ("!", theme.HOSTILE), "fleeing": ("»", (240, 220, 120)),
              "wary": ("?", (240, 200, 90))}  # over a creature's head; wary: it has warned you off (C4)
CLOCK = (220, 140, 240)
FOG_MEMORY = (8, 6, 14, 175)  # the veil over a remembered room out of sight
MEMORY_RING = (150, 150, 160)
TARGET = (250, 214, 96)  # the journal's targets (issue 23), here and on the minimap


class MapView:
    """The map part of the dungeon screen for one map: its layer, torches, camera and where sprites are."""

    def __init__(self, dungeon: DungeonMap, sprites: SpriteCache, hero: CreatureView) -> None:
        self.sprites = sprites
        self.glide: dict[int, list[float]] = {}
        self.effects = Effects()
        self.floaters = Floaters()
        self._faded: dict[pygame.Surface, pygame.Surface] = {}
        self.clock = 0.0
        self.moving = False  # a sprite or the camera still glides (the loop keeps drawing)
        self.load(dungeon)
        self.camera.look_at(*self.centre_px(hero))

    def load(self, dungeon: DungeonMap) -> None:
        """The map's layer, torches and a camera over it (again after F5)."""
        self.map = dungeon
        self.tw, self.th = dungeon.tile_w, dungeon.tile_h
        self.layer = map_layer(dungeon, self.sprites)
        self.backdrop = Backdrop(self.layer)
        self.torches = TorchLight(torch_squares(dungeon), dungeon.tile_w)
        self.camera = Camera(MAP_VIEW.w, MAP_VIEW.h, *self.layer.surface.get_size())

    # -- where things are ------------------------------------------------------------------------
    def centre_px(self, view: CreatureView) -> tuple[float, float]:
        return (view.square[0] + view.footprint[0] / 2) * self.tw, (view.square[1] + view.footprint[1] / 2) * self.th

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The map square under a point of the screen, or None outside the map view."""
        if not MAP_VIEW.collidepoint(pos):
            return None
        wx, wy = self.camera.to_world(pos[0] - MAP_VIEW.x, pos[1] - MAP_VIEW.y)
        x, y = math.floor(wx / self.tw), math.floor(wy / self.th)
        return (x, y) if 0 <= x < self.map.width and 0 <= y < self.map.height else None

    def screen_pos(self, square: Square) -> tuple[int, int]:
        """The screen point at the centre of a square."""
        vx, vy = self.camera.to_view((square[0] + 0.5) * self.tw, (square[1] + 0.5) * self.th)
        return vx + MAP_VIEW.x, vy + MAP_VIEW.y

    def seen_squares(self) -> pygame.Rect:
        """The squares the map view shows now (the minimap's frame)."""
        x, y = self.camera.to_world(0, 0)
        return pygame.Rect(math.floor(x / self.tw), math.floor(y / self.th), math.ceil(MAP_VIEW.w / self.tw),
                           math.ceil(MAP_VIEW.h / self.th))

    def room_rect(self, room_id: int) -> pygame.Rect:
        room = self.map.rooms[room_id]
        x, y = self.camera.to_view(room.x * self.tw, room.y * self.th)
        return pygame.Rect(MAP_VIEW.x + x, MAP_VIEW.y + y, room.w * self.tw, room.h * self.th)

    def sprite(self, view: CreatureView, portraits: dict) -> pygame.Surface:
        if view.sheet is not None:  # a hero: the portrait its own sheet chose
            return self.sprites.portrait(portraits[view.sheet.portrait].sprite)
        return self.sprites.creature(view.codex_id, view.footprint)

    # -- time ------------------------------------------------------------------------------------
    def update(self, dt: float, shown: Snapshot) -> None:
        """The camera after the hero, sprites gliding to their squares, labels and flashes fading; `moving`
        says whether anything still glides."""
        self.clock += dt
        was = self.camera.x, self.camera.y
        self.camera.follow(*self.centre_px(shown.hero), dt)
        self.moving = abs(was[0] - self.camera.x) + abs(was[1] - self.camera.y) > 0.5
        k = min(1.0, GLIDE * dt)
        live = set()
        for view in shown.views:
            live.add(view.eid)
            tx, ty = view.square[0] * self.tw, view.square[1] * self.th
            pos = self.glide.setdefault(view.eid, [float(tx), float(ty)])
            self.moving = self.moving or abs(tx - pos[0]) + abs(ty - pos[1]) > 0.5
            pos[0] += (tx - pos[0]) * k
            pos[1] += (ty - pos[1]) * k
        for eid in set(self.glide) - live:
            del self.glide[eid]
        self.floaters.update(dt)
        self.effects.update(dt)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], portraits: dict,
             scent: bool, busy: bool, look: Square | None = None) -> None:
        """Everything inside the map view; `look`: the square the look mode points at."""
        ox, oy = self.camera.to_view(0, 0)
        topleft = (MAP_VIEW.x + ox, MAP_VIEW.y + oy)
        if not self.layer.surface.get_rect(topleft=topleft).contains(MAP_VIEW):
            surface.fill(theme.BACKGROUND, MAP_VIEW)  # around a map smaller than the view
        surface.set_clip(MAP_VIEW)
        self.backdrop.compose((shown.hero.room, shown.known, shown.sight), shown.hero.room, lambda: self.fog(shown),
                              self.torches)
        self.backdrop.draw(surface, topleft, MAP_VIEW, self.torches, self.camera, self.clock)
        self.draw_memories(surface, shown)
        self.draw_targets(surface, shown)
        self.draw_rooms(surface, shown, mouse)
        if scent:
            self.draw_scent(surface, shown)
        self.draw_items(surface, shown)
        clocks = self.clocks(shown)
        taken = self.draw_creatures(surface, shown, portraits, clocks)
        self.draw_spawners(surface, shown, {s: t for s, t in clocks.items() if s not in taken})
        self.effects.draw_fading(surface, self.camera, MAP_VIEW.topleft)
        self.floaters.draw(surface, self.camera, MAP_VIEW.topleft)
        if look is not None:
            box = pygame.Rect(0, 0, self.tw + 6, self.th + 6)
            box.center = self.screen_pos(look)
            pygame.draw.rect(surface, theme.ACCENT, box, 3, border_radius=4)
        if busy:
            widgets.text(surface, "The dungeon stirs…", (MAP_VIEW.x + 12, MAP_VIEW.y + 10), 16, theme.ACCENT, bold=True)
        surface.set_clip(None)
        pygame.draw.rect(surface, theme.PANEL_EDGE, MAP_VIEW, 2)

    def fog(self, shown: Snapshot) -> pygame.Surface:
        """Issue 23: black over what the hero does not know, a dark veil over the known rooms out of sight
        (each room with its walls); the backdrop asks for it only when what the hero knows or sees changes."""
        fog = pygame.Surface(self.layer.surface.get_size(), pygame.SRCALPHA)
        fog.fill((*theme.BACKGROUND, 255))
        for shade, rooms in ((FOG_MEMORY, shown.known - shown.sight), ((0, 0, 0, 0), shown.sight)):
            for room_id in sorted(rooms):
                room = self.map.rooms[room_id]
                fog.fill(shade, pygame.Rect((room.x - 1) * self.tw, (room.y - 1) * self.th,
                                            (room.w + 2) * self.tw, (room.h + 2) * self.th))
        return fog

    def draw_memories(self, surface: pygame.Surface, shown: Snapshot) -> None:
        """What the hero saw last in the known rooms out of sight, faded, a creature with a grey ring."""
        for room, what, thing, x, y in shown.memories:
            cx, cy = self.screen_pos((x, y))
            if not MAP_VIEW.colliderect((cx - 16, cy - 16, 32, 32)):
                continue
            if what != "item":
                pygame.draw.circle(surface, MEMORY_RING, (cx, cy), self.tw // 2 - 2, 2)
            faded = self.faded(self.sprites.item(thing) if what == "item" else self.sprites.creature(thing, (1, 1)))
            surface.blit(faded, faded.get_rect(center=(cx, cy)))

    def draw_targets(self, surface: pygame.Surface, shown: Snapshot) -> None:
        """Where the journal points: a gold flag in the room's top-left corner with what is there."""
        placed: list[pygame.Rect] = []
        for target in shown.targets:
            rect = self.room_rect(target.room)
            if not rect.colliderect(MAP_VIEW):
                continue
            label = labels.text(f"⚑ {target.name}", 12, TARGET, bold=True)
            spot = label.get_rect(topleft=(rect.x + 4, rect.y + 3))
            while spot.collidelist(placed) >= 0:
                spot.move_ip(0, spot.h + 1)
            placed.append(spot)
            surface.blit(widgets.tint(spot.inflate(6, 2).size, (*theme.PANEL_DARK, 200)), spot.inflate(6, 2))
            surface.blit(label, spot)
            widgets.record(surface, spot, f"⚑ {target.name}")

    def faded(self, image: pygame.Surface) -> pygame.Surface:
        """A sprite as a memory: half seen (made once per sprite)."""
        found = self._faded.get(image)
        if found is None:
            found = self._faded[image] = image.copy()
            found.set_alpha(120)
        return found

    def draw_rooms(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int]) -> None:
        """The hero's room outlined in gold; a hovered room the hero can walk to in green."""
        pulse = 0.75 + 0.25 * math.sin(self.clock * 3)
        here = shown.hero.room
        pygame.draw.rect(surface, (int(240 * pulse), int(196 * pulse), 110), self.room_rect(here), 2)
        square = self.square_at(mouse)
        if square is None:
            return
        for ex, other in self.map.exits_of(here):
            room = self.map.rooms[other]
            if ex.square == square or room.contains(square):
                pygame.draw.rect(surface, theme.FRIEND, self.room_rect(other), 2)
                door = pygame.Rect(0, 0, self.tw, self.tw)
                door.center = self.screen_pos(ex.square)
                pygame.draw.rect(surface, theme.FRIEND, door, 2)
                lock = " (locked)" if ex.locked else ""
                widgets.text(surface, f"Go to {room.name}{lock}", (mouse[0] + 14, mouse[1] + 14), 14,
                             theme.FRIEND, bold=True)
                return
        room = self.map.room_at(square)
        if room is not None and room.id != here and room.id in shown.known:  # issue 23: travel there
            pygame.draw.rect(surface, theme.ACCENT, self.room_rect(room.id), 2)
            widgets.text(surface, f"Travel to {room.name}", (mouse[0] + 14, mouse[1] + 14), 14, theme.ACCENT, bold=True)

    def draw_scent(self, surface: pygame.Surface, shown: Snapshot) -> None:
        """C: the hero's scent per room (N15), stronger scent in a deeper amber."""
        for room_id, strength in shown.scent.items():
            if strength < 0.05 or room_id not in shown.known:
                continue
            rect = self.room_rect(room_id)
            surface.blit(widgets.tint(rect.size, (*theme.SCENT, int(20 + 90 * min(1.0, strength)))), rect.topleft)
            widgets.text(surface, f"scent {strength:.2f}", (rect.x + 4, rect.y + 2), 13, (255, 230, 180), bold=True)

    def clocks(self, shown: Snapshot) -> dict[Square, tuple[int, int]]:
        """N26: each dungeon spawner's square -> (turns left, its interval); none in a settlement, whose
        newcomers need no clock."""
        if self.map.kind != "dungeon":
            return {}
        return {spawner.square: (turns, spawner.interval) for spawner, turns in shown.clocks
                if spawner.kind == "dungeon" and self.map.room_at(spawner.square) is not None
                and self.map.room_at(spawner.square).id in shown.known}

    def draw_spawners(self, surface: pygame.Surface, shown: Snapshot, clocks: dict[Square, tuple[int, int]]) -> None:
        """A clock badge filling each empty spawner square: the arc sweeps round as the interval runs out,
        the turns left stand inside it."""
        for square, (turns_left, interval) in clocks.items():
            centre = self.screen_pos(square)
            if not MAP_VIEW.collidepoint(centre):
                continue
            radius = self.tw // 2 - 3
            pygame.draw.circle(surface, (20, 14, 30), centre, radius)
            pygame.draw.circle(surface, CLOCK, centre, radius, 2)
            elapsed = 1 - turns_left / max(1, interval)
            if elapsed > 0:  # the time gone, a sweep from twelve o'clock
                arc = pygame.Rect(0, 0, 2 * radius - 4, 2 * radius - 4)
                arc.center = centre
                pygame.draw.arc(surface, CLOCK, arc, math.pi / 2, math.pi / 2 + 2 * math.pi * elapsed, 3)
            label = labels.text(str(turns_left), 11, theme.TEXT, bold=True)
            surface.blit(label, label.get_rect(center=centre))
            widgets.record(surface, label.get_rect(center=centre), str(turns_left))

    def draw_items(self, surface: pygame.Surface, shown: Snapshot) -> None:
        """Each square's items, a count on a stack of more than one (display grouping)."""
        for items in shown.floor.values():
            squares: dict[Square, list] = {}
            for item in items:
                squares.setdefault(item.square, []).append(item)
            for square, here in squares.items():
                x, y = self.screen_pos(square)
                if not MAP_VIEW.colliderect((x - 16, y - 16, 32, 32)):  # only those on screen
                    continue
                surface.blit(self.sprites.item(here[0].item_id), (x - 16, y - 16))
                count = sum(line.count for line in stacked(here) if not line.first.fixture)
                if count > 1:
                    label = labels.text(f"{count}", 10, theme.TEXT, bold=True)
                    surface.blit(label, label.get_rect(bottomright=(x + 15, y + 15)))

    def draw_creatures(self, surface: pygame.Surface, shown: Snapshot, portraits: dict,
                       clocks: dict[Square, tuple[int, int]]) -> set[Square]:
        """The creatures where they glide, with their marks; returns the spawner squares they stand on (their
        clocks are among their marks)."""
        tw = self.tw
        taken: set[Square] = set()
        for view in sorted(shown.views, key=lambda v: (v.is_hero, v.square[1])):
            wx, wy = self.glide.get(view.eid, (view.square[0] * tw, view.square[1] * tw))
            vx, vy = self.camera.to_view(wx, wy)
            rect = pygame.Rect(MAP_VIEW.x + vx, MAP_VIEW.y + vy, view.footprint[0] * tw, view.footprint[1] * tw)
            if not rect.colliderect(MAP_VIEW):
                continue
            side = markers.side_of(view)
            self.draw_other_heads(surface, view, side, portraits)
            surface.blit(markers.ring(side, (rect.w - 6, 8), (0, 0, 0)), (rect.x + 3, rect.bottom - 9))
            sprite = self.effects.tinted(view.uid, self.sprite(view, portraits))
            surface.blit(sprite, sprite.get_rect(midbottom=(rect.centerx, rect.bottom - 1)))
            if view.health < view.max_health:
                widgets.bar(surface, pygame.Rect(rect.x + 3, rect.y - 5, rect.w - 6, 4), view.health, view.max_health,
                            theme.HEALTH)
            under = [square for square in clocks if targets_cover(view, square)]
            taken.update(under)
            self.draw_marks(surface, view, rect, clocks[under[0]][0] if under else None)
        return taken

    @staticmethod
    def draw_marks(surface: pygame.Surface, view: CreatureView, rect: pygame.Rect, clock: int | None = None) -> None:
        """A creature's marks, each in its own corner of its square, with a dark edge to read on any floor; a
        mark that would touch one placed before it moves to its next place (below the square, then above)."""
        placed: list[pygame.Rect] = []

        def mark(words: str, colour: tuple[int, int, int], *anchors: tuple[str, tuple[int, int]]) -> None:
            image = labels.text(words, 11, colour, bold=True)
            spots = [image.get_rect(**{anchor: point}) for anchor, point in anchors]
            spot = next((s for s in spots if s.collidelist(placed) < 0), spots[-1])
            placed.append(spot)
            surface.blit(labels.text(words, 11, (0, 0, 0), bold=True), spot.move(1, 1))
            surface.blit(image, spot)
            widgets.record(surface, spot, words)

        below, above = (rect.centerx, rect.bottom), (rect.centerx, rect.y - 6)
        if view.level >= 1 and not view.is_hero:
            mark(str(view.level), theme.ACCENT, ("topleft", (rect.x + 1, rect.y)))
        if view.stunned:
            mark("zz", (240, 220, 120), ("topright", (rect.right - 1, rect.y)), ("midbottom", above))
        elif view.mood in MOOD_MARKS:
            words, colour = MOOD_MARKS[view.mood]
            mark(words, colour, ("topright", (rect.right - 1, rect.y)), ("midbottom", above))
        if view.bound:  # N56: the countdown on a bound creature's square ("!": its end waits)
            mark(str(view.bound_turns) if view.bound_turns else "!", theme.BOUND,
                 ("bottomleft", (rect.x + 1, rect.bottom)), ("midtop", below))
        if view.heads > 1:  # C39: the last head wears no count
            mark(f"×{view.heads}", theme.TEXT, ("bottomright", (rect.right - 1, rect.bottom)), ("midtop", below),
                 ("midbottom", above))
        if clock is not None:  # N26: it stands on a spawner; the turns before the next creature
            mark(f"◷{clock}", CLOCK, ("midtop", below), ("midbottom", above), ("midleft", (rect.right + 1, rect.centery)))

    def draw_other_heads(self, surface: pygame.Surface, view: CreatureView, side: str, portraits: dict) -> None:
        """A group's heads beyond the first stand on squares of their own (C31): smaller figures there."""
        if len(view.cells) < 2:
            return
        small = self.sprites.scaled(self.sprite(view, portraits), 0.75)
        for cell in view.cells[1:]:
            vx, vy = self.camera.to_view(cell[0] * self.tw, cell[1] * self.tw)
            rect = pygame.Rect(MAP_VIEW.x + vx, MAP_VIEW.y + vy, self.tw, self.tw)
            if rect.colliderect(MAP_VIEW):
                surface.blit(markers.ring(side, (rect.w - 12, 6)), (rect.x + 6, rect.bottom - 7))
                surface.blit(small, small.get_rect(midbottom=(rect.centerx, rect.bottom - 1)))

    def draw_item_label(self, surface: pygame.Surface, shown: Snapshot, square: Square,
                        near: tuple[int, int]) -> bool:
        """The names of the items lying on a square, stacked, beside `near`; whether there were any."""
        room = self.map.room_at(square)
        here = [i for i in shown.floor.get(room.id, ()) if i.square == square] if room else []
        names = [line.name + (" (E uses it here)" if line.first.fixture else "") for line in stacked(here)]
        if names:
            image = labels.text(", ".join(names), 14, (190, 210, 160), bold=True)
            rect = image.get_rect(topleft=(near[0] + 16, near[1] + 12)).inflate(12, 8)
            rect.clamp_ip(surface.get_rect())
            widgets.panel(surface, rect, alpha=230)
            surface.blit(image, image.get_rect(center=rect.center))
        return bool(names)

    def hovered(self, shown: Snapshot, mouse: tuple[int, int]) -> CreatureView | None:
        square = self.square_at(mouse)
        return creature_at(shown.views, square) if square else None
