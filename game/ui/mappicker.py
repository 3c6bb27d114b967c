"""Choose map (title screen): the shipped maps (maps/*.tmx), then the mods' maps, by their titles; the chosen one is played by
Single map run. Stands in until the region map of the world picks where to go."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import mods
from game.paths import MAPS
from game.ui import theme, widgets
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.session import Session

BACK = "Back"
MAX_BYTES = 8_000_000  # a title is read from the map's head; a bigger file is listed by its name only


def map_title(path: Path) -> tuple[str, str]:
    """The map's title and kind (its `title` and `kind` map properties), read from its file without loading
    it; a file that cannot be read shows its name (Single map run then names its problems)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return path.stem, "dungeon"
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return path.stem, "dungeon"
    props = {p.get("name"): p.get("value") for p in root.findall("./properties/property")}
    return (props.get("title") or path.stem)[:60], props.get("kind") or "dungeon"


def playable_maps(folder: Path = MAPS) -> list[tuple[Path, str]]:
    """Every map of the folder a run can start on (not the region map), with its title, by file name."""
    found = [(path, *map_title(path)) for path in sorted(folder.glob("*.tmx"))]
    return [(path, title) for path, title, kind in found if kind != "region"]


def _titled(path: Path) -> tuple[Path, str]:
    """A mod's map (game/mods.py) by its title, marked as the mod's."""
    return path, f"{map_title(path)[0]} (mod {path.parent.parent.name})"


class MapPickerScene(Scene):
    """A menu of the maps, the current one first selected; Enter or a click chooses, Esc or Back leaves."""

    def __init__(self, session: Session, folder: Path = MAPS) -> None:
        super().__init__()
        self.session = session
        found = playable_maps(folder) + [(path, title) for path, title in map(_titled, mods.in_play().maps)]
        self.maps = {f"{title}  ·  {path.name}": path for path, title in found}
        labels = [*self.maps, BACK]
        self.menu = widgets.Menu(labels, (theme.LOGICAL_SIZE[0] // 2, 170), width=560, height=42, gap=10)
        current = [path.resolve() for path in self.maps.values()]
        here = session.map_path.resolve()
        self.menu.selected = current.index(here) if here in current else 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack.pop()
            return
        choice = self.menu.handle(event)
        if choice in self.maps:
            self.session.choose_map(self.maps[choice])
            self.stack.pop()
        elif choice == BACK:
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = theme.LOGICAL_SIZE
        surface.fill(theme.BACKGROUND)
        widgets.text(surface, "Choose map", (w // 2, 70), 40, theme.TITLE, bold=True, centre=True)
        widgets.text(surface, f"Single map run plays the chosen map. Now: {self.session.map_path.name}", (w // 2, 126), 16,
                     theme.TEXT_DIM, centre=True)
        self.menu.draw(surface)
        widgets.text(surface, "Up/Down and Enter, or click  ·  Esc goes back", (w // 2, h - 40), 14, theme.TEXT_DIM,
                     centre=True)
