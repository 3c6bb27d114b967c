"""The trade screen (N5) driven through the input events a player makes: opened from a merchant's dialogue,
buying with the keyboard, selling with a click, the price explained for the line under the mouse, Esc back
to the conversation."""
from __future__ import annotations

import pygame
import pytest

from game.paths import ROOT
from game.ui import bindings
from game.ui.app import scene_stack
from game.ui.dialogue import DialogueScene
from game.ui.session import Session
from game.ui.trade import TradeScene, explain
from game.world.commands import Equip
from game.world.components import Item, Merchant
from game.world.verbs import factory, trade
from game.world.verbs.moving import relocate
from tests.helpers.screens import click, hover, key

VILLAGE = ROOT / "maps" / "village.tmx"

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture
def shop():
    """The dialogue with Ashby Vale's armourer open, the hero in the smithy."""
    session = Session(VILLAGE, 7)
    stack = scene_stack(session)
    dungeon = stack.reset("dungeon")
    world = session.world
    smith = next(eid for eid, m in world.query(Merchant) if m.trade == "armourer")
    room = world.room_of(smith)
    relocate(world, world.hero, room, [world.rooms.free_spot(room)])
    stack.push("dialogue", person=smith, log=dungeon.log)
    yield stack, world, smith
    session.close()


def open_trade(stack) -> TradeScene:
    dialogue = stack.top
    assert isinstance(dialogue, DialogueScene)
    index = [c.key for c in dialogue.choices()].index("trade")
    key(dialogue, pygame.K_1 + index)
    assert isinstance(stack.top, TradeScene)
    return stack.top


@pytest.mark.rule("N5")
def test_N5_the_trade_screen_opens_from_the_dialogue_buys_by_key_and_sells_by_click(shop):
    stack, world, smith = shop
    scene = open_trade(stack)
    assert scene.said  # the merchant greets in its traits' tone
    helmet = next(i for i, w in enumerate(scene.view.wares) if w.item_id == "helmet")
    for _ in range(helmet):
        key(scene, pygame.K_DOWN)
    asked = scene.view.wares[helmet].price.total
    key(scene, pygame.K_RETURN)
    assert trade.gold_of(world, world.hero) == 60 - asked
    assert any(w.item_id == "helmet" for w in scene.view.goods)
    scene.draw(pygame.display.get_surface())  # lays out the rows the mouse finds
    row, side, index = next(r for r in scene.rows if r[1] == 1 and scene.view.goods[r[2]].item_id == "helmet")
    offer = scene.view.goods[index].price.total
    click(scene, row.center)
    assert trade.gold_of(world, world.hero) == 60 - asked + offer
    assert not any(w.item_id == "helmet" for w in scene.view.goods)
    key(scene, pygame.K_ESCAPE)
    assert isinstance(stack.top, DialogueScene)


@pytest.mark.rule("N5")
def test_N5_hovering_a_line_explains_its_price_and_a_refusal_is_shown(shop):
    stack, world, smith = shop
    scene = open_trade(stack)
    surface = pygame.display.get_surface()
    scene.draw(surface)
    row, side, index = next(r for r in scene.rows if r[1] == 0 and scene.view.wares[r[2]].item_id == "byrnie")
    hover(scene, row.center)
    assert scene.hovered == (0, index)
    parts = explain(scene.view, scene.view.wares[index], True)
    assert [label.split(" (")[0] for label, _ in parts] == ["Base", "Quality and material", "Traits", "Trade level 0",
                                                          "Price"]
    assert parts[-1][1] == f"{scene.view.wares[index].price.total} gold"
    trade.take_gold(world, world.hero, 50)
    click(scene, row.center)
    byrnie = scene.view.wares[index]
    assert scene.note == f"You cannot afford the {byrnie.name} ({byrnie.price.total} gold)."
    scene.draw(surface)


def test_the_trade_keys_are_documented():
    doc = (ROOT / "docs" / "controls.md").read_text(encoding="utf-8")
    for keys, what, _ in bindings.TRADE:
        assert f"| {keys} | {what} |" in doc


@pytest.mark.rule("C26")
def test_C26_the_armourer_mends_a_worn_byrnie_from_its_dialogue_by_its_number_key(tmp_path):
    """The hero in the smithy wears a common byrnie worn to 34: the dialogue offers "Mend my Byrnie (15
    gold).", and its number key mends it (the screen is saved to smith_mend.png under tmp_path)."""
    session = Session(VILLAGE, 7)
    try:
        stack = scene_stack(session)
        dungeon = stack.reset("dungeon")
        world = session.world
        smith = next(eid for eid, m in world.query(Merchant) if m.trade == "armourer")
        room = world.room_of(smith)
        relocate(world, world.hero, room, [world.rooms.free_spot(room)])
        byrnie = factory.spawn_item(world, "byrnie", owner=world.hero, durability=34)
        assert session.driver.do(Equip(world.hero, byrnie)).ok
        stack.push("dialogue", person=smith, log=dungeon.log)
        dialogue = stack.top
        labels = [c.label for c in dialogue.choices()]
        assert "Mend my Byrnie (15 gold)." in labels
        surface = pygame.display.get_surface()
        dialogue.draw(surface)
        pygame.image.save(surface, str(tmp_path / "smith_mend.png"))
        gold = trade.gold_of(world, world.hero)
        key(dialogue, pygame.K_1 + labels.index("Mend my Byrnie (15 gold)."))
        assert world.get(byrnie, Item).durability == 64 and trade.gold_of(world, world.hero) == gold - 15
    finally:
        session.close()
