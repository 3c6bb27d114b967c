"""Companions (N4, N38, N39, N48, N11, N12, N46): a thinking creature loyal enough joins the hero's party,
fights on its side, moves with it from room to room, waits where told, explores an adjacent room and
comes back to report what it saw, takes gear from the hero's pack and hands its own back, and leaves the
party when told (or when the hero draws a weapon on it, N46). Numbers and lines: companions.toml."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.maps.model import Exit
from game.world.components import FOLLOWING, Body, Companion, Identity, Inventory, Item, Loyalty, Mood, MoodState
from game.world.verbs import loadout, social
from game.world.verbs.items import give
from game.world.verbs.provisions import carried, consume
from game.world.verbs.moving import go
from game.world.verbs.speech import say, voice_of
from game.world.views import item_name

if TYPE_CHECKING:
    from game.world.world import World

HERO_SIDE = "hero"  # a companion's faction while it travels with the hero (world.toml [factions])
GEAR = ("weapon", "armour")


def companion_of(world: World, eid: int) -> Companion | None:
    return world.try_get(eid, Companion) if world.exists(eid) else None


def party(world: World, hero: int) -> list[int]:
    """The hero's living companions, in the order they act."""
    uid = world.uid(hero)
    mates = {eid for eid, c in world.query(Companion) if c.hero == uid}
    if not mates:
        return []  # the common case: the world turn pays nothing for the party
    return [a.eid for a in world.actors.all() if a.eid in mates and a.body.health > 0]


def line(world: World, key: str, **values: str) -> str:
    return world.content.companions.lines[key].format(**values)


def recruit(world: World, hero: int, target: int) -> str:
    """N38, N39: "Come with me." A thinking creature (not a merchant or a notable person) joins when its
    loyalty to the hero reaches companions.toml's threshold and the party has room; "" when it answered."""
    ident = world.get(target, Identity)
    if voice_of(world, target) is None or ident.kind in ("merchant", "notable"):
        return f"{ident.name} will not leave this place."
    if companion_of(world, target) is not None:
        return f"{ident.name} already travels with you."
    data = world.content.companions
    loyalty = world.try_get(target, Loyalty)
    if loyalty is None or loyalty.to.get(world.uid(hero), 0) < data.loyalty:
        say(world, target, hero, line(world, "refuses"), "company")
        return ""
    if len(party(world, hero)) >= data.party:
        say(world, target, hero, line(world, "full"), "company")
        return ""
    join(world, hero, target)
    say(world, target, hero, line(world, "joins"), "company")
    return ""


def join(world: World, hero: int, eid: int, forced: bool = False) -> None:
    """`eid` joins the hero's party (a recruit, a forced labourer N47, a giver to escort): on the hero's side,
    held by its company (N69), resting from whatever mood it was in."""
    ident = world.get(eid, Identity)
    world.add(eid, Companion(world.uid(hero), faction=ident.faction, forced=forced))
    ident.faction = HERO_SIDE
    social.hold(world, eid, "companion")
    mood = world.try_get(eid, Mood)
    if mood is not None:
        mood.state, mood.since = MoodState.RESTING, world.turn
    world.emit("joins", eid, hero, world.room_of(eid))


def part(world: World, hero: int, eid: int, quietly: bool = False) -> None:
    """The companion leaves the party where it stands, with its old faction back (N46: set down first)."""
    companion = world.get(eid, Companion)
    world.get(eid, Identity).faction = companion.faction
    world.remove(eid, Companion)
    social.release(world, eid, "companion")
    if not quietly:
        say(world, eid, hero, line(world, "parts"), "company")
        world.emit("parts", eid, hero, world.room_of(eid))


def order(world: World, hero: int, eid: int, what: str, room: int = -1) -> str:
    """N4, N38: follow, stay behind the hero (it follows and fights only what attacks it), wait here, explore an
    adjacent room (it goes, looks, comes back and reports), or part."""
    companion = companion_of(world, eid)
    if companion is None or companion.hero != world.uid(hero):
        return f"{world.get(eid, Identity).name} does not travel with you."
    if what == "part":
        part(world, hero, eid)
        return ""
    if what == "explore":
        if room not in {other for _, other in world.rooms.exits[world.room_of(eid)]}:
            return f"{world.room_name(room)} is not next to this room."
        companion.room, companion.back, companion.seen = room, False, ""
    elif what not in ("follow", "behind", "wait"):
        return f"Unknown order {what!r} (follow, behind, wait, explore, part)."
    companion.order = what
    replies = {"follow": "follows", "behind": "keeps_behind", "wait": "waits", "explore": "goes"}
    say(world, eid, hero, line(world, replies[what]), "company")
    return ""


def hand(world: World, hero: int, eid: int, item_eid: int) -> str:
    """N4: equip the companion from the hero's pack (a weapon or armour the hero carries and does not wear)."""
    inv = world.get(hero, Inventory)
    item = world.try_get(item_eid, Item) if world.exists(item_eid) else None
    if item is None or item.owner != hero:
        return "You do not carry that."
    if item_eid in inv.equipped.values():
        return "Take it off before you hand it over."
    if world.content.items[item.item_id].kind not in GEAR:
        return f"The {item_name(world, item_eid)} is not something to wear or wield."
    if not loadout.can_carry(world, eid, item_eid):
        return f"The {item_name(world, item_eid)} is too heavy for {world.get(eid, Identity).name}."
    give(world, item_eid, eid)
    loadout.equip(world, eid, item_eid)
    loadout.refresh(world, eid)
    say(world, eid, hero, line(world, "thanks"), "company")
    world.emit("equip", eid, room=world.room_of(eid), item=item_name(world, item_eid))
    return ""


