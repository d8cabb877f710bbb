"""A question asked of several seats at once at a turn-based table (`yezi.server.together`): Pai Gow's
hand setting. Each person answers when they come by; nothing any other seat receives changes until
everyone asked has answered; then the answers are applied in the rules' order; a seat whose time
runs out is answered for by the stand-in bot and marked away."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server import together, wallclock
from yezi.server.app import create_app
from yezi.server.clock import DAY
from yezi.server.config import Settings

# 大牌九 (four tiles, hands set): Ann is the banker (sets last), Bob sets first, two bots between
SPEC = {"game": "paigow", "preset": "dapaijiu", "num_deals": 2, "name": "Ann", "pace": "turn", "move_days": 1,
        "seats": [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]}


@pytest.fixture
def clock(monkeypatch):
    """The server's clock, moved by the test (as YEZI_TEST_CLOCK moves a server process's)."""
    ahead = [0.0]
    monkeypatch.setattr(wallclock, "now", lambda: time.time() + ahead[0])
    monkeypatch.setattr(wallclock, "max_wait", lambda: 0.05)
    return ahead


def _open(app, ann, bob):
    sign_in(ann, "Ann")
    sign_in(bob, "Bob")
    t = ann.post("/api/tables", json=SPEC).json()
    assert bob.post(f"/t/{t['id']}/session", json={"token": t["seats"]["1"]["token"]}).status_code == 200
    live = app.state.manager.live[t["id"]]
    end = time.monotonic() + 10
    while not together.asked(live):
        assert time.monotonic() < end, "the hand setting was never asked"
        time.sleep(0.02)
    return t["id"], live


def _seat_frames(live):
    """Each audience's frame, less what moves by itself (the seconds left, who is connected)."""
    out = {}
    for p in (None, 0, 1, 2, 3):
        f = live.frame_for(p, "en")
        f["table"]["clock"].pop("left_ms")
        for pl in f["table"]["players"]:
            pl.pop("connected")
        out[p] = f
    return out


def test_answers_wait_unseen_until_everyone_has_answered_then_play_in_order(tmp_path, clock):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob:
        tid, live = _open(app, ann, bob)
        ask = together.asked(live)
        assert list(ask)[:1] == [1] and list(ask)[-1] == 0  # Bob sets first, the banker last
        assert live.clock.public(wallclock.now())["together"]
        seq = len(live.current.state.history)
        before = _seat_frames(live)
        assert before[0]["together"] and before[0]["legal"] == ask[0] and before[0]["answered"] is None
        assert "legal" not in before[None] and "together" not in before[2]
        with ann.websocket_connect(f"ws://localhost/t/{tid}/ws?seat=0") as ws:  # the banker answers first
            ws.receive_json()
            ws.send_json({"type": "action", "action": ask[0][-1], "id": "ann-set", "seq": seq})
            while (f := ws.receive_json())["type"] != "ack":
                pass
            mine = ws.receive_json()
            assert mine["type"] == "state" and mine["answered"] == ask[0][-1] and "legal" not in mine
            ws.send_json({"type": "action", "action": ask[0][0], "id": "ann-again", "seq": seq})
            while (f := ws.receive_json())["type"] != "error":
                pass
            assert f["code"] == "answered"
        after = _seat_frames(live)
        assert len(live.current.state.history) == seq  # nothing applied yet
        for p in (None, 1, 2, 3):  # nobody else can tell that she answered
            assert after[p] == before[p], p
        assert ann.get("/api/account/awaiting").json()["games"] == []
        assert [g["table"] for g in bob.get("/api/account/awaiting").json()["games"]] == [tid]
        with bob.websocket_connect(f"ws://localhost/t/{tid}/ws?seat=1") as ws:
            ws.receive_json()
            ws.send_json({"type": "action", "action": ask[1][0], "id": "bob-set", "seq": seq})
            end = time.monotonic() + 10
            while live.current.state.current_player is not None and time.monotonic() < end:
                time.sleep(0.02)
        st = live.deals[0].state
        assert st.current_player is None, "the hands were not all set"
        assert st.history[seq:] == [ask[1][0], st.history[seq + 1], st.history[seq + 2], ask[0][-1]]
        assert live.answers == {}


def test_a_seat_that_does_not_answer_in_time_is_answered_for_and_marked_away(tmp_path, clock):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob:
        tid, live = _open(app, ann, bob)
        ask = together.asked(live)
        seq = len(live.current.state.history)
        with ann.websocket_connect(f"ws://localhost/t/{tid}/ws?seat=0") as ws:
            ws.receive_json()
            ws.send_json({"type": "action", "action": ask[0][0], "id": "ann-set", "seq": seq})
            while ws.receive_json()["type"] != "ack":
                pass
        clock[0] += DAY + 60  # Bob never comes: his day runs out
        end = time.monotonic() + 10
        while live.current.state.current_player is not None and time.monotonic() < end:
            time.sleep(0.02)
        st = live.deals[0].state
        assert st.current_player is None
        assert st.history[-1] == ask[0][0]  # Ann's own answer stood
        c = live.clock.public(wallclock.now())
        assert c["timeouts"][1] == 1 and c["away"][1] and not c["away"][0]
