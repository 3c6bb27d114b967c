"""The world's goal as the screens show it (issue 24): the journal's goal entry, there from a world's first turn
(goal.toml [journal]: what to do, who asks it, where, and whether the siege still stands), and what the victory
screen shows when the siege falls (goal.toml [victory]): the title, how it fell and the hero's deeds, its level,
the places it has walked, the work it has done, its companions and the residents who tell of it (N73)."""
from __future__ import annotations

from dataclasses import dataclass

from game.world.components import Growth, Identity, Journal, Memories
from game.world.systems import siege
from game.world.verbs import company, deeds
from game.world.world import World

FELL = siege.DEED  # the event the screen waits for


@dataclass(frozen=True)
class GoalView:
    """The journal's goal entry: the end a hero can set out for."""

    title: str
    objective: str  # what to do
    told: str  # who asks it, and why it is the end
    where: str  # the settlement, and how to find it
    state: str  # the siege stands, or is lifted
    lifted: bool
    room: int  # the war camp's room on the besieged settlement's map (its "Go there"), else -1


def goal_view(world: World, hero: int) -> GoalView:
    """The goal as this hero knows it: lifted when it fell on this map or the hero's siege work is done."""
    goal = world.content.goal
    words = goal.journal
    names = {"place": goal.place, "giver": goal.giver, "leader": siege.leader_name(world)}
    journal = world.try_get(hero, Journal)
    camp = siege.camp_of(world)
    lifted = siege.lifted(world) or any(c.kind == "siege" and c.state == "done"
                                        for c in (journal.contracts if journal else ()))
    return GoalView(words["title"].format(**names), words["objective"].format(**names),
                    words["told"].format(**names), words["where"].format(**names),
                    words["lifted" if lifted else "standing"], lifted,
                    camp.room if camp is not None and not lifted else -1)


@dataclass(frozen=True)
class VictoryView:
    title: str
    told: str
    heading: str  # over the deeds
    deeds: tuple[str, ...]
    on: str  # keep playing
    hall: str  # to the hero's entry in the hall of heroes
    leave: str  # to the title screen


def victory_view(world: World, turn: int) -> VictoryView | None:
    """The victory over the siege that fell on `turn`; None while it stands (or on another map)."""
    if not siege.lifted(world) or not world.exists(world.hero):
        return None
    hero, goal = world.hero, world.content.goal
    words, place = goal.victory, world.map.name
    growth = world.get(hero, Growth)
    journal = world.try_get(hero, Journal)
    hero_uid = world.uid(hero)
    known = sum(any(m.hero == hero_uid and m.deed == siege.DEED for m in memories.known)
                for _, memories in world.query(Memories))
    facts = {"level": growth.level, "xp": growth.xp, "rooms": len(deeds.journey(world, hero).rooms),
             "work": sum(c.state == "done" for c in journal.contracts) if journal else 0,
             "party": len(company.party(world, hero)), "known": known, "place": place}
    told = words["told"].format(hero=world.get(hero, Identity).name, leader=siege.leader_name(world), place=place,
                                turn=turn)
    return VictoryView(words["title"], told, words["deeds"], tuple(line.format(**facts) for line in goal.deeds),
                       words["on"], words["hall"], words["leave"])
