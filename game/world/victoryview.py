"""What the victory screen shows when the siege falls (issue 24, goal.toml [victory]): the title, how it fell
and the hero's deeds, its level, the places it has walked, the work it has done, its companions and the
residents who tell of it (N73)."""
from __future__ import annotations

from dataclasses import dataclass

from game.world.components import Growth, Identity, Journal, Memories
from game.world.systems import siege
from game.world.verbs import company, deeds
from game.world.world import World

FELL = siege.DEED  # the event the screen waits for


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
