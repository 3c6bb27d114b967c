"""Components of a world's store (ecs.Store), by domain: `creature` (the card, N1, N32, split into the parts
systems read and write, and items), `social` (the social web), `work` (trade, contracts, company, spells, the
hero's journal and chronicle); `knowledge` (the map as a hero knows it); `kinds` holds what a save may hold in
them. Import them from here.

Each saved component says in its module, by its `saved.creature` or `saved.item` decorator, how a save holds it
(game/world/saved.py): its key, its saved fields with their type specs and ranges, the fields made again on
load, and the check a loaded one must pass (docs/saves.md lists them).
"""
from __future__ import annotations

from game.world.components.kinds import (NAME, ROOM, RUNE, UID, tag_set)
from game.world.components.creature import (HERO_SHEET, Body, Footprint, Growth, Hero, Identity, Inventory, Item,
                                            Mood, MoodState, Needs, Position, sheet_plain)
from game.world.components.social import (Errand, Journey, Loyalty, Memories, Memory, Opinion, Opinions, Persona,
                                          Secret, Talks, Ties, Witness)
from game.world.components.work import (CONTRACT_KINDS, FOLLOWING, ORDERS, Binding, Chronicle, Companion, Contract,
                                        Journal, Mana, Mark, Merchant)
from game.world.components.knowledge import Knowledge

__all__ = [  # what the rest of the game imports from here
    "NAME", "ROOM", "RUNE", "UID", "tag_set", "HERO_SHEET", "Body", "Footprint", "Growth", "Hero", "Identity",
    "Inventory", "Item", "Mood", "MoodState", "Needs", "Position", "sheet_plain", "Errand", "Journey", "Loyalty",
    "Memories", "Memory", "Opinion", "Opinions", "Persona", "Secret", "Talks", "Ties", "Witness",
    "CONTRACT_KINDS", "FOLLOWING", "ORDERS", "Binding", "Chronicle", "Companion", "Contract", "Journal", "Mana",
    "Mark", "Merchant", "Knowledge"
]
