"""Every screen, at its most crowded, at every text size the settings offer and at window scales ×1 and ×1.5:
no two texts overlap and no text runs out of its panel, measured from the rectangles the text blits covered
(widgets.text records them under widgets.recording), not by eye. The screens are set up in tests/helpers/ui_scenes.py;
`python -m tests.helpers.ui_scenes DIR` writes them as PNGs to look at."""
from __future__ import annotations

import pygame
import pytest

from game.ui import display, theme
from game.ui.session import Session
from game.ui.settings import TEXT_SIZES
from tests.helpers.fast_set import ends
from tests.helpers.ui_scenes import SCREENS, render, text_size

pytestmark = pytest.mark.usefixtures("display")


def overlaps(boxes) -> list[str]:
    """Pairs of texts whose rectangles share more than a pixel's sliver."""
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            common = a.rect.clip(b.rect)
            if common.w > 1 and common.h > 1:
                found.append(f"{a.words!r} {tuple(a.rect)} overlaps {b.words!r} {tuple(b.rect)}")
    return found


def clipped(boxes, screen: pygame.Rect) -> list[str]:
    """Texts that run out of the panel they were drawn in, or off the screen."""
    return [f"{box.words!r} {tuple(box.rect)} runs out of {tuple(box.bounds)}" for box in boxes
            if not box.bounds.contains(box.rect) or not screen.contains(box.rect)]


@pytest.mark.parametrize("scale", (1.0, pytest.param(1.5, marks=pytest.mark.slow)))  # the layout is ×1's
@pytest.mark.parametrize("size", ends(TEXT_SIZES))
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_no_text_overlaps_or_is_clipped(name, size, scale, tmp_path):
    display.open_window(False, scale)
    surface = pygame.display.get_surface()
    assert surface.get_size() == theme.LOGICAL_SIZE  # the window scales the picture, not the layout
    map_path, make = SCREENS[name]
    with text_size(size):
        session = Session(map_path, 7, save_path=tmp_path / "slot.sav")
        try:
            stack = make(session)
            boxes = render(stack, surface)
            minimap = getattr(getattr(stack.top, "side", None), "minimap", None)
        finally:
            session.close(autosave=False)
    assert boxes, "nothing was recorded: the screen draws its text some other way"
    problems = overlaps(boxes) + clipped(boxes, surface.get_rect())
    if minimap is not None:  # the minimap's box is its own: no text under it
        problems += [f"{b.words!r} {tuple(b.rect)} lies under the minimap" for b in boxes
                     if b.rect.colliderect(minimap.box)]
    assert not problems, "\n".join(problems[:12])




def texts_of(name: str, size: float, tmp_path) -> list[str]:
    """The words of every text on screen `name` at text size `size`, window scale ×1."""
    display.open_window(False, 1.0)
    map_path, make = SCREENS[name]
    with text_size(size):
        session = Session(map_path, 7, save_path=tmp_path / "slot.sav")
        try:
            return [box.words for box in render(make(session), pygame.display.get_surface())]
        finally:
            session.close(autosave=False)


@pytest.mark.parametrize("size", TEXT_SIZES)
def test_the_panel_foot_line_shows_whole_hints_at_every_text_size(size, tmp_path):
    """At 130 % it was cut to 'F1 controls  Escape menu…': a hint that does not fit is left out whole."""
    foot = next(words for words in texts_of("dungeon", size, tmp_path) if words.startswith("F1 controls"))
    assert "…" not in foot and foot in ("F1 controls  Esc menu  H hero", "F1 controls  Esc menu")


@pytest.mark.parametrize("size", TEXT_SIZES)
def test_the_region_panel_shows_every_hint_whole_at_every_text_size(size, tmp_path):
    """At 130 % it was cut to 'Tab / arrows: choose  ·  Enter: travel…': the hints go on two lines instead."""
    from game.ui.region import HINTS

    words = " ".join(texts_of("region", size, tmp_path))
    assert all(hint in words for hint in HINTS) and "travel…" not in words
