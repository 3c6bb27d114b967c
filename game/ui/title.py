"""The title screen, over a torch-lit floor with a parade of the dungeon's creatures: a world first (Continue
a saved world, New world: a player starts on the region map, issue 12), then the single-map run (continue it,
start one, choose its map), the hall of heroes once a hero has fallen, settings or quit; the player's mods
listed above the footer."""
from __future__ import annotations

import math
import os
import sys
from typing import TYPE_CHECKING

import pygame

from game import userdirs
from game.ui import labels, theme, widgets
from game.ui.scene import Scene, SceneRefused

if TYPE_CHECKING:
    from game.ui.session import Session

PARADE = ("rat_swarm", "wolf", "guard", "skeleton_rabble", "noxious_ooze", "ember_spirit", "outlaw", "zombie",
          "wisp", "cave_bear", "lich", "druj_fiend")
WORLDS, NEW_WORLD = "Continue", "New world"  # a world of sites: the worlds screen (heroes, New hero), creation
CONTINUE_MAP, SINGLE_MAP, CHOOSE_MAP = "Continue single map", "Single map run", "Choose map"  # one map, no region
HALL, SETTINGS, QUIT = "Hall of heroes", "Settings", "Quit"
MODS_SHOWN = 2  # mod lines above the title; more are counted



def mods_read():
    """game.mods once the player's mods are read behind the title (app.warm_up), else None: the title's first
    frame waits for neither (cold start, docs/performance.md)."""
    mods = sys.modules.get("game.mods")
    in_play = getattr(mods, "in_play", None)  # None too while the warm-up thread is still importing game.mods
    return mods if in_play is not None and in_play.cache_info().currsize else None

