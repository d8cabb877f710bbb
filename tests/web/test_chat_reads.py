"""The chat's rooms are read once for every connection that opens (issue 26: 4,000 seats connecting
to 1,000 tables each read the database; on PostgreSQL those reads held the storage threads for tens
of seconds and the moves waiting behind them went unstored, 33 actions a second), and what is kept
is never older than a change this instance made or heard of (yezi/server/chat.py `ChatService.room`)."""

from __future__ import annotations

import asyncio
import json

import pytest
from starlette.testclient import TestClient

from yezi.server import chat
from yezi.server.app import create_app
from yezi.server.config import Settings

SPEC = {"game": "paigow", "num_deals": 1, "name": "Ann",
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]}


def _history(ws) -> dict:
    for _ in range(50):
        m = json.loads(ws.receive_text())
        if m["type"] == "chat" and m.get("history"):
            return m
    raise AssertionError("no history frame")


def _acked(ws) -> dict:
    for _ in range(50):
        m = json.loads(ws.receive_text())
        if m["type"] in ("ack", "error"):
            return m
    raise AssertionError("no answer")


def test_connections_share_one_read_and_a_post_is_seen_by_the_next(tmp_path, monkeypatch):
    reads: list[tuple[str, str]] = []
    real = chat.room_state

    def counted(engine, table_id, room, *a):
        reads.append((table_id, room))
        return real(engine, table_id, room, *a)

    monkeypatch.setattr(chat, "room_state", counted)
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as client:
        t = client.post("/api/tables", json=SPEC).json()
        auth = {"Authorization": f"Bearer {t['seats']['0']['token']}"}
        url = f"ws://localhost/ws/{t['id']}"
        for _ in range(6):  # six reloads of the seat, three of a spectator
            with client.websocket_connect(url, headers=auth) as ws:
                assert _history(ws)["messages"] == []
        for _ in range(3):
            with client.websocket_connect(url) as ws:
                assert _history(ws)["messages"] == []
        assert sorted(set(reads)) == [(t["id"], "players"), (t["id"], "spectators")] and len(reads) == 2
        with client.websocket_connect(url, headers=auth) as ws:
            _history(ws)
            ws.send_text(json.dumps({"type": "chat", "id": "c1", "text": "hello"}))
            assert _acked(ws)["type"] == "ack"
        with client.websocket_connect(url, headers=auth) as ws:  # read afresh: the line is there
            assert [m["text"] for m in _history(ws)["messages"]] == ["hello"]
        with client.websocket_connect(url) as ws:  # the spectators' room never had it
            assert _history(ws)["messages"] == []
        assert len(reads) == 4  # (a change reads both rooms afresh)


def test_a_read_that_a_change_overtook_is_not_kept():
    """A read under way when a message is posted (here or announced by another instance) answers
    the connections waiting for it, but the next connection reads again: it must see the message."""
    gate = asyncio.Event()
    answers = iter([([], False), (["the line"], False)])

    class SlowStore:
        engine = None

        async def run(self, fn, *args):
            await gate.wait()
            return next(answers)

    async def main() -> None:
        svc = chat.ChatService(SlowStore(), manager=None)
        first = asyncio.ensure_future(svc.room("t1", "players"))
        second = asyncio.ensure_future(svc.room("t1", "players"))  # shares the first's read
        for _ in range(3):  # until the read has begun (and waits on the database)
            await asyncio.sleep(0)
        svc.changed("t1")  # a line posted while the read was under way
        gate.set()
        assert await first == ([], False) and await second == ([], False)
        assert await svc.room("t1", "players") == (["the line"], False)  # read again, not kept
        assert await svc.room("t1", "players") == (["the line"], False)  # now kept: no third read

    asyncio.run(main())


@pytest.mark.parametrize("what", ["m", "r", "c"])
def test_what_another_instance_announces_is_read_afresh(what):
    reads = []

    class Store:
        engine = None

        async def run(self, fn, *args):
            reads.append(fn.__name__)
            return [], what == "c"

    class Manager:
        live: dict = {}

    async def main() -> None:
        svc = chat.ChatService(Store(), manager=Manager())
        await svc.room("t1", "players")
        await svc.room("t1", "players")
        await svc.on_announced("t1", 7, what)  # (no connection here: nothing to deliver)
        await svc.room("t1", "players")

    asyncio.run(main())
    assert reads == ["room_state", "room_state"]
