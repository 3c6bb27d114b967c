"""The game's log: Python `logging` to ethernalis.log in the user's log folder (game/userdirs.py), kept to a
few files of bounded size. A log folder that cannot be written leaves logging on stderr, never a crash."""
from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from game import userdirs

LOG_NAME = "ethernalis.log"
MAX_BYTES = 1_000_000  # one file of the log, then it rolls over
KEEP = 3  # older files kept: ethernalis.log.1 … .3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("ethernalis")


def start(folder: Path | None = None) -> tuple[Path | None, str]:
    """Send the game's log records to <folder or the user's log folder>/ethernalis.log.

    Returns the log file's path (None when it cannot be written) and a line saying where the log goes.
    Calling it again replaces the file handler it added before.
    """
    for handler in [h for h in log.handlers if getattr(h, "ethernalis", False)]:
        log.removeHandler(handler)
        handler.close()
    log.setLevel(logging.INFO)
    path = (folder or userdirs.log_dir()) / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=KEEP, encoding="utf-8")
    except OSError as exc:
        handler, where = logging.StreamHandler(), None
        words = f"cannot write the log to {path} ({exc.strerror or exc}); logging to the terminal"
    else:
        where, words = path, f"log: {path}"
    handler.ethernalis = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter(FORMAT))
    log.addHandler(handler)
    log.info("Ethernalis started; %s", words)
    return where, words
