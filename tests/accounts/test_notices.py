"""Notices (issue 23, `yezi.server.accounts.notices` / `.deliver` / `.push`): "your move" at a
turn-based table reaches the seat's account and only it, live on its open sockets and in its list;
the payload keeps whitelisted fields only, so no card can reach a notice; a push endpoint must be a
public https address; Web Push end to end against a loopback push service that checks the VAPID
signature and decrypts the RFC 8291 payload; a daily digest mail; quiet hours hold pushes back."""

from __future__ import annotations

import base64
import json
import os
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server import together
from yezi.server.accounts import notices, push
from yezi.server.app import create_app
from yezi.server.config import Settings
from yezi.server.errors import TableError

SPEC = {"game": "lukfu", "num_deals": 2, "name": "Ann", "pace": "turn", "move_days": 1,
        "seats": [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "bot", "bot": "heuristic"},
                  {"kind": "bot", "bot": "heuristic"}]}


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


def _c(app) -> TestClient:
    return TestClient(app, base_url="http://localhost")


def _until(pred, timeout: float = 10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("not in time")


def test_your_move_reaches_the_seats_account_only_live_and_listed(app):
    with _c(app) as ann, _c(app) as bob:
        sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        t = ann.post("/api/tables", json=SPEC).json()
        assert bob.post(f"/t/{t['id']}/session", json={"token": t["seats"]["1"]["token"]}).status_code == 200
        live = app.state.manager.live[t["id"]]
        with ann.websocket_connect(f"ws://localhost/t/{t['id']}/ws?seat=0&lang=en") as ws_a, \
                bob.websocket_connect(f"ws://localhost/t/{t['id']}/ws?seat=1") as ws_b:
            ws_a.receive_json()
            ws_b.receive_json()
            for _ in range(200):  # the people play their moves (the bots theirs) for a while
                if live.current.state.current_player is None:
                    break
                acted = False
                for pos, ws in ((0, ws_a), (1, ws_b)):
                    st = live.current.state
                    part = together.frame_part(live, pos)
                    legal = part["legal"] if part else (st.legal_actions() if live.may_act(live.seat_of(pos)) else None)
                    if legal:
                        ws.send_json({"type": "action", "action": legal[0], "seq": len(st.history)})
                        while ws.receive_json()["type"] not in ("ack", "error"):
                            pass
                        acted = True
                if not acted:
                    time.sleep(0.02)
                if all(c.get("/api/notices").json()["notices"] for c in (ann, bob)):
                    break
            lists = {who: c.get("/api/notices?lang=en").json() for who, c in (("ann", ann), ("bob", bob))}
            for who, got in lists.items():
                assert got["notices"] and all(n["kind"] == "your-turn" and n["url"] == f"/t/{t['id']}"
                                              for n in got["notices"]), (who, got)
                assert got["unread"] == len(got["notices"])
            frames = []
            while True:  # Ann's socket heard hers live
                f = ws_a.receive_json()
                if f["type"] == "notice":
                    frames.append(f)
                    break
            assert frames[0]["text"].startswith("Your move")
        n = lists["ann"]["notices"][0]
        assert ann.post("/api/notices/read", json={"ids": [n["id"]]}).json()["read"] == 1
        assert bob.post("/api/notices/read", json={"ids": [n["id"]]}).json()["read"] == 0  # not his
        assert ann.get("/api/notices").json()["unread"] == lists["ann"]["unread"] - 1


def test_no_card_reaches_a_notice_whatever_its_payload_holds():
    from yezi.components import tiengow as tg
    from yezi.core.registry import load_game

    rng = random.Random(5)
    names = {tg.name(k, lang) for k in set(tg.domino_set()) for lang in ("zh-hant", "zh-hans", "en")}
    game = load_game("tiengow")
    from yezi.server import catalog

    titles = catalog.describe("tiengow")["titles"]
    for i in range(300):
        st = game.new_state(game.deal_from_seed(rng.randrange(2**32)))
        views = [st.view(s) for s in range(game.num_seats)]
        leaky = {"table": f"T{i}", "game": "tiengow", "title": "", "hand": json.dumps(views), "view": views,
                 "cards": sorted(names), "name": ""}
        for kind in notices.KINDS:
            for lang in ("zh-hant", "zh-hans", "en"):
                text = notices.render(kind, leaky, lang)
                assert text == notices.render(kind, {"table": f"T{i}", "game": "tiengow"}, lang)
                rest = text.replace(titles[lang], "")  # (the game's own name holds 天, "Heaven")
                assert not any(n in rest for n in names if len(n) > 1), text
    assert set(notices.clean_payload({"hand": "天牌", "table": "x", "game": "g"})) == {"table", "game"}


def test_a_push_endpoint_is_a_public_https_address(monkeypatch):
    monkeypatch.delenv("YEZI_PUSH_ALLOW_PRIVATE", raising=False)
    public = lambda host, port, proto=0: [(0, 0, 0, "", ("142.250.1.1", 443))]  # noqa: E731
    for url in ("http://push.example/x", "https://127.0.0.1/x", "https://10.1.2.3/x", "https://[::1]/x",
                "https://user:pw@push.example/x", "https://push.example:8443/x", "ftp://push.example/x", "x" * 2000):
        with pytest.raises(TableError):
            push.check_endpoint(url, resolve=public)
    with pytest.raises(TableError):  # a public name that resolves to a private address
        push.check_endpoint("https://rebind.example/x", resolve=lambda h, p, proto=0: [(0, 0, 0, "", ("192.168.1.5", 443))])
    push.check_endpoint("https://fcm.googleapis.com/fcm/send/abc", resolve=public)


class _PushService(BaseHTTPRequestHandler):
    got: list[tuple[dict[str, str], bytes]] = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        _PushService.got.append(({k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(201)
        self.end_headers()

    def log_message(self, *a):  # quiet
        pass


def _b64d(s: str) -> bytes:
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def test_web_push_end_to_end_signed_and_encrypted(app, monkeypatch):
    import http_ece
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

    monkeypatch.setenv("YEZI_PUSH_ALLOW_PRIVATE", "1")
    srv = HTTPServer(("127.0.0.1", 0), _PushService)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    _PushService.got = []
    receiver = ec.generate_private_key(ec.SECP256R1())
    p256dh = base64.urlsafe_b64encode(receiver.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)).rstrip(b"=").decode()
    auth = os.urandom(16)
    try:
        with _c(app) as ann:
            user = sign_in(ann, "Ann")
            key = ann.get("/api/push/key").json()["key"]
            endpoint = f"http://127.0.0.1:{srv.server_port}/push/ann"
            r = ann.post("/api/push/subscribe", json={"endpoint": endpoint, "keys": {
                "p256dh": p256dh, "auth": base64.urlsafe_b64encode(auth).rstrip(b"=").decode()}})
            assert r.status_code == 200, r.text
            ctx = app.state.ctx
            ann.portal.call(ctx.notices.notify, user.id, notices.YOUR_TURN, {"table": "abc", "game": "lukfu",
                                                                              "title": "Sunday"})
            _until(lambda: _PushService.got, 15)
            headers, body = _PushService.got[0]
            # the VAPID JWT, signed by the key the server publishes
            auth_h = headers["authorization"]
            assert auth_h.startswith("vapid ")
            parts = dict(p.strip().split("=", 1) for p in auth_h[6:].split(","))
            assert parts["k"] == key
            head, claims, sig = parts["t"].split(".")
            pub = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _b64d(parts["k"]))
            raw = _b64d(sig)
            pub.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                       f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
            assert json.loads(_b64d(claims))["aud"] == f"http://127.0.0.1:{srv.server_port}"
            # the RFC 8291 payload, readable with the subscription's private key only
            assert headers["content-encoding"] == "aes128gcm"
            data = json.loads(http_ece.decrypt(body, private_key=receiver, auth_secret=auth, version="aes128gcm"))
            assert data["url"] == "/t/abc" and "Sunday" in data["body"]
    finally:
        srv.shutdown()


def test_quiet_hours_in_the_users_time_zone():
    p = notices.Prefs(quiet_start="22:00", quiet_end="07:00", tz="Asia/Hong_Kong")
    from datetime import datetime
    from zoneinfo import ZoneInfo

    at = lambda h: datetime(2026, 12, 2, h, 30, tzinfo=ZoneInfo("Asia/Hong_Kong")).timestamp()  # noqa: E731
    assert p.quiet(at(23)) and p.quiet(at(3)) and not p.quiet(at(7)) and not p.quiet(at(12))
    assert not notices.Prefs().quiet(at(3))


def test_the_first_move_is_noticed_to_the_seats_taken_after_it_began(app):
    """Pai gow's hands are set by everyone at once from the start: the host who opened the table and
    the friend who took a seat later are each told it is their move, once."""
    spec = {"game": "paigow", "num_deals": 1, "name": "Ann", "pace": "turn", "move_days": 1,
            "seats": [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "random"}]}
    with _c(app) as ann, _c(app) as bob:
        sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        t = ann.post("/api/tables", json=spec).json()
        mine = _until(lambda: ann.get("/api/notices").json()["notices"])
        assert [(n["kind"], n["url"]) for n in mine] == [("your-turn", f"/t/{t['id']}")]
        assert bob.get("/api/notices").json()["notices"] == []
        assert bob.post(f"/t/{t['id']}/session", json={"token": t["seats"]["1"]["token"]}).status_code == 200
        his = _until(lambda: bob.get("/api/notices").json()["notices"])
        assert [n["kind"] for n in his] == ["your-turn"]
        # taking the seat again, or linking it again, tells nobody twice
        assert bob.post(f"/t/{t['id']}/account", json={}).status_code == 200
        time.sleep(0.3)
        assert len(bob.get("/api/notices").json()["notices"]) == 1
        assert len(ann.get("/api/notices").json()["notices"]) == 1
