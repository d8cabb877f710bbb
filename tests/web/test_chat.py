"""The table's chat (issue 23): the players' and the spectators' rooms never mix, a message is
text or a canned phrase within limits, the host removes and closes, anyone reports what they read,
and a reload shows the room's recent messages (yezi/server/chat.py)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from yezi.i18n.web import web_strings
from yezi.server.app import create_app
from yezi.server.chat import MAX_CHARS, PHRASES, chat_reports_t
from yezi.server.config import Settings

SPEC = {"game": "paigow", "num_deals": 1, "name": "Ann",
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]}


@pytest.fixture
def table(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as client:
        r = client.post("/api/tables", json=SPEC)
        assert r.status_code == 201, r.text
        yield client, r.json()


def _ws(client, t, seat: int | None):
    headers = {"Authorization": f"Bearer {t['seats'][str(seat)]['token']}"} if seat is not None else {}
    return client.websocket_connect(f"ws://localhost/ws/{t['id']}", headers=headers)


def _until(ws, pred, limit: int = 50) -> dict:
    for _ in range(limit):
        m = json.loads(ws.receive_text())
        if pred(m):
            return m
    raise AssertionError("not received")


def _chat(ws) -> list[dict]:
    """The chat frames among what arrived (up to and including the next ack or error)."""
    out = []
    while True:
        m = json.loads(ws.receive_text())
        if m["type"] == "chat":
            out.append(m)
        if m["type"] in ("ack", "error"):
            return [*out, m]


def test_the_players_and_the_spectators_never_hear_each_other(table):
    client, t = table
    with _ws(client, t, 0) as host, _ws(client, t, None) as watcher:
        h0 = _until(host, lambda m: m["type"] == "chat")
        w0 = _until(watcher, lambda m: m["type"] == "chat")
        assert (h0["room"], w0["room"]) == ("players", "spectators") and h0["history"] and not h0["messages"]
        watcher.send_text(json.dumps({"type": "chat", "id": "c1", "text": "he holds 天!", "name": "Kib"}))
        got = _chat(watcher)
        assert got[-1]["type"] == "ack" and got[0]["messages"][0]["text"] == "he holds 天!"
        host.send_text(json.dumps({"type": "chat", "id": "c2", "phrase": "good-hand"}))
        got = _chat(host)
        assert got[-1]["type"] == "ack" and got[0]["messages"][0] == {**got[0]["messages"][0], "phrase": "good-hand",
                                                                         "seat": 0, "name": "Ann"}
        host.send_text(json.dumps({"type": "ping", "id": "p"}))
        heard = _until(host, lambda m: m["type"] != "state")
        assert heard == {"type": "pong", "id": "p"}  # the spectator's line never came to the seat
        watcher.send_text(json.dumps({"type": "ping", "id": "p"}))
        assert _until(watcher, lambda m: m["type"] in ("chat", "pong"))["type"] == "pong"
    # a reload: each room's own history
    with _ws(client, t, 1) as guest, _ws(client, t, None) as other:
        hist = _until(guest, lambda m: m["type"] == "chat")
        assert [m.get("phrase") for m in hist["messages"]] == ["good-hand"]
        hist = _until(other, lambda m: m["type"] == "chat")
        assert [m.get("text") for m in hist["messages"]] == ["he holds 天!"]


def test_limits_and_bad_messages_are_refused_and_keep_nothing(table):
    client, t = table
    with _ws(client, t, 0) as ws:
        _until(ws, lambda m: m["type"] == "chat")
        for n, bad in enumerate([{"text": "   "}, {"phrase": "rude-word"}, {"text": "hi", "phrase": "hello"}, {},
                                 {"text": "x" * 1300}, {"text": 5}]):
            ws.send_text(json.dumps({"type": "chat", "id": f"b{n}", **bad}))
            got = _chat(ws)
            assert len(got) == 1 and got[0]["type"] == "error" and got[0]["code"] == "bad-chat", (bad, got)
        # control and direction characters dropped, cut to the longest message
        ws.send_text(json.dumps({"type": "chat", "id": "long", "text": "\u202e" + "長" * 400 + "\u0007"}))
        got = _chat(ws)
        assert got[-1]["type"] == "ack" and got[0]["messages"][0]["text"] == "長" * MAX_CHARS
        answers = []
        for i in range(4):  # the burst of three is spent (one above): then one every two seconds
            ws.send_text(json.dumps({"type": "chat", "id": f"r{i}", "text": f"m{i}"}))
            answers.append(_chat(ws)[-1])
        assert [a["type"] for a in answers[:2]] == ["ack", "ack"] and answers[-1]["code"] == "rate-limited"
    with _ws(client, t, 1) as other:  # what was refused was never kept
        hist = _until(other, lambda m: m["type"] == "chat")
        assert [m["text"] for m in hist["messages"]] == ["長" * MAX_CHARS, "m0", "m1"]


def test_the_host_removes_and_closes_and_anyone_reports_what_they_read(table):
    client, t = table
    engine = client.app.state.store.engine
    with _ws(client, t, 0) as host, _ws(client, t, 1) as guest, _ws(client, t, None) as watcher:
        for ws in (host, guest, watcher):
            _until(ws, lambda m: m["type"] == "chat")
        guest.send_text(json.dumps({"type": "chat", "id": "g", "text": "rude"}))
        mid = _chat(guest)[-1]["msg"]
        assert _until(host, lambda m: m["type"] == "chat")["messages"][0]["id"] == mid
        for who, msg, code in [(guest, {"type": "chat_remove", "msg": mid}, "chat-not-host"),
                               (guest, {"type": "chat_close"}, "chat-not-host"),
                               (watcher, {"type": "chat_report", "msg": mid}, "no-message")]:  # not in its room
            who.send_text(json.dumps({**msg, "id": "x"}))
            assert _chat(who)[-1]["code"] == code
        guest.send_text(json.dumps({"type": "chat_report", "id": "rep", "msg": mid}))
        assert _chat(guest)[-1]["type"] == "ack"
        host.send_text(json.dumps({"type": "chat_remove", "id": "rm", "msg": mid}))
        got = _chat(host)
        assert got[-1]["type"] == "ack" and {"type": "chat", "room": "players", "removed": mid} in got
        assert _until(guest, lambda m: m["type"] == "chat")["removed"] == mid
        host.send_text(json.dumps({"type": "chat_close", "id": "cl"}))
        assert _chat(host)[-1]["type"] == "ack"
        assert _until(watcher, lambda m: m["type"] == "chat")["closed"] is True
        guest.send_text(json.dumps({"type": "chat", "id": "late", "text": "hello?"}))
        assert _chat(guest)[-1]["code"] == "chat-closed"
    with engine.connect() as c:
        reports = c.execute(select(chat_reports_t.c.copy, chat_reports_t.c.message_id)).all()
    assert [tuple(r) for r in reports] == [("[players] : rude", mid)]  # (the second seat joined with no name)
    with _ws(client, t, 1) as guest:
        hist = _until(guest, lambda m: m["type"] == "chat")
        assert hist["closed"] and hist["messages"] == [{**hist["messages"][0], "removed": True}]
        assert "text" not in hist["messages"][0]  # a removed message's words are not sent again


def test_the_phrases_the_server_takes_are_the_ones_every_language_shows():
    for lang in ("zh-hant", "zh-hans", "en"):
        shown = {k.removeprefix("chatPhrase_"): v for k, v in web_strings(lang).items() if k.startswith("chatPhrase_")}
        assert set(shown) == set(PHRASES), lang
        assert all(shown.values()), lang
    assert web_strings("zh-hant")["chatPhrase_good-hand"] != web_strings("en")["chatPhrase_good-hand"]
