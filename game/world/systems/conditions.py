"""Conditions stage (C40): conditions do their work (attrition, C35) and wear off."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.components import Body
from game.world.verbs.combat import apply_damage

if TYPE_CHECKING:
    from game.content.conditions import Condition
    from game.world.world import World


def run(world: World) -> None:
    """Each condition does its work once a turn and wears off when its turns are spent."""
    sufferers = [a.eid for a in world.actors.all() if a.body.conditions]
    hero = world.try_get(world.hero, Body) if world.hero else None  # none in a site the hero is away from
    if hero is not None and hero.conditions:
        sufferers.append(world.hero)
    for eid in sufferers:
        body = world.get(eid, Body)
        for cid in sorted(body.conditions):
            if body.health <= 0:
                break
            condition = world.content.conditions[cid]
            if condition.damage:
                suffer(world, eid, body, condition)
            body.conditions[cid] -= 1
            if body.conditions[cid] <= 0 and body.health > 0:
                del body.conditions[cid]
                world.emit("condition_over", eid, room=world.room_of(eid), condition=condition.name)


def suffer(world: World, eid: int, body: Body, condition: Condition) -> None:
    """Attrition: health lost (a group loses one head per instance, C35); an immune school does nothing."""
    if condition.school and condition.school in body.card.immune:
        return
    world.emit("suffers", eid, room=world.room_of(eid), condition=condition.name, damage=condition.damage)
    apply_damage(world, None, eid, 0, {}, kill_heads=1, direct=condition.damage)
