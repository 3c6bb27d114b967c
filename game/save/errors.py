"""The one error a save or load raises: a single line naming the file and the problem."""
from __future__ import annotations


class SaveError(Exception):
    """A world could not be saved to, or loaded from, a file. str(error) is one line for the player."""
