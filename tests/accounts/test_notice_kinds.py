"""The notices besides "your move" (issue 23), each from its place: a friend's invitation to a seat
(leading to where it is taken), a club's table opened (to every other member, leading to the club's
page), a tournament's round dealt (to each player of it, leading to their table). Each once, only to
the accounts it concerns, in the reader's language."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.app import create_app
from yezi.server.config import Settings

HOSTED = {"game": "paigow", "num_deals": 1, "name": "Ann",
          "seats": [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "bot", "bot": "random"},
                    {"kind": "bot", "bot": "random"}]}
STANDING = {"game": "paigow", "num_deals": 1, "move_timer": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "random"}]}


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


def _notices(c: TestClient, lang: str = "en") -> list[dict]:
    r = c.get(f"/api/notices?lang={lang}")
    assert r.status_code == 200, r.text
    return r.json()["notices"]


def _until(pred, timeout: float = 10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("no notice in time")


def _people(app, *names):
    cs = [TestClient(app, base_url="http://localhost") for _ in names]
    for c in cs:
        c.__enter__()
    return cs, [sign_in(c, n) for c, n in zip(cs, names, strict=True)]


def test_a_friends_invitation_to_a_seat(app):
    (ann, bob, cy), _ = _people(app, "Ann", "Bob", "Cy")
    try:
        assert ann.post("/api/me/friends/ask", json={"name": "Bob"}).status_code == 200
        assert bob.post("/api/me/friends/accept", json={"name": "Ann"}).status_code == 200
        t = ann.post("/api/tables", json=HOSTED).json()
        assert ann.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}).status_code == 200
        (n,) = _until(lambda: _notices(bob, "zh-hant"))
        assert n["kind"] == "friend-invite" and n["url"] == "/settings#invitations-box"
        assert "Ann" in n["text"] and "牌九" in n["text"], n["text"]
        assert _notices(ann) == [] and _notices(cy) == []
        # the link leads to the invitation, which takes the seat
        (inv,) = bob.get("/api/me/invitations").json()["invitations"]
        assert inv["table"] == t["id"]
    finally:
        for c in (ann, bob, cy):
            c.__exit__(None, None, None)


def test_a_clubs_table_opened_tells_the_other_members(app):
    (ann, bob, dan, eve), _ = _people(app, "Ann", "Bob", "Dan", "Eve")
    try:
        cid = ann.post("/api/clubs", json={"name": "Chan family"}).json()["id"]
        secret = ann.post(f"/api/clubs/{cid}/invite").json()["link"].split("#join=")[1]
        for c in (bob, dan):
            assert c.post(f"/api/clubs/{cid}/join", json={"invite": secret}).status_code == 200
        assert ann.post(f"/api/clubs/{cid}/standing", json=STANDING).status_code == 200
        r = bob.post(f"/api/clubs/{cid}/open")
        assert r.status_code == 201, r.text
        for c in (ann, dan):
            (n,) = _until(lambda c=c: _notices(c))
            assert n["kind"] == "club-table" and n["url"] == f"/c/{cid}"
            assert "Chan family" in n["text"] and "Pai Gow" in n["text"], n["text"]
        time.sleep(0.3)
        assert _notices(bob) == [], "the member who opened it is not told"
        assert _notices(eve) == [], "nor anyone outside the club"
    finally:
        for c in (ann, bob, dan, eve):
            c.__exit__(None, None, None)


def test_a_tournament_round_tells_its_players(app):
    (ann, bob, cy, dee), _users = _people(app, "Ann", "Bob", "Cy", "Dee")
    try:
        r = ann.post("/api/tournaments", json={"title": "Sunday cup", "game": "lukfu", "rounds": 2, "deals": 1})
        tid = r.json()["id"]
        for c in (bob, cy):
            assert c.post(f"/api/tournaments/{tid}/enter", json={}).status_code == 200
        assert ann.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
        info = ann.get(f"/api/tournaments/{tid}").json()
        (table,) = info["rounds"][0]["tables"]
        for c in (ann, bob, cy):  # the organiser is entered by making it
            (n,) = _until(lambda c=c: _notices(c, "zh-hans"))
            assert n["kind"] == "tournament-round" and n["url"] == f"/t/{table['table']}"
            assert "Sunday cup" in n["text"] and "六虎牌" in n["text"], n["text"]
        time.sleep(0.3)
        assert _notices(dee) == []
    finally:
        for c in (ann, bob, cy, dee):
            c.__exit__(None, None, None)
