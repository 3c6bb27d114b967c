"""The one palette every sprite, item and tile overlay is drawn with (DawnBringer 32 plus a few glows).

Text art names colours by these characters; '.' is transparent. OUTLINE is the dark edge added
around every sprite so it pops on any floor.
"""
from __future__ import annotations

from tools.art.canvas import rgb

PALETTE = {
    "K": rgb("#140c1c"),  # outline, near black
    "k": rgb("#222034"),  # very dark navy
    "v": rgb("#45283c"),  # dark plum
    "B": rgb("#663931"),  # dark brown
    "b": rgb("#8f563b"),  # brown
    "o": rgb("#df7126"),  # orange
    "t": rgb("#d9a066"),  # tan
    "s": rgb("#eec39a"),  # skin
    "y": rgb("#fbf236"),  # yellow
    "Y": rgb("#e8b830"),  # gold
    "A": rgb("#8a6f30"),  # dark gold
    "l": rgb("#99e550"),  # light green
    "n": rgb("#6abe30"),  # green
    "N": rgb("#37946e"),  # teal green
    "m": rgb("#4b692f"),  # moss
    "O": rgb("#524b24"),  # olive shadow
    "a": rgb("#8f974a"),  # khaki
    "d": rgb("#323c39"),  # dark slate
    "U": rgb("#3f3f74"),  # dark blue
    "u": rgb("#306082"),  # blue
    "i": rgb("#5b6ee1"),  # bright blue
    "c": rgb("#639bff"),  # light blue
    "C": rgb("#5fcde4"),  # cyan
    "W": rgb("#cbdbfc"),  # pale blue-white
    "w": rgb("#ffffff"),  # white
    "g": rgb("#9badb7"),  # light grey
    "G": rgb("#847e87"),  # grey
    "h": rgb("#696a6a"),  # dark grey
    "H": rgb("#595652"),  # darker grey
    "p": rgb("#76428a"),  # purple
    "P": rgb("#4a2860"),  # deep purple
    "q": rgb("#d77bba"),  # pink
    "R": rgb("#ac3232"),  # red
    "r": rgb("#d95763"),  # light red
    "e": rgb("#ff3b3b"),  # glowing red eye
    "E": rgb("#b6ff5a"),  # glowing green eye
    "f": rgb("#ffd27a"),  # flame core
    "z": rgb("#7a5a48"),  # fur brown-grey
}

OUTLINE = PALETTE["K"]
