"""Accounts across instances on PostgreSQL (issue 22 audit, gap 4). A deleted account's seats are
renamed on every instance: Ann's table runs on instance one; she deletes her account through
instance two, where the table is not live; instance one's table names her seat "a deleted player"
within moments (the "changed" NOTIFY makes it read its players again), not only once it is rebuilt.
A profile change and a block made on one instance hold on the other (each is read from the
database). A cluster of its own: slow."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import identity
from yezi.server.accounts.social import DELETED_NAME
from yezi.server.app import create_app
from yezi.server.config import Settings

pytestmark = pytest.mark.slow


def test_a_deleted_account_renames_its_seat_on_the_instance_that_runs_the_table(postgres):
    url = postgres.url("yezi_delete_two")
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


def test_a_profile_change_and_a_block_on_one_instance_hold_on_the_other(postgres):
    url = postgres.url("yezi_profile_two")
    one, two = (create_app(Settings(database_url=url, bot_delay=0.0)) for _ in range(2))
    with TestClient(one, base_url="http://localhost") as ann, TestClient(two, base_url="http://localhost") as bob:
        sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        r = ann.post("/api/me/profile", json={"bio": "Sundays at the Ho family", "languages": ["yue", "en"]})
        assert r.status_code == 200, r.text
        seen = bob.get("/api/users/Ann").json()
        assert seen["bio"] == "Sundays at the Ho family" and seen["languages"] == ["yue", "en"]
        assert ann.post("/api/me/blocks/add", json={"name": "Bob"}).status_code == 200
        assert bob.get("/api/users/Ann").status_code == 404  # blocked: as if she did not exist, there too
        assert bob.post("/api/me/friends/ask", json={"name": "Ann"}).json()["error"] == "no-user"
        t = ann.post("/api/tables", json={"game": "paigow", "name": "Ann",
                                          "seats": [{"kind": "human"}] + [{"kind": "human", "access": "open"}] * 3})
        assert t.status_code == 201, t.text
        r = bob.post(f"/api/tables/{t.json()['id']}/claim", json={"position": 1, "name": "Bob"})
        assert r.status_code == 403 and r.json()["error"] == "blocked-by-host"
