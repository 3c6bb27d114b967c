"""A hero's chronicle of the places it lives through (N87, issue 23), written as the world posts its events
(World.emit): a feud begun or ended, the insults and denunciations that lead to one, a gift between two people,
a person's death, a traveller arriving with the road's news, the hero's own work done and companions won, and
what people tell the hero of one another when it asks for news. Only what reached this hero: what it witnessed
(World.hears) or was told to its face; each entry with its day and where it came from. Per hero, saved with it
(components.Chronicle). Reading it adds nothing to the event log and draws no random number."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import clock
from game.world.components import Chronicle
from game.world.events import Event

if TYPE_CHECKING:
    from game.world.world import World

KINDS = frozenset({"converse", "feud_over", "killed", "death", "arrive_from", "contract_done", "joins", "says"})
BAD_BLOOD_AND_GIFTS = ("insult", "denounce", "gift")  # the exchanges worth a line: how feuds begin, and gifts
KEEP = 300  # entries a hero keeps, the newest
SEEN = "you saw it"
PEOPLE = ("world", "merchant", "notable")  # Identity kinds of a settlement's people (not dungeon creatures)


def source_of(world: World, event: Event) -> str | None:
    """Where a notable event came from for the hero ("you saw it", "told by Mara"), or None if it is not one."""
    data = event.data
    if event.kind == "converse":
        return SEEN if data.get("feud") or data.get("exchange") in BAD_BLOOD_AND_GIFTS else None
    if event.kind in ("killed", "death"):
        who = event.target if event.kind == "killed" else event.actor
        victim = world.actors.peek_uid(who) if who else None
        return SEEN if victim is not None and victim.ident.kind in PEOPLE else None
    if event.kind == "says":  # N71, N72: news of someone, told to the hero
        return f"told by {event.actor_name}" if data.get("part") == "news" and "about" in data else None
    return SEEN


def record(world: World, event: Event) -> None:
    """Write `event` in the hero's chronicle when it is notable and reached the hero."""
    source = source_of(world, event)
    if source is None or not world.alive(world.hero) or not world.hears(event):
        return
    entries = world.ensure(world.hero, Chronicle).entries
    entries.append((clock.day(world.minutes), event.text, source))
    del entries[:-KEEP]
