"""Sign-in and sign-up tries counted in the database, so every instance of a cluster shares them.

The in-memory limiter (`yezi.server.clients.ClientLimits` through `TableManager.rate_ok`) stays the
first line: it answers a flood without a query. What it lets through is counted here per scope and
key (an account name's folded form, a client's address), as a SHA-256: no name or address is kept.
A key is past its cap when this minute's tries plus the share of last minute's still inside a
sliding minute (the previous window weighted by how much of it the sliding minute still covers)
exceed it. So N instances behind a balancer allow what one does, not N times as much. Old windows
are pruned now and then by whichever request comes.
"""

from __future__ import annotations

import hashlib
import random
import time

from sqlalchemy import Column, Integer, String, Table, and_, delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine

from yezi.server.db import metadata

WINDOW_S = 60

attempts_t = Table(
    "yezi_auth_attempts", metadata,
    Column("scope", String(16), primary_key=True),  # e.g. "signin-name", "signin"
    Column("key", String(64), primary_key=True),  # sha256 of the folded name or the client's key
    Column("window", Integer, primary_key=True),  # the minute: unix time // WINDOW_S
    Column("count", Integer, nullable=False),
)


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def take(engine: Engine, keys: list[tuple[str, str, float]], now: float | None = None) -> bool:
    """Count one try under each (scope, key, cap a minute); False when any of them is past its cap
    (every one is counted all the same, as the in-memory limiter counts)."""
    now = time.time() if now is None else now
    w = int(now // WINDOW_S)
    inside = 1.0 - (now % WINDOW_S) / WINDOW_S  # how much of the previous window the sliding minute covers
    insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
    ok = True
    with engine.begin() as c:
        for scope, text, cap in keys:
            k = _key(text)
            stmt = insert(attempts_t).values(scope=scope[:16], key=k, window=w, count=1)
            c.execute(stmt.on_conflict_do_update(index_elements=["scope", "key", "window"],
                                                 set_={"count": attempts_t.c.count + 1}))
            rows = dict(c.execute(select(attempts_t.c.window, attempts_t.c.count).where(
                attempts_t.c.scope == scope[:16], attempts_t.c.key == k, attempts_t.c.window >= w - 1)).all())
            if rows.get(w, 0) + rows.get(w - 1, 0) * inside > cap:
                ok = False
        if random.random() < 0.02:  # now and then, the windows nobody reads any more
            c.execute(delete(attempts_t).where(and_(attempts_t.c.window < w - 1)))
    return ok
