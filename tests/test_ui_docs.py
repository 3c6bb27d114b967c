"""docs/controls.md stays true: every binding of game/ui/bindings.py (the F1 screen) is listed there."""
from __future__ import annotations

from game.paths import ROOT
from game.ui import bindings

DOC = (ROOT / "docs" / "controls.md").read_text(encoding="utf-8")


def test_every_key_binding_is_documented():
    for action, (_, what) in bindings.KEYS.items():
        assert f"| {bindings.key_names(action)} | {what} |" in DOC


def test_every_mouse_gesture_is_documented():
    for gesture, what in bindings.MOUSE:
        assert f"| {gesture} | {what} |" in DOC


def test_every_key_of_a_conversation_is_documented():
    for keys, what, _ in bindings.DIALOGUE:
        assert f"| {keys} | {what} |" in DOC


def test_every_key_of_the_inventory_and_the_character_sheet_is_documented():
    for keys, what, _ in bindings.INVENTORY + bindings.CHARACTER:
        assert f"| {keys} | {what} |" in DOC
