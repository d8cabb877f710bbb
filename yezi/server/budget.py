"""Budgets: token buckets for CPU seconds of thinking and for requests.

`TokenBucket` is the server's one rate limiter: CPU budgets, uploads, a socket's messages
(`Conn.messages`), table creations and the per-minute limits of claims, sessions and rematches
(`yezi.server.clients.ClientLimits`) all count with it.

A stranger must not be able to take the server's CPU: every thinking job (a bot's move, a hint, a
parsed upload) is charged, after it ran, to its table, to the client that opened the table and to
the server. A bucket refills at `rate` units per second of wall time up to `burst`; a bucket below
zero is in debt, and `wait()` says how long until it is not. What the server does about a debt
(an all-bot table waits, a strong bot plays a cheaper level) is decided in `yezi.server.workers`.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """`burst` tokens at first, refilled at `rate` a second, never above `burst`."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate = max(rate, 1e-9)
        self.burst = burst
        self.clock = clock
        self.level = burst
        self.t = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.t) * self.rate)
        self.t = now

    def left(self) -> float:
        self._refill()
        return self.level

    def take(self, n: float = 1.0) -> bool:
        """Take `n` tokens if there are that many (a request allowed), else take none."""
        self._refill()
        if self.level < n:
            return False
        self.level -= n
        return True

    def charge(self, n: float) -> None:
        """Take `n` tokens even into debt (CPU already spent is charged in full)."""
        self._refill()
        self.level -= n

    def wait(self) -> float:
        """Seconds until the bucket is out of debt (0 when it is not in debt)."""
        self._refill()
        return 0.0 if self.level >= 0 else -self.level / self.rate

    @property
    def full(self) -> bool:
        self._refill()
        return self.level >= self.burst


class Budgets:
    """The CPU buckets of every table, every client and the whole server.

    Rates are CPU-seconds per second: a table may think `table_share` of a core on average, a
    client `client_share` over all its tables and uploads, the server as many cores as it has
    workers. Buckets that are full again are forgotten, so idle tables and clients cost nothing.
    """

    def __init__(self, table_share: float, client_share: float, server_share: float, burst_s: float,
                 clock: Callable[[], float] = time.monotonic):
        self.table_share = table_share
        self.client_share = client_share
        self.burst_s = burst_s
        self.clock = clock
        self.server = TokenBucket(server_share, server_share * burst_s, clock)
        self.tables: dict[str, TokenBucket] = {}
        self.clients: dict[str, TokenBucket] = {}

    def _bucket(self, where: dict[str, TokenBucket], key: str, share: float) -> TokenBucket:
        b = where.get(key)
        if b is None:
            b = where[key] = TokenBucket(share, share * self.burst_s, self.clock)
        return b

    def charge(self, table: str | None, client: str | None, cpu_s: float) -> None:
        self.server.charge(cpu_s)
        if table is not None:
            self._bucket(self.tables, table, self.table_share).charge(cpu_s)
        if client is not None:
            self._bucket(self.clients, client, self.client_share).charge(cpu_s)
        if len(self.tables) + len(self.clients) > 4096:
            self.forget_full()

    def wait(self, table: str | None, client: str | None) -> float:
        """Seconds until neither the table nor its client is in debt."""
        w = 0.0
        if table is not None and table in self.tables:
            w = max(w, self.tables[table].wait())
        if client is not None and client in self.clients:
            w = max(w, self.clients[client].wait())
        return w

    def server_in_debt(self) -> bool:
        return self.server.wait() > 0

    def forget_full(self) -> None:
        for where in (self.tables, self.clients):
            for k in [k for k, b in where.items() if b.full]:
                del where[k]
