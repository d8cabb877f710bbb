"""Forwarded intents do not spin while their table's owner cannot take them yet (yezi.server.cluster).

Once, an instance still loading a table it had just taken over (its lease, not yet its `LiveTable`)
answered every forwarded intent with "moved"; the sender looked the owner up again, found the same
instance, and resent at once: a tight loop of NOTIFY round trips for as long as the load took (both
instances' CPU, the database, the logs). The owner now says "loading" and the sender waits a short,
growing while (50 ms doubling to 1 s, with jitter) between tries; a "moved" from the instance the
database still names is waited out the same way. The client still gets its ack, once, when the
table is ready. Two clusters of apps made in this process drive one throwaway PostgreSQL; the
table is left by a `yezi serve` killed with SIGKILL, as in production.
"""

from __future__ import annotations

import asyncio
import json
import time

from sqlalchemy import create_engine, text

from tests.web.test_cluster import _stored
from tests.web.test_cluster_lease import (
    LEASE_S,
    _close,
    _cluster,
    _dead_instance_tables,
    _leases,
    _sa_url,
    _set_leases_left,
)
from yezi.server.cluster import Cluster, _Capture
from yezi.server.tables import LiveTable

LOAD_S = 3.0  # how long the new owner takes to rebuild the table from its log
MAX_SENDS = 12  # 50 ms doubling to 1 s over LOAD_S seconds is about 8 sends; a spin is hundreds


def _count_forwards(cluster: Cluster, sends: list[str]) -> None:
    """Record each forwarded intent the cluster sends (the NOTIFYs that carry them)."""
    notify = cluster._notify

    async def counting(channel: str, payload: str) -> None:
        if '"k":"fwd"' in payload:
            sends.append(channel)
        await notify(channel, payload)

    cluster._notify = counting  # type: ignore[method-assign]


def _client(t: LiveTable) -> tuple[_Capture, dict]:
    """A connection of the seat to act, and its move (the first legal one) as its client sends it."""
    d = t.current
    pos = t.position_of(d.state.current_player)
    conn = _Capture(pos, lang="en", client="test")  # no message bucket: not limited
    conn.out = []
    seq = len(d.state.history)
    return conn, {"type": "action", "action": d.state.legal_actions()[0], "id": "fwd-1", "seq": seq}


async def _answer(conn: _Capture, cid: str, timeout: float) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for f in conn.out:
            if f.get("id") == cid:
                return f
        await asyncio.sleep(0.02)
    raise AssertionError(f"no answer to {cid} in {timeout} s")


async def _checked_then_stopped(check, *clusters: Cluster) -> None:
    """Run a test's `check` on started clusters, then stop them whatever happened."""
    try:
        await check()
    finally:
        for c in clusters:
            await c.stop()


def _give_lease(url: str, tid: str, owner: str, seconds: float | None = None) -> None:
    """The database names `owner` as the table's lease holder (for `seconds` from now, if given)."""
    eng = create_engine(_sa_url(url))
    try:
        with eng.begin() as c:
            if seconds is None:
                c.execute(text("UPDATE yezi_leases SET owner = :x WHERE table_id = :t"), {"x": owner, "t": tid})
            else:
                c.execute(text("UPDATE yezi_leases SET owner = :x, expires_at = EXTRACT(EPOCH FROM clock_timestamp())"
                               " + :s WHERE table_id = :t"), {"x": owner, "s": seconds, "t": tid})
    finally:
        eng.dispose()


def _moves_stored_once(url: str, tid: str, ack: dict, action: int) -> None:
    """The acknowledged move is in the log, once: nothing before it lost, nothing after it doubled."""
    stored = _stored(url, tid)
    assert stored.get((ack["deal_no"], ack["seq"] - 1)) == action, stored
    eng = create_engine(_sa_url(url))
    try:
        with eng.connect() as c:
            n = c.execute(text("SELECT count(*) FROM yezi_events WHERE table_id = :t AND client_id = 'fwd-1'"),
                          {"t": tid}).scalar()
    finally:
        eng.dispose()
    assert n == 1, f"the forwarded move was stored {n} times"


