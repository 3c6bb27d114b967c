"""Issue 28, drawing only what changed: the dungeon screen drawn from its caches (the map view's backdrop, the
side panel's bands, the kept panels) is the screen drawn in full, pixel for pixel, after turns, moves between
rooms, hovers over the map and the panel's rows, the pack paged and a text-size change; and the parts that did
not change are not painted again."""
from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from game.ui.backdrop import Backdrop, disjoint
from game.ui.bands import Bands
from game.ui.dungeon import LOG_VIEW, MAP_VIEW, SIDE
from game.ui.session import Session
from game.world.commands import Attack, Move
from game.world.components import Body
from game.world.views import ItemView
from tests.helpers.ui_scenes import CRYPT, crowded_dungeon, text_size

pytestmark = pytest.mark.usefixtures("display")

# (frame, what happens before it): keys as the player presses them, the mouse where it rests or over the first
# line of the panel whose target is of a kind (a pack line, a creature to attack, an exit, the Journal button)
STEPS = {0: ("mouse", MAP_VIEW.center), 3: ("key", pygame.K_SPACE), 6: ("row", ItemView), 8: ("row", Attack),
         12: ("key", pygame.K_SPACE), 14: ("row", Move), 16: ("key", pygame.K_TAB), 18: ("row", ItemView),
         20: ("mouse", (300, 200)), 24: ("key", pygame.K_UP), 27: ("row", str), 30: ("key", pygame.K_SPACE),
         34: ("row", Move), 38: ("key", pygame.K_DOWN), 44: ("key", pygame.K_SPACE), 46: ("row", ItemView),
         48: ("key", pygame.K_LEFT), 51: ("row", Move), 54: ("mouse", (1050, 600)), 58: ("key", pygame.K_SPACE),
         60: ("row", ItemView)}
CHECKED = range(2, 64, 3)


def full_redraw(stack, scene, like: pygame.Surface) -> pygame.Surface:
    """The visible screens drawn on a new surface with every cache of the dungeon screen empty, then the
    caches put back as they were."""
    kept = scene.view.backdrop, scene.side.bands, scene.log_layer, scene.side_layer, scene.left_on, scene.log.painted
    scene.view.backdrop = Backdrop(scene.view.layer)
    scene.side.bands = Bands(scene.side.bands.left, scene.side.bands.right)
    scene.log_layer, scene.side_layer, scene.log.painted = widgets.Layer(LOG_VIEW), widgets.Layer(SIDE), None
    fresh = pygame.Surface(like.get_size()).convert(like)
    for shown in stack.visible():
        shown.draw(fresh)
    scene.view.backdrop, scene.side.bands, scene.log_layer, scene.side_layer, scene.left_on, scene.log.painted = kept
    return fresh


def play(size: float, tmp_path) -> int:
    """The crowded crypt through STEPS at text size `size`, then at 1.3 from frame 40 on, each checked frame
    compared with a full redraw; returns the frames compared."""
    surface = pygame.display.get_surface()
    session = Session(CRYPT, 7, save_path=tmp_path / "slot.sav")
    compared = 0
    try:
        stack = crowded_dungeon(session)
        scene = stack.top
        scene.world.get(scene.world.hero, Body).health = 100_000  # twelve foes, yet the hero stands to the end
        scene.driver.advance = lambda budget, whole=scene.driver.advance: whole(10.0)  # a whole turn a frame
        for sizes, frames in ((size, range(40)), (1.3, range(40, 64))):
            with text_size(sizes):
                for frame in frames:
                    what, value = STEPS.get(frame, (None, None))
                    if what == "key":
                        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=value, mod=0, unicode="", scancode=0))
                    elif what == "row":
                        value = next((row.center for row, target in scene.side.clickable if isinstance(target, value)),
                                     MAP_VIEW.center)
                    if what in ("mouse", "row"):
                        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=value, rel=(0, 0),
                                                             buttons=(0, 0, 0)))
                    for event in pygame.event.get():
                        stack.top.handle(event)
                    stack.top.update(1 / 60)
                    for shown in stack.visible():
                        shown.draw(surface)
                    if frame in CHECKED:
                        drawn = pygame.image.tobytes(surface, "RGB")
                        again = pygame.image.tobytes(full_redraw(stack, scene, surface), "RGB")
                        assert drawn == again, f"frame {frame}, text size {sizes}: the cached frame is not a full redraw"
                        compared += 1
    finally:
        session.close(autosave=False)
    return compared


@pytest.mark.parametrize("size", (0.85, 1.0, 1.15))
def test_a_cached_frame_equals_a_full_redraw_after_turns_moves_hovers_and_a_text_size_change(size, tmp_path):
    assert play(size, tmp_path) == len(CHECKED)