def take(world: World, hero: int, eid: int, item_eid: int) -> str:
    """N48: a companion hands its gear over on request (worn or carried)."""
    item = world.try_get(item_eid, Item) if world.exists(item_eid) else None
    if item is None or item.owner != eid:
        return f"{world.get(eid, Identity).name} does not carry that."
    if not loadout.can_carry(world, hero, item_eid):
        return f"The {item_name(world, item_eid)} is too heavy to carry with your load."
    give(world, item_eid, hero)
    loadout.refresh(world, eid)
    say(world, eid, hero, line(world, "hands"), "company")
    return ""


# -- moving with the hero ----------------------------------------------------------------------------------
def step_towards(world: World, eid: int, room: int) -> str:
    """One step through the exit that leads nearest `room`; "" when it moved, else why not."""
    here = world.room_of(eid)
    best: tuple[int, Exit, int] | None = None
    for exit_, other in world.rooms.exits[here]:
        steps = world.rooms.distances_from(other).get(room)
        if steps is not None and (best is None or steps < best[0]):
            best = (steps, exit_, other)
    if best is None:
        return "no way"
    return go(world, eid, best[1], best[2], force=False)


def follow(world: World, hero: int, left: int) -> None:
    """N4: the hero went through an exit: the companions following it from `left` come along at once (not one
    breaking off, N12)."""
    here = world.room_of(hero)
    for eid in party(world, hero):
        companion = companion_of(world, eid)
        if companion.order in FOLLOWING and world.room_of(eid) == left and not fleeing(world, eid):
            step_towards(world, eid, here)


def travelling(world: World, hero: int) -> list[int]:
    """N4, N38: the companions that leave the site with the hero: those following it and standing in its room
    (one waiting or exploring elsewhere stays in its site)."""
    here = world.room_of(hero)
    return [eid for eid in party(world, hero)
            if companion_of(world, eid).order in FOLLOWING and world.room_of(eid) == here]


def fleeing(world: World, eid: int) -> bool:
    """N12, N16: a companion below a quarter of its health breaks off (the behaviour stage's fleeing mood)."""
    mood = world.try_get(eid, Mood)
    return mood is not None and mood.state == MoodState.FLEEING


def break_off(world: World, eid: int) -> bool:
    """N12, N17: a fleeing companion leaves a room where an enemy stands for the next room holding the fewest
    enemies (on a tie, the exit listed first); out of danger it stays there and heals, and catches up with
    the hero once recovered. Returns whether it moved."""
    def enemies(room: int) -> int:
        return sum(1 for o in world.rooms.occupants(room) if o != eid and world.alive(o) and world.is_enemy(o, eid))

    ways = world.rooms.exits[world.room_of(eid)]
    if not ways:
        return False
    _, i = min((enemies(to), i) for i, (_, to) in enumerate(ways))
    exit_, to_room = ways[i]
    return not go(world, eid, exit_, to_room, force=False)


def look(world: World, eid: int, room: int) -> str:
    """What a companion sees in `room`: the creatures and items there, by name."""
    names = [world.get(e, Identity).name for e in world.creatures_in(room) if e != eid]
    names += [item_name(world, i) for i in world.rooms.floor(room)]
    return ", ".join(names[:8]) if names else line(world, "nothing")


def heals_hero(world: World, eid: int) -> bool:
    """N47: a forced labourer will not heal the hero until its loyalty reaches the recruiting threshold (the
    mark is lifted then); any other companion will."""
    mate = world.get(eid, Companion)
    if mate.forced and world.get(eid, Loyalty).to.get(mate.hero, 0) >= \
            world.content.companions.loyalty:
        mate.forced = False
    return not mate.forced


def tend(world: World, hero: int, eid: int) -> bool:
    """A companion beside a hero below `heal_below` % of its health gives it a healing potion it carries."""
    body = world.get(hero, Body)
    if body.health * 100 >= body.card.health * world.content.companions.heal_below or not heals_hero(world, eid):
        return False
    potion = carried(world, world.get(eid, Inventory), "healing")
    if potion is None:
        return False
    say(world, eid, hero, line(world, "heals"), "company")
    consume(world, hero, potion)
    return True


def act(world: World, hero: int, eid: int, here: int) -> None:
    """A companion's turn (N4, N12): an explorer goes to its room, looks, and walks back to the hero (in
    `here`) to report; a follower left behind (a full room, a locked door) catches up a room a turn; a waiter
    stays. One that has broken off (fleeing) goes nowhere near the fight until it has recovered (the movement
    stage moves it, N12)."""
    if fleeing(world, eid):
        return
    companion = companion_of(world, eid)
    now = world.room_of(eid)
    if companion.order == "explore" and not companion.back:
        if now != companion.room:
            step_towards(world, eid, companion.room)
            now = world.room_of(eid)
        if now == companion.room:
            companion.seen, companion.back = look(world, eid, now)[:300], True
        return
    if companion.order == "explore":  # on its way back
        if now != here:
            step_towards(world, eid, here)
        if world.room_of(eid) == here:
            say(world, eid, hero, line(world, "seen", room=world.room_name(companion.room),
                                       seen=companion.seen), "company")
            companion.order, companion.room, companion.back = "follow", -1, False
        return
    if companion.order in FOLLOWING and now != here:
        step_towards(world, eid, here)
