"""The actor index: each NPC's components gathered once, beside the room index (docs/architecture.md).

Systems iterate the NPCs every turn; reading one record per NPC instead of the store's per-entity dicts is
what keeps a turn of thousands of creatures cheap (docs/performance.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from game.content.content import Content
from game.rules.tags import PREY
from game.world.components import Body, Growth, Identity, Inventory, Mood, Needs, Opinions, Position, Ties
from game.world.ecs import Store


@dataclass(slots=True)
class Actor:
    """One NPC's components, gathered once so systems need not query the store each time."""

    eid: int
    ident: Identity
    body: Body
    mood: Mood
    pos: Position
    needs: Needs | None
    growth: Growth
    inv: Inventory
    unlocks: Mapping[int, str]  # N29: level -> behaviour, from the codex
    trigger: str | None  # C40: when a minion group's Mob trait fires ("damage", "presence"), else None
    opinions: Opinions | None  # N64: a thinking creature's opinions (None for the rest)
    ties: Ties | None  # N69, N74: what holds it (verbs/social.hold), mostly nothing


# NPCs that only some systems concern, listed apart so those systems need not visit every creature.
ACTOR_SUBSETS: dict[str, Callable[[Actor], bool]] = {
    "presence": lambda a: a.trigger == "presence",  # C40: Mob traits that work on whoever is beside them
    "unlocks": lambda a: bool(a.unlocks),  # N29: behaviours to grow into
    "prey": lambda a: PREY in a.ident.tags,  # N15: prey lays scent
}


def unlocked_at(unlocks: Mapping[int, str], level: int) -> set[str]:
    """N29: the behaviours a creature has grown into by `level`."""
    return {behaviour for at, behaviour in unlocks.items() if at <= level}


class ActorIndex:
    """The NPCs (every creature with a Mood) in the order they act, built on demand and kept in step
    as creatures are made and die, read from its world's store."""

    def __init__(self, content: Content, store: Store) -> None:
        self.content = content
        self.store = store
        self._actors: list[Actor] | None = None
        self._of: dict[int, Actor] = {}  # empty while the list is not built; cleared and filled, never replaced
        # peek(eid): like `of`, but never builds the list, None while it is not built; the hot paths' read
        # (thousands a turn), so a bare dict lookup rather than a method
        self.peek: Callable[[int], Actor | None] = self._of.get
        self._by_uid: dict[str, Actor] = {}
        self._subsets: dict[str, list[Actor]] = {}  # ACTOR_SUBSETS, kept in step with the list
        self._unlocked: dict[tuple[str, int], frozenset[str]] = {}  # (codex id, level) -> unlocked behaviours

    @property
    def built(self) -> bool:
        return self._actors is not None

    def all(self) -> list[Actor]:
        """The NPCs; the dead stay listed with health <= 0 until the turn ends."""
        if self._actors is None:
            self.rebuild([eid for eid, _ in self.store.join(Mood, Body)])
        return self._actors  # type: ignore[return-value]

    def rebuild(self, order: list[int]) -> None:
        """List exactly these NPCs in this order (a new world, or one rebuilt from a save)."""
        self._actors = [self._gather(eid) for eid in order]
        self._of.clear()
        self._of.update((a.eid, a) for a in self._actors)
        self._by_uid = {a.ident.uid: a for a in self._actors}
        self._subsets.clear()

    def where(self, subset: str) -> list[Actor]:
        """The NPCs of one of ACTOR_SUBSETS, in the order of `all()`."""
        listed = self._subsets.get(subset)
        if listed is None:
            listed = self._subsets[subset] = [a for a in self.all() if ACTOR_SUBSETS[subset](a)]
        return listed

    def of(self, eid: int) -> Actor | None:
        """The NPC's gathered components; None for the hero."""
        self.all()
        return self._of.get(eid)

    def by_uid(self, uid: str) -> Actor | None:
        """The living NPC with this uid (None: the hero, the dead, or no such creature)."""
        actor = self.peek_uid(uid)
        return actor if actor is not None and actor.body.health > 0 else None

    def peek_uid(self, uid: str) -> Actor | None:
        """The NPC with this uid, also one killed this turn (until the turn ends)."""
        self.all()
        return self._by_uid.get(uid)

    def add(self, eid: int) -> None:
        """A creature was made: list it (when the list exists; otherwise it is built on demand)."""
        if self._actors is not None:
            actor = self._of[eid] = self._gather(eid)
            self._by_uid[actor.ident.uid] = actor
            self._actors.append(actor)
            for subset, listed in self._subsets.items():
                if ACTOR_SUBSETS[subset](actor):
                    listed.append(actor)

    def remove(self, eid: int) -> None:
        """The creature left this world alive (a companion travelling with the hero): unlist it."""
        if self._actors is not None and eid in self._of:
            del self._by_uid[self._of.pop(eid).ident.uid]
            self._actors = [a for a in self._actors if a.eid != eid]
            for listed in self._subsets.values():
                listed[:] = [a for a in listed if a.eid != eid]

    def drop_dead(self) -> None:
        if self._actors is not None:
            dead = [a.eid for a in self._actors if a.body.health <= 0]
            if dead:
                self._actors = [a for a in self._actors if a.body.health > 0]
                for eid in dead:
                    del self._by_uid[self._of.pop(eid).ident.uid]
                for listed in self._subsets.values():
                    listed[:] = [a for a in listed if a.body.health > 0]

    def forget(self) -> None:
        """The population was replaced (F5): build the list again on demand."""
        self._actors = None
        self._of.clear()
        self._by_uid = {}
        self._subsets.clear()

    def unlocked(self, actor: Actor) -> frozenset[str]:
        """N29: the behaviours the NPC has grown into at its level (unlocked_at), kept per kind and level: the
        gear and abilities stages ask it of every creature every turn."""
        key = (actor.ident.codex_id, actor.growth.level)
        found = self._unlocked.get(key)
        if found is None:
            found = self._unlocked[key] = frozenset(unlocked_at(actor.unlocks, actor.growth.level))
        return found

    def unlocks(self, codex_id: str) -> Mapping[int, str]:
        """N29: level -> behaviour from the creature's codex entry."""
        defn = self.content.codex.creatures.get(codex_id)
        return defn.unlocks if defn else {}

    def _gather(self, eid: int) -> Actor:
        get, try_get = self.store.get, self.store.try_get
        ident = get(eid, Identity)
        trait = self.content.codex.creatures[ident.codex_id].mob_trait
        return Actor(eid, ident, get(eid, Body), get(eid, Mood), get(eid, Position), try_get(eid, Needs),
                     get(eid, Growth), get(eid, Inventory), self.unlocks(ident.codex_id),
                     trait.trigger if trait else None, try_get(eid, Opinions), try_get(eid, Ties))
