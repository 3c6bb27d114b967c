"""Binding spells (N50-N59): the hero casts Animal Charm, Mind Control or Necrotize from its sheet's
proficiency on a creature of the right kind (RULES.md Reconciliation 6, C14) for AP and mana; the creature
is bound for 50 x the proficiency turns, compliant and no one's enemy, without needs, scavenging or social
life (N55, N74), and takes only the orders Stay, Explore and Come with me, in the party only Wait here
(N54); it answers talk with one blank line (N53). The binding counts down a step a turn (N56); when it runs
out a charmed or dominated creature turns hostile (a companion first steps into the nearest adjacent room
with space, N57) and a necrotized one crumbles into Bones where it stands (N58); with no space the change
waits and is tried again each turn (N59). Numbers and lines: assets/data/spells.toml."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.lines import pick
from game.content.spells import Spell
from game.rules.classification import CLASSIFICATIONS, form_label
from game.world.components import Binding, Body, Hero, Identity, Mana, Mood, MoodState, Position
from game.world.verbs import company, social
from game.world.verbs.combat import die
from game.world.verbs.factory import spawn_item
from game.world.verbs.moving import go, space_for
from game.world.verbs.speech import narrate
from game.world.verbs.talk import absent

if TYPE_CHECKING:
    from game.world.actors import Actor
    from game.world.world import World

TIE = "spellbound"  # rules.social.TIES: held by a binding spell (N74)
BOUND = "bound"  # the faction of a bound creature outside the party (world.toml [factions])
HOSTILE = "hostile"  # the faction of one turned on the hero (world.toml [factions])


def binding_of(world: World, eid: int) -> Binding | None:
    return world.try_get(eid, Binding) if world.exists(eid) else None


def is_bound(actor: Actor) -> bool:
    """N55: whether a binding spell holds this NPC (read from its ties, so systems pay nothing for the rest)."""
    return actor.ties is not None and TIE in actor.ties.holds


def spell_of(world: World, binding: Binding) -> Spell:
    return world.content.spells.spells[binding.spell]


def mana_left(world: World, hero: int) -> int:
    """The mana the hero holds now: its card's, less what it has spent and not yet got back."""
    spent = world.try_get(hero, Mana)
    return world.get(hero, Body).card.mana - (spent.spent if spent else 0)


def proficiency(world: World, hero: int, spell: Spell) -> int:
    return world.get(hero, Hero).sheet.proficiencies.get(spell.proficiency, 0)


def duration(world: World, hero: int, spell: Spell) -> int:
    """N50-N52: 50 x the caster's proficiency level, in turns."""
    return world.content.spells.turns_per_level * proficiency(world, hero, spell)


def wrong_kind(world: World, target: int, spell: Spell) -> str:
    """Why the spell cannot take hold of `target` (Reconciliation 6: its Connected Form, C14, and the kingdom
    or condition the spell asks for), or ""."""
    ident = world.get(target, Identity)
    defn = world.content.codex.creature(ident.codex_id)
    connected = world.content.codex.stat_block(ident.codex_id).package.connected
    if connected == spell.connected and spell.kingdom in (None, defn.kingdom) \
            and spell.condition in (None, *defn.conditions):
        return ""
    kind = CLASSIFICATIONS[defn.classification][2][defn.kingdom].label
    extra = " Gestalt" if "gestalt" in defn.conditions else ""
    return (f"{spell.name} binds only {spell.targets}; {ident.name} is {kind}{extra}, connected to "
            f"{form_label(connected)}.")


def known(hero: int, world: World) -> list[Spell]:
    """The spells the hero's sheet can cast (a proficiency above 0), in spells.toml's order."""
    return [s for s in world.content.spells.spells.values() if proficiency(world, hero, s) > 0]


def spell_for(world: World, hero: int, target: int) -> str | None:
    """The spell the cast key means for `target`: the first the hero knows that takes hold of its kind, else
    the first it knows (its refusal says why); None when the hero knows none."""
    spells = known(hero, world)
    fitting = [s for s in spells if not wrong_kind(world, target, s)]
    return (fitting or spells)[0].id if spells else None


