"""Where the event loop was when it stalled: a watchdog thread that samples the loop's stack.

One event loop serves every table, so a callback that runs for half a second delays every
player on the server by half a second. The loop-lag monitor (`/health`) says *that* the loop was
late; this says *where* it was. A daemon thread looks every `sample_s`; while the loop has not
ticked for `threshold_ms`, it samples the loop thread's Python stack. When the loop ticks again
the stall is logged once as a warning, with its length and the stack seen most often (the
innermost yezi frames first), so that an operator, or a benchmark, can name the culprit.

The thread only reads `sys._current_frames()`: it takes the GIL for microseconds every
`sample_s` and never touches the loop's objects. Identical warnings go through the log's
`Dedupe` filter, so a stall that repeats every few seconds is one line with a count.
"""

from __future__ import annotations

import collections
import contextlib
import gc
import logging
import sys
import threading
import time
import traceback

log = logging.getLogger("yezi.server.stalls")


class StallWatch:
    """Watches one event loop thread; `beat()` is called by a task on that loop every few ms."""

    def __init__(self, threshold_ms: float, sample_s: float = 0.025, depth: int = 12):
        self.threshold_s = threshold_ms / 1000.0
        self.sample_s = sample_s
        self.depth = depth
        self.last_beat = time.perf_counter()
        self.loop_thread = threading.get_ident()
        self.stalls = 0  # stalls seen (for /health and tests)
        self.longest_ms = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        # garbage collections of the loop's thread: (perf_counter at start, seconds, generation);
        # a collection holds the GIL throughout, so the watchdog itself cannot sample during it
        self._gcs: collections.deque[tuple[float, float, int]] = collections.deque(maxlen=64)
        self._gc_began = 0.0

    def _on_gc(self, phase: str, info: dict) -> None:
        if threading.get_ident() != self.loop_thread:
            return
        if phase == "start":
            self._gc_began = time.perf_counter()
        else:
            self._gcs.append((self._gc_began, time.perf_counter() - self._gc_began, info.get("generation", -1)))

    def gc_during(self, since: float, until: float) -> tuple[float, int]:
        """Seconds of garbage collection on the loop's thread between two perf_counter readings,
        and the oldest generation collected."""
        total, oldest = 0.0, -1
        for began, took, gen in list(self._gcs):
            overlap = min(until, began + took) - max(since, began)
            if overlap > 0:
                total += overlap
                oldest = max(oldest, gen)
        return total, oldest

    def beat(self) -> None:
        self.last_beat = time.perf_counter()

    def start(self) -> None:
        self.loop_thread = threading.get_ident()
        self.last_beat = time.perf_counter()
        gc.callbacks.append(self._on_gc)
        self._thread = threading.Thread(target=self._run, name="yezi-stall-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)

    def _stack(self) -> tuple[str, ...] | None:
        frame = sys._current_frames().get(self.loop_thread)
        if frame is None:
            return None
        frames = traceback.extract_stack(frame)
        # the innermost frames whatever they are (a library, asyncio), then the innermost of yezi's
        inner = frames[-3:]
        ours = [f for f in frames[:-3] if "/yezi/" in f.filename.replace("\\", "/")][-(self.depth - 3):]
        return tuple(f"{_short(f.filename)}:{f.lineno} {f.name}" for f in ours + inner)

    def _run(self) -> None:
        samples: collections.Counter[tuple[str, ...]] = collections.Counter()
        stalled_since: float | None = None
        while not self._stop.wait(self.sample_s):
            beat = self.last_beat
            late = time.perf_counter() - beat
            if late >= self.threshold_s:
                if stalled_since is None:
                    stalled_since = beat
                stack = self._stack()
                if stack:
                    samples[stack] += 1
            elif stalled_since is not None:
                self._report(beat - stalled_since, samples, self.gc_during(stalled_since, beat))
                samples.clear()
                stalled_since = None

    def _report(self, seconds: float, samples: collections.Counter[tuple[str, ...]],
                gc_time: tuple[float, int] = (0.0, -1)) -> None:
        ms = seconds * 1000.0
        began = time.strftime("%H:%M:%S", time.localtime(time.time() - (time.perf_counter() - self.last_beat) - seconds))
        self.stalls += 1
        self.longest_ms = max(self.longest_ms, ms)
        gc_s, gen = gc_time
        collected = f"; {gc_s * 1000:.0f} ms of it garbage collection (generation {gen})" if gc_s > 0 else ""
        if not samples:
            log.warning("event loop blocked for %d ms from %s%s (no Python stack seen: in C code)", ms, began, collected)
            return
        stack, n = samples.most_common(1)[0]
        total = sum(samples.values())
        log.warning("event loop blocked for %d ms from %s%s; in %d of %d samples it was in:\n  %s",
                    ms, began, collected, n, total, "\n  ".join(reversed(stack)))


def _short(path: str) -> str:
    path = path.replace("\\", "/")
    i = path.rfind("/yezi/")
    if i >= 0:
        return path[i + 1:]
    parts = path.rsplit("/", 2)
    return "/".join(parts[-2:])
