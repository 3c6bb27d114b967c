"""The region-map screen (N62): the places with their icons and names, the roads, the hero, the hidden sites
the hero knows (found by chance or told by a loyal creature, N60-N61), the world NPCs on the road (N3), the
cost of a journey shown before the player commits, and the world's goal marked on its settlement (issue 24).

Keys: Tab / arrows choose a place or known site, Enter travels there (or goes in where the hero stands), Esc
goes back to the title. A click chooses one; a click on the chosen one travels. Travelling and going in are the
realm's commands (game/world/realm.py, through the session), the same a headless bot gives. A settlement
lives the turns it missed when the hero arrives (Realm.catching_up): the arrival runs a slice per frame
behind an arrival screen (ARRIVAL_SLICE of it a frame), so the window never freezes.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Generator

import pygame

from game.rules import clock
from game.ui import labels, theme, widgets
from game.ui.maprender import render_map, tile_rect
from game.ui.scene import Scene, SceneRefused
from game.world.danger import site_danger
from game.world.systems import siege

if TYPE_CHECKING:
    from game.ui.session import Session
    from game.world.realm import Realm, SiteWorld, Wayfarer

MAP_VIEW = pygame.Rect(0, 0, 960, 720)
SIDE = pygame.Rect(960, 0, 320, 720)
SITE_TILES = {"artifact": 37, "beast": 38}  # tile index of a known site's icon (docs/maps.md)
PREVIOUS = (pygame.K_LEFT, pygame.K_UP, pygame.K_a, pygame.K_w)
NEXT = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_d, pygame.K_s, pygame.K_TAB)
GO = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NEWS = 6  # the last lines of the road shown in the panel
HINTS = ("Tab / arrows: choose", "Enter: travel", "Esc: title")  # the panel's foot: whole hints, on two lines if need be
ARRIVAL_SLICE = 0.012  # seconds of an arrival's catching up per frame (no frame of it over 50 ms)
KINDS = {"dungeon": "Dungeon: a fresh run each time you enter",
         "artifact": "Artifact site: a relic of old lies within, guarded",
         "beast": "Beast site: a beast of the codex dens here"}


class RegionScene(Scene):
    """The session's world of sites seen from above; the hero stands beside the place it left or arrived at."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        realm = self.realm
        self.scale = min(MAP_VIEW.w / (realm.region.width * realm.region.tile_w),
                         MAP_VIEW.h / (realm.region.height * realm.region.tile_h))
        whole = render_map(realm.region, session.sprites)
        self.backdrop = pygame.transform.smoothscale(
            whole, (round(whole.get_width() * self.scale), round(whole.get_height() * self.scale)))
        self.tile = realm.region.tile_w * self.scale
        self.chosen = realm.hero.place
        self.news = [event.text for event in realm.pop_events()][-NEWS:]
        self.problem = ""
        self.arrival: Generator[None, None, str] | None = None  # a journey's arrival under way
        self.arriving_at = ""
        self.dangers = {pid: site_danger(site.map, realm.content.codex) for pid, site in realm.sites.items()}
        self.goal = next((pid for pid, site in realm.sites.items() if site.map.path.name == realm.content.goal.map),
                         None)  # the besieged settlement (goal.toml [siege] map)

    @property
    def realm(self) -> Realm:
        return self.session.realm

    # -- where things are on the screen -----------------------------------------------------------
    def place_rect(self, pid: int) -> pygame.Rect:
        place = self.realm.sites[pid].place
        t = self.tile
        return pygame.Rect(round(place.x * t), round(place.y * t), round(place.w * t), round(place.h * t))

    def place_at(self, pos: tuple[int, int]) -> int | None:
        for pid in self.realm.visible():
            if self.place_rect(pid).inflate(12, 12).collidepoint(pos):
                return pid
        return None

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.arrival is not None:
            return  # arriving: nothing to choose until the place is ready
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pid = self.place_at(event.pos)
            if pid is not None and pid == self.chosen:
                self.go()
            elif pid is not None:
                self.chosen = pid
        elif event.type == pygame.KEYDOWN:
            order = self.realm.visible()
            if event.key in PREVIOUS + NEXT:
                step = -1 if event.key in PREVIOUS else 1
                self.chosen = order[(order.index(self.chosen) + step) % len(order)]
            elif event.key in GO:
                self.go()
            elif event.key == pygame.K_ESCAPE:
                self.stack.reset("title")

    def go(self) -> None:
        """Travel to the chosen place and go in: its screen replaces this one once the place has caught up
        (at once when it has little to catch up, else over the next frames, `update`)."""
        self.arriving_at = self.realm.sites[self.chosen].place.name
        self.arrival = self.session.arrive(self.chosen)
        self._arrive()

    @property
    def animating(self) -> bool:
        return self.arrival is not None

    def update(self, dt: float) -> None:
        if self.arrival is not None:
            self._arrive()

    def _arrive(self) -> None:
        """ARRIVAL_SLICE more of the arrival; once it is done, the place's screen (or why not)."""
        ends = time.perf_counter() + ARRIVAL_SLICE
        try:
            while time.perf_counter() < ends:
                next(self.arrival)
            return
        except StopIteration as done:
            reason = done.value
        self.arrival = None
        if reason:
            self.problem = reason
            return
        try:
            self.stack.reset("dungeon", site=True)
        except SceneRefused as exc:
            self.problem = exc.problems[0]

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        surface.blit(self.backdrop, MAP_VIEW.topleft)
        if self.arrival is not None:  # the map alone behind the arrival: no world is read while one catches up
            widgets.veil(surface, (6, 4, 10, 170))
            box = pygame.Rect(0, 0, 640, 130)
            box.center = MAP_VIEW.center
            widgets.panel(surface, box, alpha=235)
            dots = "." * (1 + int(time.perf_counter() * 3) % 3)
            title = widgets.text(surface, f"Arriving at {self.arriving_at}{dots}", (box.centerx, box.y + 22), 30,
                                 theme.TITLE, bold=True, centre=True)
            widgets.text(surface, "Its people live the hours you were away.", (box.centerx, title.bottom + 10), 17,
                         theme.TEXT, centre=True)
            return
        trip = self.realm.journey(self.chosen)
        if trip is not None:
            self._draw_route(surface, trip.path)
        self._draw_sites(surface)
        for pid in self.realm.visible():
            self._draw_place(surface, pid, self.realm.sites[pid])
        self._draw_travellers(surface)
        self._draw_hero(surface)
        self._draw_panel(surface, trip)

    def _centre(self, pid: int) -> tuple[int, int]:
        return self.place_rect(pid).center

    def _draw_route(self, surface: pygame.Surface, path: tuple[int, ...]) -> None:
        """The roads of the journey, along the grid as the region's roads run (first across, then up or down)."""
        for a, b in zip(path, path[1:]):
            first, second = (a, b) if a < b else (b, a)  # a road's polyline starts at its lower-numbered place
            (x1, y1), (x2, y2) = self._centre(first), self._centre(second)
            pygame.draw.lines(surface, theme.ACCENT, False, [(x1, y1), (x2, y1), (x2, y2)], 4)

    def _draw_place(self, surface: pygame.Surface, pid: int, site: SiteWorld) -> None:
        """The frame of the chosen one, and a place's name (a known site's name is drawn with its icon)."""
        rect = self.place_rect(pid)
        if pid == self.chosen:
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(10, 10), 3, border_radius=4)
        if not site.is_site:
            colour = theme.ACCENT if pid == self.chosen else theme.TEXT
            bottom = shadowed(surface, site.place.name, (rect.centerx, rect.bottom + 6), 15, colour, pid == self.chosen)
            bottom = self._draw_tier(surface, pid, (rect.centerx, bottom))
            if pid == self.goal:
                self._draw_tag(surface, self.goal_words()[0], (240, 200, 90), (rect.centerx, bottom))

    def _draw_sites(self, surface: pygame.Surface) -> None:
        """The artifact and beast sites this hero knows (N62); the others are not drawn at all."""
        region = self.realm.region
        tileset = region.tilesets[0]
        image = self.session.sprites.tileset(tileset.image, tileset.trans)
        for site in self.realm.sites_known(self.realm.playing):
            tile = image.subsurface(tile_rect(tileset, SITE_TILES[site.kind]))
            size = round(self.tile)
            x, y = round(site.square[0] * self.tile), round(site.square[1] * self.tile)
            surface.blit(pygame.transform.smoothscale(tile, (size, size)), (x, y))
            colour = theme.ACCENT if site.id == self.chosen else theme.NOTE
            bottom = shadowed(surface, site.name, (x + size // 2, y + size + 6), 14, colour, site.id == self.chosen)
            self._draw_tier(surface, site.id, (x + size // 2, bottom))

    def _draw_tier(self, surface: pygame.Surface, pid: int, midtop: tuple[int, int]) -> int:
        """A place's danger tier under its name (game/world/danger.py), when anything dangerous lives there; the
        bottom of what was drawn."""
        tier = self.dangers[pid].tier
        return self._draw_tag(surface, f"danger {tier}", danger_colour(tier), midtop) if tier else midtop[1]

    def _draw_tag(self, surface: pygame.Surface, words: str, colour: tuple[int, int, int],
                  midtop: tuple[int, int]) -> int:
        """A short tag on a dark ground under a place's name; its bottom."""
        label = labels.text(words, 13, colour, bold=True)
        back = label.get_rect(midtop=(midtop[0], midtop[1] + 2)).inflate(10, 4).clamp(MAP_VIEW.inflate(-12, -12))
        surface.blit(widgets.tint(back.size, (10, 8, 14, 190)), back.topleft)
        surface.blit(label, label.get_rect(center=back.center))
        return back.bottom

    def goal_words(self) -> tuple[str, str]:
        """The goal's mark on its settlement and the panel's line about it: "your goal", or the siege lifted
        (the settlement's world built to read it, once)."""
        words = self.realm.content.goal.journal
        world = self.realm.sites[self.goal].world if self.goal is not None else None
        lifted = world is not None and siege.lifted(world)
        return (words["lifted"] if lifted else words["mark"]), words["lifted" if lifted else "title"]

    def on_the_road(self) -> list[tuple[Wayfarer, tuple[int, int]]]:
        """N3: the world NPCs on the road now (as far as their settlements have lived), each where it has got
        to along its roads, drawn as the roads run (across from the lower-numbered place, then up or down)."""
        now, seen = self.realm.now, []
        for wayfarer in self.realm.road:
            trip = self.realm.route(wayfarer.start, wayfarer.to)
            if not wayfarer.left <= now < wayfarer.arrives or trip is None:
                continue
            points = [self._centre(trip.path[0])]
            for a, b in zip(trip.path, trip.path[1:]):
                (_, y1), (x2, _) = self._centre(min(a, b)), self._centre(max(a, b))
                points += [(x2, y1), self._centre(b)]  # the corner is the same either way along
            seen.append((wayfarer, along(points, (now - wayfarer.left) / (wayfarer.arrives - wayfarer.left))))
        return seen

    def _draw_travellers(self, surface: pygame.Surface) -> None:
        """Each traveller's figure standing on the road; several at one spot side by side, their names stacked."""
        together: dict[tuple[int, int], list[Wayfarer]] = {}
        for wayfarer, spot in self.on_the_road():
            together.setdefault(spot, []).append(wayfarer)
        for (x, y), group in together.items():
            left = x - 9 * (len(group) - 1)
            for n, wayfarer in enumerate(group):
                figure = pygame.transform.smoothscale(
                    self.session.sprites.creature(wayfarer.traveller.identity.codex_id, (1, 1)), (24, 24))
                spot = figure.get_rect(midbottom=(left + 18 * n, y + 4))
                pygame.draw.ellipse(surface, (0, 0, 0), pygame.Rect(spot.x + 3, spot.bottom - 5, 18, 6))
                surface.blit(figure, spot)
                shadowed(surface, wayfarer.traveller.name, (x, y + 8 + 14 * n), 12, theme.NOTE)

    def _draw_hero(self, surface: pygame.Surface) -> None:
        """The hero stands on the road just above the place it is at."""
        rect = self.place_rect(self.realm.hero.place)
        marker = pygame.transform.smoothscale(self.session.sprites.hero(), (28, 28))
        spot = marker.get_rect(midbottom=(rect.centerx, rect.top - 6))
        pygame.draw.ellipse(surface, (0, 0, 0), pygame.Rect(spot.x + 4, spot.bottom - 5, 20, 7))
        surface.blit(marker, spot)

    def _draw_panel(self, surface: pygame.Surface, trip) -> None:
        realm = self.realm
        inner = widgets.panel(surface, SIDE, realm.region.properties.get("title", realm.region.name))
        x, y = inner.x, inner.y
        minutes = realm.minutes
        y = widgets.text(surface, f"{realm.hero.name}  ·  Day {clock.day(minutes)}  {clock.time_of_day(minutes)}",
                         (x, y), 15, theme.HERO).bottom + 4
        y = widgets.text(surface, f"On the road by {realm.sites[realm.hero.place].place.name}.", (x, y), 14,
                         theme.TEXT_DIM, width=inner.w).bottom + 14
        site = realm.sites[self.chosen]
        y = widgets.text(surface, site.place.name, (x, y), 18, theme.ACCENT, bold=True).bottom + 2
        kind = KINDS.get(site.place.kind) or \
            f"Settlement: {len(site.world.creatures()) if site.world else 0} people live here"
        y = widgets.text(surface, kind, (x, y), 14, theme.TEXT_DIM, width=inner.w).bottom + 2
        danger = self.dangers[self.chosen]
        y = widgets.text(surface, danger.line(), (x, y), 14, danger_colour(danger.tier), width=inner.w).bottom + 6
        if self.chosen == self.goal:
            line = self.goal_words()[1]
            y = widgets.text(surface, line[:1].upper() + line[1:], (x, y), 14, (240, 200, 90), bold=True,
                             width=inner.w).bottom + 6
        if trip is None:
            y = widgets.text(surface, "No road leads there.", (x, y), 15, theme.PROBLEM).bottom + 6
        elif trip.turns == 0:
            y = widgets.text(surface, "You are here. Enter: go in.", (x, y), 15, theme.TEXT).bottom + 6
        else:
            hours = trip.turns * int(realm.content.tuning["clock"]["minutes_per_turn"]) / 60
            way = "squares of road" if site.place.kind in ("dungeon", "settlement") else "squares, the last off the road"
            y = widgets.text(surface, f"{trip.squares} {way}: {trip.turns} turns (about {hours:.0f} hours).",
                             (x, y), 15, theme.TEXT, width=inner.w).bottom + 2
            y = widgets.text(surface, "Enter or click it again: travel there.", (x, y), 14, theme.TEXT_DIM).bottom + 6
        if self.problem:
            y = widgets.text(surface, self.problem, (x, y), 14, theme.PROBLEM, width=inner.w).bottom + 6
        known = realm.sites_known(realm.playing)
        y = widgets.text(surface, "Artifact and beast sites", (x, y + 10), 15, theme.ACCENT, bold=True).bottom + 2
        for found in known:
            y = widgets.text(surface, f"{found.name} ({found.kind})", (x, y), 14, theme.TEXT).bottom + 2
        if not known:
            y = widgets.text(surface, "None known yet: they lie hidden near the roads.", (x, y), 14, theme.TEXT_DIM,
                             width=inner.w).bottom + 2
        travellers = self.on_the_road()
        if travellers:
            y = widgets.text(surface, "Travellers on the road", (x, y + 12), 15, theme.ACCENT, bold=True).bottom + 2
            for wayfarer, _ in travellers:
                line = (f"{wayfarer.traveller.name}, {realm.sites[wayfarer.start].place.name} to "
                        f"{realm.sites[wayfarer.to].place.name} ({wayfarer.arrives - realm.now} turns to go)")
                y = widgets.text(surface, line, (x, y), 13, theme.TEXT, width=inner.w).bottom + 2
        hints = widgets.packed(list(HINTS), 13, SIDE.w - 16, "  ·  ")  # on two lines when the letters are large
        step = widgets.line_height(13)
        if self.news:
            y = widgets.text(surface, "On the road", (x, y + 12), 15, theme.ACCENT, bold=True).bottom + 2
            for line in self.fitting_news(SIDE.bottom - 40 - step * (len(hints) - 1) - y, inner.w):
                y = widgets.text(surface, line, (x, y), 13, theme.TEXT, width=inner.w).bottom + 2
        for i, line in enumerate(hints):
            widgets.text(surface, line, (SIDE.centerx, SIDE.bottom - 30 - step * (len(hints) - 1 - i)), 13,
                         theme.TEXT_DIM, centre=True)

    def fitting_news(self, room: int, width: int) -> list[str]:
        """The latest lines of the road that fit in `room` pixels of the panel above its key hints."""
        shown: list[str] = []
        for line in reversed(self.news):
            room -= labels.text(line, 13, theme.TEXT, width=width).get_height() + 2
            if room < 0:
                break
            shown.insert(0, line)
        return shown


def along(points: list[tuple[int, int]], fraction: float) -> tuple[int, int]:
    """The point `fraction` of the way along the polyline `points`."""
    lengths = [abs(x2 - x1) + abs(y2 - y1) for (x1, y1), (x2, y2) in zip(points, points[1:])]
    left = fraction * sum(lengths)
    for (x1, y1), (x2, y2), length in zip(points, points[1:], lengths):
        if left <= length and length:
            t = left / length
            return round(x1 + (x2 - x1) * t), round(y1 + (y2 - y1) * t)
        left -= length
    return points[-1]


def shadowed(surface: pygame.Surface, words: str, midtop: tuple[int, int], size: int, colour: tuple[int, int, int],
             bold: bool = False) -> int:
    """A label with a dark shadow, readable on grass, water and mountains alike; returns its bottom."""
    label = labels.text(words, size, colour, bold=bold)
    where = label.get_rect(midtop=midtop).clamp(MAP_VIEW.inflate(-12, -12))  # by the map's edge: whole, clear of it
    surface.blit(labels.text(words, size, (0, 0, 0), bold=bold), where.move(1, 1))
    surface.blit(label, where)
    return where.bottom


def danger_colour(tier: int) -> tuple[int, int, int]:
    """Calm to alarming with a site's danger tier: up to 3, 4 and 5, 6 and more."""
    return theme.TEXT if tier <= 3 else (240, 200, 90) if tier <= 5 else theme.HOSTILE
