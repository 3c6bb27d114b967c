"""The dungeon screen's side panel: the hero's bars, the day clock (N75), then the sections "In this room",
Party, the room's exits, the pack and the floor, above the minimap's own reserved box and the foot line.

Rows are as tall as the text size makes them, and the sections share the height left between the bars and
the minimap: the room's exits and the party always show whole, "In this room" names the most dangerous
first and counts the rest on a "more" line (X looks through them), and the pack shows as many lines as fit,
numbered for the 1-9 keys, with a line that pages on (Tab) and opens the inventory screen (I). Every line is
clickable: use an item, go through an exit, talk to a creature or attack a hostile one.
"""
from __future__ import annotations

import pygame

from game.rules import clock
from game.ui import bindings, dungeon_targets, markers, theme, widgets
from game.ui.bands import Bands
from game.ui.minimap import Minimap
from game.ui.snapshot import Snapshot
from game.ui.sprites import SpriteCache
from game.ui.stacks import Stack, stacked
from game.world.commands import Attack, Command, Consume, Equip, Move, Repair, Talk
from game.world.views import CreatureView, ItemView

ROW_HOVER = (50, 44, 66)
MINIMAP_HEIGHT = 132
FOOT = 34  # the foot line's height (controls hint and the Journal button)
JOURNAL = "journal"  # what the Journal button at the foot asks for
FOOT_HINTS = (("help", "controls"), ("pause", "menu"), ("character", "hero"))  # the foot line's, as room allows
PACK_PAGE = "pack_page"  # what the pack's paging line asks for
INVENTORY = "inventory"  # what the Pack heading asks for: the inventory screen
CHARACTER = "character"  # what the hero's name asks for: the character sheet
MOST_PACK = 9  # the number keys 1-9
LEAST_PACK = 2  # pack lines kept when the room is crowded
LEAST_ROOM = 4  # creatures named in a crowd before the pack grows
USABLE = {"food": Consume, "drink": Consume, "healing": Consume, "weapon": Equip, "armour": Equip, "repair": Repair}
FLOOR = (190, 210, 160)
ARROWS = {"Up": "↑", "Down": "↓", "Left": "←", "Right": "→"}  # the arrow keys as the exits list prints them


def use_command(actor: int, item: ItemView) -> Command | None:
    """Consume provisions and potions, equip weapons and armour, mend armour with a repair kit (C26); None
    for what cannot be used."""
    command = USABLE.get(item.kind)
    return command(actor, item.eid) if command else None


def room_order(shown: Snapshot) -> list[CreatureView]:
    """Who shares the hero's room, party aside (listed under Party): hostiles first, the most dangerous (the
    most damage it deals the hero a turn, by the card's odds; then level and health) leading, then companions
    bound to the hero, then the others."""
    party = {view.eid for view, _ in shown.party}
    here = [v for v in shown.views if v.room == shown.hero.room and not v.is_hero and v.eid not in party]
    return sorted(here, key=lambda v: (0 if v.hostile else 1 if v.bound else 2, -shown.threat.get(v.eid, 0.0),
                                       -v.level, -v.health * max(1, v.heads), v.name, v.uid))


def direction_key(direction: str | None) -> str:
    """The first key of a move action, as the exits list prints it ("↑" for the Up arrow, "Y" for a Y)."""
    if direction is None:
        return ""
    name = bindings.label(bindings.KEYS[direction][0][0])
    return ARROWS.get(name, name)


def floor_lines(floor: list[Stack]) -> list[str]:
    """What lies on the room's floor: springs and patches with the key that uses them, then what G picks up."""
    eat = bindings.key_names("eat")
    lines = [f"{line.name}: {eat} {'drinks' if line.first.kind == 'drink' else 'eats'} here"
             for line in floor if line.first.fixture]
    loose = [line.name for line in floor if not line.first.fixture]
    if loose:
        lines.append(f"On the floor ({bindings.key_names('pick_up')} picks up): " + ", ".join(loose))
    return lines


SECTION_ORDER = ("room", "exits", "pack", "party", "floor")  # who gets its least first
GROWTH_ORDER = ("room", "pack", "exits", "floor")  # then who grows first


