"""A signed-in user's seats are theirs: the host's seat of a table they open, a seat they claim, a
seat link they open; a guest's seats link to nobody; the first link stays."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import seats
from yezi.server.app import create_app
from yezi.server.config import Settings

SPEC = {"game": "paigow", "num_deals": 1, "name": "Ann",
        "seats": [{"kind": "human"}, {"kind": "human", "access": "open"}, {"kind": "human", "access": "invite"},
                  {"kind": "bot", "bot": "heuristic"}]}


def test_seats_link_to_the_signed_in_user_who_takes_them(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob, \
            TestClient(app, base_url="http://localhost") as guest:
        engine = app.state.store.engine
        a, b = sign_in(ann, "Ann"), sign_in(bob, "Bob")
        r = ann.post("/api/tables", json=SPEC)
        assert r.status_code == 201, r.text
        t = r.json()
        host = t["host"]
        assert seats.users_of_table(engine, t["id"]) == {host: a.id}
        assert host == 0
        r = guest.post(f"/api/tables/{t['id']}/claim", json={"position": 1, "name": "Gus"})  # the open seat
        assert r.status_code == 200, r.text
        invite = next(s["token"] for p, s in t["seats"].items() if s["access"] == "invite" and int(p) != host)
        r = bob.post(f"/t/{t['id']}/session", json={"token": invite})
        assert r.status_code == 200, r.text
        links = seats.users_of_table(engine, t["id"])
        assert links == {host: a.id, r.json()["position"]: b.id}  # the guest's seat links to nobody
        seats.link_seats(engine, b.id, [(t["id"], host)])  # the first link stays
        assert seats.users_of_table(engine, t["id"])[host] == a.id
        assert seats.seats_of_user(engine, b.id) == [(t["id"], r.json()["position"])]
