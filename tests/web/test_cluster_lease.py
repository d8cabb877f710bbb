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
import time

import pytest
from sqlalchemy import create_engine, text

from tests.web.helpers import Server
from yezi.server.app import create_app
from yezi.server.cluster import Cluster
from yezi.server.config import Settings

LEASE_S = 3.0  # the default YEZI_LEASE_S


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


def _close(cluster: Cluster, app) -> None:
    app.state.manager.close()
    app.state.store.close()


@pytest.fixture
def pg_url(postgres, request):
    return postgres.url(f"yezi_lease_{os.getpid()}_{request.node.name[-40:].lower()}")


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
