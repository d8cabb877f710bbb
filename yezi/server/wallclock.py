"""The server's wall clock for move timers, in one place.

Every deadline (`yezi.server.clock.TurnClock`) is timed and checked against `now()`. A turn-based
table gives a day or a week per move: its tests cannot wait that long, so with
``YEZI_TEST_CLOCK=<file>`` the clock reads the real time plus the seconds written in that file
(the test writes a larger number to move time forward; a restarted server reads the same file,
so a deadline survives a SIGKILL in simulated time as it does in real time). Without the variable
it is `time.time()`. The timer tasks then wake at least every `max_wait()` seconds, so that a jump
of the simulated clock is noticed at once instead of after the real sleep.
"""

from __future__ import annotations

import os
import time

_FILE = os.environ.get("YEZI_TEST_CLOCK") or None
_cache: tuple[float, float] = (-1.0, 0.0)  # (file mtime, offset)


def offset() -> float:
    """Seconds the test clock is ahead of the real one (0 without ``YEZI_TEST_CLOCK``)."""
    global _cache
    if _FILE is None:
        return 0.0
    try:
        mtime = os.stat(_FILE).st_mtime
        if mtime != _cache[0]:
            with open(_FILE, encoding="ascii") as f:
                _cache = (mtime, float(f.read().strip() or 0))
    except (OSError, ValueError):
        return _cache[1]
    return _cache[1]


def now() -> float:
    """The wall-clock time (seconds since the epoch) that move deadlines are timed in."""
    return time.time() + offset() if _FILE is not None else time.time()


def max_wait() -> float | None:
    """The longest a timer sleeps before looking at the clock again (None: until its deadline)."""
    return 0.2 if _FILE is not None else None