def test_unchanged_bands_of_the_side_panel_are_not_painted_again():
    canvas = pygame.Surface((320, 400))
    bands, painted, clickable = Bands(2, 318), [], []

    def paint(name: str, height: int):
        def go() -> int:
            painted.append(name)
            clickable.append((pygame.Rect(10, 10, 100, 20), name))
            return 10 + height
        return go

    assert bands.begin(canvas, "look")
    assert bands.band("a", 1, 10, clickable, paint("a", 30), (-1, -1)) == 40
    assert not bands.begin(canvas, "look")
    clickable.clear()
    assert bands.band("a", 1, 10, clickable, paint("a", 30), (-1, -1)) == 40
    assert painted == ["a"] and [target for _, target in clickable] == ["a"]  # kept, its row still clickable
    bands.band("a", 1, 10, clickable, paint("a", 30), (20, 15))  # hovered: painted again
    bands.band("a", 2, 10, clickable, paint("a", 30), (20, 15))  # shows something else
    assert painted == ["a", "a", "a"]
    canvas.fill((255, 0, 0))
    bands.band("a", 3, 10, clickable, paint("a", 60), (20, 15))  # grown: cleared to its new bottom first
    assert painted[-2:] == ["a", "a"] and canvas.get_at((100, 69))[:3] != (255, 0, 0)
    assert canvas.get_at((100, 70))[:3] == (255, 0, 0) and canvas.get_at((1, 30))[:3] == (255, 0, 0)
    assert bands.begin(canvas, "another look")  # a new text size: everything painted again


def test_overlapping_torch_glows_are_merged_into_rectangles_that_do_not_overlap():
    apart = [pygame.Rect(0, 0, 10, 10), pygame.Rect(30, 0, 10, 10)]
    assert disjoint(apart) == apart
    chain = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(40, 0, 5, 5),
             pygame.Rect(14, 14, 30, 3)]  # the last joins the first two, then reaches the third
    assert disjoint(chain) == [pygame.Rect(0, 0, 45, 17)]


def test_the_backdrop_is_the_map_drawn_layer_by_layer_with_every_torch_and_the_fog(tmp_path):
    """The composed backdrop against the drawing it replaced: the map layer with the hero's room lit, every
    torch's glow added, the fog blended over it all, at several camera positions and moments of the flicker."""
    session = Session(CRYPT, 7, save_path=tmp_path / "slot.sav")
    try:
        scene = crowded_dungeon(session).top
        view, shown = scene.view, scene.shown
        view.backdrop.compose((shown.hero.room, shown.known, shown.sight), shown.hero.room, lambda: view.fog(shown),
                              view.torches)
        assert view.backdrop.hidden  # torches in the unknown, not drawn
        drawn, again = pygame.Surface((960, 548)), pygame.Surface((960, 548))
        for step, (dx, dy) in enumerate(((0, 0), (-300, 40), (250, -120), (-40, 400), (600, 300))):
            view.camera.x, view.camera.y = max(0, view.camera.x + dx), max(0, view.camera.y + dy)
            clock = 0.37 * step
            topleft = view.camera.to_view(0, 0)
            for surface in (drawn, again):
                surface.fill((0, 0, 0))
                surface.set_clip(MAP_VIEW)
            view.backdrop.draw(drawn, topleft, MAP_VIEW, view.torches, view.camera, clock)
            view.layer.draw(again, topleft, shown.hero.room)
            for _, rect, image in view.torches.placed(view.camera, MAP_VIEW, clock):
                again.blit(image, rect, special_flags=pygame.BLEND_RGB_ADD)
            again.blit(view.fog(shown), topleft)
            assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(again, "RGB"), f"camera step {step}"
    finally:
        session.close(autosave=False)


def test_the_log_moves_the_lines_it_shows_and_renders_only_the_new_ones():
    log, canvas = widgets.MessageLog(), pygame.Surface((1280, 720))
    for n in range(40):
        log.add(f"line {n} " + "of a longer story " * (n % 3), (200, 200, 200))
    log.separator("— turn 1 —", (90, 90, 90))
    log.draw(canvas, LOG_VIEW)
    inner = LOG_VIEW.inflate(-2 * widgets.PAD, -2 * widgets.PAD)
    marked = (inner.x + 1, inner.bottom - 60)
    under = canvas.get_at(marked)
    canvas.set_at(marked, (255, 0, 255))  # on an old line's row: only a move carries it along
    log.separator("— turn 2 —", (90, 90, 90))  # the divider replaced, two lines under it
    log.add("The rat bites.", (255, 104, 92))
    log.add("The hero waits.")
    log.draw(canvas, LOG_VIEW)
    moved = [(x, y) for x in range(inner.x, inner.right) for y in range(inner.y, inner.bottom)
             if canvas.get_at((x, y))[:3] == (255, 0, 255)]
    assert len(moved) == 1 and moved[0][1] < marked[1]  # moved up, not painted again
    canvas.set_at(moved[0], under)
    fresh = pygame.Surface((1280, 720))
    _copy_of(log).draw(fresh, LOG_VIEW)
    assert pygame.image.tobytes(canvas.subsurface(LOG_VIEW), "RGB") == \
        pygame.image.tobytes(fresh.subsurface(LOG_VIEW), "RGB")


def _copy_of(log: widgets.MessageLog) -> widgets.MessageLog:
    again = widgets.MessageLog()
    again.lines = list(log.lines)
    return again
