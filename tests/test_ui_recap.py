"""When it ends (issue 23): a hero killed on the dungeon screen gets a recap that says exactly why: the turns,
level, gold, rooms seen and kills, the blow that killed with the chance it had (as the card reckoned it), what
went unused (a healing potion, Second Wind) and the log's last lines."""
from __future__ import annotations

from contextlib import contextmanager

import pygame
import pytest

from game.paths import ROOT
from game.ui.app import scene_stack
from game.ui.death import DeathScene
from game.ui.session import Session
from game.world.commands import EndTurn
from game.world.components import Body
from game.world.fightodds import one_way
from game.world.verbs import company
from game.world.verbs.combat import die
from game.world.verbs.factory import spawn_creature, spawn_item

pytestmark = pytest.mark.usefixtures("display")


@contextmanager
def on_the_dungeon(name: str):
    """The screens of a fresh run on maps/`name`.tmx, on the dungeon: (the session, the stack, the dungeon)."""
    session = Session(ROOT / "maps" / f"{name}.tmx", 7)
    try:
        stack = scene_stack(session)
        dungeon = stack.reset("dungeon")
        yield session, stack, dungeon
    finally:
        session.close(autosave=False)


def test_a_death_recap_names_the_killing_blow_with_its_odds_and_what_went_unused():
    with on_the_dungeon("crypt") as (session, stack, dungeon):
        world = session.world
        room = world.room_of(world.hero)
        foe = spawn_creature(world, "outlaw", room)
        spawn_item(world, "healing_potion", owner=world.hero)
        world.get(world.hero, Body).health = 1
        dungeon.read_at = -1
        dungeon.update(1 / 60)
        chance = round(one_way(world, foe, world.hero).hit * 100)
        for _ in range(40):
            if isinstance(stack.top, DeathScene):
                break
            if not session.driver.busy:
                dungeon._do(EndTurn(world.hero))
            for _ in range(200):
                if isinstance(stack.top, DeathScene):
                    break
                stack.top.update(1 / 60)
        death = stack.top
        assert isinstance(death, DeathScene), "the outlaw never landed a blow"
        recap = death.recap
        assert recap.blow.startswith("The last blow: ") and f"it had a {chance}% chance to hit you." in recap.blow
        assert recap.facts.startswith(f"Turn {world.turn}") and "rooms seen" in recap.facts
        assert "Healing potion" in recap.unused
        assert death.last and all(not line.startswith("—") for line in death.last)
        death.draw(pygame.display.get_surface())


def test_a_companions_death_is_a_line_the_player_cannot_miss_wherever_it_fell():
    with on_the_dungeon("village") as (session, _, dungeon):
        world = session.world
        mate = next(a.eid for a in world.actors.all() if a.ident.kind == "world" and a.body.health > 0)
        company.join(world, world.hero, mate)
        name = next(a.ident.name for a in world.actors.all() if a.eid == mate)
        dungeon.read_at = -1
        dungeon.update(1 / 60)
        die(world, mate, None)
        dungeon.update(1 / 60)
        assert f"{name}, who travelled with you, is dead." in [line for line, _ in dungeon.log.lines]


def test_the_last_blow_of_a_group_whose_name_ends_in_s_reads_as_english():
    """Seen in a real window: "The last blow: Goblin Cutters's Dagger"."""
    from game.ui.recap import Recap
    from game.world.events import Event

    with on_the_dungeon("default") as (session, stack, dungeon):
        world, recap = session.world, Recap()
        me = world.uid(world.hero)
        recap.note(world, [Event(6, "hit", "goblin_cutters#3", me, data={"weapon": "Dagger", "damage": 10},
                                 actor_name="Goblin Cutters")])
        assert recap.blow.startswith("The last blow: Goblin Cutters' Dagger, 10 damage")
