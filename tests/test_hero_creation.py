"""The hero creation screen and what it makes (issue 14, Reconciliation 8): heroes.toml's limits, the
screen by keyboard and mouse, the sheet the rules read (N39), the hero saved with the game."""
from __future__ import annotations

import dataclasses
import random
import shutil
from pathlib import Path

import pygame
import pytest

from game.content.content import load_content
from game.content.errors import ContentError
from game.content.heroes import load_heroes
from game.launch import new_game
from game.paths import DATA, DEFAULT_MAP
from game.rules.definitions import frozen
from game.save import fileformat, load_world, save_world
from game.ui.app import scene_stack
from game.ui.creation import HeroCreationScene
from game.ui.dungeon import DungeonScene
from game.ui.session import Session
from game.ui.title import SINGLE_MAP
from game.world import views
from game.world.verbs.social import hero_impression
from game.save.snapshot import with_maps

pytestmark = pytest.mark.usefixtures("display")


def key(scene, k: int, mod: int = 0) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(scene, pos) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def type_text(scene, words: str) -> None:
    for letter in words:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=letter))


@pytest.fixture
def creation(tmp_path):
    session = Session(DEFAULT_MAP, 5, save_path=tmp_path / "slot.sav")
    stack = scene_stack(session)
    title = stack.push("title")
    title.menu.selected = title.menu.labels.index(SINGLE_MAP)
    key(title, pygame.K_RETURN)  # Single map run
    assert isinstance(stack.top, HeroCreationScene)
    yield stack, stack.top, session
    session.close()


def test_heroes_toml_gives_five_points_two_proficiency_points_and_three_perks(content):
    options = content.heroes
    assert (options.points, options.proficiency_points, options.step, options.most) == (5, 2, 3, 2)
    assert options.limits == {"charisma": 5, "dexterity": 5, "patience": 5, "proficiency": 2}
    assert "thief" in options.perks and set(options.perks) == {"thief", "provident", "herbalist"}


def test_every_limit_of_heroes_toml_is_checked(content):
    options, base = content.heroes, content.codex.shipped_sheet()
    assert options.problems(base, base) == []
    bad = {
        "charisma": dataclasses.replace(base, charisma=6),
        "below": dataclasses.replace(base, dexterity=base.dexterity - 1),
        "points": dataclasses.replace(base, charisma=5, dexterity=5),  # 3 + 3 > 5
        "most": dataclasses.replace(base, raises=frozen({"strength": 3})),
        "attribute": dataclasses.replace(base, raises=frozen({"wisdom": 1})),
        "proficiency": dataclasses.replace(base, proficiencies=frozen({**base.proficiencies, "druidic": 3})),
        "proficiency points": dataclasses.replace(base, proficiencies=frozen(
            {**base.proficiencies, "druidic": 2, "illusion": 1})),
        "perk": dataclasses.replace(base, perks=("thief", "herbalist")),
        "name": dataclasses.replace(base, name=""),
        "portrait": dataclasses.replace(base, portrait="dragon"),
        "moral": dataclasses.replace(base, moral="chaotic"),
    }
    for what, sheet in bad.items():
        assert options.problems(sheet, base), what
    assert options.problems(dataclasses.replace(base, charisma=5, dexterity=4), base) == []  # 3 + 2 points


def test_a_random_hero_spends_every_point_within_the_limits(content):
    options, base = content.heroes, content.codex.shipped_sheet()
    for seed in range(30):
        sheet = options.random_sheet(base, random.Random(seed))
        assert options.problems(sheet, base) == []
        assert options.spent(sheet, base) == options.points
        assert options.proficiency_spent(sheet, base) == options.proficiency_points
        assert len(sheet.perks) == 1


def test_a_raised_attribute_raises_the_card_by_the_bridge(content):
    base = content.codex.shipped_sheet()
    tough = content.with_hero(dataclasses.replace(base, name="Tough", raises=frozen({"endurance": 2})))
    defn = tough.codex.hero().definition
    assert defn.name == "Tough" and defn.attributes["endurance"] == 14 + 2 * 3  # END 20: T5
    assert tough.codex.hero_card().health > content.codex.hero_card().health
    again = tough.with_hero(dataclasses.replace(base, name="Again"))  # always from hero.toml, never compounded
    assert again.codex.hero().definition.attributes["endurance"] == 14


@pytest.mark.rule("N39")
def test_N39_the_sheets_charisma_sets_first_impressions(content):
    base = content.codex.shipped_sheet()
    first = {}
    for charisma in (base.charisma, 5):
        game = new_game(DEFAULT_MAP, 1, hero=dataclasses.replace(base, charisma=charisma))
        first[charisma] = hero_impression(game.world, game.world.hero)
        game.close()
    assert first == {2: 0, 5: 9}  # social.toml charisma_first: [-6, -3, 0, 3, 6, 9]


def test_a_perk_sets_out_with_its_kit(content):
    base = content.codex.shipped_sheet()
    game = new_game(DEFAULT_MAP, 1, hero=dataclasses.replace(base, perks=("herbalist",)))
    assert "Healing potion ×3" in views.creature(game.world, game.world.hero).carrying
    game.close()


