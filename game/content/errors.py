"""The one error type for bad data files: its message names the file, the entry and the problem."""


class ContentError(Exception):
    """A data file is wrong. str(error) reads `file: entry: field: problem`."""
