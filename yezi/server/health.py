"""What ``GET /api/health`` says: the process answers, how late its event loop runs, the state of
every background loop (`yezi.server.loops`) and whether the database answers.

The database is asked at most once a second however often the page is fetched (a client polling
it a million times costs one ``SELECT 1`` a second), off the event loop and within a timeout, so
the page answers at once even while the database is out of reach. Nothing here names a table or
repeats an error's text (it can hold the database's address): only counts, states and classes.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from sqlalchemy.engine import Engine


class DatabaseProbe:
    """Whether the database answers, found out at most every `every_s` (one question at a time)."""

    def __init__(self, engine: Engine, every_s: float = 1.0, timeout_s: float = 2.0):
        self.engine = engine
        self.every_s = every_s
        self.timeout_s = timeout_s
        self._last: dict[str, Any] | None = None
        self._at = 0.0
        self._asking: asyncio.Task[dict[str, Any]] | None = None

    async def status(self) -> dict[str, Any]:
        if self._last is not None and time.monotonic() - self._at < self.every_s:
            return self._last
        if self._asking is None or self._asking.done():
            self._asking = asyncio.get_running_loop().create_task(self._ask())
        return await asyncio.shield(self._asking)

    async def _ask(self) -> dict[str, Any]:
        t0 = time.perf_counter()
        try:
            await asyncio.wait_for(asyncio.to_thread(self._ping), self.timeout_s)
            out: dict[str, Any] = {"reachable": True, "ms": round((time.perf_counter() - t0) * 1000, 1)}
        except Exception as e:  # out of reach, or too slow to count as answering
            out = {"reachable": False, "error": type(e).__name__}
        out["dialect"] = self.engine.dialect.name
        self._last, self._at = out, time.monotonic()
        return out

    def _ping(self) -> None:
        with self.engine.connect() as c:
            c.exec_driver_sql("SELECT 1")


async def health(ctx: Any) -> dict[str, Any]:
    """The health page's body. ``ok``: the process answers; ``ready``: the database answers and no
    background loop is failing just now."""
    w = sorted(ctx.lag.window)
    db = await ctx.probe.status() if ctx.probe is not None else None
    loops = ctx.manager.loops
    return {"ok": True, "ready": bool(db and db["reachable"]) and not loops.backing_off(),
            "tables_live": len(ctx.manager.live), "time": time.time(),
            "loop_lag_ms": {"max": round(ctx.lag.max_ms, 1),
                            "max_recent": round(max(w), 1) if w else 0,
                            "p50_recent": round(w[len(w) // 2], 2) if w else 0,
                            "p99_recent": round(w[int(len(w) * 0.99)], 2) if w else 0},
            "database": db, "loops": loops.health(),
            "thinking": ctx.manager.thinker.stats(),
            "cluster": ctx.cluster.status() if ctx.cluster is not None else None}