def test_an_owner_still_loading_the_table_is_not_asked_in_a_tight_loop(pg_url, monkeypatch):
    """X has taken the dead instance's table (its lease) and takes LOAD_S seconds to rebuild it; B,
    which keeps a replica for its client, forwards that client's move meanwhile. B tries again only
    a few times during the load, and the move is carried out once and acknowledged once when X is
    ready."""
    (tid,) = _dead_instance_tables(pg_url)
    _set_leases_left(pg_url, 30)  # B follows the dead instance's table until the test lets the lease run out
    b, b_app = _cluster(pg_url, monkeypatch)
    x, x_app = _cluster(pg_url, monkeypatch)
    b.cfg.takeover_batch = 0  # B takes nothing over: X does
    load = x.manager._load

    def slow_load(table_id: str):
        time.sleep(LOAD_S)  # a long log (on the store's thread: X's loop is free meanwhile)
        return load(table_id)

    monkeypatch.setattr(x.manager, "_load", slow_load)
    sends: list[str] = []
    _count_forwards(b, sends)

    async def check() -> None:
        await b.start()
        t = await b.manager.get(tid)
        assert t is not None and not t.owned, "B keeps a replica (the dead instance's lease still runs)"
        await asyncio.to_thread(_set_leases_left, pg_url, -1)
        starting = asyncio.get_running_loop().create_task(x.start())  # takes the table, loads it slowly
        end = time.monotonic() + 5
        while (await asyncio.to_thread(_leases, pg_url))[tid][0] != x.me:
            assert time.monotonic() < end, "X did not take the table's lease"
            await asyncio.sleep(0.05)
        assert tid not in x.manager.live, "X is still loading the table"
        t.owner_id = None  # B has not heard of X yet: it looks the owner up
        conn, msg = _client(t)
        forwarded = time.monotonic()
        await b.forward(t, conn, msg)
        ack = await _answer(conn, "fwd-1", LOAD_S + 5)
        waited = time.monotonic() - forwarded
        await starting
        print(f"{len(sends)} forwards in {waited:.2f} s of loading")
        assert ack["type"] == "ack", ack
        assert x.manager.live[tid].owned
        assert len(sends) <= MAX_SENDS, f"{len(sends)} forwards in {waited:.2f} s while X loaded the table"
        assert all(ch == f"yezi_i_{x.me}" for ch in sends)
        assert waited < LOAD_S + 2, f"acknowledged {waited:.2f} s after it was sent"
        await asyncio.sleep(1.5)  # any copy still in flight is answered by now
        assert [f for f in conn.out if f.get("id") == "fwd-1"] == [ack], conn.out
        assert not b.pending
        _moves_stored_once(pg_url, tid, ack, msg["action"])

    try:
        asyncio.run(_checked_then_stopped(check, x, b))
    finally:
        _close(x, x_app)
        _close(b, b_app)


