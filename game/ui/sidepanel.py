"""The dungeon screen's side panel: the hero's card (health, AP, hunger, thirst), the day clock (N75), the
inventory, the room's exits and company. Its lines are clickable: use an item, go through an exit, talk to
a creature or attack a hostile one."""
from __future__ import annotations

import pygame

from game.ui import theme, widgets
from game.ui.minimap import Minimap
from game.ui.snapshot import Snapshot
from game.ui.sprites import SpriteCache
from game.rules import clock
from game.world.commands import Attack, Command, Consume, Equip, Move, Repair, Talk
from game.world.views import ItemView

ROW_HOVER = (50, 44, 66)
INVENTORY_ROWS = 12
MINIMAP_HEIGHT = 150
JOURNAL = "journal"  # what the Journal button at the foot asks for
USABLE = {"food": Consume, "drink": Consume, "healing": Consume, "weapon": Equip, "armour": Equip, "repair": Repair}


def use_command(actor: int, item: ItemView) -> Command | None:
    """Consume provisions and potions, equip weapons and armour, mend armour with a repair kit (C26); None
    for what cannot be used."""
    command = USABLE.get(item.kind)
    return command(actor, item.eid) if command else None


class SidePanel:
    def __init__(self, rect: pygame.Rect, sprites: SpriteCache) -> None:
        self.rect = rect
        self.sprites = sprites
        self.clickable: list[tuple[pygame.Rect, object]] = []  # row -> ItemView, Move, Talk or Attack
        self.health_bar = pygame.Rect(0, 0, 0, 0)  # where the hero's health bar was drawn last
        inner = rect.inflate(-2 * widgets.PAD, -2 * widgets.PAD)
        self.minimap = Minimap(pygame.Rect(inner.x, rect.bottom - 44 - MINIMAP_HEIGHT, inner.w, MINIMAP_HEIGHT))

    def click(self, pos: tuple[int, int]) -> object | None:
        """What the line under `pos` asks for: an ItemView to use, or a Move / Talk / Attack command."""
        return next((target for row, target in self.clickable if row.collidepoint(pos)), None)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """Which clickable line `pos` is over (it is drawn highlighted), if any."""
        return next((i for i, (row, _) in enumerate(self.clickable) if row.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], seen: pygame.Rect) -> None:
        """The panel for the hero of `shown`; `seen` are the squares on screen."""
        hero = shown.hero
        self.clickable = []
        inner = widgets.panel(surface, self.rect)
        x, y, w = inner.x, inner.y, inner.w
        widgets.text(surface, hero.name, (x, y), 22, theme.TITLE, bold=True)
        level = f"Level {hero.level}   ·   " if hero.level >= 1 else ""
        when = widgets.text(surface, f"{level}Day {clock.day(shown.minutes)}  {clock.time_of_day(shown.minutes)}"
                            f"   ·   Turn {shown.turn}", (x, y + 30), 14, theme.TEXT_DIM)
        if shown.night:
            moon = (when.right + 16, when.centery)  # N75: the dead of night
            pygame.draw.circle(surface, (230, 226, 190), moon, 7)
            pygame.draw.circle(surface, theme.PANEL, (moon[0] + 4, moon[1] - 3), 6)
            widgets.text(surface, "dead of night", (moon[0] + 12, when.y), 14, (200, 200, 240))
        y += 56
        for label, value, top, colour in (
            ("Health", max(0, hero.health), hero.max_health, theme.HEALTH),
            ("Action points", hero.ap, hero.max_ap, theme.AP),
            ("Hunger", hero.hunger, 100, theme.HUNGER),
            ("Thirst", hero.thirst, 100, theme.THIRST),
        ):
            widgets.text(surface, label, (x, y), 13, theme.TEXT_DIM)
            bar = pygame.Rect(x + 104, y + 1, w - 104, 16)
            widgets.bar(surface, bar, value, top, colour, f"{value} / {top}")
            if label == "Health":
                self.health_bar = bar  # the low-health warning flashes it (game/ui/danger.py)
            y += 24
        card = hero.card
        stats = (f"Melee {card.melee}%   Ranged {card.ranged}%   Dodge {card.dodge}%\n"
                 f"Strength {card.strength}   Attack {card.attack.dice} {card.attack.damage_type}   "
                 f"Mana {hero.mana}/{card.mana}")
        if hero.stunned or hero.conditions:  # N24, C40: what holds the hero back
            held = ([f"stunned ({hero.stunned})"] if hero.stunned else []) + \
                [f"{name} ({turns})" for name, turns in sorted(hero.conditions.items())]
            stats += "\n" + ", ".join(held)
        y = widgets.text(surface, stats, (x, y + 4), 13, theme.TEXT, width=w).bottom + 10
        y = self._inventory(surface, shown, mouse, x, y, w)
        y = self._exits(surface, shown, mouse, x, y, w)
        y = self._party(surface, shown, mouse, x, y + 10, w)
        self._company(surface, shown, mouse, x, y, w)
        self.minimap.draw(surface, shown.map, hero, shown.views, seen)
        foot = (self.rect.centerx - 44, self.rect.bottom - 28)  # room on the right for the Journal button
        hint = widgets.text(surface, "F1 controls   Esc pause   C scent", foot, 13, theme.TEXT_DIM, centre=True)
        button = pygame.Rect(hint.right + 12, hint.y - 4, 76, hint.h + 8)
        self._row(surface, button, JOURNAL, mouse)
        pygame.draw.rect(surface, theme.PANEL_EDGE, button, 1, border_radius=4)
        widgets.text(surface, "Journal J", (button.centerx, hint.y), 13, theme.ACCENT, centre=True)

    def _row(self, surface: pygame.Surface, row: pygame.Rect, target: object, mouse: tuple[int, int]) -> None:
        if row.collidepoint(mouse):
            pygame.draw.rect(surface, ROW_HOVER, row, border_radius=3)
        self.clickable.append((row, target))

    def _inventory(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], x: int, y: int,
                   w: int) -> int:
        widgets.text(surface, "Inventory  (1-9 or click to use)", (x, y), 14, theme.ACCENT, bold=True)
        y += 22
        worn = set(shown.hero.equipped.values())
        for i, item in enumerate(shown.carried[:INVENTORY_ROWS]):
            self._row(surface, pygame.Rect(x, y, w, 22), item, mouse)
            surface.blit(self.sprites.scaled(self.sprites.item(item.item_id), 0.625), (x, y + 1))
            mark = "  (worn)" if item.name in worn else ""
            widgets.text(surface, f"{i + 1}. {item.name}{mark}" if i < 9 else item.name, (x + 26, y + 3), 13)
            y += 22
        return y + 4

    def _exits(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], x: int, y: int, w: int) -> int:
        rooms, here = shown.map.rooms, shown.hero.room
        name = widgets.text(surface, rooms[here].name, (x, y + 6), 16, theme.ACCENT, bold=True)
        widgets.text(surface, "click an exit to go", (name.right + 10, name.y + 3), 12, theme.TEXT_DIM)
        y = name.bottom + 2
        for ex, other in shown.map.exits_of(here):
            self._row(surface, pygame.Rect(x, y, w, 20), Move(shown.hero.eid, other), mouse)
            lock = "  (locked)" if ex.locked else ""
            widgets.text(surface, f"› {rooms[other].name}{lock}", (x + 6, y + 2), 13, theme.TEXT)
            y += 20
        return y

    def _party(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], x: int, y: int, w: int) -> int:
        """N4, N38: the hero's companions (click to talk): name and order, health, hunger and thirst."""
        if not shown.party:
            return y
        widgets.text(surface, "Party  (click to talk)", (x, y), 14, theme.ACCENT, bold=True)
        y += 22
        for view, order in shown.party:
            self._row(surface, pygame.Rect(x, y, w, 22), Talk(shown.hero.eid, view.eid), mouse)
            doing = f"{view.bound} {view.bound_turns or '!'}" if view.bound else order  # N56: a bound one's countdown
            widgets.text(surface, f"{view.name} · {doing}", (x + 4, y + 3), 13,
                         theme.BOUND if view.bound else theme.FRIEND)
            right = x + w
            for value, top, colour in ((view.thirst, 100, theme.THIRST), (view.hunger, 100, theme.HUNGER),
                                       (view.health, view.max_health, theme.HEALTH)):
                widgets.bar(surface, pygame.Rect(right - 40, y + 6, 36, 10), value, top, colour)
                right -= 42
            y += 22
        return y + 8

    def _company(self, surface: pygame.Surface, shown: Snapshot, mouse: tuple[int, int], x: int, y: int,
                 w: int) -> None:
        """Who shares the hero's room (click a line to talk, or to attack a hostile one), then what lies on
        its floor."""
        party = {view.eid for view, _ in shown.party}  # listed under Party already
        company = [v for v in shown.views if v.room == shown.hero.room and not v.is_hero and v.eid not in party]
        if y + 46 > self.minimap.box.top:
            return  # no room for a line of company above the minimap
        if company:
            widgets.text(surface, "In this room  (click to talk / attack)", (x, y), 14, theme.ACCENT, bold=True)
            y += 22
        room_for = max(0, (self.minimap.box.top - 8 - y) // 24)  # rows that fit above the minimap
        if len(company) > room_for:
            room_for = max(0, room_for - 1)  # leave a line for "... and N more"
        for view in company[:room_for]:
            hero = shown.hero.eid  # N46: a plain click never attacks one who is not hostile
            self._row(surface, pygame.Rect(x, y, w, 24), Attack(hero, view.eid) if view.hostile else Talk(hero, view.eid),
                      mouse)
            sprite = self.sprites.creature(view.codex_id, view.footprint)
            surface.blit(self.sprites.scaled(sprite, 22 / max(sprite.get_size()), smooth=True), (x, y + 1))
            widgets.text(surface, view.name, (x + 28, y + 4), 13, theme.HOSTILE if view.hostile else theme.FRIEND)
            widgets.bar(surface, pygame.Rect(x + w - 90, y + 6, 90, 12), view.health, view.max_health, theme.HEALTH)
            y += 24
        if len(company) > room_for:
            widgets.text(surface, f"... and {len(company) - room_for} more", (x + 28, y), 13, theme.TEXT_DIM)
            y += 20
        items = shown.floor[shown.hero.room]
        if items and y + 20 < self.minimap.box.top:
            names = ", ".join(i.name for i in items[:6])
            widgets.text(surface, f"On the floor (G picks up): {names}", (x, y + 4), 13, (190, 210, 160), width=w)
