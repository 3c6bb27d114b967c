"""What each mood does (N12-N18, C4), in one table: the stages ask a creature's mood by these names instead
of testing states one by one. Which mood a creature is in is the behaviour stage's (systems/behaviour.py);
how an angered, cowardly, appeased, fleeing or wandering creature picks its exit is the movement stage's
`choose_exit`."""
from __future__ import annotations

from dataclasses import dataclass

from game.world.components import MoodState


# The states as plain names, for the stages' loops over every creature: under CPython 3.11 reading an enum's
# member off its class (`MoodState.FLEEING`) goes through EnumType.__getattr__, about 0.2 µs against 0.02 µs
# for a module's name, and the behaviour and movement stages read thousands a turn.
RESTING, LURKING, EXPLORING, WANDERING, COWARDLY, FLEEING, ANGERED, WARY, APPEASED = (
    MoodState.RESTING, MoodState.LURKING, MoodState.EXPLORING, MoodState.WANDERING, MoodState.COWARDLY,
    MoodState.FLEEING, MoodState.ANGERED, MoodState.WARY, MoodState.APPEASED)

@dataclass(frozen=True, slots=True)
class Mood:
    """What a creature in this mood does."""

    moves: bool  # N14-N18: goes through an exit in the movement stage (else it rests)
    fights: bool  # N13, N17: strikes in the combat stage; a fleeing creature does not
    arms: bool  # N30: takes up better gear from the floor
    forces_doors: bool  # N18: goes through a locked door it has no key for
    keeps_shop: bool  # N5: a merchant in this mood keeps to its shop (fleeing or angered, it moves by mood)
    seeks_company: bool  # N87: a lonely resident at ease walks to where people are
    meditates: bool  # N29: an unlocked "meditate" heals it while it is at peace
    answers_howl: bool  # N29: a kinsman's pack howl angers it
    angered_by_blows: bool  # N18: a blow at it or its kin angers it; a fleeing creature only flees


_ = False
MOODS: dict[MoodState, Mood] = {  # moves, fights, arms, forces_doors, keeps_shop, seeks_company, meditates, answers_howl, angered_by_blows
    MoodState.RESTING:   Mood(_,    True, True, _,    True, True, True, True, True),
    MoodState.LURKING:   Mood(_,    True, True, _,    True, _,    True, True, True),
    MoodState.EXPLORING: Mood(True, True, True, _,    True, True, _,    True, True),
    MoodState.WANDERING: Mood(True, True, True, _,    True, _,    True, True, True),
    MoodState.COWARDLY:  Mood(True, True, True, _,    True, _,    _,    True, True),
    MoodState.FLEEING:   Mood(True, _,    _,    _,    _,    _,    _,    _,    _),
    MoodState.ANGERED:   Mood(True, True, True, True, _,    _,    _,    _,    True),
    MoodState.WARY:      Mood(_,    True, True, _,    True, _,    _,    True, True),
    MoodState.APPEASED:  Mood(True, True, True, _,    True, _,    _,    True, True),
}