def may_cast(world: World, hero: int, target: int, spell_id: str) -> str:
    """Why the hero cannot cast `spell_id` on `target` now, or ""."""
    spell = world.content.spells.spells.get(spell_id)
    if spell is None:
        return f"Unknown spell {spell_id!r} ({', '.join(world.content.spells.spells)})."
    if proficiency(world, hero, spell) <= 0:
        return f"You have no {spell.proficiency.capitalize()} proficiency to cast {spell.name}."
    reason = absent(world, hero, target)
    if reason:
        return reason
    name = world.get(target, Identity).name
    if world.has(target, Hero):
        return f"{spell.name} does not take hold of a hero."
    if binding_of(world, target) is not None:
        return f"{name} is bound already."
    if company.companion_of(world, target) is not None:
        return f"{name} travels with you of its own will."
    reason = wrong_kind(world, target, spell)
    if reason:
        return reason
    if world.get(hero, Body).ap < spell.ap:
        return f"{spell.name} needs {spell.ap} Action Points; you have {world.get(hero, Body).ap}."
    if mana_left(world, hero) < spell.mana:
        return f"{spell.name} needs {spell.mana} mana; you have {mana_left(world, hero)}."
    return ""


def cast(world: World, hero: int, target: int, spell_id: str) -> str:
    """N50-N52: pay the spell's AP and mana and bind `target` (no trial: docs/rules.md); "" when cast."""
    reason = may_cast(world, hero, target, spell_id)
    if reason:
        return reason
    spell = world.content.spells.spells[spell_id]
    world.get(hero, Body).ap -= spell.ap
    world.ensure(hero, Mana).spent += spell.mana
    bind(world, hero, target, spell, duration(world, hero, spell))
    return ""


def bind(world: World, hero: int, target: int, spell: Spell, turns: int) -> None:
    """The creature is bound: no one's enemy, held out of the social web (N74), standing still (N55)."""
    ident = world.get(target, Identity)
    world.add(target, Binding(spell.id, world.uid(hero), turns, ident.faction))
    ident.faction = BOUND
    social.hold(world, target, TIE)
    social.feuds_end_with(world, target)  # N74: it takes no part in the social web
    settle(world, target, MoodState.RESTING)
    world.emit("bind", hero, target, world.room_of(target), spell=spell.name, state=spell.state, turns=turns)


def settle(world: World, eid: int, state: MoodState) -> None:
    """N55: a bound creature's mood is its order's: resting while it stays, wandering while it explores."""
    mood = world.get(eid, Mood)
    if mood.state != state:
        mood.state, mood.since = state, world.turn
    mood.aware = 0


def blank_line(world: World, hero: int, target: int) -> None:
    """N53: one short blank line in keeping with its compelled state, and nothing else."""
    spell = spell_of(world, binding_of(world, target))
    line = pick(spell.blank, world.uid(target), "blank").format(name=world.get(target, Identity).name)
    narrate(world, target, hero, line, "greeting")


def orders(world: World, hero: int, target: int) -> tuple[str, ...]:
    """N54: the orders `target` takes from the hero now: in its room Stay, Explore, Come with me; in the party
    only Wait here; none when it is not bound to this hero."""
    binding = binding_of(world, target)
    if binding is None or binding.hero != world.uid(hero):
        return ()
    return ("wait",) if company.companion_of(world, target) is not None else ("stay", "explore", "come")


def command(world: World, hero: int, target: int, order: str) -> str:
    """N54: carry out one of `orders`; "" when done, else why not."""
    name = world.get(target, Identity).name
    binding = binding_of(world, target)
    if binding is None:
        return f"{name} is not bound by a spell."
    if order not in orders(world, hero, target):
        if binding.hero != world.uid(hero):
            return f"{name} is bound to another."
        return f"{name} only takes the orders: {', '.join(orders(world, hero, target))}."
    room, said = world.room_of(target), order
    if order == "come":
        if len(company.party(world, hero)) >= world.content.companions.party:
            return "You have company enough already."
        company.join(world, hero, target)  # charmed, dominated, necrotized: at once, no loyalty (N50-N52)
        return ""
    if order == "wait":  # Wait here: it leaves the party and stays in the room (docs/rules.md)
        company.part(world, hero, target, quietly=True)
        order = "stay"
    binding.order = order
    settle(world, target, MoodState.WANDERING if order == "explore" else MoodState.RESTING)
    world.emit(f"bound_{said}", target, hero, room)
    return ""


