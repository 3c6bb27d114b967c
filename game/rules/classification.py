"""Classification, kingdoms, forms, cross-domain conditions and the package (C10-C16, C18, C20)."""
from __future__ import annotations

from dataclasses import dataclass

MUNDANE_TYPES = ("cutting", "cleaving", "crushing", "piercing", "puncturing")  # C20
MAGICAL_TYPES = ("fire", "sea", "sky", "stone", "void", "profane", "sacred", "primal")  # C20
DAMAGE_TYPES = MUNDANE_TYPES + MAGICAL_TYPES
ELEMENTS = ("fire", "sea", "sky", "stone")  # C11: Primordial forms
OPPOSED_ELEMENT = {"fire": "sea", "sea": "fire", "sky": "stone", "stone": "sky"}  # C13
CONDITIONS = ("numen", "gestalt", "dragon")  # C18
GESTALT = {"daeva": "undead", "fae": "lycanthrope"}  # C18: Daeva Gestalt, Fae Gestalt


@dataclass(frozen=True)
class Kingdom:
    label: str  # as written on the tag line
    numen: bool | None  # True: numen kingdom, False: non-numen, None: the seed does not say


# C11-C12: classification -> (category, primary form, kingdoms by id).
CLASSIFICATIONS: dict[str, tuple[str, str | None, dict[str, Kingdom]]] = {
    "asura": ("Entropic", "sacred", {
        "amesha_spenta": Kingdom("Asura Amesha Spenta", True),
        "yazata": Kingdom("Asura Yazata", False)}),
    "daeva": ("Entropic", "profane", {
        "div": Kingdom("Daeva Div", True),
        "druj": Kingdom("Daeva Druj", False)}),
    "fae": ("Entropic", "primal", {
        "de": Kingdom("Fae Dé", True),
        "tuatha": Kingdom("Fae Tuatha", None),
        "sidhe": Kingdom("Fae Sídhe", None)}),
    "eidos": ("Entropic", "void", {
        "akasha": Kingdom("Eidos Morphon Akasha", True),
        "sora": Kingdom("Eidos Morphon Sora", False),
        "folk": Kingdom("Mortal Folk", None),
        "beast": Kingdom("Mortal Beast", None)}),
    "primordial": ("Elemental", None, {
        "protogenoi": Kingdom("Primordial Protogenoi", True),
        "autochthon": Kingdom("Primordial Autochthon", False),
        "behemoth": Kingdom("Primordial Behemoth", None)}),
}


@dataclass(frozen=True)
class Package:
    """C13: the free damage immunity, the Impotence (vs damage) and the Connected Form (C14)."""

    immune: str | None
    vulnerable: str | None
    connected: str


def package(classification: str, kingdom: str, forms: tuple[str, ...]) -> Package:
    """C13's table. A Primordial's element is its first form; raise ValueError on a bad tag."""
    if classification not in CLASSIFICATIONS:
        raise ValueError(f"unknown classification {classification!r}; "
                         f"expected one of {', '.join(CLASSIFICATIONS)}")
    _, primary, kingdoms = CLASSIFICATIONS[classification]
    if kingdom not in kingdoms:
        raise ValueError(f"{classification} has no kingdom {kingdom!r}; "
                         f"expected one of {', '.join(kingdoms)}")
    if classification == "primordial":
        element = forms[0] if forms else None
        if element not in ELEMENTS:
            raise ValueError(f"a Primordial's first form must be its element "
                             f"({', '.join(ELEMENTS)}), not {element!r}")
        return Package(element, OPPOSED_ELEMENT[element], element)
    if kingdom == "folk":
        return Package(None, None, "void")
    if kingdom == "beast":
        return Package(None, None, "primal")
    opposed = {"sacred": "profane", "profane": "sacred", "primal": "void", "void": "primal"}
    return Package(primary, opposed[primary], primary)


def form_label(form: str) -> str:
    return form.capitalize()


def tag_line(size: str, classification: str, kingdom: str, forms: tuple[str, ...],
             conditions: tuple[str, ...]) -> str:
    """C10: `Size, Classification Kingdom (Forms)`, cross-domain conditions after it (C18)."""
    label = CLASSIFICATIONS[classification][2][kingdom].label
    text = f"{size} {label} ({', '.join(form_label(f) for f in forms)})"
    extra = [f"Gestalt ({GESTALT[classification]})" if c == "gestalt" else c.capitalize()
             for c in conditions]
    return ", ".join([text, *extra])
