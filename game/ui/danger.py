"""The low-health warning (issue 28, safety rails): a line in the log, a sound and the health bar flashing
when the hero's health falls under a share of its most (world.toml [warning] health_share), or when the foes
in its room would kill it within a few of their turns (deadly_turns), reckoned from the creature card's exact
odds (game/world/fightodds.py, N20-N23): each foe's hit chance times the mean damage of a strike that lands,
times its strikes a turn."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui import bindings, theme
from game.world.fightodds import one_way

if TYPE_CHECKING:
    from game.ui.snapshot import Snapshot
    from game.world.views import CreatureView
    from game.world.world import World

FLASH_SECONDS = 3.0  # the health bar flashes this long when a warning begins, then keeps a red frame
LOW, DEADLY = "low", "deadly"


@dataclass(frozen=True)
class Peril:
    """Why the hero is in danger now: LOW health or DEADLY foes; `line` is the warning for the log."""

    kind: str
    line: str


def foe(view: CreatureView) -> bool:
    """A creature that fights the hero: an enemy, or one angered or warning the hero off its ground (C4)."""
    return not view.is_hero and (view.hostile or view.mood in ("angered", "wary"))


def peril(world: World, shown: Snapshot) -> Peril | None:
    """The danger the hero of `shown` is in now, if any: deadly foes first (they need the quicker answer)."""
    hero = shown.hero
    if not hero.alive or hero.health <= 0:
        return None
    tuning = world.content.tuning["warning"]
    foes = [v for v in shown.views if foe(v) and v.room == hero.room and v.alive]
    if foes:
        a_turn = sum(one_way(world, foe.eid, world.hero).per_turn for foe in foes)
        turns = int(tuning["deadly_turns"])
        if a_turn * turns >= hero.health:
            who = foes[0].name if len(foes) == 1 else f"The {len(foes)} foes here"
            return Peril(DEADLY, f"Danger! {who} could kill you within {turns} turns: about {a_turn:.0f} damage"
                                 f" a turn against your {hero.health} health. Flee, heal or fight wisely.")
    if hero.health < hero.max_health * tuning["health_share"]:
        return Peril(LOW, f"Your health is low: {hero.health} of {hero.max_health}. "
                          f"Heal ({bindings.key_names('heal')}) or get away.")
    return None


class Warning:
    """Watches the hero after every change the screen reads; warns once each time a danger begins."""

    def __init__(self) -> None:
        self.now: Peril | None = None
        self.flash = 0.0  # seconds of flashing left
        self._read: tuple | None = None  # what the last reckoning was made from

    def check(self, world: World, shown: Snapshot) -> Peril | None:
        """The danger that began with this change (to log and sound), else None. Reckoned again only when the
        hero's health or room, or the foes beside it, changed."""
        hero = shown.hero
        key = (hero.health, hero.max_health, hero.room,
               tuple((v.eid, v.health, v.heads, v.mood) for v in shown.views if foe(v) and v.room == hero.room))
        if key == self._read:
            return None
        self._read = key
        before, self.now = self.now, peril(world, shown)
        if self.now is None or (before is not None and before.kind == self.now.kind):
            return None
        self.flash = FLASH_SECONDS
        return self.now

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)

    def draw(self, surface: pygame.Surface, bar: pygame.Rect, clock: float) -> None:
        """Over the health bar `bar`: a flashing red glow while the warning is new, then a red frame."""
        if self.now is None or bar.w == 0:
            return
        if self.flash > 0 and int(clock * 4) % 2 == 0:
            glow = pygame.Surface(bar.inflate(8, 8).size, pygame.SRCALPHA)
            glow.fill((*theme.HOSTILE, 120))
            surface.blit(glow, bar.inflate(8, 8).topleft)
        pygame.draw.rect(surface, theme.HOSTILE, bar.inflate(4, 4), 2, border_radius=3)
