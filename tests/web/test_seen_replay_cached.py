"""A seat's own replay of a finished deal is built once (issue 26's review).

`GET …/deals/<k>/replay?seat=<n>` with the seat's credential replayed the whole deal in a thread to
make the seat's own record every time it was asked, where the record download (`record.txt`) kept
what it built: a holder asking in a loop made the server replay the deal each time."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from yezi.server.app import create_app
from yezi.server.config import Settings
from yezi.server.routes import replay


def test_a_seats_replay_is_replayed_once_however_often_asked(tmp_path, monkeypatch):
    made: list[tuple] = []
    seen = replay.seen_record

    def counting(t, k, seat):
        made.append((t.id, k, seat))
        return seen(t, k, seat)

    monkeypatch.setattr(replay, "seen_record", counting)
    monkeypatch.setattr(replay, "SEEN", replay.BuiltCache())  # this test's builds only
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as client:
        r = client.post("/api/tables", json={"game": "paigow", "num_deals": 1, "seats": [
            {"kind": "human"}, *[{"kind": "bot", "bot": "heuristic"}] * 3]})
        assert r.status_code == 201, r.text
        t = r.json()
        auth = {"Authorization": f"Bearer {t['seats']['0']['token']}"}
        with client.websocket_connect(f"ws://localhost/ws/{t['id']}", headers=auth) as ws:
            while True:
                f = json.loads(ws.receive_text())
                if f.get("type") != "state":
                    continue
                if f["deal_over"]:
                    break
                if f.get("legal"):
                    ws.send_text(json.dumps({"type": "action", "action": f["legal"][0], "id": f"m{f['seq']}",
                                             "seq": f["seq"]}))
        seat = (0 - f["dealer"]) % 4  # the host's seat in deal 0
        answers = [client.get(f"/api/tables/{t['id']}/deals/0/replay?seat={seat}", headers=auth) for _ in range(4)]
    assert all(a.status_code == 200 for a in answers), answers[0].text
    assert len({a.text for a in answers}) == 1
    assert made == [(t["id"], 0, seat)], made
