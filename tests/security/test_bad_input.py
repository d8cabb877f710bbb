"""Finding 7 of issue 11: bad input got a 500 or a dropped socket instead of a clear error.

Each test sends the attack to a real server and asserts a clean refusal (HTTP 400 with a code, or a
WebSocket error frame) after which the same connection and the server still work."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from tests.web.helpers import Client, Server

DEEP_LIST = "[" * 2000 + "]" * 2000  # 4 KB: under every size limit, past Python's json recursion limit
SURROGATE = "\ud800"


def post_raw(server: Server, path: str, body: str | bytes, ctype: str = "application/json") -> httpx.Response:
    return httpx.post(server.base + path, content=body, headers={"Content-Type": ctype}, timeout=10)


def assert_refused(r: httpx.Response, code: str | None = None, status: int = 400) -> None:
    assert r.status_code == status, (r.status_code, r.text[:300])
    body = r.json()
    assert body["message"], body
    if code is not None:
        assert body["error"] == code, body


def assert_still_serving(server: Server) -> None:
    assert server.get("/api/health").json()["ok"]
    server.create()


def two_human_table(server: Server) -> dict:
    """Seat 1 is open to anyone, so that it can be claimed."""
    return server.create(seats=[{"kind": "human"}, {"kind": "human", "access": "open"}, {"kind": "bot"},
                                {"kind": "bot"}])


# ---- deep JSON: every JSON endpoint ----------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/tables", "/api/games/lukfu/resolve", "/api/replay", "claim"])
def test_deep_json_http(server: Server, path: str):
    if path == "claim":
        path = f"/api/tables/{two_human_table(server)['id']}/claim"
    r = post_raw(server, path, DEEP_LIST)
    assert_refused(r)
    assert r.json()["error"] in ("bad-json", "bad-record")
    deep_object = '{"a":' * 600 + "1" + "}" * 600  # 3.6 KB
    assert_refused(post_raw(server, path, deep_object), "bad-json")
    assert_still_serving(server)


# ---- WebSocket: an error frame, and the connection's sender still works ------------------------

def seat_client(server: Server) -> tuple[dict, Client]:
    t = server.create()
    cl = server.client(t["id"], t["seats"]["0"]["token"])
    cl.state()
    return t, cl


def assert_error_then_alive(cl: Client, code: str) -> dict:
    """The next answer is an error frame with `code`; then a ping on the same socket is answered
    (the old code could leave a socket open with a dead sender, or drop it without a close frame)."""
    f = cl.wait(lambda f: f["type"] in ("error", "ack", "pong"), timeout=5)
    assert f["type"] == "error" and f["code"] == code, f
    assert f["message"]
    cl.send({"type": "ping", "id": "still-there"})
    assert cl.wait(lambda f: f["type"] == "pong", timeout=5)["id"] == "still-there"
    return f


@pytest.mark.parametrize("text", [DEEP_LIST, '{"type":"action","action":' + "[" * 1900 + "]" * 1900 + "}"],
                         ids=["list", "in-action"])
def test_deep_json_ws(server: Server, text: str):
    t, cl = seat_client(server)
    other = server.client(t["id"])  # a spectator at the same table
    other.state()
    cl.send(text)
    assert_error_then_alive(cl, "bad-json")
    other.send({"type": "ping", "id": "o"})
    assert other.wait_type("pong")["id"] == "o"
    cl.close()
    other.close()


def test_lone_surrogate_in_ping_id(server: Server):
    _, cl = seat_client(server)
    cl.send(json.dumps({"type": "ping", "id": SURROGATE}))
    assert_error_then_alive(cl, "bad-json")
    cl.close()


def test_lone_surrogate_in_action_id(server: Server):
    _, cl = seat_client(server)
    before = cl.sync()
    action = (before.get("legal") or [0])[0]
    cl.send(json.dumps({"type": "action", "action": action, "id": "a" + SURROGATE}))
    assert_error_then_alive(cl, "bad-json")
    after = cl.sync()
    assert after["seq"] == before["seq"] and after["view"] == before["view"]  # nothing was played
    cl.close()


def test_lone_surrogate_in_ws_name(server: Server):
    t, cl = seat_client(server)
    other = server.client(t["id"])
    other.state()
    cl.send(json.dumps({"type": "name", "name": "Ann" + SURROGATE}))
    assert_error_then_alive(cl, "bad-json")
    other.send({"type": "ping", "id": "o"})
    assert other.wait_type("pong")["id"] == "o"
    names = [p["name"] for p in server.get(f"/api/tables/{t['id']}").json()["players"]]
    assert all(SURROGATE not in n for n in names)
    cl.close()
    other.close()


# ---- lone surrogates over HTTP ---------------------------------------------------------------

@pytest.mark.parametrize("field", ["name", "title"])
def test_lone_surrogate_in_create(server: Server, field: str):
    r = post_raw(server, "/api/tables", json.dumps({"game": "lukfu", field: "x" + SURROGATE}))
    assert_refused(r, "bad-json")
    assert "surrogate" in r.json()["message"]
    assert_still_serving(server)


def test_lone_surrogate_in_claim(server: Server):
    t = two_human_table(server)
    r = post_raw(server, f"/api/tables/{t['id']}/claim", json.dumps({"position": 1, "name": SURROGATE + "x"}))
    assert_refused(r, "bad-json")
    seat = server.get(f"/api/tables/{t['id']}").json()["players"][1]
    assert not seat["claimed"]  # nothing changed: the seat is still free
    assert server.post(f"/api/tables/{t['id']}/claim", {"position": 1, "name": "Bo"}).status_code == 200


# ---- wrong types: refused, never coerced ------------------------------------------------------

@pytest.mark.parametrize("preset", [[], ["hakka-hk"], {}], ids=["empty", "list", "object"])
def test_preset_list(server: Server, preset):
    """The old code took [] for "no preset" and failed with a 500 on a list it could not hash."""
    assert_refused(server.post("/api/tables", {"game": "lukfu", "preset": preset}), "bad-options")
    assert_refused(server.post("/api/games/lukfu/resolve", {"preset": preset}), "bad-options")
    assert_still_serving(server)


def test_host_seat_float(server: Server):
    assert_refused(server.post("/api/tables", {"game": "lukfu", "host_seat": 0.0}), "bad-seats")
    assert_still_serving(server)


def test_listed_string_false(server: Server):
    before = {t["id"] for t in server.get("/api/tables").json()["tables"]}
    r = server.post("/api/tables", {"game": "lukfu", "listed": "false", "title": "listed-string"})
    assert_refused(r, "bad-request")
    assert "listed" in r.json()["message"]
    after = server.get("/api/tables").json()["tables"]
    assert not [t for t in after if t["id"] not in before and t["title"] == "listed-string"]
    # the boolean is honoured
    t = server.create(listed=False, title="unlisted")
    assert t["id"] not in {x["id"] for x in server.get("/api/tables").json()["tables"]}


def test_host_seat_true(server: Server):
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]
    r = server.post("/api/tables", {"game": "lukfu", "seats": seats, "host_seat": True})
    assert_refused(r, "bad-seats")
    assert server.create(seats=seats, host_seat=1)["host"] == 1


def test_ws_wrong_types(server: Server):
    """The same strictness over the socket: true is not an action code, "3" is not a move count."""
    _, cl = seat_client(server)
    cl.send({"type": "action", "action": True, "id": "t1"})
    assert assert_error_then_alive(cl, "bad-action")["id"] == "t1"
    cl.send({"type": "action", "action": 0, "id": "t2", "seq": "0"})
    assert_error_then_alive(cl, "bad-message")
    cl.send({"type": "lang", "lang": ["en"]})
    assert_error_then_alive(cl, "bad-lang")
    cl.close()


def test_json_endpoints_want_json(server: Server):
    """A form-encoded or text/plain body is refused with 415 before it is read."""
    r = post_raw(server, "/api/tables", json.dumps({"game": "lukfu"}), "text/plain")
    assert_refused(r, "unsupported-media-type", 415)
    r = post_raw(server, "/api/tables", "game=lukfu", "application/x-www-form-urlencoded")
    assert_refused(r, "unsupported-media-type", 415)


def test_unicode_digit_seat_in_replay():
    """'²'.isdigit() is true but int('²') raises: the table replay answered a 500."""
    import os
    import tempfile

    srv = Server("sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-sec-"), "yezi.db"), bot_delay=0).start()
    try:
        t = srv.create(seats=[{"kind": "bot"}] * 4)
        deadline = time.time() + 30
        while not srv.get(f"/api/tables/{t['id']}").json()["deals"][0]["over"]:
            assert time.time() < deadline, "the bots did not finish a deal"
            time.sleep(0.1)
        r = srv.get(f"/api/tables/{t['id']}/deals/0/replay", params={"seat": "²"})
        assert_refused(r, "bad-seat")
        assert srv.get(f"/api/tables/{t['id']}/deals/0/replay", params={"seat": "1"}).status_code == 200
    finally:
        srv.stop()


@pytest.mark.parametrize("spec", [{"move_timer": 15.0}, {"move_timer": 15, "time_bank": False},
                                  {"move_timer": 15, "time_bank": 60.0}, {"move_timer": False}])
def test_timer_seconds_are_whole_numbers_not_floats_or_booleans(server: Server, spec):
    """Issue 26: ``move_timer: 15.0`` and ``time_bank: false`` made tables (a literal 15 equals 15.0,
    and 0 equals false); the schema documents whole seconds."""
    before = {t["id"] for t in server.get("/api/tables").json()["tables"]}
    assert_refused(server.post("/api/tables", {"game": "lukfu", **spec}), "bad-timer")
    assert {t["id"] for t in server.get("/api/tables").json()["tables"]} == before
    assert server.post("/api/tables", {"game": "lukfu", "move_timer": 15, "time_bank": 0}).status_code == 201
