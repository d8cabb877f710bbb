"""Every background loop of the server, supervised: it retries through failures and resumes by itself.

Issue 26: after a 10 s PostgreSQL outage, every table whose bot was moving at that moment stayed
frozen for good: its bot loop logged "failed" and ended, nothing started it again, and the people
there were told "not your turn" until a restart. Now each loop started in the background (a table's
bots and move timer, the expiry sweeper, the cluster's heartbeat and LISTEN connection, the loop-lag
monitor) runs under `supervise`: a failure is logged, the loop waits a capped, jittered, growing
delay (`Backoff`) and runs again, until it returns (its work is done) or is cancelled. The same
`Backoff` paces the cluster's re-sent intents.

Each loop reports its state to one `Loops` registry (running, backing off with the last error's
class and since when, stopped), which ``GET /api/health`` shows. The threads the server runs (the
SQLite writer, the lease renewal) are listed beside them. A table's loops are reported only as
counts per kind: the health page names no table (a private table's id is its address).

`is_outage` says whether an exception means the database cannot be reached just now: the loops
log such a failure in one line (not a traceback every retry), and a request that meets one is
answered 503 with ``Retry-After`` in one place (`yezi.server.app`), never 500.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("yezi.server.loops")

#: what ``Retry-After`` says to a request that needed the database while it was out of reach (seconds)
RETRY_AFTER_S = 2

RUNNING, BACKING_OFF, STOPPED = "running", "backing-off", "stopped"


@dataclass
class Backoff:
    """Capped exponential delays with jitter: `first_s`, then doubling up to `max_s`, each drawn
    within ±`jitter` of its value so that the loops failing together do not retry together."""

    first_s: float = 0.1
    max_s: float = 2.0
    jitter: float = 0.25
    _next: float = 0.0

    def delay(self) -> float:
        """The wait before the next try (and the one after it grows)."""
        base = self._next or self.first_s
        self._next = min(self.max_s, base * 2)
        return base * (1 - self.jitter + 2 * self.jitter * random.random())

    def reset(self) -> None:
        self._next = 0.0


@dataclass(eq=False)
class Loop:
    """One supervised loop's state, as the health page shows it. The loop calls `ok` when a step
    succeeded; `supervise` calls `failed` and `stopped`. Plain attribute writes: a thread may report
    here too (the health page only reads)."""

    name: str
    kind: str
    backoff: Backoff = field(default_factory=Backoff)
    state: str = RUNNING
    error: str | None = None  # the class of the last failure (never its text: it can name the database)
    since: float | None = None  # wall-clock time of the first failure of this run of failures
    failures: int = 0  # consecutive failures since the last step that succeeded
    restarts: int = 0  # failures in all

    def ok(self) -> None:
        """A step succeeded: running again, the next failure backs off from the start."""
        if self.failures or self.state != RUNNING:
            if self.failures:
                log.info("%s resumed after %d failure(s)", self.name, self.failures)
            self.state, self.failures, self.since = RUNNING, 0, None
            self.backoff.reset()

    def failed(self, exc: BaseException) -> float:
        """Note a failure; returns how long to wait before the next try."""
        if not self.failures:
            self.since = time.time()
        self.failures += 1
        self.restarts += 1
        self.state, self.error = BACKING_OFF, type(exc).__name__
        wait = self.backoff.delay()
        if self.failures == 1 and not is_outage(exc):
            log.error("%s failed; retrying in %.2f s", self.name, wait, exc_info=exc)
        elif self.failures == 1 or self.failures % 20 == 0:
            log.warning("%s failed (%s, %d in a row); retrying in %.2f s", self.name, self.error, self.failures, wait)
        return wait

    @property
    def retrying(self) -> bool:
        """Whether this run follows a failure (a loop may reconnect, or read what it missed)."""
        return self.failures > 0

    def public(self) -> dict[str, Any]:
        out: dict[str, Any] = {"state": self.state, "restarts": self.restarts}
        if self.state == BACKING_OFF:
            out |= {"error": self.error, "since": self.since, "failures": self.failures}
        return out


Body = Callable[[Loop], Awaitable[None]]


async def supervise(loop: Loop, body: Body) -> None:
    """Run `body(loop)` until it returns or is cancelled; after a failure wait `loop.failed`'s
    delay and run it again. The body starts from what the world is then (it re-reads its table,
    reconnects), so a run cut short midway is simply begun again."""
    try:
        while True:
            try:
                await body(loop)
                return
            except asyncio.CancelledError:
                raise
            except Exception as e:
                wait = loop.failed(e)
            await asyncio.sleep(wait)
    finally:
        loop.state = STOPPED


@dataclass
class _Kind:
    """The loops of one kind that a table runs (its bots, its move timer), counted, never named."""

    live: set[Loop] = field(default_factory=set)
    restarts: int = 0


class Loops:
    """The server's supervised loops and background threads, for the health page."""

    #: kinds started once per table: reported as counts
    PER_TABLE = ("bots", "timer")

    def __init__(self) -> None:
        self._named: dict[str, Loop] = {}
        self._kinds: dict[str, _Kind] = {k: _Kind() for k in self.PER_TABLE}
        self._threads: dict[str, threading.Thread | Callable[[], bool]] = {}

    def start(self, name: str, body: Body, kind: str | None = None,
              backoff: Backoff | None = None) -> asyncio.Task[None]:
        """Start `body` supervised as a task of the running event loop. `kind` (one of `PER_TABLE`):
        a table's loop, counted with the others of its kind while it runs; else a loop of the
        server, listed under `name`."""
        loop = Loop(name, kind or name, backoff or Backoff())
        if kind in self._kinds:
            group = self._kinds[kind]
            group.live.add(loop)
            task = asyncio.get_running_loop().create_task(supervise(loop, body))
            task.add_done_callback(lambda _t: self._ended(group, loop))
            return task
        self._named[name] = loop
        return asyncio.get_running_loop().create_task(supervise(loop, body))

    def _ended(self, group: _Kind, loop: Loop) -> None:
        group.live.discard(loop)
        group.restarts += loop.restarts

    def thread(self, name: str, alive: threading.Thread | Callable[[], bool], loop: Loop | None = None) -> None:
        """List a background thread (or a check that says whether it runs); `loop`: its own report
        of failures, for a thread that retries by itself (the lease renewal)."""
        self._threads[name] = alive
        if loop is not None:
            self._named[name] = loop

    def report(self, name: str, backoff: Backoff | None = None) -> Loop:
        """A `Loop` for something that supervises itself (a thread) to report its state into;
        `backoff`: the waits it keeps between tries (for the log)."""
        loop = Loop(name, name, backoff or Backoff())
        self._named[name] = loop
        return loop

    def health(self) -> dict[str, Any]:
        """Each loop's state, the table loops as counts per kind, the threads alive or stopped."""
        out: dict[str, Any] = {name: lp.public() for name, lp in sorted(self._named.items())}
        for name, alive in sorted(self._threads.items()):
            up = alive.is_alive() if isinstance(alive, threading.Thread) else bool(alive())
            entry = out.setdefault(name, {"state": RUNNING, "restarts": 0})
            if not up:
                entry["state"] = STOPPED
        for kind, group in sorted(self._kinds.items()):
            failing = [lp for lp in group.live if lp.state == BACKING_OFF]
            errors: dict[str, int] = {}
            for lp in failing:
                errors[lp.error or "?"] = errors.get(lp.error or "?", 0) + 1
            entry = {"running": len(group.live) - len(failing), "backing_off": len(failing),
                     "restarts": group.restarts + sum(lp.restarts for lp in group.live)}
            if failing:
                entry |= {"errors": errors, "since": min(lp.since or time.time() for lp in failing)}
            out[kind] = entry
        return out

    def backing_off(self) -> bool:
        """Whether any loop is failing just now."""
        return (any(lp.state == BACKING_OFF for lp in self._named.values())
                or any(lp.state == BACKING_OFF for g in self._kinds.values() for lp in g.live))


# ---- what a failure means ------------------------------------------------------------------------

def is_outage(exc: BaseException) -> bool:
    """Whether `exc` says the database cannot be reached or used just now (connection refused or
    lost, a pool or lock timeout), rather than a bug: worth a 503 and a retry, not a 500."""
    from sqlalchemy import exc as sa

    if isinstance(exc, sa.DBAPIError):
        return bool(exc.connection_invalidated) or isinstance(exc, sa.OperationalError | sa.InterfaceError)
    if isinstance(exc, sa.DisconnectionError | sa.TimeoutError | sqlite3.OperationalError | ConnectionError):
        return True
    try:
        import psycopg
    except ImportError:  # no PostgreSQL driver installed: no psycopg error can happen
        return False
    return isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError)


def outage_exceptions() -> tuple[type[BaseException], ...]:
    """The exception classes a request handler may meet when the database is out of reach (the
    app's handler for them answers 503 where `is_outage` agrees, else the usual 500)."""
    from sqlalchemy.exc import SQLAlchemyError

    out: list[type[BaseException]] = [SQLAlchemyError, sqlite3.Error, ConnectionError]
    try:
        import psycopg

        out.append(psycopg.Error)
    except ImportError:
        pass
    return tuple(out)
