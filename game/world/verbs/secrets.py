"""Secrets (N60-N63): a creature whose loyalty to a hero is at its peak may, after completed work raises that
loyalty, tell the hero of an artifact or beast site of the region it does not know, once in its life.

The world of one site does not hold the region: the realm hands each site's world its `Lore` (the region's
sites and what each hero knows of them, game/world/realm.py). A world without lore (a one-map game) has
nothing to tell. The odds and the loyalty needed are data (contracts.toml [rules] secret_chance,
secret_loyalty); docs/rules.md, "Secrets", says which work counts and what a suitable site is.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from game.maps.model import Site
from game.world.components import Identity, Journal, Loyalty, Secret
from game.world.verbs.speech import say

if TYPE_CHECKING:
    from game.world.world import World

KINDS = ("artifact", "beast")  # N60: the sites a secret may name


@dataclass(frozen=True, slots=True)
class Lore:
    """The region as a site's world sees it: its artifact and beast sites (N62: all there from creation)
    and, for a hero's uid, the set of hidden sites that hero knows (the realm's own set: a secret adds to it)."""

    sites: tuple[Site, ...]
    known: Callable[[str], set[int]]

    def untold(self, uid: str) -> list[Site]:
        """N60, N63: the sites a creature could name to this hero: artifact or beast sites hidden from it."""
        known = self.known(uid)
        return [s for s in self.sites if s.kind in KINDS and s.hidden and s.id not in known]


def after_work(world: World, hero: int, teller: int) -> Site | None:
    """N60: completed work has just changed `teller`'s loyalty to `hero`. At `secret_loyalty` or more, and
    if it has never shared a secret, it does with `secret_chance`: the site is known to the hero from now
    on, in its journal (N61) and on its region map. N63: with nothing left to tell, it says so and keeps
    its secret for later. Returns the site told, if any."""
    lore, rules = world.lore, world.content.contracts.rules
    uid = world.uid(hero)
    if lore is None or world.has(teller, Secret):
        return None
    if world.ensure(teller, Loyalty).to.get(uid, 0) < int(rules["secret_loyalty"]):
        return None
    if world.rng.random() >= float(rules["secret_chance"]):
        return None
    untold = lore.untold(uid)
    lines = world.content.contracts.lines
    if not untold:
        say(world, teller, hero, lines["known_all"], "secret")
        return None
    site = world.rng.choice(untold)
    world.add(teller, Secret(uid, site.id))
    lore.known(uid).add(site.id)
    name = world.get(teller, Identity).name
    world.ensure(hero, Journal).secrets.append((name, site.name))
    say(world, teller, hero, lines["secret"].format(site=site.name), "secret")
    world.emit("secret", teller, hero, world.room_of(hero), site=site.name, site_kind=site.kind)
    return site