def test_a_bad_heroes_toml_names_its_file_and_field(tmp_path):
    bad = tmp_path / "heroes.toml"
    text = (DATA / "heroes.toml").read_text(encoding="utf-8")
    bad.write_text(text.replace('kit = ["healing_potion", "healing_potion"]', 'kit = ["elixir"]'), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_heroes(bad, set(load_content().items))
    assert str(caught.value) == f"{bad}: heroes: perks[2].kit: unknown item 'elixir'"
    bad.write_text(text.replace("points = 5 ", "points = 500 "), encoding="utf-8")
    with pytest.raises(ContentError, match="points: must be from 0 to 20, not 500"):
        load_heroes(bad, set(load_content().items))


def test_the_screen_by_keyboard_names_the_hero_spends_points_and_begins(creation):
    stack, screen, session = creation
    for _ in range(4):
        key(screen, pygame.K_BACKSPACE)  # "Hero"
    type_text(screen, "Wren")
    key(screen, pygame.K_DOWN)  # the portrait
    key(screen, pygame.K_RIGHT)
    assert screen.sheet.portrait == list(screen.options.portraits)[1]
    while not screen.rows[screen.focus].key == "stat:charisma":
        key(screen, pygame.K_DOWN)
    for _ in range(10):
        key(screen, pygame.K_RIGHT)
    assert screen.sheet.charisma == 5  # the limit, however often pressed
    key(screen, pygame.K_DOWN)
    for _ in range(10):
        key(screen, pygame.K_RIGHT)
    assert screen.sheet.dexterity == 4  # the two points that were left
    key(screen, pygame.K_RETURN)
    assert isinstance(stack.top, DungeonScene)
    hero = session.world.content.codex.hero()
    assert hero.definition.name == "Wren" and hero.sheet.charisma == 5 and hero.sheet.dexterity == 4
    assert views.creature(session.world, session.world.hero).name == "Wren"


def test_the_screen_by_mouse_chooses_and_the_random_hero_button_draws_one(creation):
    stack, screen, session = creation
    moral = screen.row("moral")
    click(screen, next(rect.center for rect, value in moral.chips if value == "evil"))
    assert screen.sheet.moral == "evil"
    endurance = screen.row("stat:endurance")
    click(screen, endurance.plus.center)
    click(screen, endurance.plus.center)
    click(screen, endurance.plus.center)
    assert screen.sheet.raises == {"endurance": 2}
    click(screen, endurance.minus.center)
    assert screen.sheet.raises == {"endurance": 1}
    perk = screen.row("perk")
    click(screen, next(rect.center for rect, value in perk.chips if value == "thief"))
    assert screen.sheet.perks == ("thief",)
    click(screen, screen.row("random").rect.center)
    drawn = screen.sheet
    assert screen.options.problems(drawn, screen.base) == [] and drawn.name in screen.options.names
    screen.draw(pygame.display.get_surface())
    click(screen, screen.row("begin").rect.center)
    assert isinstance(stack.top, DungeonScene) and session.world.content.codex.hero().sheet == drawn


def test_an_empty_name_is_refused_with_a_reason_and_esc_goes_back(creation):
    stack, screen, session = creation
    for _ in range(4):
        key(screen, pygame.K_BACKSPACE)
    key(screen, pygame.K_RETURN)
    assert stack.top is screen and "the name must be 1 to 24 printable characters" in screen.problems[0]
    screen.draw(pygame.display.get_surface())
    key(screen, pygame.K_ESCAPE)
    assert stack.top.__class__.__name__ == "TitleScene"


def test_the_hero_is_saved_with_its_sheet_and_old_saves_load_with_theirs_or_hero_toml_s(content, tmp_path: Path):
    base = content.codex.shipped_sheet()
    sheet = dataclasses.replace(base, name="Wren", portrait="outlaw", moral="evil", ethic="chaotic",
                                perks=("thief",), charisma=4, raises=frozen({"strength": 1}))
    game = new_game(DEFAULT_MAP, 3, hero=sheet)
    game.end_turn()
    path = tmp_path / "wren.sav"
    save_world(game.world, path)
    before = views.creature(game.world, game.world.hero)
    game.close()
    loaded = load_world(path)
    assert loaded.hero_sheet() == sheet
    after = views.creature(loaded, loaded.hero)
    assert after.name == "Wren" and after.max_health == before.max_health and after.card == before.card
    loaded.close()
    body = with_maps(fileformat.read(path))
    hero = next(c["components"]["hero"] for c in body["creatures"] if "hero" in c["components"])
    assert "hero_sheet" not in body and hero["sheet"]["name"] == "Wren"  # each hero keeps its own sheet
    old = tmp_path / "old.sav"
    shutil.copy(path, old)
    body["hero_sheet"] = hero.pop("sheet")  # as written before each hero kept its own: the one-map hero's
    old.write_bytes(fileformat.encode(body))
    from_before = load_world(old)
    assert from_before.hero_sheet() == sheet and views.creature(from_before, from_before.hero).card == before.card
    from_before.close()
    del body["hero_sheet"]  # as written before the creation screen
    old.write_bytes(fileformat.encode(body))
    from_before = load_world(old)
    assert from_before.hero_sheet() == base
    assert from_before.content.codex.hero().definition.attributes == content.codex.hero().definition.attributes
    from_before.close()
