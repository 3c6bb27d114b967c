"""The dungeon screen: the map, its creatures and items, the hero's card, the message log.

Reads the world through views and events and changes it only through commands (docs/architecture.md);
the views are read again only after a change (game/ui/snapshot.py).
A world turn runs a slice per frame (Driver.advance) so the screen never freezes while the dungeon moves.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.content.errors import ContentError
from game.maps.errors import MapError
from game.maps.model import Square
from game.ui import bindings, labels, markers, screenshots, snapshot, sound, theme, widgets
from game.ui.camera import Camera
from game.ui.card import draw_card
from game.ui.effects import HIT_KINDS, Effects, TorchLight, subject
from game.ui.floaters import Floaters
from game.ui.maprender import MissingTileset, map_layer, torch_squares
from game.ui.scene import Scene, SceneRefused
from game.ui.sidepanel import JOURNAL, SidePanel, use_command
from game.launch import load_dungeon
from game.world import views
from game.world.commands import Attack, Cast, Command, Consume, EndTurn, Move, PickUp, SecondWind, Talk
from game.world.events import Event
from game.world.fightodds import both_ways
from game.world.talkview import Acquaintance, acquaintance
from game.world.verbs import spells
from game.world.views import CreatureView, ItemView

if TYPE_CHECKING:
    from game.ui.session import Session

MAP_VIEW = pygame.Rect(0, 0, 960, 548)
LOG_VIEW = pygame.Rect(0, 548, 960, 172)
SIDE = pygame.Rect(960, 0, 320, 720)
TURN_SLICE = 0.006  # seconds of world turn per frame (issue 4: the game never freezes)
GLIDE = 14.0  # how fast sprites glide to their new square (fraction per second)
MOOD_MARKS = {"angered": ("!", theme.HOSTILE), "fleeing": ("»", (240, 220, 120)),
              "wary": ("?", (240, 200, 90))}  # over a creature's head; wary: it has warned you off (C4)


class DungeonScene(Scene):
    """The session's current world; `loaded` when it was carried on from a save (the log says so)."""

    def __init__(self, session: Session, loaded: bool = False) -> None:
        super().__init__()
        self.session = session
        self.driver = session.driver
        self.world = world = session.world
        self.sprites = session.sprites
        self.log = widgets.MessageLog()
        self.show_scent = False
        self.mouse: tuple[int, int] = (-1, -1)
        self.glide: dict[int, list[float]] = {}
        self.shown = snapshot.read(world)
        self.read_at = self.driver.done  # the commands carried out when `shown` was read (here or over it)
        self.side = SidePanel(SIDE, self.sprites)
        self.log_layer, self.side_layer = widgets.Layer(LOG_VIEW), widgets.Layer(SIDE)  # painted when they change
        self.left_on: pygame.Surface | None = None  # the screen this scene drew last, on top, with no popup
        self.dead_shown = False
        self.last_talked = ""  # T talks to the next person in the room after this one
        self.last_cast = ""  # M casts on the next creature in the room after this one
        self.known: dict[int, Acquaintance | None] = {}  # the hover card's ties, until something happens
        self.floaters = Floaters()
        self.effects = Effects()
        self.clock = 0.0
        self.map_layer = map_layer(world.map, self.sprites)
        self.torches = TorchLight(torch_squares(world.map), world.map.tile_w)
        self.camera = Camera(MAP_VIEW.w, MAP_VIEW.h, *self.map_layer.surface.get_size())
        self.camera.look_at(*self._centre_px(self.shown.hero))
        title = world.map.properties.get("title", world.map.name)
        self.log.add(f"You enter {title}. Press F1 for the controls.", theme.NOTE)
        if session.realm is not None:
            for event in session.realm.pop_events():  # the journey here (N62: a site found on the road)
                self.log.add(event.text, theme.NOTE)
            up = world.map.properties.get("surface", "")
            self.log.add(f"The way up to the region is in {up}: press U there." if up else
                         "This place has no way up to the region.", theme.NOTE)
        self._drain_events()
        if loaded:
            self.log.add(f"Game loaded: turn {world.turn}.", theme.NOTE)

    # -- reading the world -------------------------------------------------------------------
    def hero_view(self) -> CreatureView:
        """The hero as the world has it now (the screen draws `shown.hero`, read after the last change)."""
        return views.creature(self.world, self.world.hero)

    @property
    def views(self) -> list[CreatureView]:
        """The living creatures as last read."""
        return self.shown.views

    def _drain_events(self) -> bool:
        """Log, label and flash what happened since the last frame; whether anything did."""
        events = self.world.pop_events()
        if events:
            self.known.clear()
            self.session.note(self.world, events)  # for the morgue file (game/hall.py)
        for event in events:
            self._show(event)
            if event.kind == "turn":
                self.log.separator(f"— turn {event.turn} —", theme.LOG_COLOURS["turn"])
            elif self.world.hears(event):
                self.log.add(event.text, theme.LOG_COLOURS.get(event.kind, theme.TEXT))
                sound.player.event(event)
        return bool(events)

    def _show(self, event: Event) -> None:
        """Floating label, hit flash or fading corpse for the creatures an event is about."""
        label_uid, effect_uid = self.floaters.who(event), subject(event)
        for uid in dict.fromkeys((label_uid, effect_uid)):
            view = self.shown.by_uid.get(uid)
            if view is None:
                continue
            tw = self.world.map.tile_w
            x, y = self.glide.get(view.eid, (view.square[0] * tw, view.square[1] * self.world.map.tile_h))
            if view.uid == label_uid:
                self.floaters.add(event, x + view.footprint[0] * tw / 2, y - 4)
            if view.uid == effect_uid and event.kind in HIT_KINDS:
                self.effects.hit(view.uid)
            elif view.uid == effect_uid:
                self.effects.slain(view.uid, self._sprite(view), x, y, view.footprint[0] * tw)

    def _sprite(self, view: CreatureView) -> pygame.Surface:
        if view.sheet is not None:  # a hero: the portrait its own sheet chose
            return self.sprites.portrait(self.world.content.heroes.portraits[view.sheet.portrait].sprite)
        return self.sprites.creature(view.codex_id, view.footprint)

    def _centre_px(self, view: CreatureView) -> tuple[float, float]:
        tw, th = self.world.map.tile_w, self.world.map.tile_h
        return (view.square[0] + view.footprint[0] / 2) * tw, (view.square[1] + view.footprint[1] / 2) * th

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The map square under a point of the screen, or None outside the map view."""
        if not MAP_VIEW.collidepoint(pos):
            return None
        wx, wy = self.camera.to_world(pos[0] - MAP_VIEW.x, pos[1] - MAP_VIEW.y)
        x, y = math.floor(wx / self.world.map.tile_w), math.floor(wy / self.world.map.tile_h)
        return (x, y) if 0 <= x < self.world.map.width and 0 <= y < self.world.map.height else None

    def screen_pos(self, square: Square) -> tuple[int, int]:
        """The screen point at the centre of a square (the smoke test clicks through this)."""
        vx, vy = self.camera.to_view((square[0] + 0.5) * self.world.map.tile_w, (square[1] + 0.5) * self.world.map.tile_h)
        return vx + MAP_VIEW.x, vy + MAP_VIEW.y

    def creature_at(self, square: Square) -> CreatureView | None:
        for view in self.views:
            x, y = view.square
            if x <= square[0] < x + view.footprint[0] and y <= square[1] < y + view.footprint[1] \
                    or square in view.cells:
                return view
        return None

    def exit_towards(self, direction: str) -> int | None:
        """The room through the hero room's exit lying most nearly in `direction` (arrow keys, WASD)."""
        dx, dy = bindings.DIRECTIONS[direction]
        hero = self.hero_view()
        cx, cy = self.world.map.rooms[hero.room].centre
        best, best_cos = None, 0.35
        for ex, other in self.world.map.exits_of(hero.room):
            vx, vy = ex.square[0] + 0.5 - cx, ex.square[1] + 0.5 - cy
            length = math.hypot(vx, vy) or 1.0
            cos = (vx * dx + vy * dy) / length
            if cos > best_cos:
                best, best_cos = other, cos
        return best

    # -- commands ----------------------------------------------------------------------------
    def _do(self, command: Command) -> None:
        here = self.hero_view().room
        result = self.driver.do(command)
        if not result.ok:
            self.log.add(result.reason, theme.PROBLEM)
        elif isinstance(command, Move) and self._through_door(here, command.room):
            sound.player.play("door")  # the hero opens a door leaf (an archway is silent)
        if self._drain_events():
            self.read_at = -1  # something happened (a door found locked…): read the world again

    def _through_door(self, room: int, other: int) -> bool:
        """Whether the way from `room` to `other` is a door leaf rather than an open archway."""
        return any(ex.door for ex, to in self.world.map.exits_of(room) if to == other)

    def _click_map(self, square: Square) -> None:
        hero = self.hero_view()
        target = self.creature_at(square)
        if target is not None and not target.is_hero and target.room == hero.room:
            if target.hostile:
                self._do(Attack(hero.eid, target.eid))
            else:
                self._talk(target.eid)  # N46: never an attack; Draw weapon is in the dialogue
            return
        item = next((i for i in views.items_in(self.world, hero.room) if i.square == square), None)
        if item is not None:
            self._do(PickUp(hero.eid, item.eid))
            return
        for ex, other in self.world.map.exits_of(hero.room):
            if ex.square == square:
                self._do(Move(hero.eid, other))
                return
        room = self.world.map.room_at(square)
        if room is not None and room.id != hero.room:
            self._do(Move(hero.eid, room.id))

    def _talk(self, eid: int) -> None:
        """A click or T on a creature that is not hostile opens the dialogue over the dungeon; attacking it
        is a deliberate choice made there (Draw weapon, N46)."""
        if self.driver.busy:
            self.log.add("The dungeon is still moving.", theme.PROBLEM)
            return
        self.known.clear()  # opinions and loyalty change in there
        try:
            self.stack.push("dialogue", person=eid, log=self.log)
        except SceneRefused as exc:
            for problem in exc.problems:
                self.log.add(problem, theme.PROBLEM)

    def _talk_key(self) -> None:
        """T: the creature under the mouse (a hostile one too: it may hear an offer, C4), else the next one
        in the hero's room that is not hostile, nearest first."""
        hero = self.hero_view()
        hx, hy = hero.square
        people = sorted((v for v in self.views if v.room == hero.room and not v.is_hero and not v.hostile),
                        key=lambda v: (abs(v.square[0] - hx) + abs(v.square[1] - hy), v.uid))
        square = self.square_at(self.mouse)
        hover = self.creature_at(square) if square else None
        uids = [v.uid for v in people]
        if hover is not None and not hover.is_hero and hover.room == hero.room:
            target = hover
        elif not people:
            self.log.add("There is no one here to talk to.", theme.PROBLEM)
            return
        else:
            target = people[(uids.index(self.last_talked) + 1) % len(people) if self.last_talked in uids else 0]
        self.last_talked = target.uid
        self._talk(target.eid)

    def _cast_key(self) -> None:
        """M: the binding spell that fits the creature under the mouse (N50-N52), else the next creature in the
        hero's room that a spell the hero knows fits, nearest first; a wrong kind is refused with the reason."""
        hero = self.hero_view()
        hx, hy = hero.square
        world = self.world
        if not spells.known(hero.eid, world):
            self.log.add("You know no binding spell: Druidic, Illusion or Necromancy on your sheet.", theme.PROBLEM)
            return
        square = self.square_at(self.mouse)
        hover = self.creature_at(square) if square else None
        if hover is not None and not hover.is_hero and hover.room == hero.room:
            target = hover
        else:
            fits = sorted((v for v in self.views if v.room == hero.room and not v.is_hero and not v.bound
                           and not spells.may_cast(world, hero.eid, v.eid, spells.spell_for(world, hero.eid, v.eid))),
                          key=lambda v: (abs(v.square[0] - hx) + abs(v.square[1] - hy), v.uid))
            if not fits:
                self.log.add("There is no one here your spells can bind.", theme.PROBLEM)
                return
            uids = [v.uid for v in fits]
            target = fits[(uids.index(self.last_cast) + 1) % len(fits) if self.last_cast in uids else 0]
        self.last_cast = target.uid
        self._do(Cast(hero.eid, target.eid, spells.spell_for(world, hero.eid, target.eid)))

    def _use(self, item: ItemView) -> None:
        command = use_command(self.world.hero, item)
        if command is None:
            self.log.add(f"You cannot use the {item.name}.", theme.PROBLEM)
        else:
            self._do(command)

    def _eat(self) -> None:
        hero = self.hero_view()
        order = ("food", "drink") if hero.hunger >= hero.thirst else ("drink", "food")
        items = views.carried_by(self.world, hero.eid)
        for kind in order:
            item = next((i for i in items if i.kind == kind), None)
            if item is not None:
                self._do(Consume(hero.eid, item.eid))
                return
        self.log.add("You carry nothing to eat or drink.", theme.PROBLEM)

    def _heal(self) -> None:
        hero = self.world.hero
        item = next((i for i in views.carried_by(self.world, hero) if i.kind == "healing"), None)
        if item is None:
            self.log.add("You carry no healing potion.", theme.PROBLEM)
        else:
            self._do(Consume(hero, item.eid))

    def _pick_up(self) -> None:
        hero = self.hero_view()
        items = [i for i in views.items_in(self.world, hero.room) if i.square is not None]
        if not items:
            self.log.add("There is nothing here to pick up.", theme.PROBLEM)
            return
        hx, hy = hero.square
        self._do(PickUp(hero.eid, min(items, key=lambda i: abs(i.square[0] - hx) + abs(i.square[1] - hy)).eid))

    def _reload(self) -> None:
        """F5: the map again from disk, keeping the hero; a bad map's problems go to the log. Not in a world of
        sites, whose settlements' people must persist (N3)."""
        if self.session.realm is not None:
            self.log.add("F5 reloads the map of a one-map run; a world of sites keeps its people.", theme.PROBLEM)
            return
        if self.driver.busy:
            self.log.add("Wait for the dungeon to finish its turn before reloading.", theme.PROBLEM)
            return
        try:
            self.driver.reload_map(load_dungeon(self.world.map.path))
            self.map_layer = map_layer(self.world.map, self.sprites)
            self.torches = TorchLight(torch_squares(self.world.map), self.world.map.tile_w)
        except MapError as exc:
            self.log.add(f"The map was not reloaded ({len(exc.problems)} problems):", theme.PROBLEM)
            for problem in exc.problems:
                self.log.add(problem, theme.PROBLEM)
            return
        except (ContentError, MissingTileset) as exc:
            self.log.add(str(exc), theme.PROBLEM)
            return
        self.camera = Camera(MAP_VIEW.w, MAP_VIEW.h, *self.map_layer.surface.get_size())
        self.camera.look_at(*self._centre_px(self.hero_view()))
        self.log.add(f"Reloaded {self.world.map.path.name} from disk.", theme.NOTE)
        self._drain_events()
        self.shown = snapshot.read(self.world)

    def _screenshot(self) -> None:
        """F12: the window into the player's pictures folder; the log says where, or why not."""
        stem = f"ethernalis-turn{self.world.turn:04d}-{pygame.time.get_ticks()}"
        saved, words = screenshots.save(pygame.display.get_surface(), stem)
        self.log.add(words, theme.NOTE if saved else theme.PROBLEM)

    # -- scene -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            if LOG_VIEW.collidepoint(self.mouse):
                self.log.scroll_by(event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            square = self.square_at(event.pos)
            if square is not None:
                self._click_map(square)
            clicked = self.side.click(event.pos)
            if isinstance(clicked, ItemView):
                self._use(clicked)
            elif clicked == JOURNAL:
                self.stack.push("journal")
            elif isinstance(clicked, Talk):
                self._talk(clicked.target)
            elif clicked is not None:
                self._do(clicked)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        action = bindings.action_for(key)
        if action in bindings.DIRECTIONS:
            room = self.exit_towards(action)
            if room is None:
                self.log.add(f"There is no exit to the {action}.", theme.PROBLEM)
            else:
                self._do(Move(self.world.hero, room))
        elif action == "use_slot":
            items = views.carried_by(self.world, self.world.hero)
            slot = bindings.KEYS["use_slot"][0].index(key)
            if slot < len(items):
                self._use(items[slot])
        else:
            handler = {
                "end_turn": lambda: self._do(EndTurn(self.world.hero)), "eat": self._eat, "heal": self._heal,
                "second_wind": lambda: self._do(SecondWind(self.world.hero)),
                "pick_up": self._pick_up, "reload": self._reload, "screenshot": self._screenshot,
                "surface": self._surface,
                "scent": self._toggle_scent, "help": lambda: self.stack.push("help"), "talk": self._talk_key,
                "cast": self._cast_key,
                "journal": lambda: self.stack.push("journal"),
                "log_older": lambda: self.log.scroll_by(5), "log_newer": lambda: self.log.scroll_by(-5),
                "pause": lambda: self.stack.push("pause", log=self.log),
            }.get(action or "")
            if handler:
                handler()

    def _surface(self) -> None:
        """Climb out to the region map (a world of sites only; one map's run has no region)."""
        if self.session.realm is None:
            self.log.add("This run is one map: there is no region above it.", theme.PROBLEM)
            return
        if self.driver.busy:
            return
        reason = self.session.surface()
        if reason:
            self.log.add(reason, theme.PROBLEM)
        else:
            self.stack.reset("region")

    def _toggle_scent(self) -> None:
        self.show_scent = not self.show_scent
        self.log.add(f"Scent overlay {'on' if self.show_scent else 'off'}.", theme.NOTE)

    def update(self, dt: float) -> None:
        self.clock += dt
        busy = self.driver.busy
        if busy:
            self.driver.advance(TURN_SLICE)
        if self._drain_events() or busy or self.read_at != self.driver.done:  # only when the world changed
            self.shown, self.read_at = snapshot.read(self.world), self.driver.done
        if self.world.over and not self.driver.busy and not self.dead_shown:
            self.dead_shown = True
            self.stack.push("death", cause=self.world.over, turn=self.world.turn)
            return
        self.camera.follow(*self._centre_px(self.shown.hero), dt)
        sound.player.ambient(self.world.map.rooms[self.shown.hero.room].theme)
        k = min(1.0, GLIDE * dt)
        live = set()
        for view in self.views:
            live.add(view.eid)
            tx, ty = view.square[0] * self.world.map.tile_w, view.square[1] * self.world.map.tile_h
            pos = self.glide.setdefault(view.eid, [float(tx), float(ty)])
            pos[0] += (tx - pos[0]) * k
            pos[1] += (ty - pos[1]) * k
        for eid in set(self.glide) - live:
            del self.glide[eid]
        self.floaters.update(dt)
        self.effects.update(dt)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        hero = self.shown.hero
        ox, oy = self.camera.to_view(0, 0)
        topleft = (MAP_VIEW.x + ox, MAP_VIEW.y + oy)
        if not self.map_layer.surface.get_rect(topleft=topleft).contains(MAP_VIEW):
            surface.fill(theme.BACKGROUND, MAP_VIEW)  # around a map smaller than the view
        surface.set_clip(MAP_VIEW)
        self.map_layer.draw(surface, topleft, hero.room)
        self.torches.draw(surface, self.camera, MAP_VIEW, self.clock)
        self._draw_rooms(surface, hero)
        if self.show_scent:
            self._draw_scent(surface)
        self._draw_spawners(surface)
        self._draw_items(surface)
        self.effects.draw_fading(surface, self.camera, MAP_VIEW.topleft)
        self._draw_creatures(surface)
        self.floaters.draw(surface, self.camera, MAP_VIEW.topleft)
        if self.driver.busy:
            widgets.text(surface, "The dungeon stirs…", (MAP_VIEW.x + 12, MAP_VIEW.y + 10), 16, theme.ACCENT, bold=True)
        surface.set_clip(None)
        pygame.draw.rect(surface, theme.PANEL_EDGE, MAP_VIEW, 2)
        shown, self.left_on = self.left_on is surface, None  # the panels as left last frame, nothing over them
        self.log_layer.draw(surface, (self.log.version, theme.Look.version),
                            lambda canvas: self.log.draw(canvas, LOG_VIEW), shown)
        seen = self._seen_squares()
        self.side_layer.draw(surface, (self.shown, self.side.row_at(self.mouse), tuple(seen), theme.Look.version),
                             lambda canvas: self.side.draw(canvas, self.shown, self.mouse, seen), shown)
        if self.stack is None or self.stack.top is not self:
            return  # an overlay (pause, help, death) is up: no hover card under it
        square = self.square_at(self.mouse)
        hover = self.creature_at(square) if square else None
        if hover is not None:
            if hover.eid not in self.known:
                self.known[hover.eid] = acquaintance(self.world, self.world.hero, hover.eid)
            odds = None if hover.is_hero or not self.world.alive(self.world.hero) else \
                both_ways(self.world, self.world.hero, hover.eid)
            draw_card(surface, hover, self.mouse, self.known[hover.eid], odds)
        elif square is None or not self._draw_item_label(surface, square):
            self.left_on = surface

    def _seen_squares(self) -> pygame.Rect:
        """The squares the map view shows now (the minimap's frame)."""
        tw, th = self.world.map.tile_w, self.world.map.tile_h
        x, y = self.camera.to_world(0, 0)
        return pygame.Rect(math.floor(x / tw), math.floor(y / th), math.ceil(MAP_VIEW.w / tw), math.ceil(MAP_VIEW.h / th))

    def _room_rect(self, room_id: int) -> pygame.Rect:
        room = self.world.map.rooms[room_id]
        tw, th = self.world.map.tile_w, self.world.map.tile_h
        x, y = self.camera.to_view(room.x * tw, room.y * th)
        return pygame.Rect(MAP_VIEW.x + x, MAP_VIEW.y + y, room.w * tw, room.h * th)

    def _draw_rooms(self, surface: pygame.Surface, hero: CreatureView) -> None:
        """The hero's room outlined in gold; a hovered room the hero can walk to in green."""
        pulse = 0.75 + 0.25 * math.sin(self.clock * 3)
        pygame.draw.rect(surface, (int(240 * pulse), int(196 * pulse), 110), self._room_rect(hero.room), 2)
        square = self.square_at(self.mouse)
        if square is None:
            return
        for ex, other in self.world.map.exits_of(hero.room):
            room = self.world.map.rooms[other]
            if ex.square == square or room.contains(square):
                pygame.draw.rect(surface, theme.FRIEND, self._room_rect(other), 2)
                tw = self.world.map.tile_w
                door = pygame.Rect(0, 0, tw, tw)
                door.center = self.screen_pos(ex.square)
                pygame.draw.rect(surface, theme.FRIEND, door, 2)
                lock = " (locked)" if ex.locked else ""
                widgets.text(surface, f"Go to {room.name}{lock}", (self.mouse[0] + 14, self.mouse[1] + 14), 14,
                             theme.FRIEND, bold=True)

    def _draw_scent(self, surface: pygame.Surface) -> None:
        """C: the hero's scent per room (N15), stronger scent in a deeper amber."""
        for room_id, strength in self.shown.scent.items():
            if strength < 0.05:
                continue
            rect = self._room_rect(room_id)
            surface.blit(widgets.tint(rect.size, (*theme.SCENT, int(20 + 90 * min(1.0, strength)))), rect.topleft)
            widgets.text(surface, f"scent {strength:.2f}", (rect.x + 4, rect.y + 2), 13, (255, 230, 180), bold=True)

    def _draw_spawners(self, surface: pygame.Surface) -> None:
        """N26: a clock badge with the turns left on every spawner."""
        for spawner, turns_left in self.shown.clocks:
            cx, cy = self.screen_pos(spawner.square)
            centre = (cx + 10, cy - 10)
            pygame.draw.circle(surface, (20, 14, 30), centre, 13)
            pygame.draw.circle(surface, (220, 140, 240), centre, 13, 2)
            angle = -math.pi / 2 + 2 * math.pi * (1 - turns_left / max(1, spawner.interval))
            pygame.draw.line(surface, (220, 140, 240), centre,
                             (centre[0] + 9 * math.cos(angle), centre[1] + 9 * math.sin(angle)), 2)
            label = labels.text(str(turns_left), 12, theme.TEXT, bold=True)
            surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 22)))

    def _draw_items(self, surface: pygame.Surface) -> None:
        for items in self.shown.floor.values():
            for item in items:
                x, y = self.screen_pos(item.square)
                if MAP_VIEW.colliderect((x - 16, y - 16, 32, 32)):  # only those on screen
                    surface.blit(self.sprites.item(item.item_id), (x - 16, y - 16))

    def _draw_creatures(self, surface: pygame.Surface) -> None:
        tw = self.world.map.tile_w
        for view in sorted(self.views, key=lambda v: (v.is_hero, v.square[1])):
            wx, wy = self.glide.get(view.eid, (view.square[0] * tw, view.square[1] * tw))
            vx, vy = self.camera.to_view(wx, wy)
            rect = pygame.Rect(MAP_VIEW.x + vx, MAP_VIEW.y + vy, view.footprint[0] * tw, view.footprint[1] * tw)
            if not rect.colliderect(MAP_VIEW):
                continue
            side = markers.side_of(view)
            self._draw_other_heads(surface, view, side)
            surface.blit(markers.ring(side, (rect.w - 6, 8), (0, 0, 0)), (rect.x + 3, rect.bottom - 9))
            sprite = self.effects.tinted(view.uid, self._sprite(view))
            surface.blit(sprite, sprite.get_rect(midbottom=(rect.centerx, rect.bottom - 1)))
            if view.health < view.max_health:
                widgets.bar(surface, pygame.Rect(rect.x + 3, rect.y - 5, rect.w - 6, 4), view.health, view.max_health,
                            theme.HEALTH)
            if view.level >= 1 and not view.is_hero:
                widgets.text(surface, str(view.level), (rect.x, rect.y), 11, theme.ACCENT, bold=True)
            if view.heads > 1:  # C39: the last head wears no count
                count = labels.text(f"×{view.heads}", 11, theme.TEXT, bold=True)
                surface.blit(count, count.get_rect(bottomright=(rect.right, rect.bottom)))
            if view.bound:  # N56: the countdown on a bound creature's square, bottom left ("!": its end waits)
                words = str(view.bound_turns) if view.bound_turns else "!"
                count = labels.text(words, 12, theme.BOUND, bold=True)
                spot = count.get_rect(bottomleft=(rect.x + 1, rect.bottom))
                surface.blit(labels.text(words, 12, (0, 0, 0), bold=True), spot.move(1, 1))
                surface.blit(count, spot)
            if view.stunned:
                widgets.text(surface, "zz", (rect.right - 14, rect.y), 12, (240, 220, 120), bold=True)
            elif view.mood in MOOD_MARKS:
                mark, colour = MOOD_MARKS[view.mood]
                widgets.text(surface, mark, (rect.right - 8, rect.y - 2), 15, colour, bold=True)

    def _draw_other_heads(self, surface: pygame.Surface, view: CreatureView, side: str) -> None:
        """A group's heads beyond the first stand on squares of their own (C31): smaller figures there."""
        if len(view.cells) < 2:
            return
        tw = self.world.map.tile_w
        small = self.sprites.scaled(self._sprite(view), 0.75)
        for cell in view.cells[1:]:
            vx, vy = self.camera.to_view(cell[0] * tw, cell[1] * tw)
            rect = pygame.Rect(MAP_VIEW.x + vx, MAP_VIEW.y + vy, tw, tw)
            if rect.colliderect(MAP_VIEW):
                surface.blit(markers.ring(side, (rect.w - 12, 6)), (rect.x + 6, rect.bottom - 7))
                surface.blit(small, small.get_rect(midbottom=(rect.centerx, rect.bottom - 1)))

    def _draw_item_label(self, surface: pygame.Surface, square: Square) -> bool:
        """The names of the items lying on the hovered square; whether there were any."""
        room = self.world.map.room_at(square)
        names = [i.name for i in self.shown.floor.get(room.id, ()) if i.square == square] if room else []
        if names:
            image = labels.text(", ".join(names), 14, (190, 210, 160), bold=True)
            rect = image.get_rect(topleft=(self.mouse[0] + 16, self.mouse[1] + 12)).inflate(12, 8)
            rect.clamp_ip(surface.get_rect())
            widgets.panel(surface, rect, alpha=230)
            surface.blit(image, image.get_rect(center=rect.center))
        return bool(names)
