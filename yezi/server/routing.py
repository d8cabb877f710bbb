"""Which server process a table's clients go to: the one that runs the table.

With several processes on one database (`yezi serve --workers N`, or N machines behind a proxy),
any process can serve any table, but only the table's owner carries out its moves: every other
one keeps a replica and forwards each move to the owner and waits for the answer (the cluster's
relay, `yezi.server.cluster`). Measured with `bench/web_tables.py` at 1,000 Luk Fu tables, that
relay cost more CPU per move than the second process gained (1.57 ms a move against 0.71 with one
process): when the kernel hands each connection to whichever process accepts first, three in four
of a table's seats sit on a process that does not run it.

So a table has a home: process `home_of(id, n)` of the n, the function nginx's `hash $key` (without
`consistent`) uses to pick one of n equally weighted servers, ((crc32(key) >> 16) & 0x7fff) mod n,
so that an nginx in front of N machines (docs/deploy.md) sends a table's clients to the machine
that made it; within a machine, `yezi serve --workers W` (`yezi.server.supervisor` routes each
connection by the table in its first request line) passes them to worker `worker_of(id, W)`. A process creates tables whose home is itself (`new_table_id`): it then
owns them from the start and every client of the table reaches it directly. Nothing depends on the
route for correctness: a client that lands elsewhere (a worker restarted, its tables taken over by
another meanwhile) is served by the replica and its moves relayed, as before.
"""

from __future__ import annotations

import os
import re
import secrets
import zlib
from dataclasses import dataclass

#: the paths that name a table: /t/<id>..., /ws/<id>, /api/tables/<id>...
_TABLE_PATH = re.compile(rb"^[A-Z]{3,7} /(?:t|ws|api/tables)/([A-Za-z0-9_-]{1,32})[/?# ]")


def home_of(table_id: str, n: int) -> int:
    """The process (0..n-1) a table's clients are sent to; nginx's `hash` for n equal servers."""
    if n <= 1:
        return 0
    return ((zlib.crc32(table_id.encode()) >> 16) & 0x7FFF) % n


def worker_of(table_id: str, n: int) -> int:
    """The worker (0..n-1) of `yezi serve --workers n` a table's clients are passed to: the crc32's
    other bits, so that behind nginx each machine's tables still spread over its workers."""
    if n <= 1:
        return 0
    return (zlib.crc32(table_id.encode()) & 0xFFFF) % n


def table_in_request(head: bytes) -> str | None:
    """The table named by the request line at the start of `head` (the first bytes a client sent),
    or None (another path, or not a whole request line)."""
    m = _TABLE_PATH.match(head)
    return m.group(1).decode() if m else None


@dataclass(frozen=True)
class Route:
    """This process's place among the servers a proxy routes to (number `index` of `count`) and,
    under `yezi serve --workers`, among its machine's workers (`worker` of `workers`)."""

    index: int = 0
    count: int = 1
    worker: int = 0
    workers: int = 1

    @classmethod
    def parse(cls, text: str | None) -> Route:
        """YEZI_ROUTE="i/n": this instance is the i-th (from 0) of the n servers in the proxy's
        list, in its order; unset or empty: alone."""
        if not text:
            return cls()
        m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
        if not m or not 0 <= int(m.group(1)) < int(m.group(2)) <= 1024:
            raise ValueError(f"YEZI_ROUTE is i/n with 0 <= i < n <= 1024 (this server's place in the proxy's list), "
                             f"not {text!r}")
        return cls(int(m.group(1)), int(m.group(2)))

    @classmethod
    def from_env(cls) -> Route:
        return cls.parse(os.environ.get("YEZI_ROUTE"))

    def new_table_id(self) -> str:
        """A fresh random table id whose home is this process (count x workers tries on average),
        never starting with "-" (a terminal would read `yezi record -x…` as an option)."""
        while True:
            tid = secrets.token_urlsafe(9)
            if tid[0] != "-" and home_of(tid, self.count) == self.index and worker_of(tid, self.workers) == self.worker:
                return tid
