"""Turn-based tables (issue 23): days per move, opened by a signed-in player, played from any of the
players' devices through their accounts, listed as "awaiting your move", never closed while the
clock runs; a new invitation from the host ends an account's hold on the seat."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server import expiry, together
from yezi.server.app import create_app
from yezi.server.clock import DAY
from yezi.server.config import Settings

SPEC = {"game": "paigow", "num_deals": 2, "name": "Ann", "pace": "turn", "move_days": 3,
        "seats": [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]}


def _client(app) -> TestClient:
    return TestClient(app, base_url="http://localhost")


def _state(ws) -> dict:
    while True:
        f = ws.receive_json()
        if f["type"] == "state":
            return f


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


def test_a_turn_based_table_is_played_from_another_device_through_the_account(app):
    with _client(app) as ann, _client(app) as bob, _client(app) as bob_phone, _client(app) as guest:
        sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        r = ann.post("/api/tables", json=SPEC)
        assert r.status_code == 201, r.text
        t = r.json()
        tid = t["id"]
        invite = t["seats"]["1"]["token"]
        assert bob.post(f"/t/{tid}/session", json={"token": invite}).status_code == 200
        # Bob's phone: signed in as Bob, no seat cookie; the account opens his seat
        bob_phone.cookies.set("yezi_session", bob.cookies.get("yezi_session"))
        assert bob_phone.get(f"/t/{tid}/session").json()["positions"] == [1]
        assert guest.get(f"/t/{tid}/session").json()["positions"] == []
        with bob_phone.websocket_connect(f"ws://localhost/t/{tid}/ws?seat=1") as ws:
            f = _state(ws)
            assert f["position"] == 1
            clock = f["table"]["clock"]
            assert clock["turn_based"] and clock["move"] == 3 * DAY and clock["bank"] == 3 * DAY
        with guest.websocket_connect(f"ws://localhost/t/{tid}/ws?seat=1") as ws:  # no cookie, no account: refused
            assert ws.receive_json()["code"] == "bad-token"
        # whoever is to act has the table awaiting their move, and only they (at Pai Gow's hand
        # setting both are asked at once)
        live = app.state.manager.live[tid]
        asked = together.asked(live) or {live.position_of(live.current.state.current_player): []}
        waiting = {who: [g["table"] for g in c.get("/api/account/awaiting").json()["games"]]
                   for who, c in ((0, ann), (1, bob_phone))}
        for pos in (0, 1):
            assert waiting[pos] == ([tid] if pos in asked else []), (pos, asked)
        assert ann.get("/api/me").json()["awaiting"] == (1 if 0 in asked else 0)
        g = (ann if 0 in asked else bob_phone).get("/api/account/awaiting").json()["games"][0]
        assert g["turn_based"] and 3 * DAY - 60 < g["left_s"] <= 6 * DAY
        assert guest.get("/api/account/awaiting").status_code == 401
        # the host invites someone else to Bob's seat: Bob's account no longer opens it
        r = ann.post(f"/t/{tid}/invite", json={"position": 1})
        assert r.status_code == 200, r.text
        assert bob_phone.get(f"/t/{tid}/session").json()["positions"] == []
        with bob_phone.websocket_connect(f"ws://localhost/t/{tid}/ws?seat=1") as ws:
            assert ws.receive_json()["code"] == "bad-token"


def test_only_a_signed_in_player_opens_a_turn_based_table_and_its_fields_are_checked(app):
    with _client(app) as guest, _client(app) as ann:
        r = guest.post("/api/tables", json=SPEC)
        assert r.status_code == 403 and r.json()["error"] == "turn-sign-in"
        sign_in(ann, "Ann")
        for bad in ({"move_days": 2}, {"move_timer": 30}, {"reserve_days": 5}, {"pace": "slow"}):
            r = ann.post("/api/tables", json=SPEC | bad)
            assert r.status_code == 400 and r.json()["error"] in ("bad-pace", "bad-timer"), (bad, r.text)
        r = ann.post("/api/tables", json={k: v for k, v in SPEC.items() if k != "pace"})  # move_days without pace
        assert r.status_code == 400 and r.json()["error"] == "bad-pace"
        r = ann.post("/api/tables", json=SPEC | {"seats": [{"kind": "bot"}] * 4})
        assert r.status_code == 400 and r.json()["error"] == "bad-pace"
        assert app.state.manager.live == {} or all(not t.turn_based for t in app.state.manager.live.values())


def test_a_turn_based_table_is_never_closed_while_its_clock_runs(app):
    with _client(app) as ann:
        sign_in(ann, "Ann")
        tid = ann.post("/api/tables", json=SPEC).json()["id"]
        t = app.state.manager.live[tid]
        assert t.turn_based
        s = app.state.settings
        later = time.time() + 30 * DAY  # a month with nobody there
        assert expiry.expiry_reason(t, later, s.table_idle_s, s.table_empty_s) is None
        assert expiry._abandoned(app.state.manager, [tid], later) == []
        realtime = ann.post("/api/tables", json={k: v for k, v in SPEC.items() if k not in ("pace", "move_days")})
        rt = app.state.manager.live[realtime.json()["id"]]
        assert expiry.expiry_reason(rt, later, s.table_idle_s, s.table_empty_s) is not None


def test_a_rematch_keeps_the_pace():
    from yezi.server.tables import pace_spec

    assert pace_spec(3 * DAY, 7 * DAY) == {"pace": "turn", "move_days": 3, "reserve_days": 7}
    assert pace_spec(30, 60) == {"move_timer": 30, "time_bank": 60}