# -- the countdown and its end (N56-N59) -------------------------------------------------------------------
def count_down(world: World, eid: int, binding: Binding) -> None:
    """N56: the binding counts down one step; at 0 it ends, or waits for space and tries again each turn (N59)."""
    if binding.turns > 0:
        binding.turns -= 1
    if binding.turns == 0:
        expire(world, eid, binding)


def mana_back(world: World) -> None:
    """N50: the hero gets spent mana back one point every `mana_back_every` turns."""
    mana = world.try_get(world.hero, Mana) if world.hero and world.exists(world.hero) else None
    if mana is not None and mana.spent and world.turn % world.content.spells.mana_back_every == 0:
        mana.spent -= 1


def expire(world: World, eid: int, binding: Binding) -> None:
    """N57-N59: the binding ends, never silently and never discarding the creature: a companion that turns
    hostile first steps into the nearest adjacent room with space, waiting in the party while there is none;
    a necrotized creature crumbles into Bones where it stands (its squares are the Bones' room)."""
    spell = spell_of(world, binding)
    mate = company.companion_of(world, eid)
    hero = world.hero if world.hero and world.exists(world.hero) else None  # a site may be without it
    caster = hero if hero is not None and world.uid(hero) == binding.hero else None  # told wherever it is
    if spell.ends == "hostile" and mate is not None and not step_aside(world, eid):
        if not binding.waiting:
            binding.waiting = True
            world.emit("binding_waits", eid, caster, world.room_of(eid), state=spell.state)
        return
    if mate is not None:
        company.part(world, hero, eid, quietly=True)
        world.emit("parts", eid, caster, world.room_of(eid))
    world.remove(eid, Binding)
    social.release(world, eid, TIE)
    if spell.ends == "bones":
        crumble(world, eid, spell, caster)
    else:
        turn_hostile(world, eid, binding, spell, caster)


def step_aside(world: World, eid: int) -> bool:
    """N57: a bound companion goes through an open exit into the adjacent room nearest it with space for it;
    False when there is none."""
    pos = world.get(eid, Position)
    ways = sorted(world.rooms.exits[pos.room], key=lambda way: (abs(way[0].square[0] - pos.square[0])
                                                                + abs(way[0].square[1] - pos.square[1]), way[0].id))
    for exit_, room in ways:
        if exit_.locked and exit_.id not in world.opened_doors or not space_for(world, eid, room, exit_.square):
            continue
        if not go(world, eid, exit_, room, force=False):
            return True
    return False


def turn_hostile(world: World, eid: int, binding: Binding, spell: Spell, caster: int | None) -> None:
    """N57: it has its faction back (a hostile one when that was no enemy of the hero's) and, angered at the
    hero, moves again."""
    ident = world.get(eid, Identity)
    enemies = world.content.tuning.enemies
    ident.faction = binding.faction if "hero" in enemies.get(binding.faction, ()) else HOSTILE
    mood = world.get(eid, Mood)
    mood.state, mood.since, mood.aware = MoodState.ANGERED, world.turn, world.aware_full
    mood.last_seen = world.hero_room()
    world.emit("binding_turns", eid, caster, world.room_of(eid), state=spell.state)


def crumble(world: World, eid: int, spell: Spell, caster: int | None) -> None:
    """N58: Bones where it stood; what it carried falls beside them."""
    pos = world.get(eid, Position)
    room, square = pos.room, pos.square
    world.emit("binding_crumbles", eid, caster, room, state=spell.state)
    die(world, eid, None, cause="its binding's end")
    spawn_item(world, "bones", room, square)
