"""The people view (issue 23), over the dialogue: who likes whom among the people this hero has observed, in
the words of N71, as far as the hero has seen (game/world/peopleview.py). Up/Down or the wheel scroll; Esc,
Enter or a click close it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme, widgets
from game.ui.guide import guide
from game.ui.scene import Scene
from game.world.peopleview import people_view

if TYPE_CHECKING:
    from game.ui.session import Session

PANEL = pygame.Rect(150, 40, 980, 640)
TONES = {"hostile": theme.HOSTILE, "wary": (232, 160, 100), "cordial": theme.TEXT, "friendly": (150, 210, 140),
         "trusted": (120, 210, 130)}


class PeopleScene(Scene):
    opaque = False

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.known = people_view(session.world, session.world.hero)
        self.top = 0  # the first person shown

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.top = max(0, min(len(self.known) - 1, self.top + (1 if event.key == pygame.K_DOWN else -1)))
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(len(self.known) - 1, self.top - event.y))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.stack.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        words = guide().people
        widgets.veil(surface, (6, 4, 10, 170))
        inner = widgets.panel(surface, PANEL, words["title"], alpha=248)
        bottom = inner.bottom - 30
        y = widgets.text(surface, words["intro"], (inner.x + 8, inner.y + 4), 14, theme.TEXT_DIM,
                         width=inner.w - 16).bottom + 10
        if not self.known:
            widgets.text(surface, words["empty"], (inner.x + 8, y), 15, theme.TEXT, width=inner.w - 16)
        with widgets.within(inner):
            for person in self.known[self.top:]:
                if y + widgets.line_height(16, True) > bottom:
                    break
                name = widgets.text(surface, person.name, (inner.x + 8, y), 16, theme.TITLE, bold=True)
                x, line = inner.x + 240, y
                if not person.feelings:
                    widgets.text(surface, words["nothing"], (x, y), 14, theme.TEXT_DIM)
                for other, word in person.feelings:
                    said = f"{word} of {other}"
                    width = theme.font(14).size(said + ",  ")[0]
                    if x + width > inner.right - 8:
                        x, line = inner.x + 240, line + widgets.line_height(14)
                    widgets.text(surface, said, (x, line), 14, TONES.get(word, theme.TEXT))
                    x += width
                y = max(name.bottom, line + widgets.line_height(14)) + 6
        widgets.text(surface, words["keys"], (inner.centerx, inner.bottom - 18), 13, theme.TEXT_DIM, centre=True)
