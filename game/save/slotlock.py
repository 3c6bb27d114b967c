"""One game at a time on a world slot (issue 26): an OS lock on `<slot>.lock` beside the save, held while a game
has the world open and let go when it closes it or ends (the system drops the lock of a process that dies,
even by kill -9, so nothing stale is left to clear). fcntl.flock on POSIX, msvcrt.locking on Windows, behind
`hold`: no dependency, and the lock is the system's own, which every copy of the game asks.

The lock file itself is never removed (removing it while another copy waits would give two holders); it is
empty and tiny. A slot in a folder no one may write (a read-only save given to --load) is held by nothing:
no copy of the game can save there, so none can lose a save there.
"""
from __future__ import annotations

import errno
import os
import stat
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


# opened without waiting (a FIFO put there), never through a link, as bytes on Windows
OPEN_FLAGS = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_BINARY", 0))
READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)  # a folder no one may write


class SlotLock:
    """A held lock on a slot (`handle` None: a slot no one can write, held by nothing); `release` (or the
    process ending) lets it go."""

    def __init__(self, slot: Path, handle: IO[bytes] | None) -> None:
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
    """The lock of `slot`, taken without waiting; SlotBusy when another game holds it, SaveError when its lock
    file cannot be made or is not a regular file (a folder, a FIFO or a link put in its place)."""
    slot = Path(slot)
    path = lock_path(slot)
    problem = f"{slot}: cannot be opened for play: its lock file {path.name}"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, OPEN_FLAGS, 0o644)
    except OSError as exc:
        if exc.errno in READ_ONLY:
            return SlotLock(slot, None)
        raise SaveError(f"{problem} cannot be made ({exc.strerror or exc})") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise SaveError(f"{problem} is not a regular file; remove it to play this world")
    handle = open(descriptor, "r+b", buffering=0)
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
