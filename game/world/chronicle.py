"""A hero's chronicle of the places it lives through (N87, issue 23), written as the world posts its events
(World.emit): a feud begun or ended, the insults and denunciations that lead to one, a gift between two people,
a person's death, a traveller arriving with the road's news, the hero's own work done and companions won, and
what people tell the hero of one another when it asks for news. And the hero's own deeds as the village retells
them (issue 23): those it did before witnesses (a feared creature killed, a theft found out, the siege lifted:
"you saw it"), a person telling it what it heard of its deeds (N73: "told by Mara"), and gossip of its deeds it
overhears passing between two people ("overheard from Mara"). Only what reached this hero: what it witnessed
(World.hears) or was told to its face; each entry with its day and where it came from. Per hero, saved with it
(components.Chronicle). Reading it adds nothing to the event log and draws no random number."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import clock
from game.world.components import Chronicle
from game.world.events import Event

if TYPE_CHECKING:
    from game.world.world import World

KINDS = frozenset({"converse", "feud_over", "killed", "death", "arrive_from", "contract_done", "joins", "says",
                   "lift", "siege_lifted"})
BAD_BLOOD_AND_GIFTS = ("insult", "denounce", "gift")  # the exchanges worth a line: how feuds begin, and gifts
KEEP = 300  # entries a hero keeps, the newest
SEEN = "you saw it"
TOLD, OVERHEARD = "told by {name}", "overheard from {name}"
PEOPLE = ("world", "merchant", "notable")  # Identity kinds of a settlement's people (not dungeon creatures)


def source_of(world: World, event: Event) -> str | None:
    """Where a notable event came from for the hero ("you saw it", "told by Mara"), or None if it is not one."""
    data, hero = event.data, world.uid(world.hero)
    if event.kind == "converse":
        if data.get("about") == hero and "deed" in data:  # N73: word of the hero's deed, passed on before it
            return OVERHEARD.format(name=event.actor_name)
        return SEEN if data.get("feud") or data.get("exchange") in BAD_BLOOD_AND_GIFTS else None
    if event.kind == "killed":
        victim = world.actors.peek_uid(event.target) if event.target else None
        return SEEN if victim is not None and (victim.ident.kind in PEOPLE or
                                               (event.actor == hero and feared(world, victim.ident.codex_id))) \
            else None
    if event.kind == "death":
        victim = world.actors.peek_uid(event.actor) if event.actor else None
        return SEEN if victim is not None and victim.ident.kind in PEOPLE else None
    if event.kind == "lift":  # N48: a theft found out
        return SEEN if event.actor == hero and not data.get("success") else None
    if event.kind == "says":  # N71, N72: news of someone, told to the hero; N73: a deed of the hero retold
        told = "deed" in data or (data.get("part") == "news" and "about" in data)
        return TOLD.format(name=event.actor_name) if told else None
    return SEEN


def feared(world: World, codex_id: str) -> bool:
    """A creature whose death the village talks of: the besiegers' leader, or one of Division
    world.toml [chronicle] feared_division or more."""
    codex = world.content.codex
    return codex_id == world.content.goal.leader or (
        codex_id in codex.creatures and codex.stat_block(codex_id).division
        >= world.content.tuning["chronicle"]["feared_division"])


def record(world: World, event: Event) -> None:
    """Write `event` in the hero's chronicle when it is notable and reached the hero."""
    source = source_of(world, event)
    if source is None or not world.alive(world.hero) or not world.hears(event):
        return
    entries = world.ensure(world.hero, Chronicle).entries
    entries.append((clock.day(world.minutes), event.text, source))
    del entries[:-KEEP]
