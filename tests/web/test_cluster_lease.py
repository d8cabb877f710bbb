"""Leases and memory agree (yezi.server.cluster): an instance runs a table exactly when the
database says it holds the table's lease.

Once, a restarted instance whose start-up took longer than a lease took the dead instance's tables
and, at its next heartbeat, took them for lost ("the database is out of reach": no renewal since the
instance was *made*, before its slow start-up) while its renewal thread went on renewing their
leases: nobody ran those tables any more, and nobody could take them over. These tests drive the
`Cluster` of an app made in this process against a throwaway PostgreSQL; the tables are made by a
`yezi serve` that is then killed (SIGKILL), as in production.
"""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest
from sqlalchemy import create_engine, text

from tests.web.helpers import Server, slow_start
from yezi.server.app import create_app
from yezi.server.cluster import Cluster
from yezi.server.config import Settings

# these tests hold wall-clock bounds while servers run: under pytest-xdist they take turns on one
# worker with the other such modules (tests/conftest.py)
pytestmark = pytest.mark.xdist_group("clock")

LEASE_S = 3.0  # the default YEZI_LEASE_S
RESUME_S = 5.0  # the bound: a killed instance's tables go on elsewhere within 5 s


def _sa_url(url: str) -> str:
    return "postgresql+psycopg://" + url.split("://", 1)[1]


def _leases(url: str) -> dict[str, tuple[str, float]]:
    """Every lease row: table -> (owner, seconds left)."""
    eng = create_engine(_sa_url(url))
    try:
        with eng.connect() as c:
            rows = c.execute(text("SELECT table_id, owner, expires_at - EXTRACT(EPOCH FROM clock_timestamp()) "
                                  "FROM yezi_leases"))
            return {r[0]: (r[1], r[2]) for r in rows}
    finally:
        eng.dispose()


def _set_leases_left(url: str, seconds: float) -> None:
    eng = create_engine(_sa_url(url))
    try:
        with eng.begin() as c:
            c.execute(text("UPDATE yezi_leases SET expires_at = EXTRACT(EPOCH FROM clock_timestamp()) + :s"),
                      {"s": seconds})
    finally:
        eng.dispose()


def _dead_instance_tables(url: str, n: int = 1) -> list[str]:
    """Tables of people (no bots, no timers) left by an instance killed with SIGKILL: their leases
    run out within a lease's time."""
    srv = Server(url).start()
    try:
        ids = [srv.create(seats=[{"kind": "human"}] * 4)["id"] for _ in range(n)]
        srv.kill9()
    finally:
        srv.stop()
    return ids


def _cluster(url: str, monkeypatch) -> tuple[Cluster, object]:
    monkeypatch.setenv("YEZI_LEASE_S", str(LEASE_S))
    app = create_app(Settings(database_url=url))
    cluster = app.state.ctx.cluster
    assert cluster is not None
    return cluster, app


def _agree(cluster: Cluster, url: str, tid: str) -> bool:
    """Memory and database agree about the table: it runs here exactly when its lease is ours and live."""
    t = cluster.manager.live.get(tid)
    owned_here = t is not None and t.owned
    owner, left = _leases(url).get(tid, (None, -1.0))
    return owned_here == (owner == cluster.me and left > 0)


def _runs(cluster: Cluster, tid: str) -> bool:
    t = cluster.manager.live.get(tid)
    return t is not None and t.owned


def _close(cluster: Cluster, app) -> None:
    app.state.manager.close()
    app.state.store.close()


def test_a_slow_start_up_is_not_a_lost_lease(pg_url, monkeypatch):
    """The instance is made (create_app), then starts more than a lease later (loading the engines,
    starting the worker processes on a loaded machine): it takes the dead instance's table and keeps
    running it, and the database agrees."""
    (tid,) = _dead_instance_tables(pg_url)
    cluster, app = _cluster(pg_url, monkeypatch)
    time.sleep(LEASE_S + 0.5)  # the slow start-up; the dead instance's lease runs out meanwhile

    async def run() -> None:
        try:
            await check()
        finally:
            await cluster.stop()

    async def check() -> None:
        await cluster.start()  # takes the orphaned table
        t = cluster.manager.live.get(tid)
        assert t is not None and t.owned, "the orphaned table was taken at start"
        await cluster.heartbeat()  # the next heartbeat comes before the first renewal
        assert t.owned, "a table just taken was taken for lost"
        assert _agree(cluster, pg_url, tid)
        end = time.monotonic() + 2 * LEASE_S  # renewals and heartbeats go on: nothing changes
        while time.monotonic() < end:
            await asyncio.sleep(0.25)
            assert cluster.manager.live[tid].owned
            assert _agree(cluster, pg_url, tid)

    try:
        asyncio.run(run())
    finally:
        _close(cluster, app)


