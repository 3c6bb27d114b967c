"""The dungeon screen: the map, its creatures and items, the hero's panel, the message log.

A thin scene over three parts: `dungeon_input` (a key or click -> a command, a screen, a line for the log),
`dungeon_targets` (who or what it means) and `dungeon_render` (the map view). It reads the world through views
and events and changes it only through commands (docs/architecture.md); the views are read again only after a
change (game/ui/snapshot.py). A world turn runs a slice per frame (Driver.advance) so the screen never freezes
while the dungeon moves.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from game.content.errors import ContentError
from game.maps.errors import MapError
from game.maps.model import Square
from game.ui import (bindings, danger, dungeon_targets, itemcard, logcolours, screenshots, snapshot, sound, theme,
                     widgets)
from game.ui.card import WIDTH as CARD_WIDTH, draw_card
from game.ui.dungeon_input import DungeonInput, Local, Open, Refuse, Request, TalkTo, pack_lines
from game.ui.dungeon_render import MAP_VIEW, MapView
from game.ui.danger import Warning
from game.ui.effects import HIT_KINDS, subject
from game.ui.itemcard import draw_item_card
from game.ui.maprender import MissingTileset
from game.ui.recap import Recap
from game.ui.scene import Scene, SceneRefused
from game.ui.sidepanel import SidePanel
from game.ui.stacks import stacked
from game.launch import load_dungeon
from game.world import knowledge, views, wayfinding
from game.world.commands import Command, Move
from game.world.events import Event
from game.world.fightodds import both_ways
from game.world.herofacts import pack_nearly_full
from game.world.talkview import Acquaintance, acquaintance
from game.world.targets import Target
from game.world.victoryview import FELL, victory_view
from game.world.views import CreatureView, ItemView

if TYPE_CHECKING:
    from game.ui.session import Session

LOG_VIEW = pygame.Rect(0, 548, 960, 172)
SIDE = pygame.Rect(960, 0, 320, 720)
LAST_LINES = 6  # the log's last lines the death screen repeats
TURN_SLICE = 0.006  # seconds of world turn per frame (issue 4: the game never freezes)
LOGGED_SCREENS = ("pause",)  # screens that take the message log
CARD_OFFSET = 18  # a card stands this far right of and below the point it is drawn beside
STEP_PAUSE = 0.15  # seconds between a plan's steps once the world turn is done: the walk is seen (issue 23)


class DungeonScene(Scene):
    """The session's current world; `loaded` when it was carried on from a save (the log says so)."""

    def __init__(self, session: Session, loaded: bool = False) -> None:
        super().__init__()
        self.session = session
        self.driver = session.driver
        self.world = world = session.world
        self.sprites = session.sprites
        self.log = widgets.MessageLog()
        # the log is saved with the run: a world's goes on from place to place, one map's is its world's
        self.log.lines = session.realm.log if session.realm is not None else world.log
        self.show_scent = False
        self.mouse: tuple[int, int] = (-1, -1)
        self.going: int | None = None  # the room a travel set out for, marked until the hero stands in it
        self.shown = snapshot.read(world)
        self.read_at = self.driver.done  # the commands carried out when `shown` was read (here or over it)
        self.input = DungeonInput()
        self.side = SidePanel(SIDE, self.sprites)
        self.log_layer, self.side_layer = widgets.Layer(LOG_VIEW), widgets.Layer(SIDE)  # painted when they change
        self.left_on: pygame.Surface | None = None  # the screen this scene drew last, on top, with no popup
        self.dead_shown = False
        self.victory_on: int | None = None  # the turn the siege fell, until the victory screen shows it
        self.looking: int | None = None  # the look mode's place among `dungeon_targets.sights`, when on
        self.warning = Warning()  # the low-health warning (game/ui/danger.py)
        self.recap = Recap()  # what the death screen tells (game/ui/recap.py)
        self.known: dict[int, Acquaintance | None] = {}  # the hover card's ties, until something happens
        self.view = MapView(world.map, self.sprites, self.shown.hero)
        self.plan: wayfinding.Plan | None = None  # travel, explore or rest under way (issue 23)
        self.plan_wait = 0.0
        title = world.map.properties.get("title", world.map.name)
        self.log.add(f"You enter {title}. Press F1 for the controls.", theme.NOTE)
        if session.realm is not None:
            for event in session.realm.pop_events():  # the journey here (N62: a site found on the road)
                self.log.add(event.text, theme.NOTE)
            up = world.map.properties.get("surface", "")
            here = up == world.map.rooms[self.shown.hero.room].name
            self.log.add(f"The way up to the region is here in {up}: press U." if here else
                         f"The way up to the region is in {up}: press U there." if up else
                         "This place has no way up to the region.", theme.NOTE)
        self._drain_events()
        if loaded:
            self.log.add(f"Game loaded: turn {world.turn}.", theme.NOTE)
        self._hint()  # entering a settlement, a foe in sight: the hint shows before the first turn

    # -- reading the world -------------------------------------------------------------------
    def hero_view(self) -> CreatureView:
        """The hero as the world has it now (the screen draws `shown.hero`, read after the last change)."""
        return views.creature(self.world, self.world.hero)

    @property
    def views(self) -> list[CreatureView]:
        """The living creatures as last read."""
        return self.shown.views

    @property
    def camera(self):
        return self.view.camera

    @property
    def floaters(self):
        return self.view.floaters

    def _drain_events(self) -> bool:
        """Log, label and flash what happened since the last frame; whether anything did."""
        events = self.world.pop_events()
        if events:
            self.known.clear()
            self.session.note(self.world, events)  # for the morgue file (game/hall.py)
        ours = logcolours.ours(self.world) if events else set()
        self.recap.note(self.world, events)
        for event in events:
            self._show(event)
            if event.kind == FELL:
                self.victory_on = event.turn
            if event.kind == "turn":
                self.log.separator(f"— turn {event.turn} —", theme.LOG_COLOURS["turn"])
            elif self.world.hears(event):
                self.log.add(event.text, logcolours.colour(event, ours))
                sound.player.event(event)
        self._mourn(events)
        for line in knowledge.sounds(self.world, events):  # issue 23: heard, not seen
            self.log.add(line, theme.TEXT_DIM)
        return bool(events)

    def _mourn(self, events: list[Event]) -> None:
        """A companion's death is a line the player cannot miss, wherever it fell (issue 23), a sound, and a mark
        on the party panel: the fallen stays listed there, marked, until the hero leaves this place."""
        party = {view.uid: view.name for view, _ in self.shown.party}
        for event in events:
            fallen = event.target if event.kind == "killed" else event.actor if event.kind == "death" else None
            if fallen in party:
                name = party.pop(fallen)
                self.log.add(self.world.content.companions.lines["fallen"].format(name=name), theme.HOSTILE)
                self.side.fallen.append((name, event.turn))
                sound.player.play("warning")

    def _show(self, event: Event) -> None:
        """Floating label, hit flash or fading corpse for the creatures an event is about."""
        label_uid, effect_uid = self.view.floaters.who(event), subject(event)
        tw, th = self.world.map.tile_w, self.world.map.tile_h
        for uid in dict.fromkeys((label_uid, effect_uid)):
            view = self.shown.by_uid.get(uid)
            if view is None:
                continue
            x, y = self.view.glide.get(view.eid, (view.square[0] * tw, view.square[1] * th))
            if view.uid == label_uid:
                self.view.floaters.add(event, x + view.footprint[0] * tw / 2, y - 4)
            if view.uid == effect_uid and event.kind in HIT_KINDS:
                self.view.effects.hit(view.uid)
            elif view.uid == effect_uid:
                self.view.effects.slain(view.uid, self.view.sprite(view, self._portraits), x, y,
                                        view.footprint[0] * tw)

    @property
    def _portraits(self) -> dict:
        return self.world.content.heroes.portraits

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The map square under a point of the screen, or None outside the map view."""
        return self.view.square_at(pos)

    def screen_pos(self, square: Square) -> tuple[int, int]:
        """The screen point at the centre of a square (the smoke test clicks through this)."""
        return self.view.screen_pos(square)

    def creature_at(self, square: Square) -> CreatureView | None:
        return dungeon_targets.creature_at(self.views, square)

    def exit_towards(self, direction: str) -> int | None:
        """The room through the exit whose door lies in `direction` from the hero (arrow keys, WASD)."""
        hero = self.hero_view()
        return dungeon_targets.exit_towards(self.world.map, hero.room, hero.square, direction)

    def _hover(self) -> CreatureView | None:
        square = self.square_at(self.mouse)
        return self.creature_at(square) if square else None

    # -- requests ----------------------------------------------------------------------------
    def request(self, request: Request | None) -> None:
        """Carry out what a key or click asked for."""
        if request is None:
            return
        if isinstance(request, Refuse):
            self.log.add(request.reason, theme.PROBLEM)
        elif isinstance(request, TalkTo):
            self._talk(request.eid)
        elif isinstance(request, Open):
            self._open(request.name, **request.args)
        elif isinstance(request, Local):
            self._local(request)
        elif isinstance(request, Command):
            self._do(request)

    def start_plan(self, kind: str, room: int = 0) -> None:
        """Travel to `room`, explore or rest (game/world/wayfinding.py): stepped in `update`, a room a turn."""
        if self.driver.busy:
            self.log.add("The dungeon is still moving.", theme.PROBLEM)
            return
        plan = wayfinding.Plan(self.driver, kind, room if kind == "travel" else None, bindings.Explore.pick_up)
        if plan.stopped:
            self.log.add(plan.stopped, theme.PROBLEM)
            return
        clear = plan.keeping_clear() if kind != "rest" else ""  # the hostiles already seen stay where they are
        words = {"explore": "You explore", "rest": "You rest"}.get(kind, f"You set out for {self.world.room_name(room)}")
        words += f", keeping clear of {clear}." if clear else "."
        self.log.add(f"{words} Any key stops.", theme.NOTE)
        self.plan, self.plan_wait = plan, 0.0
        if kind == "travel":
            self.going, self.read_at = room, -1  # marked on the map and the minimap at once

    def _marked(self, shown: snapshot.Snapshot) -> snapshot.Snapshot:
        """The snapshot with the room the hero travels to marked like the journal's targets (issue 23)."""
        if self.going is None or any(t.room == self.going for t in shown.targets):
            return shown
        going = Target(self.going, self.world.room_name(self.going), "where you are going")
        return dataclasses.replace(shown, targets=(*shown.targets, going))

    def stop_plan(self, why: str) -> None:
        if self.plan is not None:
            self.log.add(why, theme.NOTE)
            self.plan = None

    def places(self) -> list[tuple[int, str]]:
        """The known rooms but this one, nearest first by the known way, with how far and what is there."""
        found = []
        for room in sorted(self.shown.known - {self.shown.hero.room}):
            path = knowledge.route(self.world, room)
            if path is not None:
                far = f"{len(path)} room{'s' if len(path) != 1 else ''} away"
                found.append((len(path), self.world.room_name(room), room, far))
        return [(room, f"{name}  ·  {far}") for _, name, room, far in sorted(found)]

    def _step_plan(self, dt: float) -> None:
        """The plan's next step once the world turn is over and the walk has been seen."""
        if self.plan is None or self.driver.busy or self.stack is None or self.stack.top is not self:
            return
        self.plan_wait -= dt
        if self.plan_wait > 0:
            return
        going = self.plan.step()
        self.plan_wait = STEP_PAUSE
        self.read_at = -1
        if not going:
            self.stop_plan(self.plan.stopped)

    def _open(self, name: str, **args) -> None:
        if name == "places":
            args = {"places": self.places(), "choose": lambda room: self.start_plan("travel", room)}
        elif name == "journal":
            args = {"go": lambda room: self.start_plan("travel", room)}  # its "Go there"
        try:
            self.stack.push(name, **args, **({"log": self.log} if name in LOGGED_SCREENS else {}))
        except SceneRefused as exc:
            for problem in exc.problems:
                self.log.add(problem, theme.PROBLEM)

    def _local(self, request: Local) -> None:
        if request.what == "log":
            self.log.scroll_by(request.amount)
        elif request.what == "page":
            self.read_at = -1  # the panel shows the page the number keys reach
        elif request.what == "look":
            self.looking = None if self.looking is not None else 0
        elif request.what in ("travel", "explore", "rest"):
            self.start_plan(request.what, request.amount)
        else:
            {"reload": self._reload, "screenshot": self._screenshot, "surface": self._surface,
             "scent": self._toggle_scent}[request.what]()

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
        self.request(self.input.click_map(square, self.world, self.shown, self.hero_view()))

    def _talk(self, eid: int) -> None:
        """A click or T on a creature that is not hostile opens the dialogue over the dungeon; attacking it
        is a deliberate choice made there (Draw weapon, N46)."""
        if self.driver.busy:
            self.log.add("The dungeon is still moving.", theme.PROBLEM)
            return
        self.known.clear()  # opinions and loyalty change in there
        self._open("dialogue", person=eid, log=self.log)

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
            self.view.load(self.world.map)
        except MapError as exc:
            count = len(exc.problems)
            self.log.add(f"The map was not reloaded ({count} problem{'' if count == 1 else 's'}):", theme.PROBLEM)
            for problem in exc.problems:
                self.log.add(problem, theme.PROBLEM)
            return
        except (ContentError, MissingTileset) as exc:
            self.log.add(str(exc), theme.PROBLEM)
            return
        self.view.camera.look_at(*self.view.centre_px(self.hero_view()))
        self.log.add(f"Reloaded {self.world.map.path.name} from disk.", theme.NOTE)
        self._drain_events()
        self.shown = self._marked(snapshot.read(self.world))

    def _screenshot(self) -> None:
        """F12: the window into the player's pictures folder; the log says where, or why not."""
        stem = f"ethernalis-turn{self.world.turn:04d}-{pygame.time.get_ticks()}"
        saved, words = screenshots.save(pygame.display.get_surface(), stem)
        self.log.add(words, theme.NOTE if saved else theme.PROBLEM)

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

    # -- the look mode (x) -------------------------------------------------------------------
    def sights(self) -> list[dungeon_targets.Sight]:
        """What the look mode steps through now."""
        return dungeon_targets.sights(self.world.map, self.shown.hero, self.views,
                                      self.shown.floor.get(self.shown.hero.room, ()))

    def looked_at(self) -> dungeon_targets.Sight | None:
        """The thing the look mode points at, if it is on."""
        if self.looking is None:
            return None
        found = self.sights()
        return found[self.looking % len(found)] if found else None

    def _look_key(self, key: int) -> bool:
        """Keys while looking: arrows, Tab or x step, Enter acts on the thing (as a click would), Esc stops.
        Whether the key was the look mode's."""
        step = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_d: 1, pygame.K_s: 1,
                pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_a: -1, pygame.K_w: -1}.get(key)
        if step is not None:
            self.looking = (self.looking or 0) + step
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            sight = self.looked_at()
            self.looking = None
            if sight is not None and not (sight.creature and sight.creature.is_hero):
                self._click_map(sight.square)
        elif key == pygame.K_ESCAPE or bindings.action_for(key) == "look":
            self.looking = None
        else:
            return False
        return True

    # -- scene -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.plan is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop_plan("You stop.")  # any key or click stops a plan (issue 23)
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            if LOG_VIEW.collidepoint(self.mouse):
                self.log.scroll_by(event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.session.hints.rect.collidepoint(event.pos):
                self.session.hints.dismiss()
                return
            square = self.square_at(event.pos)
            if square is not None:
                self._click_map(square)
            on_minimap = self.side.minimap.square_at(self.world.map, event.pos)
            room = self.world.map.room_at(on_minimap) if on_minimap else None
            if room is not None and room.id in self.shown.known and room.id != self.shown.hero.room:
                self.start_plan("travel", room.id)
                return
            clicked = self.side.click(event.pos)
            if clicked is not None:
                self.input.per_page = self.side.pack_rows
                self.request(self.input.panel(clicked, self.world.hero, len(pack_lines(self.shown))))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        if bindings.action_for(key) == "dismiss_hint":
            self.session.hints.dismiss()
            return
        if self.looking is not None and self._look_key(key):
            return
        self.input.per_page = self.side.pack_rows
        self.request(self.input.key(key, self.world, self.shown, self.hero_view(), self._hover()))

    @property
    def animating(self) -> bool:
        """A world turn running, labels rising, a hit flashing, a sprite or the camera still gliding."""
        view = self.view
        return self.driver.busy or view.moving or self.warning.flash > 0 or \
            bool(view.floaters.items or view.effects.flashes or view.effects.fading)

    def update(self, dt: float) -> None:
        self._step_plan(dt)
        busy = self.driver.busy
        if busy:
            self.driver.advance(TURN_SLICE)
        if self._drain_events() or busy or self.read_at != self.driver.done:  # only when the world changed
            if self.going == self.world.room_of(self.world.hero):
                self.going = None
            self.shown, self.read_at = self._marked(snapshot.read(self.world)), self.driver.done
            self._warn()
            self._hint()
            self.recap.watch(self.world, self.shown)
        if self.world.over and not self.driver.busy and not self.dead_shown:
            self.dead_shown = True
            last = [words for words, colour in self.log.lines if not words.startswith("—")][-LAST_LINES:]
            self.stack.push("death", cause=self.world.over, turn=self.world.turn,
                            recap=self.recap.summary(self.world), last=last)
            return
        if self.victory_on is not None and not self.driver.busy:
            view = victory_view(self.world, self.victory_on)
            self.victory_on = None
            if view is not None:
                self.stack.push("victory", view=view)
                return
        sound.player.ambient(self.world.map.rooms[self.shown.hero.room].theme)
        self.view.update(dt, self.shown)
        self.warning.update(dt)

    def _warn(self) -> None:
        """A danger that has just begun: a line in the log and a sound (the health bar flashes, draw)."""
        began = self.warning.check(self.world, self.shown)
        if began is not None:
            self.log.add(began.line, theme.HOSTILE)
            sound.player.play("warning")

    def _hint(self) -> None:
        """The first-time hints (game/ui/guide.py) for what the hero meets now: a settlement, a foe in its room,
        low health, a pack nearly full; the world's goal (issue 24) after the settlement's hint."""
        hints, hero = self.session.hints, self.shown.hero
        if self.world.map.kind != "dungeon":
            hints.notice("settlement")
            hints.notice("goal")  # issue 24: the world's goal, once the first hint is out of the way
        if any(danger.foe(v) and v.room == hero.room for v in self.shown.views):
            hints.notice("hostile")
        if 0 < hero.health < hero.max_health * self.world.content.tuning["warning"]["health_share"]:
            hints.notice("low_health")
        if pack_nearly_full(self.world, self.world.hero):
            hints.notice("full_pack")

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        sight = self.looked_at()
        self.view.draw(surface, self.shown, self.mouse, self._portraits, self.show_scent, self.driver.busy,
                       sight.square if sight else None)
        if self.stack is None or self.stack.top is self:  # a screen over the map (death, pause) hides the hint
            self.session.hints.draw(surface, MAP_VIEW)
        shown, self.left_on = self.left_on is surface, None  # the panels as left last frame, nothing over them
        self.log_layer.draw(surface, (self.log.version, theme.Look.version),
                            lambda canvas: self.log.draw(canvas, LOG_VIEW), shown)
        seen = self.view.seen_squares()
        panel_key = (self.shown, self.side.row_at(self.mouse), tuple(seen), theme.Look.version, self.input.page)
        self.side_layer.draw(surface, panel_key,
                             lambda canvas: self.side.draw(canvas, self.shown, self.mouse, seen, self.input.page),
                             shown and self.warning.now is None)  # a warning draws over it
        self.warning.draw(surface, self.side.health_bar, self.view.clock)
        if self.stack is None or self.stack.top is not self:
            return  # an overlay (pause, help, death) is up: no hover card under it
        if sight is not None:
            self._draw_sight(surface, sight)
            return
        square = self.square_at(self.mouse)
        hover = self.creature_at(square) if square else None
        row = self.side.click(self.mouse)
        if hover is not None:
            self._draw_creature_card(surface, hover, self.mouse)
        elif isinstance(row, ItemView):  # a pack line: the item's card beside it, over the map
            draw_item_card(surface, self.world, row.eid, (SIDE.x - itemcard.WIDTH - 40, self.mouse[1] - 30),
                           self.world.hero)
        elif square is None or not self._draw_floor_card(surface, square):
            self.left_on = surface

    def _draw_floor_card(self, surface: pygame.Surface, square: Square) -> bool:
        """The card of what lies on a hovered square (one line), else its lines' names; whether anything does."""
        room = self.world.map.room_at(square)
        here = [i for i in self.shown.floor.get(room.id, ()) if i.square == square] if room else []
        if len(stacked(here)) == 1:
            draw_item_card(surface, self.world, here[0].eid, self.mouse, self.world.hero)
            return True
        return self.view.draw_item_label(surface, self.shown, square, self.mouse)

    def _draw_creature_card(self, surface: pygame.Surface, view: CreatureView, near: tuple[int, int]) -> None:
        if view.eid not in self.known:
            self.known[view.eid] = acquaintance(self.world, self.world.hero, view.eid)
        odds = None if view.is_hero or not self.world.alive(self.world.hero) else \
            both_ways(self.world, self.world.hero, view.eid)
        draw_card(surface, view, near, self.known[view.eid], odds)

    def _draw_sight(self, surface: pygame.Surface, sight: dungeon_targets.Sight) -> None:
        """The look mode's card in the map view's top corner away from the thing it points at (the creature
        card, the item card or the exit), and the keys at the view's foot."""
        x, _ = self.screen_pos(sight.square)
        width = itemcard.WIDTH if sight.items else CARD_WIDTH
        left = MAP_VIEW.x + 8 if x > MAP_VIEW.centerx else MAP_VIEW.right - 8 - width
        near = (left - CARD_OFFSET, MAP_VIEW.y + 8 - CARD_OFFSET)  # the cards stand CARD_OFFSET from `near`
        if sight.creature is not None:
            self._draw_creature_card(surface, sight.creature, near)
        elif sight.items:
            draw_item_card(surface, self.world, sight.items[0].eid, near, self.world.hero)
        else:
            words = f"Exit to {sight.label}: Enter goes there"
            rect = widgets.panel(surface, pygame.Rect(left, MAP_VIEW.y + 8, width, widgets.line_height(15, True) + 20),
                                 alpha=235)
            widgets.text(surface, widgets.fit(words, 15, rect.w, bold=True), rect.topleft, 15, theme.FRIEND, bold=True)
        hint = "Looking: arrows or Tab step, Enter acts, Esc or X stops"
        size = theme.font(14, True).size(hint)
        strip = pygame.Rect(0, 0, size[0] + 16, size[1] + 6)
        strip.midbottom = (MAP_VIEW.centerx, MAP_VIEW.bottom - 6)
        surface.blit(widgets.tint(strip.size, (*theme.PANEL_DARK, 210)), strip)
        widgets.text(surface, hint, (strip.centerx, strip.y + 3), 14, theme.ACCENT, bold=True, centre=True)
