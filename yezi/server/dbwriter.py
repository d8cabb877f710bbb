"""One thread that makes every SQLite write, in order, and wakes the event loop once per batch.

Why a thread: a SQLite commit is usually a tenth of a millisecond, but now and then it waits, for
the file system (an append to the WAL behind a journal flush) or for the database's lock. Made on
the event loop, such a wait stopped every table on the server: at 1,000 tables the loop was seen
blocked for seconds inside a commit (`yezi.server.stalls`). On this thread only the writes wait;
frames, pings and reads go on.

Why not `run_in_executor`: that costs the loop a wake-up (a self-pipe write and read) and several
futures per write, which measured more than the commit it moved. Here the loop only appends the
job to a deque; the thread takes every job waiting, makes them one after another, and hands all
their results back in one `call_soon_threadsafe`. Under load many actions share one wake-up.

Order: jobs run in the order they were queued, one at a time, so a table's writes (which its lock
already serialises) and everyone else's never interleave inside a transaction.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import threading
from collections.abc import Callable
from typing import Any

Job = tuple[Callable[..., Any], tuple[Any, ...], asyncio.Future, asyncio.AbstractEventLoop]


class SqliteWriter:
    def __init__(self, name: str = "yezi-db-writer"):
        self._jobs: collections.deque[Job] = collections.deque()
        self._wake = threading.Event()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future:
        """Queue `fn(*args)`; the returned future (of the running loop) gets its result."""
        if self._stopping:
            raise RuntimeError("the database writer is stopped")
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._jobs.append((fn, args, fut, loop))
        if not self._wake.is_set():  # a busy writer takes this job with the others: no wake-up to pay
            self._wake.set()
        return fut

    def alive(self) -> bool:
        """Whether the thread runs (for the health page: it never ends before `stop`, since a failing
        write is handed to its caller, not raised here)."""
        return self._thread.is_alive()

    def stop(self, timeout: float = 10.0) -> None:
        """Make the writes already queued, then end the thread."""
        self._stopping = True
        self._wake.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        jobs = self._jobs
        while True:
            if not jobs:
                if self._stopping:
                    return
                self._wake.clear()  # then look again: a job queued before the clear is seen now,
                if not jobs and not self._stopping:  # one queued after it sets the event again
                    self._wake.wait()
                continue
            done: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future, bool, Any]]] = {}
            while jobs:
                fn, args, fut, loop = jobs.popleft()
                try:
                    out: tuple[asyncio.Future, bool, Any] = (fut, True, fn(*args))
                except BaseException as e:  # handed to the awaiting coroutine, never lost here
                    out = (fut, False, e)
                done.setdefault(loop, []).append(out)
            for loop, results in done.items():
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits for these any more
                    loop.call_soon_threadsafe(_settle, results)


def _settle(results: list[tuple[asyncio.Future, bool, Any]]) -> None:
    for fut, ok, value in results:
        if fut.cancelled():
            continue
        if ok:
            fut.set_result(value)
        else:
            fut.set_exception(value)