def test_a_take_over_that_fails_leaves_no_lease_behind(pg_url, monkeypatch):
    """A table whose lease was taken but which could not be rebuilt (here: its first load fails) is
    not left leased to an instance that does not run it: it is taken again as soon as it loads."""
    (tid,) = _dead_instance_tables(pg_url)
    cluster, app = _cluster(pg_url, monkeypatch)
    load = cluster.manager._load
    failures = []

    def flaky_load(table_id: str):
        if not failures:
            failures.append(table_id)
            raise OSError("the database hiccupped")
        return load(table_id)

    monkeypatch.setattr(cluster.manager, "_load", flaky_load)
    while _leases(pg_url)[tid][1] > 0:  # the dead instance's lease runs out
        time.sleep(0.2)

    async def run() -> None:
        try:
            await check()
        finally:
            await cluster.stop()

    async def check() -> None:
        await cluster.start()
        assert failures == [tid], "the first take-over failed"
        t = cluster.manager.live.get(tid)
        assert t is None or not t.owned
        assert _agree(cluster, pg_url, tid), "leased to an instance that does not run it"
        end = time.monotonic() + LEASE_S + 2
        while time.monotonic() < end and not (tid in cluster.manager.live and cluster.manager.live[tid].owned):
            await asyncio.sleep(0.1)
        assert cluster.manager.live[tid].owned, "the table was not taken again"
        assert _agree(cluster, pg_url, tid)

    try:
        asyncio.run(run())
    finally:
        _close(cluster, app)


def test_a_slow_restart_after_sigkill_runs_every_table_within_5_s(postgres):
    """End to end: the only instance is killed mid-game (SIGKILL) and restarted; the new one starts
    slowly (more than a lease between its making and its joining the cluster, and its renewal thread
    a second late, as on a loaded machine). Within 5 s of its being up, every table goes on there: a
    person's move is acknowledged, the bots play on; the tables stay run (no "lost the lease"), and
    no acknowledged move is lost."""
    from tests.web.test_cluster import _current, _instance, _move, _seat_clients, _stored

    url = postgres.url(f"yezi_slow_restart_{os.getpid()}")
    a = Server(url, bot_delay=0.05).start()
    clients = []
    b = None
    try:
        rng = random.Random(17)
        t1 = a.create(seats=[{"kind": "human"}] * 4, num_deals=4)
        c1 = _seat_clients({0: a, 1: a, 2: a, 3: a}, t1)
        clients += c1.values()
        t2 = a.create(seats=[{"kind": "bot", "bot": "random"}] * 4, num_deals=32)
        acks: list[tuple[int, int, int, str]] = []
        for _ in range(4):
            _move(c1, rng, acks)
        a.kill9()
        for c in c1.values():
            c.close()

        b = Server(url, bot_delay=0.05, env=slow_start(LEASE_S + 1, renewal_s=1.0)).start()
        up = time.time()
        c1 = _seat_clients({0: b, 1: b, 2: b, 3: b}, t1)
        watch = b.client(t2["id"])
        clients += [*c1.values(), watch]
        seen = watch.state()
        resumed = _move(c1, rng, acks, deadline_s=10)
        assert resumed - up < RESUME_S, f"the people's table resumed {resumed - up:.1f} s after the restart"
        watch.wait(lambda x: x["type"] == "state" and (x["deal_no"], x["seq"]) > (seen["deal_no"], seen["seq"]),
                   timeout=up + RESUME_S - time.time())
        time.sleep(2 * LEASE_S)  # several renewals and heartbeats later, both tables are still run here
        seen = _current(watch)
        watch.wait(lambda x: x["type"] == "state" and (x["deal_no"], x["seq"]) > (seen["deal_no"], seen["seq"]),
                   timeout=5)
        _move(c1, rng, acks)
        assert _instance(b)["owned"] == 2, _instance(b)
        assert "lost the lease" not in b.log(), b.log_tail()
        leases = _leases(url)
        me = _instance(b)["instance"]
        assert all(leases[t["id"]][0] == me and leases[t["id"]][1] > 0 for t in (t1, t2)), leases
        stored = _stored(url, t1["id"])
        for deal_no, seq, action, _ in acks:
            assert stored.get((deal_no, seq)) == action, f"acknowledged move {deal_no}/{seq} lost"
    finally:
        for c in clients:
            c.close()
        a.stop()
        if b is not None:
            b.stop()


