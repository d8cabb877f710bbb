"""A deleted account's seats renamed on every instance (issue 22 audit, gap 4): Ann's table runs on
instance one; she deletes her account through instance two, where the table is not live; instance
one's table names her seat "a deleted player" within moments (the "changed" NOTIFY makes it read
its players again), not only once it is rebuilt. PostgreSQL and a cluster of its own: slow."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from tests.web.helpers import Postgres, postgres_available
from yezi.server.accounts import identity
from yezi.server.accounts.social import DELETED_NAME
from yezi.server.app import create_app
from yezi.server.config import Settings

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pg():
    if not postgres_available():
        pytest.skip("no PostgreSQL binaries")
    cluster = Postgres().start()
    try:
        yield cluster
    finally:
        cluster.stop()


def test_a_deleted_account_renames_its_seat_on_the_instance_that_runs_the_table(pg):
    url = pg.url("yezi_delete_two")
    one, two = (create_app(Settings(database_url=url, bot_delay=0.0)) for _ in range(2))
    with TestClient(one, base_url="http://localhost") as ann, TestClient(two, base_url="http://localhost") as other:
        sign_in(ann, "Ann")
        r = ann.post("/api/tables", json={"game": "paigow", "name": "Ann", "num_deals": 2})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        live = one.state.ctx.manager.live
        assert live[tid].players[0].name == "Ann" and tid not in two.state.ctx.manager.live
        other.cookies.set(identity.SESSION_COOKIE, ann.cookies.get(identity.SESSION_COOKIE))
        r = other.post("/api/me/delete", json={"confirm": "Ann"})
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + 10
        while live[tid].players[0].name != DELETED_NAME and time.monotonic() < deadline:
            time.sleep(0.05)
        assert live[tid].players[0].name == DELETED_NAME
        assert ann.get(f"/api/tables/{tid}").json()["players"][0]["name"] == DELETED_NAME
