"""Scent stage (N15): the hero and prey lay scent where they stand, after the old scent fades and spreads."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.world.world import World


def run(world: World) -> None:
    field = world.scent_field
    field.step()
    tuning = world.content.tuning["scent"]
    if world.alive(world.hero):
        field.lay(field.hero, world.hero_room(), tuning["hero"])
    for actor in world.actors.where("prey"):
        if actor.body.health > 0:
            field.lay(field.prey, actor.pos.room, tuning["prey"])