def test_a_long_take_over_keeps_every_lease(pg_url, monkeypatch, caplog):
    """Taking over many tables can take longer than a lease (each is rebuilt from its log) while the
    event loop stays free: the leases taken are renewed all along, the tables already taken as well as
    those still loading, and the loop is not taken for stuck. (It was judged by the start of the
    heartbeat: a take-over longer than `stall_s` stopped the renewals, the leases ran out, and every
    table was given up and taken again; and a table still loading is not run yet, but its lease must
    hold meanwhile.)"""
    ids = _dead_instance_tables(pg_url, 3)
    monkeypatch.setenv("YEZI_LEASE_STALL_S", "1.5")
    cluster, app = _cluster(pg_url, monkeypatch)
    load = cluster.manager._load

    def slow_load(table_id: str):
        time.sleep(1.3)  # a long log (on the store's thread: the loop is free meanwhile)
        return load(table_id)

    monkeypatch.setattr(cluster.manager, "_load", slow_load)
    _set_leases_left(pg_url, 1.5)  # the dead instance's leases run out after this instance started
    lowest: list[float] = []

    async def watch_leases() -> None:
        while True:
            rows = await asyncio.to_thread(_leases, pg_url)
            mine = [left for owner, left in rows.values() if owner == cluster.me]
            if mine:
                lowest.append(min(mine))
            await asyncio.sleep(0.2)

    async def run() -> None:
        watcher = asyncio.get_running_loop().create_task(watch_leases())
        try:
            await cluster.start()  # nothing to take yet: the heartbeat takes the three tables later, in about 4 s
            end = time.monotonic() + 10
            while time.monotonic() < end and not all(tid in cluster.manager.live for tid in ids):
                await asyncio.sleep(0.1)
            assert all(cluster.manager.live[tid].owned for tid in ids)
            end = time.monotonic() + 2 * LEASE_S
            while time.monotonic() < end:
                await asyncio.sleep(0.25)
                assert all(_agree(cluster, pg_url, tid) for tid in ids)
        finally:
            watcher.cancel()
            await cluster.stop()

    try:
        with caplog.at_level("INFO", logger="yezi.server.cluster"):
            asyncio.run(run())
    finally:
        _close(cluster, app)
    assert "lost the lease" not in caplog.text
    assert cluster.counts["taken_over"] == 3, "tables were given up and taken again"
    assert lowest and min(lowest) > 0, f"a lease ran out: {min(lowest):.2f} s left"


def test_a_table_that_cannot_be_put_in_place_gives_its_lease_back(pg_url, monkeypatch):
    """A client asks for a table nobody runs: this instance takes its lease, then fails to put it in
    place (storing its re-armed clock fails). The lease goes back at once, so that the table is
    taken over (here, by this instance's next heartbeat) instead of staying leased to nobody."""
    srv = Server(pg_url).start()
    try:
        tid = srv.create(name="Ann", move_timer=15, seats=[{"kind": "human"}] * 4)["id"]
        srv.kill9()
    finally:
        srv.stop()
    cluster, app = _cluster(pg_url, monkeypatch)
    cluster.cfg.takeover_batch = 0  # the heartbeat takes nothing: the table comes only through the client's request
    set_clock = cluster.store.set_clock
    failures: list[str] = []

    def flaky_set_clock(table_id: str, text: str) -> None:
        if not failures:
            failures.append(table_id)
            raise OSError("the database hiccupped")
        set_clock(table_id, text)

    monkeypatch.setattr(cluster.store, "set_clock", flaky_set_clock)
    while _leases(pg_url)[tid][1] > 0:  # the dead instance's lease runs out
        time.sleep(0.2)

    async def run() -> None:
        try:
            await check()
        finally:
            await cluster.stop()

    async def check() -> None:
        await cluster.start()
        with pytest.raises(OSError):
            await cluster.manager.get(tid)
        assert tid not in cluster.manager.live
        assert _agree(cluster, pg_url, tid), "leased to an instance that does not run it"
        cluster.cfg.takeover_batch = 500
        end = time.monotonic() + LEASE_S + 2
        while time.monotonic() < end and not (tid in cluster.manager.live and cluster.manager.live[tid].owned):
            await asyncio.sleep(0.1)
        assert cluster.manager.live[tid].owned, "the table was not taken over"
        assert _agree(cluster, pg_url, tid)

    try:
        asyncio.run(run())
    finally:
        _close(cluster, app)


