"""The one error a save or load raises: a single printable line naming the file and the problem."""
from __future__ import annotations


def printable(text: object) -> str:
    """`text` with control, format and undecodable characters escaped (\\x1b, \\n, \\u202e, \\udcff): a message
    quoting a file's name or content stays one line and sends no escape sequence to a terminal."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class SaveError(Exception):
    """A world could not be saved to, or loaded from, a file. str(error) is one printable line for the player."""

    def __init__(self, message: object = "") -> None:
        super().__init__(printable(message))
