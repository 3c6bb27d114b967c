"""The one error type for bad data files, and `printable`, which makes file content safe to print."""


def printable(text: object) -> str:
    """`text` with control, format and undecodable characters escaped (\\x1b, \\u202e, \\udcff): a message
    quoting a file stays one line and sends no escape sequence to a terminal."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class ContentError(Exception):
    """A data file is wrong. str(error) reads `file: entry: field: problem`, one printable line."""

    def __init__(self, message: object = "") -> None:
        super().__init__(printable(message))
