"""One rate limiter (`yezi.server.budget.TokenBucket`) behind every limit: a socket's messages,
table creations per address and network, and the per-minute limits of claims, sessions and
rematches (issue 25: there were four, a sliding window twice and a hand-written bucket)."""

from __future__ import annotations

import asyncio
import json

from yezi.server.budget import TokenBucket
from yezi.server.clients import ClientLimits
from yezi.server.config import Settings
from yezi.server.db import PlayerRow, TableRow


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _limits(per_minute: int) -> tuple[ClientLimits, Clock]:
    s = Settings()
    s.create_per_minute, s.max_tables_per_client = per_minute, 1000
    clock = Clock()
    return ClientLimits(s, clock=clock), clock


def test_creations_refill_as_a_bucket():
    """6 a minute at once, then one more every 10 s, and the whole minute's worth after a quiet minute."""
    lim, clock = _limits(6)
    assert [lim.creation_refusal("198.51.100.1") for _ in range(6)] == [None] * 6
    assert lim.creation_refusal("198.51.100.1")[0] == "rate-limited"
    clock.t += 10.0
    assert lim.creation_refusal("198.51.100.1") is None
    assert lim.creation_refusal("198.51.100.1")[0] == "rate-limited"
    clock.t += 3600.0
    got = [lim.creation_refusal("198.51.100.1") for _ in range(7)]
    assert got[:6] == [None] * 6 and got[6][0] == "rate-limited"


def test_a_refused_creation_takes_nothing_from_any_scope():
    """Refused for its network's cap, an address's own bucket keeps its token (as the window kept no time)."""
    lim, _clock = _limits(2)
    lim.settings.group_share = 1  # the /24 may create as many as one address
    assert lim.creation_refusal("198.51.100.1") is None
    assert lim.creation_refusal("198.51.100.2") is None
    assert lim.creation_refusal("198.51.100.3")[0] == "rate-limited"  # the network's two are spent
    assert lim._created["198.51.100.3"].left() == 2


def test_per_minute_limits_are_buckets_under_their_own_keys():
    lim, clock = _limits(3)
    assert [lim.rate_ok("claim:k") for _ in range(4)] == [True, True, True, False]
    assert lim.rate_ok("session:k")  # another limit's key
    clock.t += 20.0
    assert lim.rate_ok("claim:k") and not lim.rate_ok("claim:k")


def test_quiet_clients_are_forgotten():
    lim, clock = _limits(3)
    for i in range(10_001):
        lim.rate_ok(f"k{i}")
    clock.t += 61.0
    lim.rate_ok("again")
    assert list(lim._created) == ["again"]


def test_a_sockets_messages_are_counted_by_its_bucket():
    from yezi.core.registry import load_game
    from yezi.server.routes.ws import handle_message
    from yezi.server.tables import Conn, LiveTable

    g = load_game("lukfu")
    row = TableRow("t1", "lukfu", g.rules.preset, {}, 2, 7, "", False, "playing", 0.0)
    players = [PlayerRow(i, "human", None, f"P{i}", None, True) for i in range(g.num_seats)]
    settings = Settings()
    t = LiveTable(row, players, g, store=None, settings=settings)  # type: ignore[arg-type]
    t.start_deal(0, 0, 5, g.deal_from_seed(5))
    clock = Clock()

    class Ctx:
        pass

    ctx = Ctx()
    ctx.settings = settings  # type: ignore[attr-defined]

    async def go() -> list[str]:
        conn = Conn(0, messages=TokenBucket(2, 3, clock))
        for i in range(4):
            await handle_message(ctx, t, conn, json.dumps({"type": "ping", "id": str(i)}))  # type: ignore[arg-type]
        clock.t += 0.5  # one more token at 2 a second
        for i in range(4, 6):
            await handle_message(ctx, t, conn, json.dumps({"type": "ping", "id": str(i)}))  # type: ignore[arg-type]
        out = []
        while not conn.queue.empty():
            out.append(conn.queue.get_nowait())
        return [m["type"] if isinstance(m, dict) else m for m in out]

    got = asyncio.run(go())
    assert got == ["pong", "pong", "pong", "error", "pong", "error"]