def allot(wanted: dict[str, tuple[int, int]], heads: dict[str, bool], height: int, row: int,
          head: int) -> dict[str, int]:
    """Rows per section within `height` pixels: each (heading and) its least rows in SECTION_ORDER while they
    fit, a section that does not fit collapsing to its heading (0 rows); then the rest to the sections in
    GROWTH_ORDER up to the most each wants. `wanted`: section -> (least, most) rows."""
    left = height - sum(head for name in SECTION_ORDER if heads[name]) - 4 * len(SECTION_ORDER)
    rows = {}
    for name in SECTION_ORDER:
        least = wanted[name][0] * row
        rows[name] = wanted[name][0] if least <= left else 0
        left -= rows[name] * row
    for name in GROWTH_ORDER:
        more = min(wanted[name][1] - rows[name], max(0, left // row)) if rows[name] or not heads[name] else 0
        rows[name] += more
        left -= more * row
    return rows


class SidePanel:
    def __init__(self, rect: pygame.Rect, sprites: SpriteCache) -> None:
        self.rect = rect
        self.sprites = sprites
        self.clickable: list[tuple[pygame.Rect, object]] = []  # row -> ItemView, Move, Talk, Attack or a name
        self.pack_rows = MOST_PACK  # pack lines the last drawing showed: the number keys reach as many
        self.health_bar = pygame.Rect(0, 0, 0, 0)  # where the hero's health bar was drawn last
        self.fallen: list[tuple[str, int]] = []  # companions dead in this place: (name, turn), listed under Party
        inner = rect.inflate(-2 * widgets.PAD, -2 * widgets.PAD)
        self.minimap = Minimap(pygame.Rect(inner.x, rect.bottom - widgets.PAD - FOOT - MINIMAP_HEIGHT, inner.w,
                                           MINIMAP_HEIGHT))
        self.bands = Bands(rect.x + 2, rect.right - 2)  # issue 28: only the sections that changed are painted

    def click(self, pos: tuple[int, int]) -> object | None:
        """What the line under `pos` asks for: an ItemView to use, a Move / Talk / Attack command, or a name
        (JOURNAL, PACK_PAGE, INVENTORY)."""
        return next((target for row, target in self.clickable if row.collidepoint(pos)), None)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """Which clickable line `pos` is over (it is drawn highlighted), if any."""
        return next((i for i, (row, _) in enumerate(self.clickable) if row.collidepoint(pos)), None)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], seen: pygame.Rect,
             page: int = 0) -> list[pygame.Rect] | None:
        """The panel for the hero of `shown`; `seen` are the squares on screen, `page` the pack's page. Returns
        the bands painted again (None: the whole panel)."""
        self.clickable = []
        inner = self.rect.inflate(-2 * widgets.PAD, -2 * widgets.PAD)
        if self.bands.begin(surface, (theme.Look.version, theme.Look.shape_markers, tuple(bindings.KEYS.items()))):
            widgets.panel(surface, self.rect)
        band, box = self.bands.band, self.minimap.box
        x, w = inner.x, inner.w
        with widgets.within(inner):
            hero = shown.hero  # in bands: the clock changes every turn, hunger and thirst often, the rest seldom
            y = band("name", (hero.name, w), inner.y, self.clickable, lambda: self._name(surface, hero, x, inner.y, w),
                     mouse)
            y = band("clock", (hero.level, shown.minutes, shown.turn, shown.night, w), y, self.clickable,
                     lambda: self._clock(surface, shown, x, y, w), mouse)
            for name, pair in (("health", (("Health", max(0, hero.health), hero.max_health, theme.HEALTH),
                                           ("AP", hero.ap, hero.max_ap, theme.AP))),
                               ("needs", (("Hunger", hero.hunger, 100, theme.HUNGER),
                                          ("Thirst", hero.thirst, 100, theme.THIRST)))):
                y = band(name, (pair, w), y, self.clickable, lambda: self._bars(surface, pair, x, y, w), mouse)
            y = band("stats", (hero.card, hero.mana, hero.stunned, hero.conditions, w), y + 4, self.clickable,
                     lambda: self._stats(surface, hero, x, y + 4, w), mouse)
            self._sections(surface, shown, mouse, inner.x, y, inner.w, box.top - 6, page)
            dots = tuple((v.square, v.footprint, markers.side_of(v)) for v in shown.views)
            band("minimap", (shown.map, shown.hero.room, dots, tuple(seen), shown.known, shown.sight, shown.targets),
                 box.top - 6, self.clickable, lambda: self._minimap(surface, shown, seen), mouse)
            band("foot", None, box.bottom + 3, self.clickable, lambda: self._foot(surface, mouse, inner), mouse)
        return self.bands.changed

    def _minimap(self, surface: pygame.Surface, shown: Snapshot, seen: pygame.Rect) -> int:
        self.minimap.draw(surface, shown.map, shown.hero, shown.views, seen, shown.known, shown.sight, shown.targets)
        return self.minimap.box.bottom + 3

    def _name(self, surface: pygame.Surface, hero: CreatureView, x: int, y: int, w: int) -> int:
        """The hero's name (click: the character screen); returns the y below."""
        name = widgets.text(surface, widgets.fit(hero.name, 20, w, bold=True), (x, y), 20, theme.TITLE, bold=True)
        self.clickable.append((name, CHARACTER))
        return name.bottom

    @staticmethod
    def _clock(surface: pygame.Surface, shown: Snapshot, x: int, y: int, w: int) -> int:
        """Level, the day clock and the turn, the dead of night under them (N75); returns the y below."""
        level = f"Level {shown.hero.level}   ·   " if shown.hero.level >= 1 else ""
        when = widgets.text(surface, f"{level}Day {clock.day(shown.minutes)}  {clock.time_of_day(shown.minutes)}"
                            f"   ·   Turn {shown.turn}", (x, y + 2), 13, theme.TEXT_DIM, width=w)
        y = when.bottom + 2
        if shown.night:
            moon = (x + 7, y + widgets.line_height(13) // 2)  # N75: the dead of night
            pygame.draw.circle(surface, (230, 226, 190), moon, 6)
            pygame.draw.circle(surface, theme.PANEL, (moon[0] + 3, moon[1] - 3), 5)
            y = widgets.text(surface, "dead of night", (x + 18, y), 13, (200, 200, 240)).bottom + 2
        return y

    def _bars(self, surface: pygame.Surface, pair: tuple, x: int, y: int, w: int) -> int:
        """Two bars side by side, each (label, value, most, colour), 4 pixels down; returns the y below."""
        bar_h = widgets.line_height(12, bold=True) + 2
        half = (w - 8) // 2
        for i, (label, value, top, colour) in enumerate(pair):
            bar = pygame.Rect(x + i * (half + 8), y + 4, half, bar_h)
            widgets.bar(surface, bar, value, top, colour, f"{label} {value}/{top}")
            if label == "Health":
                self.health_bar = bar  # the low-health warning flashes it (game/ui/danger.py)
        return y + 4 + bar_h

    @staticmethod
    def _stats(surface: pygame.Surface, hero: CreatureView, x: int, y: int, w: int) -> int:
        """The fighting figures and what holds the hero back (N24, C40); returns the y below."""
        card = hero.card
        stats = f"Melee {card.melee}%  Dodge {card.dodge}%  {card.attack.dice}  Mana {hero.mana}/{card.mana}"
        if hero.stunned or hero.conditions:
            held = ([f"stunned ({hero.stunned})"] if hero.stunned else []) + \
                [f"{name} ({turns})" for name, turns in sorted(hero.conditions.items())]
            stats += "\n" + ", ".join(held)
        return widgets.text(surface, stats, (x, y), 12, theme.TEXT, width=w).bottom + 6

    def _sections(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], x: int, y: int, w: int,
                  bottom: int, page: int) -> None:
        """In this room, Party, exits, pack and floor, sharing the rows between `y` and `bottom` (`allot`)."""
        row = max(20, widgets.line_height(13) + 4)
        head = widgets.line_height(14, bold=True) + 4
        company = room_order(shown)
        exits = shown.map.exits_of(shown.hero.room)
        pack = stacked(shown.carried, shown.worn)
        floor = floor_lines(stacked(shown.floor.get(shown.hero.room, ())))
        wanted = {"room": (min(len(company), LEAST_ROOM + 1) if company else 0, len(company)),
                  "exits": (-(-len(exits) // 2), len(exits)),
                  "pack": (min(len(pack), LEAST_PACK) + (1 if len(pack) > LEAST_PACK else 0) if pack else 1,
                           min(len(pack), MOST_PACK) + (1 if len(pack) > MOST_PACK else 0) if pack else 1),
                  "party": (len(shown.party) + len(self.fallen),) * 2, "floor": (0, len(floor))}
        heads = {"room": bool(company), "exits": True, "pack": True, "party": bool(shown.party or self.fallen),
                 "floor": False}
        rows = allot(wanted, heads, (bottom - y), row, head)
        band, clickable = self.bands.band, self.clickable
        shows = tuple((v.eid, v.codex_id, v.footprint, v.hostile, v.bound, v.name, v.heads, v.level, v.health,
                       v.max_health) for v in company)  # what a line of "In this room" shows
        y = band("room", (shows, rows["room"]), y, clickable,
                 lambda: self._company(surface, shown, company, rows["room"], mouse, x, y, w, row, head), mouse)
        y = band("party", (tuple(shown.party), tuple(self.fallen), shown.hero.eid, rows["party"]), y, clickable,
                 lambda: self._party(surface, shown, rows["party"], mouse, x, y, w, row, head), mouse)
        y = band("exits", (shown.map, shown.hero.room, shown.hero.square, rows["exits"]), y, clickable,
                 lambda: self._exits(surface, shown, exits, rows["exits"], mouse, x, y, w, row, head), mouse)
        y = band("pack", (tuple((line.first.eid, line.first.item_id, line.name, line.worn) for line in pack),
                          rows["pack"], page), y, clickable,
                 lambda: self._pack(surface, shown, pack, rows["pack"], page, mouse, x, y, w, row, head), mouse)
        band("floor", (tuple(floor[:rows["floor"]]), bottom), y, clickable,
             lambda: self._floor(surface, floor[:rows["floor"]], x, y, w, row, bottom), mouse)

    @staticmethod
    def _floor(surface: pygame.Surface, lines: list[str], x: int, y: int, w: int, row: int, bottom: int) -> int:
        """The floor's lines (floor_lines), down to the sections' `bottom`."""
        for words in lines:
            widgets.text(surface, widgets.fit(words, 12, w), (x, y + 2), 12, FLOOR)
            y += row
        return bottom

    def _row(self, surface: pygame.Surface, row: pygame.Rect, target: object, mouse: tuple[int, int]) -> None:
        if row.collidepoint(mouse):
            pygame.draw.rect(surface, ROW_HOVER, row, border_radius=3)
        self.clickable.append((row, target))

    @staticmethod
    def _heading(surface: pygame.Surface, words: str, hint: str, x: int, y: int, w: int, head: int) -> int:
        title = widgets.text(surface, words, (x, y), 14, theme.ACCENT, bold=True)
        if hint:
            room = x + w - title.right - 10
            if theme.font(11).size(hint)[0] <= room:
                widgets.text(surface, hint, (title.right + 10, title.y + 2), 11, theme.TEXT_DIM)
        return y + head

    def _company(self, surface: pygame.Surface, shown: Snapshot, company: list[CreatureView], rows: int,
                 mouse: tuple[int, int], x: int, y: int, w: int, row: int, head: int) -> int:
        """Who shares the hero's room, the most dangerous first (click to talk, or attack a hostile one); a
        crowd's rest counted on the last line, X to look through them."""
        if not company:
            return y
        foes = sum(1 for v in company if v.hostile)
        count = f"{len(company)}" + (f", {foes} hostile" if foes else "")
        y = self._heading(surface, f"In this room ({count})", "click: talk / attack", x, y, w, head)
        named = company[:rows if rows >= len(company) else max(0, rows - 1)]
        hero = shown.hero.eid
        for view in named:
            self._row(surface, pygame.Rect(x, y, w, row), Attack(hero, view.eid) if view.hostile else
                      Talk(hero, view.eid), mouse)  # N46: a plain click never attacks one who is not hostile
            sprite = self.sprites.creature(view.codex_id, view.footprint)
            size = row - 2
            surface.blit(self.sprites.scaled(sprite, size / max(sprite.get_size()), smooth=True), (x, y + 1))
            colour = theme.HOSTILE if view.hostile else theme.BOUND if view.bound else theme.FRIEND
            bar_w = 84
            name = view.name + (f" ×{view.heads}" if view.heads > 1 else "") + \
                (f" · L{view.level}" if view.level >= 1 else "")
            widgets.text(surface, widgets.fit(name, 13, w - size - bar_w - 12), (x + size + 4, y + 2), 13, colour)
            widgets.bar(surface, pygame.Rect(x + w - bar_w, y + 3, bar_w, row - 6), max(0, view.health),
                        view.max_health, theme.HEALTH, f"{max(0, view.health)}/{view.max_health}")
            y += row
        rest = company[len(named):]
        if rest:
            more = sum(1 for v in rest if v.hostile)
            words = f"+ {len(rest)} more" + (f" ({more} hostile)" if more else "") + \
                f": {bindings.key_names('look')} looks at each"
            widgets.text(surface, widgets.fit(words, 12, w - 8), (x + 8, y + 2), 12, theme.TEXT_DIM)
            y += row
        return y + 4

    def _party(self, surface: pygame.Surface, shown: Snapshot, rows: int, mouse: tuple[int, int], x: int, y: int,
               w: int, row: int, head: int) -> int:
        """N4, N38: the hero's companions (click to talk): name and order, health, hunger and thirst; folded to
        its heading when the room leaves no space (the character sheet lists them). Then the companions fallen
        in this place, marked, until the hero leaves it (issue 23)."""
        if not shown.party and not self.fallen:
            return y
        hint = "click: talk" if rows else f"{bindings.key_names('character')}: the party on your sheet"
        y = self._heading(surface, f"Party ({len(shown.party)})", hint, x, y, w, head)
        for view, order in shown.party[:rows]:
            self._row(surface, pygame.Rect(x, y, w, row), Talk(shown.hero.eid, view.eid), mouse)
            doing = f"{view.bound} {view.bound_turns or '!'}" if view.bound else order  # N56: a bound one's countdown
            widgets.text(surface, widgets.fit(f"{view.name} · {doing}", 13, w - 134), (x + 4, y + 2), 13,
                         theme.BOUND if view.bound else theme.FRIEND)
            right = x + w
            for value, top, colour in ((view.thirst, 100, theme.THIRST), (view.hunger, 100, theme.HUNGER),
                                       (view.health, view.max_health, theme.HEALTH)):
                widgets.bar(surface, pygame.Rect(right - 40, y + row // 2 - 5, 36, 10), value, top, colour)
                right -= 42
            y += row
        for name, turn in self.fallen[:max(0, rows - len(shown.party))]:
            widgets.text(surface, widgets.fit(f"† {name} · fallen, turn {turn}", 13, w - 8), (x + 4, y + 2), 13,
                         theme.HOSTILE)
            y += row
        return y + 4

    def _exits(self, surface: pygame.Surface, shown: Snapshot, exits: list, rows: int, mouse: tuple[int, int],
               x: int, y: int, w: int, row: int, head: int) -> int:
        """The room's name, then its exits, each with the arrow key that leads there; in two columns when
        one does not fit."""
        rooms, here = shown.map.rooms, shown.hero.room
        y = self._heading(surface, widgets.fit(rooms[here].name, 14, w - 4, bold=True), "", x, y, w, head)
        columns = 1 if rows >= len(exits) else 2
        col_w = (w - 6 * (columns - 1)) // columns
        keys = [direction_key(dungeon_targets.direction_of(shown.map, here, shown.hero.square, other))
                for _, other in exits]
        key_w = max((theme.font(13, bold=True).size(k)[0] for k in keys if k), default=0) + 6
        per_column = -(-len(exits) // columns)
        for i, ((ex, other), key) in enumerate(zip(exits, keys)):
            cx, cy = x + (i // per_column) * (col_w + 6), y + (i % per_column) * row
            self._row(surface, pygame.Rect(cx, cy, col_w, row), Move(shown.hero.eid, other), mouse)
            if key:
                widgets.text(surface, key, (cx + 2, cy + 2), 13, theme.ACCENT, bold=True)
            lock = " (locked)" if ex.locked else ""
            widgets.text(surface, widgets.fit(f"{rooms[other].name}{lock}", 13, col_w - key_w - 4),
                         (cx + key_w, cy + 2), 13)
        return y + per_column * row + 4

    def _pack(self, surface: pygame.Surface, shown: Snapshot, pack: list[Stack], rows: int, page: int,
              mouse: tuple[int, int], x: int, y: int, w: int, row: int, head: int) -> int:
        """The pack's lines of this page, numbered for the 1-9 keys, worn ones marked; a paging line when
        there are more lines than the panel shows. The heading opens the inventory screen."""
        per_page = max(0, min(MOST_PACK, rows - (1 if len(pack) > rows else 0)))
        self.pack_rows = per_page
        pages = max(1, -(-len(pack) // per_page)) if per_page else 1
        page %= pages
        self._row(surface, pygame.Rect(x, y, w, head - 2), INVENTORY, mouse)
        hint = f"{bindings.key_names('use_slot')} use · " if per_page else ""
        y = self._heading(surface, f"Pack ({len(pack)})", f"{hint}{bindings.key_names('inventory')}: all", x, y, w,
                          head)
        if not pack:
            widgets.text(surface, "empty", (x + 26, y + 2), 13, theme.TEXT_DIM)
            return y + row
        icon = row - 4
        for i, line in enumerate(pack[page * per_page:(page + 1) * per_page] if per_page else ()):
            self._row(surface, pygame.Rect(x, y, w, row), line.first, mouse)
            surface.blit(self.sprites.scaled(self.sprites.item(line.first.item_id), icon / 32), (x, y + 2))
            mark = "  (worn)" if line.worn else ""
            words = widgets.fit(f"{i + 1}. {line.name}{mark}", 13, w - icon - 6)
            widgets.text(surface, words, (x + icon + 4, y + 2), 13, theme.ACCENT if line.worn else theme.TEXT)
            y += row
        if per_page and pages > 1:
            self._row(surface, pygame.Rect(x, y, w, row), PACK_PAGE, mouse)
            words = f"page {page + 1} of {pages}: {bindings.key_names('pack_page')} next page"
            widgets.text(surface, widgets.fit(words, 12, w - 8), (x + 8, y + 2), 12, theme.TEXT_DIM)
            y += row
        return y + 4

    def _foot(self, surface: pygame.Surface, mouse: tuple[int, int], inner: pygame.Rect) -> int:
        """The controls hint and the Journal button, on the panel's last line; returns the y below it."""
        y = self.rect.bottom - widgets.PAD - FOOT + 6
        label = f"Journal {bindings.key_names('journal')}"
        width = theme.font(12).size(label)[0] + 14
        button = pygame.Rect(inner.right - width, y - 3, width, widgets.line_height(12) + 6)
        hints = [f"{bindings.key_names(action)} {words}" for action, words in FOOT_HINTS]
        first = widgets.packed(hints, 12, button.x - inner.x - 6)[0]  # whole hints only, the least needed last
        widgets.text(surface, first, (inner.x, y), 12, theme.TEXT_DIM)
        self._row(surface, button, JOURNAL, mouse)
        pygame.draw.rect(surface, theme.PANEL_EDGE, button, 1, border_radius=4)
        widgets.text(surface, label, (button.centerx, y), 12, theme.ACCENT, centre=True)
        return self.rect.bottom - 4
