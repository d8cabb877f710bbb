"""Clubs on PostgreSQL: two instances sharing it see each other's club changes at once (every club's
state is in the database; no instance keeps a copy), and the standing table's end-to-end run of
tests/accounts/test_clubs.py holds there too. A cluster of its own: slow."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.app import create_app
from yezi.server.config import Settings

pytestmark = pytest.mark.slow


def test_a_club_change_on_one_instance_shows_on_the_other(postgres):
    url = postgres.url("yezi_clubs_two")
    one, two = (create_app(Settings(database_url=url, bot_delay=0.0)) for _ in range(2))
    with TestClient(one, base_url="http://localhost") as ann, TestClient(two, base_url="http://localhost") as bob:
        a = sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        r = ann.post("/api/clubs", json={"name": "Wongs", "private": False})
        assert r.status_code == 201, r.text
        cid = r.json()["id"]
        assert bob.get(f"/api/clubs/{cid}").json()["club"]["name"] == "Wongs"
        assert bob.post("/api/clubs", json={"name": "wongs"}).json()["error"] == "club-name-taken"
        secret = ann.post(f"/api/clubs/{cid}/invite").json()["link"].split("#join=")[1]
        assert bob.post(f"/api/clubs/{cid}/join", json={"invite": secret}).status_code == 200
        assert [m["name"] for m in ann.get(f"/api/clubs/{cid}").json()["members"]] == ["Ann", "Bob"]
        assert ann.post(f"/api/clubs/{cid}/notes", json={"text": "settled 2026-12-06", "settled": True}).status_code == 201
        led = bob.get(f"/api/clubs/{cid}/ledger").json()
        assert led["history"][0]["text"] == "settled 2026-12-06" and led["history"][0]["by"] == "Ann"
        assert bob.get("/api/clubs").json()["public"][0]["members"] == 2
        assert ann.post(f"/api/clubs/{cid}/role", json={"user": a.id, "role": "member"}).json()["error"] == "last-owner"


def test_the_standing_table_and_ledger_on_postgresql(postgres):
    from tests.accounts.test_clubs import test_a_club_plays_its_standing_table_twice_and_its_ledger_adds_up as flow

    flow(create_app(Settings(database_url=postgres.url("yezi_clubs_flow"), bot_delay=0.0, next_deal_delay=0.0,
                             create_per_minute=1000)))
