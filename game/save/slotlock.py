"""One game at a time on a world slot (issue 26): an OS lock on `<slot>.lock` beside the save, held while a game
has the world open and let go when it closes it or ends (the system drops the lock of a process that dies,
even by kill -9, so nothing stale is left to clear). fcntl.flock on POSIX, msvcrt.locking on Windows, behind
`hold`: no dependency, and the lock is the system's own, which every copy of the game asks.

The lock file itself is never removed (removing it while another copy waits would give two holders); it is
empty and tiny.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from game.save.errors import SaveError

if os.name == "nt":
    import msvcrt
else:
    import fcntl


class SlotBusy(SaveError):
    """The world is open in another copy of the game."""


def lock_path(slot: Path) -> Path:
    return slot.with_name(slot.name + ".lock")


class SlotLock:
    """A held lock on a slot; `release` (or the process ending) lets it go."""

    def __init__(self, slot: Path, handle: IO[bytes]) -> None:
        self.slot, self._handle = slot, handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file lets the lock go, on POSIX and Windows alike
            self._handle = None

    def __enter__(self) -> SlotLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def hold(slot: Path) -> SlotLock:
    """The lock of `slot`, taken without waiting; SlotBusy when another game holds it, SaveError when the lock
    file cannot be made (a read-only folder: the save could not be written either)."""
    slot = Path(slot)
    path = lock_path(slot)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a+b")
    except OSError as exc:
        raise SaveError(f"{slot}: cannot be opened for play: its lock file {path.name} cannot be made "
                        f"({exc.strerror or exc})") from None
    try:
        _lock(handle)
    except OSError:
        handle.close()
        raise SlotBusy(f"{slot}: this world is open in another copy of the game; close it there first") from None
    return SlotLock(slot, handle)


def _lock(handle: IO[bytes]) -> None:
    """Lock `handle`'s file for this process without waiting; OSError when another holds it."""
    if os.name == "nt":
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
