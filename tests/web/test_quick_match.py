"""Quick match (issue 23, `yezi.server.quick`): players queue for a game and are seated at one table,
each exactly once, with their seat's cookie; blocks keep two people apart; bots fill the empty seats
after the wait a player chose, and never when they chose never; a ticket is its cookie's holder's only."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server import wallclock
from yezi.server.accounts import social
from yezi.server.app import create_app
from yezi.server.config import Settings

TWO = {"game": "fishing", "preset": "tiu-u"}  # two players


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


@pytest.fixture
def clock(monkeypatch):
    ahead = [0.0]
    monkeypatch.setattr(wallclock, "now", lambda: time.time() + ahead[0])
    return ahead


def _c(app) -> TestClient:
    return TestClient(app, base_url="http://localhost")


def _join(c: TestClient, **body) -> str:
    r = c.post("/api/quick", json=body)
    assert r.status_code == 201, r.text
    return r.json()["ticket"]


def test_four_strangers_are_seated_at_one_table_each_once(app):
    cs = [_c(app) for _ in range(4)]
    with cs[0], cs[1], cs[2], cs[3]:
        tickets = [_join(c, game="paigow", name=f"P{i}") for i, c in enumerate(cs[:3])]
        assert cs[0].get("/api/quick").json()["waiting"] == {"paigow": 3}  # the lobby's count
        assert cs[0].get(f"/api/quick/{tickets[0]}").json()["state"] == "waiting"
        tickets.append(_join(cs[3], game="paigow", name="P3"))
        seen = [c.get(f"/api/quick/{t}").json() for c, t in zip(cs, tickets, strict=True)]
        assert all(s["state"] == "seated" for s in seen), seen
        assert len({s["table"] for s in seen}) == 1 and sorted(s["position"] for s in seen) == [0, 1, 2, 3]
        tid = seen[0]["table"]
        for c, s in zip(cs, seen, strict=True):  # each holds its own seat, by its cookie
            assert c.get(f"/t/{tid}/session").json()["positions"] == [s["position"]]
        live = app.state.manager.live[tid]
        assert all(p.kind == "human" and p.claimed for p in live.players)
        again = cs[0].get(f"/api/quick/{tickets[0]}").json()  # a second look: the same seat, no new table
        assert again["table"] == tid and again["position"] == seen[0]["position"]


def test_bots_fill_after_the_chosen_wait_and_never_when_never(app, clock):
    with _c(app) as patient, _c(app) as hurried:
        never = _join(patient, game="paigow", name="Pat")
        assert patient.get(f"/api/quick/{never}").json()["state"] == "waiting"
        soon = _join(hurried, game="tiengow", bot_after=30, name="Hal")
        assert hurried.get(f"/api/quick/{soon}").json()["state"] == "waiting"
        clock[0] += 31
        got = hurried.get(f"/api/quick/{soon}").json()
        assert got["state"] == "seated"
        live = app.state.manager.live[got["table"]]
        assert sum(p.kind == "bot" for p in live.players) == 3
        clock[0] += 3600
        assert patient.get(f"/api/quick/{never}").json()["state"] == "waiting"  # never: people only


def test_a_block_keeps_two_people_apart(app):
    with _c(app) as ann, _c(app) as bob, _c(app) as cai:
        a = sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        sign_in(cai, "Cai")
        social.block(app.state.store.engine, a.id, "Bob")
        ta, tb = _join(ann, **TWO), _join(bob, **TWO)
        assert ann.get(f"/api/quick/{ta}").json()["state"] == "waiting"  # Ann blocked Bob: no table for them
        assert bob.get(f"/api/quick/{tb}").json()["state"] == "waiting"
        tc = _join(cai, **TWO)
        got = cai.get(f"/api/quick/{tc}").json()
        assert got["state"] == "seated"
        first = ann.get(f"/api/quick/{ta}").json()  # the one who waited first gets the table
        assert first["state"] == "seated" and first["table"] == got["table"]
        assert bob.get(f"/api/quick/{tb}").json()["state"] == "waiting"


def test_a_ticket_is_its_holders_and_guests_wait_for_open_tables_only(app):
    with _c(app) as a, _c(app) as b:
        t = _join(a, game="paigow")
        assert b.get(f"/api/quick/{t}").status_code == 404  # someone else's ticket id, without its secret
        assert b.delete(f"/api/quick/{t}").status_code == 404
        assert a.get(f"/api/quick/{t}").json()["state"] == "waiting"
        r = b.post("/api/quick", json={"game": "paigow", "pace": "turn"})
        assert r.status_code == 403 and r.json()["error"] == "quick-sign-in"
        assert b.post("/api/quick", json={"game": "nope"}).json()["error"] == "bad-game"
        assert b.post("/api/quick", json={"game": "paigow", "bot_after": 7}).json()["error"] == "bad-wait"
        assert a.delete(f"/api/quick/{t}").status_code == 200
        assert a.get(f"/api/quick/{t}").status_code == 404
