"""The creature tags a creature file may give (its `tags`, docs/rules.md "Creature files"): each named once,
with what it does. A creature file naming a tag not listed here is refused when the data is read
(game/content/creatures.py: `file: creature: tags: unknown tag ...`); code reads tags only by these names.

A new tag is one line here (and, if it does something, the code that reads its constant)."""
from __future__ import annotations

ANIMAL = "animal"
HUMANOID = "humanoid"
UNDEAD = "undead"
ELEMENTAL = "elemental"
MINDLESS = "mindless"
COWARD = "coward"
PREY = "prey"
SCENT_HUNTER = "scent_hunter"

TAGS: dict[str, str] = {
    ANIMAL: "a living mortal beast: it hungers and thirsts (N8)",
    HUMANOID: "a living mortal person: it hungers and thirsts (N8), arms itself from the floor (N30), may "
              "carry weapons and armour (rules/checks.py)",
    UNDEAD: "the dead walking: no hunger or thirst even if living too (N8)",
    ELEMENTAL: "a being of an element: no hunger or thirst (N8)",
    MINDLESS: "cannot be reasoned with: no bargain (C4), no part in the social web (N74), takes nothing",
    COWARD: "keeps away from the hero it fears until cornered or hurt enough (N16)",
    PREY: "lays the prey scent hunters follow (N15)",
    SCENT_HUNTER: "follows the prey scent to its prey (N15)",
    "celestial": "of the heavens (a description, read by no rule)",
    "fiend": "of the pits (a description, read by no rule)",
    "fae": "of the fair folk (a description, read by no rule)",
    "spirit": "a spirit (a description, read by no rule)",
    "lycanthrope": "a shapechanger (a description, read by no rule)",
}


def unknown_tags(tags: tuple[str, ...]) -> list[str]:
    """The tags of a creature file that are not in the vocabulary, in the file's order."""
    return [tag for tag in tags if tag not in TAGS]