def test_moved_from_the_instance_the_database_names_is_waited_out(pg_url, monkeypatch):
    """The database names X as the owner (its lease runs LEASE_S / 2 more) but X does not run the
    table and is not loading it (a lease it took and is giving back): X answers "moved", and B,
    finding X again, waits before it asks again rather than at once. When the lease runs out, B
    takes the table and carries the move out itself, once."""
    (tid,) = _dead_instance_tables(pg_url)
    _set_leases_left(pg_url, 30)  # B follows the dead instance's table until the test lets the lease run out
    b, b_app = _cluster(pg_url, monkeypatch)
    x, x_app = _cluster(pg_url, monkeypatch)
    b.cfg.takeover_batch = x.cfg.takeover_batch = 0  # only the forwarded move takes the table
    sends: list[str] = []
    _count_forwards(b, sends)
    hold_s = LEASE_S / 2

    async def check() -> None:
        await b.start()
        await x.start()
        t = await b.manager.get(tid)
        assert t is not None and not t.owned
        _give_lease(pg_url, tid, x.me, hold_s)
        t.owner_id = None
        conn, msg = _client(t)
        forwarded = time.monotonic()
        await b.forward(t, conn, msg)
        ack = await _answer(conn, "fwd-1", hold_s + 5)
        waited = time.monotonic() - forwarded
        print(f"{len(sends)} forwards in {waited:.2f} s")
        assert ack["type"] == "ack", ack
        assert len(sends) <= MAX_SENDS, f"{len(sends)} forwards in {waited:.2f} s to an instance saying 'moved'"
        assert b.manager.live[tid].owned
        await asyncio.sleep(1.5)
        assert [f for f in conn.out if f.get("id") == "fwd-1"] == [ack], conn.out
        _moves_stored_once(pg_url, tid, ack, msg["action"])

    try:
        asyncio.run(_checked_then_stopped(check, x, b))
    finally:
        _close(x, x_app)
        _close(b, b_app)


def test_the_reply_says_loading_while_the_owner_loads(pg_url, monkeypatch):
    """The owner's answer names its state: "loading" for a table whose lease it holds and which it is
    putting in place, "moved" for one it does not hold."""
    b, b_app = _cluster(pg_url, monkeypatch)
    replies: list[dict] = []
    notify = b._notify

    async def record(channel: str, payload: str) -> None:
        replies.append(json.loads(payload))
        await notify(channel, payload)

    b._notify = record  # type: ignore[method-assign]

    async def run() -> None:
        await b.start()
        try:
            b._taking.add("tloading")
            for tid in ("tloading", "tnowhere"):
                await b._handle_forwarded({"k": "fwd", "t": tid, "p": 0, "m": {"type": "action"}, "r": "zz", "c": tid})
        finally:
            await b.stop()

    try:
        asyncio.run(run())
    finally:
        _close(b, b_app)
    assert [(r["c"], r.get("loading"), r.get("moved")) for r in replies] == [("tloading", True, True),
                                                                              ("tnowhere", None, True)]


def test_an_owner_that_stays_not_ready_gets_the_client_a_clear_error(pg_url, monkeypatch):
    """An owner that keeps answering "loading" (a take-over stuck far longer than any should take) is
    not asked forever: past `forward_give_up_s` the client is told to try again ("unavailable"),
    once, and nothing is left pending."""
    (tid,) = _dead_instance_tables(pg_url)
    _set_leases_left(pg_url, 30)
    b, b_app = _cluster(pg_url, monkeypatch)
    x, x_app = _cluster(pg_url, monkeypatch)
    b.cfg.takeover_batch = x.cfg.takeover_batch = 0
    b.cfg.forward_give_up_s = 1.0
    sends: list[str] = []
    _count_forwards(b, sends)

    async def check() -> None:
        await b.start()
        await x.start()
        t = await b.manager.get(tid)
        assert t is not None and not t.owned
        _give_lease(pg_url, tid, x.me)  # X holds the lease and is (as far as it says) still loading the table
        x._taking.add(tid)
        t.owner_id = None
        conn, msg = _client(t)
        forwarded = time.monotonic()
        await b.forward(t, conn, msg)
        err = await _answer(conn, "fwd-1", 5)
        waited = time.monotonic() - forwarded
        assert err["type"] == "error" and err["code"] == "unavailable", err
        assert 1.0 <= waited < 3.0, f"told after {waited:.2f} s"
        assert len(sends) <= MAX_SENDS, f"{len(sends)} forwards in {waited:.2f} s"
        await asyncio.sleep(1.5)
        assert [f for f in conn.out if f.get("id") == "fwd-1"] == [err] and not b.pending
        assert _stored(pg_url, tid) == {}, "nothing was carried out"
        x._taking.discard(tid)

    try:
        asyncio.run(_checked_then_stopped(check, x, b))
    finally:
        _close(x, x_app)
        _close(b, b_app)
