"""The dialogue screen (issue 11) driven through the input events a player makes: opened by a click, by T
and from the side panel, never an attack on a creature that is not hostile (N46); choices by number, by
arrows and Enter and by the mouse; the Measure dice shown one by one (N78); Draw weapon behind a
confirmation; Esc leaves."""
from __future__ import annotations

import pygame
import pytest

from game.launch import new_game
from game.paths import ROOT
from game.ui import theme
from game.ui.app import scene_stack
from game.ui.dialogue import DialogueScene
from game.ui.dungeon import DungeonScene
from game.ui.session import Session
from game.ui.transcript import DIE_DELAY
from game.world import views
from game.world.commands import Talk
from game.world.components import Body, Identity, Loyalty
from tests.helpers.talk_fixtures import only, sure
from tests.helpers.screens import click, hover, key
from tests.helpers.ui_scenes import text_size

VILLAGE = ROOT / "maps" / "village.tmx"
BLOWS = ("hit", "miss", "dodge")


pytestmark = pytest.mark.usefixtures("display")  # a dummy window for the module (conftest.py)


@pytest.fixture
def village(content, monkeypatch):
    """Ashby Vale with the moment "A letter home" sure to begin at the first talk with anyone."""
    forced = only(sure(content), "letter_home")
    monkeypatch.setattr("game.launch.new_game", lambda path, seed, hero=None: new_game(path, seed, content=forced, hero=hero))
    session = Session(VILLAGE, 7)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    yield stack, dungeon
    session.close()


def frames(stack, n: int) -> None:
    for _ in range(n):
        stack.top.update(1 / 60)


def neighbour(dungeon: DungeonScene):
    hero = dungeon.hero_view()
    return next(v for v in dungeon.views if v.room == hero.room and not v.is_hero and not v.hostile)


def open_by_click(stack, dungeon) -> DialogueScene:
    person = neighbour(dungeon)
    click(dungeon, dungeon.screen_pos(person.square))
    assert isinstance(stack.top, DialogueScene) and stack.top.target == person.eid
    return stack.top


def test_the_dialogue_is_a_registered_scene(village):
    stack, dungeon = village
    assert "dialogue" in stack.names


@pytest.mark.rule("N46")
def test_N46_a_plain_click_on_a_creature_that_is_not_hostile_talks_and_never_attacks(village):
    stack, dungeon = village
    world = dungeon.world
    person = neighbour(dungeon)
    ap, health = dungeon.hero_view().ap, person.health
    click(dungeon, dungeon.screen_pos(person.square))
    events = [e for e in dungeon.world.pop_events()]
    assert isinstance(stack.top, DialogueScene)
    assert not any(e.kind in BLOWS for e in events) and not any(e.kind in BLOWS for e in world.events)
    assert views.creature(world, person.eid).health == health and dungeon.hero_view().ap == ap
    assert not world.is_enemy(person.eid, world.hero)
    stack.top.draw(pygame.Surface(theme.LOGICAL_SIZE))
    assert stack.top.transcript.entries  # it spoke


def test_t_talks_to_the_creature_under_the_mouse_else_the_next_in_the_room(village):
    stack, dungeon = village
    hero = dungeon.hero_view()
    people = sorted((v for v in dungeon.views if v.room == hero.room and not v.is_hero and not v.hostile),
                    key=lambda v: (abs(v.square[0] - hero.square[0]) + abs(v.square[1] - hero.square[1]), v.uid))
    assert len(people) >= 2
    key(dungeon, pygame.K_t)
    assert stack.top.target == people[0].eid
    key(stack.top, pygame.K_ESCAPE)
    key(dungeon, pygame.K_t)
    assert stack.top.target == people[1].eid
    key(stack.top, pygame.K_ESCAPE)
    hover(dungeon, dungeon.screen_pos(people[1].square))
    key(dungeon, pygame.K_t)
    assert stack.top.target == people[1].eid


@pytest.mark.rule("N46")
def test_N46_a_line_under_in_this_room_talks_to_a_creature_that_is_not_hostile(village):
    stack, dungeon = village
    dungeon.draw(pygame.Surface(theme.LOGICAL_SIZE))
    row, command = next((r, t) for r, t in dungeon.side.clickable if isinstance(t, Talk))
    click(dungeon, row.center)
    assert isinstance(stack.top, DialogueScene) and stack.top.target == command.target


