"""Widgets and map effects: the message log's scrolling and turn dividers, hit flashes, fading corpses."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.effects import FADE_SECONDS, Effects, subject
from game.ui.floaters import LINE, RISE, WIDTH, Floaters
from game.ui.widgets import MessageLog
from game.world.events import Event


def test_log_keeps_the_newest_lines_up_to_its_limit():
    log = MessageLog(limit=3)
    for n in range(5):
        log.add(f"line {n}")
    assert [line for line, _ in log.lines] == ["line 2", "line 3", "line 4"]


def test_quiet_turns_collapse_into_one_divider():
    log = MessageLog()
    log.add("Wolf bites Hero.")
    for turn in (3, 4, 5):
        log.separator(f"— turn {turn} —", theme.LOG_COLOURS["turn"])
    assert [line for line, _ in log.lines] == ["Wolf bites Hero.", "— turn 5 —"]


def test_scrolled_back_log_keeps_the_readers_place():
    log = MessageLog()
    for n in range(10):
        log.add(f"line {n}")
    log.scroll_by(4)
    log.add("line 10")
    assert log.scroll == 5
    log.scroll_by(-100)
    assert log.scroll == 0


def test_effect_subjects_follow_the_event_roles():
    assert subject(Event(1, "hit", actor="wolf#1", target="hero#0")) == "hero#0"
    assert subject(Event(1, "trap", actor="rat#2")) == "rat#2"
    assert subject(Event(1, "killed", actor="hero#0", target="wolf#1")) == "wolf#1"
    assert subject(Event(1, "eat", actor="rat#2")) is None


def test_a_hit_flashes_red_then_fades_back():
    effects = Effects()
    sprite = pygame.Surface((4, 4), pygame.SRCALPHA)
    sprite.fill((10, 10, 10, 255))
    effects.hit("wolf#1")
    assert effects.tinted("wolf#1", sprite).get_at((0, 0)).r > 100
    effects.update(1.0)
    assert effects.tinted("wolf#1", sprite) is sprite


def test_one_fall_leaves_one_fading_corpse_that_disappears():
    effects = Effects()
    sprite = pygame.Surface((32, 32), pygame.SRCALPHA)
    effects.slain("wolf#1", sprite, 0, 0, 32)
    effects.slain("wolf#1", sprite, 0, 0, 32)  # "killed" then "death" for the same fall
    assert len(effects.fading) == 1
    effects.update(FADE_SECONDS + 0.01)
    assert effects.fading == []


def test_labels_of_neighbours_stack_instead_of_overprinting():
    floaters = Floaters()
    floaters.add(Event(1, "hit", actor="hero#0", target="goblin#1", data={"damage": 3}), 100, 100)
    floaters.add(Event(1, "killed", actor="hero#0", target="goblin#2"), 110, 100)
    floaters.add(Event(1, "eat", actor="rat#3", data={}), 400, 100)
    ys = {f.words: f.y for f in floaters.items}
    assert ys == {"-3": 100, "slain": 86, "eats": 100}


def test_a_crowd_of_labels_never_overprints_and_a_creature_keeps_its_last_two():
    floaters = Floaters()
    for turn in range(12):  # turns going by fast in a crowded room: twelve creatures level up on one spot
        floaters.add(Event(turn, "level_up", actor=f"villager#{turn}", data={"level": 1}), 100 + turn, 100)
        floaters.update(0.05)
    for n in range(3):
        floaters.add(Event(20, "eat", actor="villager#0", data={}), 300, 100)
    drawn = [(f.x, f.y - RISE * f.age) for f in floaters.items]
    assert all(abs(ax - bx) >= WIDTH or abs(ay - by) >= LINE
               for i, (ax, ay) in enumerate(drawn) for bx, by in drawn[i + 1:])
    assert [f.words for f in floaters.items if f.uid == "villager#0"] == ["eats", "eats"]


def test_a_label_fills_in_its_event_data():
    floaters = Floaters()
    floaters.add(Event(1, "level_up", actor="wolf#1", data={"level": 3}), 0, 0)
    floaters.add(Event(1, "equip", actor="wolf#2"), 200, 0)  # no data: the field prints empty, no crash
    assert [f.words for f in floaters.items] == ["level 3!", "equips "]
