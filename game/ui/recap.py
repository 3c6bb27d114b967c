"""The death recap's record (issue 23): fed what the dungeon screen reads (its snapshots and events) while the
hero lives, it keeps what the world forgets: the kills, each foe's chance to hit the hero as last reckoned, the
blow that killed with that chance, and the hero's last look (death drops its gear, N34), so the death screen
can say exactly why the run ended and what went unused."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from game.content.texts import possessive
from game.ui.danger import foe
from game.world.fightodds import one_way
from game.world.herofacts import run_facts

if TYPE_CHECKING:
    from game.ui.snapshot import Snapshot
    from game.world.events import Event
    from game.world.views import CreatureView, ItemView
    from game.world.world import World

SAVING = ("healing",)  # item kinds that might have saved the hero, named when still carried at the end


@dataclass(frozen=True)
class Summary:
    """What the death screen shows under the cause."""

    facts: str  # "Turn 34 · level 2 · 12 gold · 5 rooms seen · 3 kills"
    blow: str  # the blow that killed, with its chance, or ""
    unused: str  # "Healing potion ×2, Second Wind", or ""


@dataclass
class Recap:
    kills: int = 0
    chance: dict[str, float] = field(default_factory=dict)  # foe uid -> its chance to hit the hero (0-1)
    blow: str = ""
    hero: CreatureView | None = None
    pack: tuple[ItemView, ...] = ()

    def watch(self, world: World, shown: Snapshot) -> None:
        """A new snapshot: while the hero lives, its look, its pack and the odds of the foes beside it."""
        hero = shown.hero
        if not hero.alive or hero.health <= 0:
            return
        self.hero, self.pack = hero, tuple(shown.carried)
        for view in shown.views:
            if foe(view) and view.room == hero.room and view.alive:
                self.chance[view.uid] = one_way(world, view.eid, world.hero).hit

    def note(self, world: World, events: Iterable[Event]) -> None:
        """The hero's kills, and the last blow it took (the one that killed, at the end)."""
        me = world.uid(world.hero)
        for event in events:
            if event.kind == "killed" and event.actor == me:
                self.kills += 1
            elif event.kind == "hit" and event.target == me:
                chance = self.chance.get(event.actor or "")
                odds = f"; it had a {round(chance * 100)}% chance to hit you" if chance is not None else ""
                self.blow = (f"The last blow: {possessive(event.actor_name or 'something')} {event.data.get('weapon', 'attack')}, "
                             f"{event.data.get('damage', 0)} damage{odds}.")

    def summary(self, world: World) -> Summary:
        facts = run_facts(world, world.hero)
        hero = self.hero
        gold = sum(item.count for item in self.pack if item.item_id == "gold")
        level = f"level {hero.level}" if hero is not None else ""
        parts = [f"Turn {world.turn}", level, f"{gold} gold", f"{facts.rooms_seen} rooms seen",
                 f"{self.kills} {'kill' if self.kills == 1 else 'kills'}"]
        unused = [item.name for item in self.pack if item.kind in SAVING]
        if facts.second_wind_unused:
            unused.append("Second Wind")
        return Summary("  ·  ".join(p for p in parts if p), self.blow, ", ".join(unused))
