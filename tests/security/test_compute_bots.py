"""Finding 1: tables of thinking bots must not stall everyone else.

Before: ten tables whose seats were all `search-strong` bots, opened by one client, raised
another client's ping from p99 1.3 ms to 540 ms (the searches ran in threads of the server:
they hold the GIL, so the event loop waited). Now bots think in worker processes, all-bot tables
in a lane of their own at a lower CPU priority, strong levels are rationed under load (the table
says so), and a client may keep only a few all-bot tables going.
"""

from __future__ import annotations

import os
import tempfile
import time

import httpx
import pytest

pytest.importorskip("starlette")

from tests.security.compute_helpers import p, ping_times
from tests.web.helpers import Server

STRONG_TABLES = 12


def _server(**env: str) -> Server:
    url = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-compute-"), "yezi.db")
    return Server(url, bot_delay=0.3, env=env).start()


# it measures latency under the server's own load: .ci/run runs it alone, after the parallel run
@pytest.mark.alone
def test_all_bot_strong_tables_do_not_stall_another_client():
    # the caps on all-bot tables are raised here: this checks where the thinking runs, not the caps
    srv = _server(YEZI_BOT_TABLES_PER_CLIENT="1000", YEZI_BOT_TABLES_MAX="1000")
    try:
        bot_tables = [srv.create(seats=[{"kind": "bot", "bot": "search-strong"}] * 4, num_deals=32, listed=False)
                      for _ in range(STRONG_TABLES)]
        time.sleep(3)  # the searches are under way
        rtt = ping_times(srv)
        # measured on a 2-core machine shared with other jobs: before, p99 370-1020 ms and the loop
        # blocked for 440 ms at a time with 10-12 such tables; now p99 about 15 ms, the loop under 30 ms
        # (the bounds leave room for a machine under heavy load)
        assert p(rtt, 0.99) < 0.3, f"another client's ping p99 {p(rtt, 0.99) * 1000:.0f} ms"
        health = srv.get("/api/health").json()
        assert health["loop_lag_ms"]["max_recent"] < 300, health["loop_lag_ms"]
        thinking = health["thinking"]
        assert thinking["background"]["done"] > STRONG_TABLES, thinking  # the bots do play, in their lane
        assert thinking["people"]["done"] == 0, thinking  # the lane of tables with people is left alone
        # twelve strong tables and one background worker: strong bots are rationed, and say so
        watcher = srv.client(bot_tables[0]["id"])
        try:
            f = watcher.wait(lambda f: f["type"] == "state" and "notice" in f["table"], timeout=60)
        finally:
            watcher.close()
        assert srv.get("/api/health").json()["thinking"]["rationed_moves"] > 0
        assert set(f["table"]["notice"]) == {"zh-hant", "zh-hans", "en"}
        assert any(pl.get("playing_as") in ("search-normal", "search-easy") for pl in f["table"]["players"])
    finally:
        srv.stop()


def _post_from(srv: Server, source: str, spec: dict) -> httpx.Response:
    """A table request from another loopback address: another client to the server."""
    with httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=10) as c:
        return c.post(srv.base + "/api/tables", json=spec)


def test_all_bot_tables_are_capped_per_client_and_per_server():
    srv = _server(YEZI_BOT_TABLES_PER_CLIENT="2", YEZI_BOT_TABLES_MAX="3")
    bots = {"game": "lukfu", "seats": [{"kind": "bot", "bot": "search-strong"}] * 4, "num_deals": 32}
    try:
        assert [_post_from(srv, "127.0.0.1", bots).status_code for _ in range(2)] == [201, 201]
        r = _post_from(srv, "127.0.0.1", bots)
        assert r.status_code == 429 and r.json()["error"] == "too-many-bot-tables"
        assert _post_from(srv, "127.0.0.1", {"game": "lukfu"}).status_code == 201  # a table with a person: fine
        assert _post_from(srv, "127.0.0.2", bots).status_code == 201  # another client
        r = _post_from(srv, "127.0.0.3", bots)  # the server's cap
        assert r.status_code == 429 and r.json()["error"] == "too-many-bot-tables"
    finally:
        srv.stop()
