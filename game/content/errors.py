"""The one error type for bad data files; `printable` and `clipped`, which make file content safe to print."""


def printable(text: object) -> str:
    """`text` with control, format and undecodable characters escaped (\\x1b, \\u202e, \\udcff): a message
    quoting a file stays one line and sends no escape sequence to a terminal."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def clipped(text: object, most: int = 40) -> str:
    """`text` cut to `most` characters and an ellipsis: a name or value quoted in a message stays short."""
    text = str(text)
    return text if len(text) <= most else text[:most] + "…"


class ContentError(Exception):
    """A data file is wrong. str(error) reads `file: entry: field: problem`, one printable line."""

    def __init__(self, message: object = "") -> None:
        super().__init__(printable(message))