class TitleScene(Scene):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        worlds = [WORLDS] if any(session.save_path.parent.glob("world*.sav")) else []
        saved = [CONTINUE_MAP] if session.save_path.is_file() else []
        heroes = [HALL] if (userdirs.hall_dir() / userdirs.HALL_INDEX).is_file() else []  # once a hero has fallen
        entries = [*worlds, NEW_WORLD, *saved, SINGLE_MAP, CHOOSE_MAP, *heroes, SETTINGS, QUIT]  # Enter: the first
        crowded = len(entries) > 5  # with both kinds of save the buttons close up, below the parade
        packed = len(entries) > 7  # and closer still with the hall too
        self.menu = widgets.Menu(entries, (theme.LOGICAL_SIZE[0] // 2, 368 if crowded else 392 - 24 * len(worlds)),
                                 height=30 if packed else 34 if crowded else 38, gap=6 if packed else 8 if crowded else 10)
        self.problems: list[str] = []
        self.clock = 0.0
        self.backdrop = self._backdrop()

    def _backdrop(self) -> pygame.Surface:
        """Stone floor tiles fading into darkness towards the edges."""
        w, h = theme.LOGICAL_SIZE
        surf = pygame.Surface((w, h))
        surf.fill(theme.BACKGROUND)
        tiles = self.session.sprites.image(self.session.sprites.root / "tiles" / "dungeon.png")
        if tiles is not None:
            for y in range(0, h, 32):
                for x in range(0, w, 32):
                    index = 3 if (x * 7 + y * 13) % 11 == 0 else 2
                    surf.blit(tiles, (x, y), pygame.Rect((index % 8) * 32, (index // 8) * 32, 32, 32))
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((6, 4, 10, 240))
        steps = 40
        for i in range(steps):  # a torch-lit pool in the middle, darkness at the edges
            k = i / steps
            rect = pygame.Rect(0, 0, int(w * 1.3 * (1 - k)), int(h * 1.2 * (1 - k)))
            rect.center = (w // 2, h // 2 - 20)
            pygame.draw.ellipse(veil, (6, 4, 10, int(240 - 175 * k ** 0.6)), rect)
        surf.blit(veil, (0, 0))
        return surf

    def handle(self, event: pygame.event.Event) -> None:
        choice = self.menu.handle(event)
        try:
            if choice == WORLDS:
                self.stack.push("worlds")
            elif choice == NEW_WORLD:
                self.stack.push("creation", new_world=True)
            elif choice == CONTINUE_MAP:
                self.stack.reset("dungeon", from_save=True)
            elif choice == SINGLE_MAP:
                self.stack.push("creation")
            elif choice == CHOOSE_MAP:
                self.stack.push("maps")
            elif choice == HALL:
                self.stack.push("hall")
            elif choice == SETTINGS:
                self.stack.push("settings")
            elif choice == QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                self.stack.quit(0)
        except SceneRefused as exc:
            self.problems = exc.problems

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        surface.blit(self.backdrop, (0, 0))
        glow = 0.5 + 0.5 * math.sin(self.clock * 2)
        shadow = labels.text("ETHERNALIS", 96, (40, 20, 10), bold=True)
        surface.blit(shadow, shadow.get_rect(midtop=(w // 2 + 4, 74)))
        title = labels.text("ETHERNALIS", 96, (240, int(180 + 30 * glow), 100), bold=True)
        under = surface.blit(title, title.get_rect(midtop=(w // 2, 70))).bottom
        widgets.text(surface, "Every creature is a card that lives, eats, fights and remembers.",
                     (w // 2, max(190, under + 6)), 20, theme.TEXT, centre=True)
        self._parade(surface, 350)
        self.menu.draw(surface)
        y = self.menu.rects[-1].bottom + 10
        shown = self.problems[:3]
        if len(self.problems) > len(shown):
            shown.append(f"... and {len(self.problems) - len(shown)} more problems")
        for line in shown:
            y = widgets.text(surface, line, (w // 2, y), 14, theme.PROBLEM, centre=True, width=1200).bottom + 2
        footer = f"single map run: {self.session.map_path.name}  ·  seed {self.session.seed}  ·  F1 in the dungeon shows the controls"
        widgets.text(surface, footer, (w // 2, h - 24), 14, theme.TEXT_DIM, centre=True)
        self._mods(surface)

    def _mods(self, surface: pygame.Surface) -> None:
        """The player's mods, one line each at the top left above the title: what each adds, or why it was
        skipped, its files named from the mods folder (game/mods.py; tools/check_data.py says all)."""
        mods = mods_read()
        if mods is None:
            return
        found = mods.in_play().mods
        folder = f"{userdirs.mods_dir()}{os.sep}"
        rows = [(f"Mod {mod.summary}".replace(folder, ""), theme.PROBLEM if mod.problem else theme.TEXT_DIM)
                for mod in found[:MODS_SHOWN]]
        if len(found) > MODS_SHOWN:
            rows.append((f"... and {len(found) - MODS_SHOWN} more mods", theme.TEXT_DIM))
        y = 6
        for line, colour in rows:
            image = labels.text(line, 13, colour)
            while image.get_width() > theme.LOGICAL_SIZE[0] - 24:  # the whole line is the checker's
                line = line[:-8]
                image = labels.text(line.rstrip() + "…", 13, colour)
            y = surface.blit(image, (12, y)).bottom

    def _parade(self, surface: pygame.Surface, floor_y: int) -> None:
        """The hero, large, in the middle of a line of the dungeon's creatures, all bobbing."""
        w = theme.LOGICAL_SIZE[0]
        sprites = self.session.sprites
        hero = sprites.scaled(sprites.hero(), 3)
        creature = sprites.creature if mods_read() else sprites.shipped_creature  # a mod's once they are read
        half = len(PARADE) // 2
        sides = (PARADE[:half], PARADE[half:])
        x = w // 2 - hero.get_width() // 2 - 24
        for i, codex_id in enumerate(reversed(sides[0])):
            sprite = creature(codex_id, (1, 1))
            x -= sprite.get_width() + 24
            self._bob(surface, sprite, x, floor_y, i)
        x = w // 2 + hero.get_width() // 2 + 24
        for i, codex_id in enumerate(sides[1]):
            sprite = creature(codex_id, (1, 1))
            self._bob(surface, sprite, x, floor_y, i + half)
            x += sprite.get_width() + 24
        self._bob(surface, hero, w // 2 - hero.get_width() // 2, floor_y + 6, 0.5)

    def _bob(self, surface: pygame.Surface, sprite: pygame.Surface, x: int, floor_y: int, phase: float) -> None:
        shadow = pygame.Rect(x + 2, floor_y - 6, sprite.get_width() - 4, 10)
        pygame.draw.ellipse(surface, (4, 2, 8), shadow)
        surface.blit(sprite, (x, floor_y - sprite.get_height() + int(3 * math.sin(self.clock * 3 + phase))))

