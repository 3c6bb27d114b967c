"""Process settings the game runs with."""
from __future__ import annotations

import gc

MAX_SEED = 2**63 - 1  # a world's seed: what a save holds as a signed 64-bit integer (msgpack), and no more

# The world holds tens of thousands of long-lived small objects (components, items, events); CPython's
# default cyclic-GC thresholds (700, 10, 10) rescan them all many times a turn. Collect far less often.
GC_THRESHOLDS = (100_000, 50, 1_000)


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLDS)
