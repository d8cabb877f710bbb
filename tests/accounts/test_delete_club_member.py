"""Deleting an account that owns a club, through the API (issue 22 audit, gap 2): Ann owns the
club, has played a match at its standing table and written a note; she deletes her account. She is
no longer a member (no nameless member is listed), the longest-standing organiser owns the club,
the ledger names her seat and her note "a deleted player" (the stored match result too), and her
export had the club's part before."""

from __future__ import annotations

import json
import random

from sqlalchemy import select
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from tests.accounts.test_clubs import STANDING, app, play_out  # noqa: F401  (the fixture)
from yezi.server.accounts.club_model import club_tables_t
from yezi.server.accounts.social import DELETED_NAME


def test_a_deleted_owner_leaves_the_club_to_its_organiser_and_the_ledger_anonymised(app):  # noqa: F811
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob, \
            TestClient(app, base_url="http://localhost") as cy:
        a, b, c = sign_in(ann, "Ann"), sign_in(bob, "Bob"), sign_in(cy, "Cy")
        cid = ann.post("/api/clubs", json={"name": "Ho family"}).json()["id"]
        secret = ann.post(f"/api/clubs/{cid}/invite").json()["link"].split("#join=")[1]
        assert cy.post(f"/api/clubs/{cid}/join", json={"invite": secret}).status_code == 200  # Cy joins first
        assert bob.post(f"/api/clubs/{cid}/join", json={"invite": secret}).status_code == 200
        assert ann.post(f"/api/clubs/{cid}/role", json={"user": b.id, "role": "organiser"}).status_code == 200
        assert ann.post(f"/api/clubs/{cid}/standing", json=STANDING).status_code == 200
        tid = ann.post(f"/api/clubs/{cid}/open").json()["table"]
        t0 = ann.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 0}).json()["token"]
        t1 = bob.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 1}).json()["token"]
        play_out(cy, tid, [t0, t1], random.Random(3))
        assert ann.post(f"/api/clubs/{cid}/notes", json={"text": "Sunday", "settled": False}).status_code == 201
        assert len(bob.get(f"/api/clubs/{cid}/ledger").json()["history"]) == 2  # (the result is stored now)
        mine = ann.get("/api/me/export").json()
        assert mine["clubs"]["memberships"][0]["role"] == "owner" and mine["clubs"]["notes"][0]["text"] == "Sunday"
        assert mine["clubs"]["tables"][0]["seats"][0]["name"] == "Ann"

        assert ann.post("/api/me/delete", json={"confirm": "Ann"}).status_code == 200
        home = bob.get(f"/api/clubs/{cid}").json()
        assert [(m["name"], m["role"]) for m in home["members"]] == [("Bob", "owner"), ("Cy", "member")]
        led = cy.get(f"/api/clubs/{cid}/ledger").json()
        match = next(h for h in led["history"] if h["kind"] == "match")
        note = next(h for h in led["history"] if h["kind"] == "note")
        assert match["seats"][0]["name"] == DELETED_NAME and match["seats"][1]["name"] == "Bob"
        assert note["by"] == DELETED_NAME
        assert led["parties"][f"user:{a.id}"] == {"kind": "member", "name": DELETED_NAME, "member": False}
        with app.state.store.engine.connect() as conn:
            stored = conn.execute(select(club_tables_t.c.result).where(club_tables_t.c.table_id == tid)).scalar()
        assert "Ann" not in stored and json.loads(stored)["seats"][0]["name"] == DELETED_NAME
        assert c.id in {m["user"] for m in home["members"]}
