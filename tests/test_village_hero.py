"""A scripted hero in Ashby Vale (maps/village.tmx) does what issue 13's "done" asks, through the commands the
screens send and walking room by room: it buys provisions and sells, takes work from a villager and brings
what it asked for (bought at a merchant), waits out the 30-turn cooldown, does a favour, works again until
the villager is loyal enough to join, hires her, outfits her from the pack and sends her to scout; gold,
XP, loyalty, journal and cooldown are checked at each step (N5, N38-N44)."""
from __future__ import annotations

from collections import deque

import pytest

from game.launch import new_game
from game.paths import ROOT
from game.world.commands import Buy, Consume, EndTurn, Hand, Move, Order, Recruit, Sell, Work
from game.world.components import Companion, Inventory, Item, Journal, Loyalty, Merchant, Needs, Persona
from game.world.journalview import journal_view
from game.world.verbs import contracts, trade

VILLAGE = ROOT / "maps" / "village.tmx"
BUYABLE = {"healing_potion", "helmet"}  # what a bring contract may ask that Ashby Vale's shops sell


class Hero:
    """The scripted hero: walks by the shortest open way, eats and drinks when it must, trades and works."""

    def __init__(self, game) -> None:
        self.game, self.world = game, game.world
        self.hero = game.world.hero

    def do(self, command) -> None:
        result = self.game.do(command)
        assert result.ok, (command, result.reason)
        self.settle()

    def settle(self) -> None:
        if self.game.busy:
            self.game.finish_turn()
        self.world.pop_events()
        self.keep_fed()

    def keep_fed(self) -> None:
        needs = self.world.get(self.hero, Needs)
        for need, kind in ((needs.hunger, "food"), (needs.thirst, "drink")):
            if need > 50:
                item = self.carried_kind(kind)
                if item is not None:
                    assert self.game.do(Consume(self.hero, item)).ok
                    if self.game.busy:
                        self.game.finish_turn()

    def carried_kind(self, kind: str) -> int | None:
        return next((i for i in self.world.get(self.hero, Inventory).items
                     if self.world.content.items[self.world.get(i, Item).item_id].kind == kind), None)

    def carried(self, item_id: str) -> int | None:
        return next((i for i in self.world.get(self.hero, Inventory).items
                     if self.world.get(i, Item).item_id == item_id), None)

    def walk_to(self, eid: int) -> None:
        """Room by room through open doors until it shares `eid`'s room (it may walk on meanwhile)."""
        for _ in range(80):
            goal = self.world.room_of(eid)
            if self.world.hero_room() == goal:
                return
            self.do(Move(self.hero, self.next_room(goal)))
        raise AssertionError("never caught up")

    def next_room(self, goal: int) -> int:
        start = self.world.hero_room()
        came: dict[int, int | None] = {start: None}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            if room == goal:
                while came[room] != start:
                    room = came[room]
                return room
            for ex, other in self.world.map.exits_of(room):
                if other not in came and not (ex.locked and ex.id not in self.world.opened_doors):
                    came[other] = room
                    queue.append(other)
        raise AssertionError("no way there")

    def wait(self, turns: int) -> None:
        for _ in range(turns):
            self.game.end_turn()
            self.settle()

    def buy(self, merchant: int, item_id: str) -> int:
        self.walk_to(merchant)
        ware = next(i for i in trade.wares(self.world, merchant)
                    if self.world.get(i, Item).item_id == item_id)
        price = trade.price(self.world, merchant, ware, selling=True).total
        gold = trade.gold_of(self.world, self.hero)
        self.do(Buy(self.hero, merchant, ware))
        assert trade.gold_of(self.world, self.hero) == gold - price
        return price


def shop(world, kind: str) -> int:
    return next(eid for eid, m in world.query(Merchant) if m.trade == kind)