@pytest.mark.rule("N82")
def test_N82_esc_leaves_at_once_and_costs_nothing(village):
    stack, dungeon = village
    dialogue = open_by_click(stack, dungeon)
    assert dialogue.view.moment  # the moment is under way
    ap = dungeon.hero_view().ap
    key(dialogue, pygame.K_ESCAPE)
    assert stack.top is dungeon and dungeon.hero_view().ap == ap
    assert dungeon.world.get(dialogue.target, Loyalty).to.get("hero", 0) == 0


@pytest.mark.rule("N78")
@pytest.mark.rule("N80")
def test_N78_a_reply_by_number_key_shows_its_dice_one_by_one_then_the_answer(village):
    stack, dungeon = village
    dialogue = open_by_click(stack, dungeon)
    first = dialogue.choices()[0]
    assert first.approach  # a moment's reply
    key(dialogue, pygame.K_1)
    dice = next(e for e in dialogue.transcript.entries if e.kind == "dice")
    assert dialogue.transcript.busy and dialogue.view.moment  # the outcome waits for the dice
    shown = []
    for _ in range(int((len(dice.dice) * DIE_DELAY + 0.5) * 60)):
        frames(stack, 1)
        shown.append(dialogue.transcript.rolled(dice))
        dialogue.draw(pygame.Surface(theme.LOGICAL_SIZE))
    assert shown == sorted(shown) and shown[0] < len(dice.dice) == shown[-1]
    assert len(set(shown)) == len(dice.dice) or len(dice.dice) == 1  # every count in turn, one die at a time
    frames(stack, 2)
    assert not dialogue.transcript.busy and not dialogue.view.moment
    assert dialogue.view.face in ("pleased", "neutral", "annoyed")
    answer = next(e for e in dialogue.transcript.entries if e.data.get("part") == "outcome")
    assert answer.data["result"] in dialogue.world.content.dialogue.results.values()
    assert answer.at >= dice.at + dice.span  # the answer opens with the result, after the dice


def test_arrows_and_enter_and_the_mouse_choose_too(village):
    stack, dungeon = village
    dialogue = open_by_click(stack, dungeon)
    key(dialogue, pygame.K_ESCAPE)
    world = dungeon.world
    world.turn += 1  # a new turn: may begin no moment (the hero's last was just now)
    dialogue = open_by_click(stack, dungeon)
    assert [c.key for c in dialogue.choices()] == \
        ["others", "news", "about", "work:ask", "company:recruit", "people", "draw", "goodbye"]
    key(dialogue, pygame.K_DOWN)
    key(dialogue, pygame.K_DOWN)
    key(dialogue, pygame.K_RETURN)  # Tell me about yourself
    assert any(e.data.get("part") == "about" for e in dialogue.transcript.entries)
    frames(stack, 2)
    dialogue.draw(pygame.Surface(theme.LOGICAL_SIZE))
    row, choice = next((r, c) for r, c in dialogue.rows if c.key == "news")
    hover(dialogue, row.center)
    assert dialogue.choices()[dialogue.selected].key == "news"
    click(dialogue, row.center)
    assert any(e.data.get("part") == "news" for e in dialogue.transcript.entries)
    frames(stack, 2)
    dialogue.draw(pygame.Surface(theme.LOGICAL_SIZE))
    row, _ = next((r, c) for r, c in dialogue.rows if c.key == "goodbye")
    click(dialogue, row.center)
    assert stack.top is dungeon


@pytest.mark.rule("N46")
def test_N46_draw_weapon_asks_once_more_then_makes_an_enemy_the_next_click_attacks(village):
    stack, dungeon = village
    world = dungeon.world
    dialogue = open_by_click(stack, dungeon)
    key(dialogue, pygame.K_1 + [c.key for c in dialogue.choices()].index("draw"))  # never a number key
    assert "draw" in [c.key for c in dialogue.choices()]
    key(dialogue, pygame.K_d)
    assert [c.key for c in dialogue.choices()] == ["confirm_draw", "cancel_draw"]
    assert dialogue.choices()[dialogue.selected].key == "cancel_draw"  # the safe answer is the default
    dialogue.draw(pygame.Surface(theme.LOGICAL_SIZE))
    key(dialogue, pygame.K_ESCAPE)  # not yet
    assert stack.top is dialogue and "draw" in [c.key for c in dialogue.choices()]
    key(dialogue, pygame.K_d)
    key(dialogue, pygame.K_1)  # not a number key either
    assert stack.top is dialogue
    key(dialogue, pygame.K_y)  # Yes
    assert stack.top is dungeon
    target = dialogue.target
    assert world.is_enemy(target, world.hero) and world.get(target, Identity).faction == "hostile"
    frames(stack, 1)
    assert views.creature(world, target).hostile
    ap = dungeon.hero_view().ap
    click(dungeon, dungeon.screen_pos(views.creature(world, target).square))
    assert stack.top is dungeon and dungeon.hero_view().ap == ap - 1  # a blow, paid for