def test_a_stuck_loop_lets_its_leases_lapse_and_then_agrees_with_the_database(pg_url, monkeypatch):
    """An event loop stuck past `stall_s` stops the renewals (so that another instance can take its
    tables over); when it comes back, the table nobody took is still run here and the one another
    instance took is followed, not run: memory and database agree for both."""
    ids = _dead_instance_tables(pg_url, 2)
    monkeypatch.setenv("YEZI_LEASE_STALL_S", "1")
    cluster, app = _cluster(pg_url, monkeypatch)
    _set_leases_left(pg_url, -1)
    kept, taken = ids

    async def run() -> None:
        try:
            await check()
        finally:
            await cluster.stop()

    async def check() -> None:
        await cluster.start()
        assert all(cluster.manager.live[tid].owned for tid in ids)
        time.sleep(1 + LEASE_S / 3 + LEASE_S + 0.5)  # the loop is stuck: no renewal lasts past this
        leases = _leases(pg_url)
        assert all(leases[tid][1] < 0 for tid in ids), f"the leases were renewed for a stuck loop: {leases}"
        eng = create_engine(_sa_url(pg_url))
        try:
            with eng.begin() as c:  # meanwhile another instance took one of the tables
                c.execute(text("UPDATE yezi_leases SET owner = 'other', "
                               "expires_at = EXTRACT(EPOCH FROM clock_timestamp()) + 60 WHERE table_id = :t"),
                          {"t": taken})
        finally:
            eng.dispose()
        end = time.monotonic() + LEASE_S
        while time.monotonic() < end and _runs(cluster, taken):
            await asyncio.sleep(0.1)
        await asyncio.sleep(LEASE_S / 3 + 0.5)  # a renewal and a heartbeat later
        assert _runs(cluster, kept) and _agree(cluster, pg_url, kept)
        assert not _runs(cluster, taken) and _agree(cluster, pg_url, taken)  # (its replica may be evicted)

    try:
        asyncio.run(run())
    finally:
        _close(cluster, app)


def test_a_table_taken_again_keeps_the_moves_its_bots_made_while_it_loaded(pg_url, monkeypatch):
    """A loop stalled past a lease (a loaded machine) lets the lease of a table it runs lapse; the
    next heartbeat takes the orphan again and rebuilds it from the log while its bots play on. Once,
    the log was read before the table's lock: a move stored meanwhile was missing from the rebuilt
    state, and the next move (a person's, at CI) was refused with a duplicate key ("not stored")."""
    srv = Server(pg_url, bot_delay=5.0).start()  # barely moves before it dies
    try:
        tid = srv.create(seats=[{"kind": "bot", "bot": "random"}] * 4, num_deals=32)["id"]
        srv.kill9()
    finally:
        srv.stop()
    monkeypatch.setenv("YEZI_BOT_DELAY", "0.02")
    monkeypatch.setenv("YEZI_NEXT_DEAL_DELAY", "0.1")
    cluster, app = _cluster(pg_url, monkeypatch)
    cluster.cfg.takeover_batch = 0  # only this test takes the table over
    _set_leases_left(pg_url, -1)  # the dead instance's lease has run out
    load = cluster.manager._load

    def slow_load(table_id: str):
        fresh = load(table_id)
        time.sleep(0.5)  # the bots store moves meanwhile
        return fresh

    eng = create_engine(_sa_url(pg_url))

    def logged() -> tuple[int, int]:
        with eng.connect() as c:
            no = c.execute(text("SELECT max(deal_no) FROM yezi_deals WHERE table_id = :t"), {"t": tid}).scalar()
            n = c.execute(text("SELECT count(*) FROM yezi_events WHERE table_id = :t AND deal_no = :d"),
                          {"t": tid, "d": no}).scalar()
        return no, n

    async def run() -> None:
        try:
            await check()
        finally:
            await cluster.stop()

    async def check() -> None:
        await cluster.start()
        t = await cluster.manager.get(tid)
        assert t is not None and t.owned
        await asyncio.sleep(0.3)
        before = sum(len(d.state.history) for d in t.deals)
        assert before > 0, "the bots did not play"
        monkeypatch.setattr(cluster.manager, "_load", slow_load)
        await cluster._take_over(tid)  # as a heartbeat does for a lapsed lease of its own
        t = cluster.manager.live[tid]
        assert t.owned
        async with t.lock:
            assert (t.current.no, len(t.current.state.history)) == logged(), "memory lost moves the log has"
        await asyncio.sleep(0.5)  # and the bots play on, every move stored
        async with t.lock:
            assert sum(len(d.state.history) for d in t.deals) > before
            assert (t.current.no, len(t.current.state.history)) == logged()
        assert cluster.manager.loops.health()["bots"]["restarts"] == 0, "a bot's move failed"

    try:
        asyncio.run(run())
    finally:
        _close(cluster, app)
        eng.dispose()