@pytest.mark.rule("N5")
@pytest.mark.rule("N38")
@pytest.mark.rule("N39")
@pytest.mark.rule("N40")
@pytest.mark.rule("N43")
@pytest.mark.rule("N44")
def test_a_scripted_hero_trades_works_does_a_favour_and_hires_a_villager_who_scouts():
    game = new_game(VILLAGE, 7)
    world = game.world
    me = Hero(game)
    hero = world.hero
    try:
        giver = next(a.eid for a in world.actors.all() if a.ident.codex_id == "villager"
                     and a.ident.kind != "notable" and world.has(a.eid, Persona))
        brewer, smith = shop(world, "provisioner"), shop(world, "armourer")
        loyalty = world.get(giver, Loyalty).to

        # -- trade: provisions for the road, and a sale -----------------------------------------------
        gold = trade.gold_of(world, hero)
        assert gold == 60
        spent = me.buy(brewer, "ration") + me.buy(brewer, "water_bottle")
        me.walk_to(brewer)
        bottle = me.carried("water_bottle")
        offer = trade.price(world, brewer, bottle, selling=False).total
        me.do(Sell(hero, brewer, bottle))
        gold = 60 - spent + offer
        assert trade.gold_of(world, hero) == gold

        def work_once(done: int) -> None:
            """Ask the giver for work until it wants something the shops sell, buy it, bring it, claim."""
            nonlocal gold
            me.walk_to(giver)
            for _ in range(300):
                me.do(Work(hero, giver, "ask"))
                offered = contracts.of_giver(world, hero, giver, "offered")
                if offered.kind == "bring" and offered.item in BUYABLE:
                    break
            me.do(Work(hero, giver, "accept"))
            assert [e.state for e in journal_view(world, hero).entries][:1] in (["active"], ["ready"])
            if me.carried(offered.item) is None:
                gold -= me.buy(smith if offered.item == "helmet" else brewer, offered.item)
            me.walk_to(giver)
            before = loyalty.get("hero", 0)
            xp = world.get(hero, Journal).xp
            gold = trade.gold_of(world, hero)
            me.do(Work(hero, giver, "claim"))
            assert trade.gold_of(world, hero) == gold + offered.gold  # a bonus is an item, not gold
            gold = trade.gold_of(world, hero)
            assert world.get(hero, Journal).xp == xp + 30
            assert loyalty["hero"] == before + 10  # Charisma 2
            assert contracts.cooldown_left(world, hero, giver) == 30
            assert sum(e.state == "done" and e.kind == "bring" for e in journal_view(world, hero).entries) == done

        # -- work, the cooldown, a favour ---------------------------------------------------------------
        work_once(1)
        me.wait(30)
        work_once(2)
        assert loyalty["hero"] == 20
        me.walk_to(giver)
        me.do(Work(hero, giver, "ask"))  # cooling down, loyal enough: a favour (N44)
        favour = contracts.of_giver(world, hero, giver, "offered")
        assert favour.kind == "mini"
        me.do(Work(hero, giver, "accept"))
        wanted = world.content.contracts.wants[favour.item].items[0]
        if me.carried(wanted) is None:
            me.buy(brewer if wanted in ("ration", "water_bottle") else shop(world, "general"), wanted)
        me.walk_to(giver)
        gold = trade.gold_of(world, hero)
        me.do(Work(hero, giver, "give"))
        assert trade.gold_of(world, hero) == gold + max(8, 2 * world.content.items[wanted].value)
        assert loyalty["hero"] == 25 and favour.state == "done"
        me.wait(contracts.cooldown_left(world, hero, giver))
        work_once(3)
        assert loyalty["hero"] == 35

        # -- hire her, outfit her, send her to scout ----------------------------------------------------
        me.walk_to(giver)
        me.do(Recruit(hero, giver))
        assert world.get(giver, Companion).hero == "hero"
        dagger_price = me.buy(shop(world, "general"), "dagger")
        assert dagger_price > 0 and world.room_of(giver) == world.hero_room()  # she came along
        dagger = me.carried("dagger")
        me.do(Hand(hero, giver, dagger))
        assert world.get(giver, Inventory).equipped["weapon"] == dagger
        here = world.hero_room()
        next_room = world.map.exits_of(here)[0][1]
        me.do(Order(hero, giver, "explore", next_room))
        game.do(EndTurn(hero))
        game.finish_turn()
        assert world.room_of(giver) == next_room
        game.do(EndTurn(hero))
        game.finish_turn()
        events = world.pop_events()
        assert world.room_of(giver) == here
        assert any(e.kind == "says" and e.actor == world.uid(giver) and world.room_name(next_room) in e.data["line"]
                   for e in events)
        entries = journal_view(world, hero).entries
        assert [(e.kind, e.state) for e in entries] == [("bring", "done"), ("mini", "done"), ("bring", "done"),
                                                      ("bring", "done")]  # newest first
        assert world.get(hero, Journal).xp == 90
    finally:
        game.close()