def test_a_reply_that_spends_the_last_action_point_runs_the_world_turn_under_the_dialogue(village):
    stack, dungeon = village
    dialogue = open_by_click(stack, dungeon)
    dungeon.world.get(dungeon.world.hero, Body).ap = 1
    turn = dungeon.world.turn
    key(dialogue, pygame.K_1)
    assert dialogue.driver.busy
    frames(stack, 600)
    assert dungeon.world.turn == turn + 1 and not dialogue.driver.busy
    assert stack.top is dialogue  # the person is still there: the conversation goes on
    assert dialogue.choices()[0].key == "others"


def test_the_hover_card_says_whether_the_creature_knows_you(village):
    stack, dungeon = village
    person = neighbour(dungeon)
    hover(dungeon, dungeon.screen_pos(person.square))
    dungeon.draw(pygame.Surface(theme.LOGICAL_SIZE))
    assert dungeon.known[person.eid].regard is None
    open_by_click(stack, dungeon)
    key(stack.top, pygame.K_ESCAPE)
    hover(dungeon, dungeon.screen_pos(person.square))
    dungeon.draw(pygame.Surface(theme.LOGICAL_SIZE))
    assert dungeon.known[person.eid].regard == "indifferent"


def test_choices_keep_their_keys_for_the_whole_conversation_goodbye_g_draw_never_a_number(village):
    """Issue 28: after every exchange the same option has the same key; Goodbye is G (and Esc), Draw weapon D."""
    from game.ui.choicekeys import key_label

    stack, dungeon = village
    dialogue = open_by_click(stack, dungeon)
    key(dialogue, pygame.K_ESCAPE)
    dungeon.world.turn += 1  # no moment under way
    dialogue = open_by_click(stack, dungeon)
    seen: dict[tuple[str, str, int], str] = {}
    for said in ("news", "about", "others"):
        dialogue.draw(pygame.Surface(theme.LOGICAL_SIZE))
        for choice in dialogue.choices():
            label = key_label(dialogue.keys.key_of(choice))
            assert seen.setdefault((choice.key, choice.approach, choice.item), label) == label
        keys = {c.key: key_label(dialogue.keys.key_of(c)) for c in dialogue.choices()}
        assert keys["goodbye"] == "G" and keys["draw"] == "D"
        assert len(set(keys.values())) == len(keys)  # no two choices share a key
        assert all(not label.isdigit() for k, label in keys.items() if k in ("draw", "goodbye"))
        key(dialogue, pygame.key.key_code(keys[said].lower()))
        assert any(e.data.get("part") == said for e in dialogue.transcript.entries)
        frames(stack, 240)
    key(dialogue, pygame.K_g)
    assert stack.top is dungeon


def test_a_long_list_of_choices_leaves_the_words_said_room_and_scrolls(village, monkeypatch):
    """Seen in a real window: a thief asking for work had fourteen choices, four lifts with their odds and the
    offer with its pay, and the giver's words had no room left above them. The rows that do not fit scroll
    with the selection, each with what it pays or needs under it."""
    from game.ui.dialogue import MIN_TRANSCRIPT
    from game.world.talkview import Choice

    stack, dungeon = village
    dialogue = open_by_click(stack, dungeon)
    many = [Choice(f"ask:{i}", f"Choice {i}", terms="55% chance to take it unseen; if caught, they turn on you.")
            for i in range(14)]
    monkeypatch.setattr(dialogue, "choices", lambda: many)
    surface = pygame.Surface(theme.LOGICAL_SIZE)
    for size in (1.0, 1.3):
        with text_size(size):
            dialogue.selected = 0
            top = dialogue._draw_choices(surface)
            shown = [choice.key for _, choice in dialogue.rows]
            assert top - dialogue.right.y >= MIN_TRANSCRIPT and shown[0] == "ask:0" and "ask:13" not in shown
            assert all(row.h > 30 for row, _ in dialogue.rows)  # the terms under every row shown
            key(dialogue, pygame.K_UP)  # round to the last
            dialogue._draw_choices(surface)
            assert [choice.key for _, choice in dialogue.rows][-1] == "ask:13"
