"""A move whose storing fails is answered with what the player should do (issue 26's review).

A lost lease (another instance took the table over) was answered `server` ("not stored:
LeaseLost"), the words for a bug, though a second sending reaches the instance that now runs the
table; an outage met while storing answered `server` too, where the rest of the server says
`db-unavailable`. Nothing of the move is applied either way."""

from __future__ import annotations

import json

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from yezi.server.app import create_app
from yezi.server.config import Settings
from yezi.server.lease import LeaseLost


def _bug(*_a, **_k):
    raise KeyError("a bug")


def _lease(*_a, **_k):
    raise LeaseLost("table x is run by another instance now; nothing was stored")


def _outage(*_a, **_k):
    raise OperationalError("INSERT ...", {}, Exception("connection refused"))


@pytest.mark.parametrize(("failure", "code"), [(_lease, "unavailable"), (_outage, "db-unavailable"),
                                               (_bug, "server")])
def test_a_failed_store_names_what_the_player_can_do(tmp_path, failure, code):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}"))
    with TestClient(app, base_url="http://localhost") as client:
        r = client.post("/api/tables", json={"game": "fishing", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]})
        assert r.status_code == 201, r.text
        t = r.json()
        store = app.state.manager.store
        with client.websocket_connect(f"ws://localhost/ws/{t['id']}", headers={"Authorization": f"Bearer {t['seats']['0']['token']}"}) as ws:
            frame = json.loads(ws.receive_text())
            while frame.get("type") != "state" or not frame.get("legal"):
                frame = json.loads(ws.receive_text())
            seq = frame["seq"]
            store.add_event = failure
            ws.send_text(json.dumps({"type": "action", "action": frame["legal"][0], "id": "a1"}))
            got = json.loads(ws.receive_text())
            while got.get("type") != "error":
                got = json.loads(ws.receive_text())
            assert got["code"] == code and got["id"] == "a1", got
            assert "connection refused" not in got["message"]
            ws.send_text(json.dumps({"type": "sync"}))
            again = json.loads(ws.receive_text())
            while again.get("type") != "state":
                again = json.loads(ws.receive_text())
            assert again["seq"] == seq  # nothing applied
