"""A fair share of the worker pool: jobs queued per client, then per table, served in turn.

A single queue in arrival order lets whoever queues most take the workers: one client's twenty
instantly played tables kept twenty bot moves waiting, and another client's bot waited behind all
of them (issue 26: p99 988 ms late), while the queue's length rationed everyone's strong bots. Here
each client has its own queue, and within a client each table has its own; the next free worker
goes to the client that has had the fewest turns (weighted: a turn costs `1 / weight`), and within
that client to the table that has had the fewest. A client that had nothing queued comes back at
the current virtual time (idle, it saves up no turns), before those that kept the workers busy,
so the next job of a client that asks for less than its share is served at the next free worker
however many jobs the others queued; any client's job within one turn of each other client's.

Turns, not worker seconds: a job's cost is known only when it is done, and a victim whose strong
bot thinks 0.4 s would then be behind four flooders' cheap moves and wait for all of them. What a
client's jobs cost is bounded by its CPU budgets instead (`yezi.server.budget`): over them its bots
play a cheaper level, and its jobs are `late` (served when no other client has a job queued).
Within a table, and then within a client, jobs go by `priority` (a bot move someone waits for
before a hint) and then by arrival.

Pure bookkeeping: no clock, no asyncio, so its fairness is tested with fake jobs
(tests/security/test_compute_fair.py); `yezi.server.workers.Lane` puts it in front of a pool.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Shares:
    """The turns each flow (a client, or a table of one client) has had, in virtual time."""

    def __init__(self) -> None:
        self.used: dict[Hashable, float] = {}
        self.last_turn: dict[Hashable, int] = {}
        self.back: set[Hashable] = set()  # flows that came back from idle and were not served since
        self.now = 0.0  # the virtual time: what the flow served last had used when it was served
        self._turns = itertools.count()

    def join(self, key: Hashable) -> None:
        """`key` has a job queued again: it resumes at the current virtual time, no earlier."""
        self.used[key] = max(self.used.get(key, self.now), self.now)
        self.back.add(key)

    def rank(self, key: Hashable) -> tuple[float, bool, int]:
        """Smaller is served first: the fewest turns, then a flow back from idle before those that
        kept the workers busy, then the longest ago served."""
        return self.used.get(key, self.now), key not in self.back, self.last_turn.get(key, -1)

    def serve(self, key: Hashable, cost: float) -> None:
        self.now = max(self.now, self.used.get(key, self.now))
        self.used[key] = self.used.get(key, self.now) + cost
        self.last_turn[key] = next(self._turns)
        self.back.discard(key)

    def forget(self, key: Hashable) -> None:
        """Drop an idle flow that is not ahead of the others (it would resume at `now` anyway)."""
        if self.used.get(key, self.now) <= self.now:
            self.used.pop(key, None)
            self.last_turn.pop(key, None)
            self.back.discard(key)


@dataclass
class _Client(Generic[T]):
    weight: float = 1.0
    queued: int = 0
    running: int = 0
    tables: dict[Hashable, list[tuple[bool, int, int, float, T]]] = field(default_factory=dict)
    shares: Shares = field(default_factory=Shares)

    def head(self, table: Hashable) -> tuple[bool, int]:
        late, priority, *_ = self.tables[table][0]
        return late, priority

    def best(self) -> tuple[tuple[bool, int], Hashable]:
        """Its next job's table: the most urgent head job, then the table that used the least."""
        table = min(self.tables, key=lambda t: (self.head(t), self.shares.rank(t)))
        return self.head(table), table


@dataclass(frozen=True)
class Ticket:
    """A job taken from the queue, given back to `finish` when it is done: whose it is."""

    client: Hashable
    table: Hashable


class FairQueue(Generic[T]):
    """Jobs of many clients and tables; `pop` returns the next one fairly (see the module docstring)."""

    def __init__(self) -> None:
        self.clients: dict[Hashable, _Client[T]] = {}
        self.shares = Shares()
        self._order = itertools.count()
        self._len = 0
        self._running = 0
        self._finished = 0

    def __len__(self) -> int:
        return self._len

    def queued_of(self, client: Hashable) -> int:
        """Jobs of `client` waiting (not counting those being worked out)."""
        c = self.clients.get(client)
        return c.queued if c is not None else 0

    def push(self, item: T, client: Hashable, table: Hashable = None, priority: int = 0, late: bool = False,
             weight: float = 1.0, cost: float = 1.0) -> None:
        """Queue `item` for `client` at `table`; its turn costs `cost` (divided by the client's `weight`)."""
        c = self.clients.get(client)
        if c is None:
            c = self.clients[client] = _Client()
        c.weight = max(weight, 1e-6)
        if not c.queued:
            self.shares.join(client)
        q = c.tables.get(table)
        if q is None:
            q = c.tables[table] = []
            c.shares.join(table)
        heapq.heappush(q, (late, priority, next(self._order), cost, item))
        c.queued += 1
        self._len += 1

    def pop(self) -> tuple[Ticket, T] | None:
        """The next job, charged to its client and table; None when nothing waits."""
        best: tuple[Any, ...] | None = None
        for key, c in self.clients.items():
            if c.queued:
                (late, _), table = c.best()
                rank = (late, *self.shares.rank(key))
                if best is None or rank < best[0]:
                    best = (rank, key, c, table)
        if best is None:
            return None
        _, key, c, table = best
        q = c.tables[table]
        _, _, _, cost, item = heapq.heappop(q)
        if not q:
            del c.tables[table]
        c.queued -= 1
        c.running += 1
        self._running += 1
        self._len -= 1
        self.shares.serve(key, cost / c.weight)
        c.shares.serve(table, cost)
        return Ticket(key, table), item

    def finish(self, ticket: Ticket) -> None:
        """The job of `ticket` is done (or was dropped unrun)."""
        c = self.clients.get(ticket.client)
        if c is None:
            return
        c.running -= 1
        self._running -= 1
        if ticket.table not in c.tables:
            c.shares.forget(ticket.table)
        if not self._len and not self._running:  # all idle: nobody is owed anything
            self.clients.clear()
            self.shares = Shares()
            return
        if not c.queued and not c.running:
            self._forget(ticket.client, c)
        self._finished += 1
        if self._finished % 1024 == 0:  # the idle clients that were ahead of the others then
            for key, idle in [(k, v) for k, v in self.clients.items() if not v.queued and not v.running]:
                self._forget(key, idle)

    def _forget(self, key: Hashable, c: _Client[T]) -> None:
        self.shares.forget(key)
        if key not in self.shares.used:  # nothing owed: nothing to remember
            del self.clients[key]

    def drain(self) -> Iterator[T]:
        """Every queued job, removed (the pool closes)."""
        for c in self.clients.values():
            for q in c.tables.values():
                for *_, item in q:
                    yield item
            c.tables.clear()
            c.queued = 0
        self._len = 0
