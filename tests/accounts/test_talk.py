"""A club's chat and two friends' chat (issue 23, `yezi.server.accounts.talk`): members only, friends
only (a block ends it), the table chat's rules for texts and phrases, its per-speaker limit, reports
kept for the operator, and reading by polling after an id."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import clubs, social
from yezi.server.app import create_app
from yezi.server.chat import MAX_CHARS, chat_reports_t
from yezi.server.config import Settings


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


def _c(app) -> TestClient:
    return TestClient(app, base_url="http://localhost")


def test_a_clubs_chat_is_its_members_only(app):
    with _c(app) as ann, _c(app) as bob, _c(app) as eve, _c(app) as guest:
        engine = app.state.store.engine
        a, b = sign_in(ann, "Ann"), sign_in(bob, "Bob")
        sign_in(eve, "Eve")
        club = clubs.create_club(engine, a.id, "Sunday table", ["en"], True)
        clubs.join_by_invite(engine, club.id, b.id, clubs.new_invite(engine, club.id))
        url = f"/api/clubs/{club.id}/chat"
        r = ann.post(url, json={"text": "<b>tea</b> at three? " + "x" * 400})
        assert r.status_code == 200, r.text
        first = r.json()["message"]
        assert first["text"].startswith("<b>tea</b>") and len(first["text"]) == MAX_CHARS  # as text, cut
        assert bob.post(url, json={"phrase": "good-game"}).status_code == 200
        got = bob.get(url).json()["messages"]
        assert [m.get("phrase") for m in got] == [None, "good-game"] and got[0]["name"] == "Ann"
        assert [m["mine"] for m in got] == [False, True]  # (Bob reads: his own line is his)
        assert [m["id"] for m in bob.get(url + f"?after={first['id']}").json()["messages"]] == [got[1]["id"]]
        assert eve.get(url).json()["error"] == "not-member" and eve.post(url, json={"text": "hi"}).status_code == 403
        assert guest.get(url).status_code == 401
        assert ann.post(url, json={"phrase": "nonsense"}).json()["error"] == "bad-chat"
        assert ann.post(url, json={"text": "a", "phrase": "hello"}).json()["error"] == "bad-chat"
        codes = [ann.post(url, json={"text": f"line {i}"}).status_code for i in range(5)]
        assert 429 in codes  # the table chat's bucket: a burst of three, then one every two seconds
        assert bob.post(url + "/report", json={"msg": first["id"]}).status_code == 200
        with engine.connect() as c:
            assert c.execute(select(chat_reports_t.c.copy)).scalar_one().startswith("[talk] Ann: <b>tea</b>")
        assert eve.post(url + "/report", json={"msg": first["id"]}).status_code == 403


def test_two_friends_share_one_room_until_one_blocks_the_other(app):
    with _c(app) as ann, _c(app) as bob, _c(app) as eve:
        engine = app.state.store.engine
        a, b = sign_in(ann, "Ann"), sign_in(bob, "Bob")
        sign_in(eve, "Eve")
        social.ask(engine, a.id, "Bob")
        social.accept(engine, b.id, "Ann")
        assert ann.post("/api/friends/Bob/chat", json={"text": "your move, grandson"}).status_code == 200
        assert [m["text"] for m in bob.get("/api/friends/Ann/chat").json()["messages"]] == ["your move, grandson"]
        assert eve.get("/api/friends/Ann/chat").json()["error"] == "not-friends"
        assert ann.get("/api/friends/Eve/chat").status_code == 403
        assert ann.get("/api/friends/Nobody/chat").status_code == 403
        social.block(engine, b.id, "Ann")
        assert ann.post("/api/friends/Bob/chat", json={"text": "hello?"}).status_code == 403
        assert bob.get("/api/friends/Ann/chat").status_code == 403
