"""Issue 11's "Done means", played by a headless bot through the commands the screens send: a hero walks
into Ashby Vale (maps/village.tmx), talks to three people and sees their faces and the Measure dice of the
moments, later hears one tell what the hero did that it heard from the one who was there (N73, N81), and
when two residents fall out (N69) keeps beside them and hears them make up - all on seed 2 (seed 1 until N33
cut the armourer's stock, which moved every later roll: none of seed 1's three moments then ended in help)."""
from __future__ import annotations

import pytest

from game.world.commands import Ask, Talk
from game.world.components import Needs
from game.world.verbs import social
from tests.helpers.village import Bot, talk_to_three

FACES = ("pleased", "neutral", "annoyed")


def hear_the_gossip(bot: Bot) -> tuple[str, str, str]:
    """Wait about the village until someone knows a deed of the hero's from another, go there and talk (and
    talk again when a first meeting opened with who it is): (the one talking, its source, the line)."""
    world, hero, game = bot.world, bot.hero, bot.game
    while world.turn < 1500 and not world.over:
        tellers = [a for a in world.actors.all() if a.opinions is not None and a.body.health > 0
                   and social.news_of(world, a.eid, hero) is not None]
        if tellers and tellers[0].pos.room == world.hero_room():
            teller = tellers[0]
            source = social.who(world, social.news_of(world, teller.eid, hero).source)
            start = len(bot.events())
            assert game.do(Talk(hero, teller.eid)).ok
            if not any(" told me " in line for line in bot.says(start)) and not game.busy:
                assert game.do(Ask(hero, teller.eid, "goodbye")).ok  # a first meeting: who it is
                assert game.do(Talk(hero, teller.eid)).ok  # then the greeting, with the news
            told = [line for line in bot.says(start) if " told me " in line]
            if not game.busy:
                game.do(Ask(hero, teller.eid, "goodbye"))
            return teller.ident.name, source, told[0] if told else ""
        if not (tellers and bot.step_to({tellers[0].pos.room})):
            bot.wait()
        game.finish_turn()
    return "", "", ""


def watch_a_feud(bot: Bot) -> frozenset[str] | None:
    """Once two residents fall out (a feud begins in the village's log), keep beside one of them until the
    feud ends: the pair when it ended in calm, None when none did by turn 3,000."""
    world = bot.world
    watched: frozenset[str] | None = None
    while world.turn < 3000 and not world.over:
        begun = [e for e in bot.log if e.kind == "converse" and e.data["feud"]]
        over = {frozenset(e.data["pair"]): e for e in bot.log if e.kind == "feud_over"}
        if watched is not None and watched in over:
            if over[watched].data["reason"] == "calm":
                return watched
            watched = None  # a death ended it: watch the next
        if watched is None:
            fresh = [frozenset((e.actor, e.target)) for e in begun if frozenset((e.actor, e.target)) not in over]
            watched = fresh[0] if fresh else None
        needs = world.get(bot.hero, Needs)
        sides = [world.actors.by_uid(uid) for uid in watched or ()]
        rooms = {a.pos.room for a in sides if a is not None}
        if rooms and world.hero_room() not in rooms and max(needs.hunger, needs.thirst) <= 60:
            bot.step_to(rooms)
        bot.wait()
    return None


@pytest.mark.slow
@pytest.mark.rule("N69")
@pytest.mark.rule("N73")
@pytest.mark.rule("N79")
@pytest.mark.rule("N81")
def test_done_means_talk_to_three_hear_the_gossip_and_see_a_feud_made_up():
    bot = Bot(2)
    try:
        answered = talk_to_three(bot)
        assert len(answered) == 3, f"three moments answered by turn 600, not {len(answered)}"
        for face, dice in answered.values():
            assert face in FACES and dice and all(1 <= d <= 6 for d in dice)
        assert any(e.kind == "remembers_help" for e in bot.log)  # a deed to tell of (N81)
        teller, source, line = hear_the_gossip(bot)
        assert line and line.startswith(f"{teller}: “{source} told me ") and source != teller, line
        pair = watch_a_feud(bot)
        assert pair, "no feud began and ended in calm by turn 3000"
        begun = [e for e in bot.log if e.kind == "converse" and e.data["feud"]
                 and frozenset((e.actor, e.target)) == pair]
        over = [e for e in bot.log if e.kind == "feud_over" and frozenset(e.data["pair"]) == pair]
        assert begun and over and begun[0].turn < over[-1].turn and over[-1].data["reason"] == "calm"
        assert bot.world.hears(over[-1]), "the hero stood beside one of them when they made up"
    finally:
        bot.game.close()
