"""Issue 11, finding 4: seat tokens were written to the access log (``GET /t/<id>?token=…``,
``"WebSocket /ws/<id>?token=…"``) and stayed in the address bar, so a copied address gave the
seat away. Now a seat link's secret is in its fragment, exchanged for an HttpOnly cookie and
cleared from the address bar, the WebSocket authenticates by the cookie, and no log line holds a
query string or a secret."""

from __future__ import annotations

import logging
import random
import re
import time

import httpx
import pytest

from tests.security._access import access_server
from tests.web.helpers import Client, play_random, playwright_or_skip
from yezi.server.logs import Dedupe, Redact, redact


def test_no_token_in_any_log_line_through_a_full_flow():
    tokens: list[str] = []
    with access_server(log_level="debug") as srv:
        t = srv.create(seats=[{"kind": "human"}, {"kind": "human", "access": "invite"},
                              {"kind": "human", "access": "open"}, {"kind": "bot"}], name="Host")
        tid = t["id"]
        tokens += [s["token"] for s in t["seats"].values()]
        # the friend's browser loads the page (older links put the secret in the query) and exchanges it
        friend = t["seats"]["1"]["token"]
        assert srv.get(f"/t/{tid}?token={friend}").status_code == 200
        r = srv.post(f"/t/{tid}/session", {"token": friend})
        cookie1 = r.headers["set-cookie"].split(";")[0]
        # a stranger claims the open seat
        r = srv.post(f"/api/tables/{tid}/claim", {"position": 2, "name": "Wu"})
        tokens.append(r.json()["token"])
        cookie2 = r.headers["set-cookie"].split(";")[0]
        # the host re-issues seat 1 and the friend takes the new link
        host_cookie = srv.post(f"/t/{tid}/session", {"token": t["seats"]["0"]["token"]}).headers["set-cookie"]
        r = httpx.post(f"{srv.base}/t/{tid}/invite", json={"position": 1}, headers={"Cookie": host_cookie.split(";")[0]})
        tokens.append(r.json()["token"])
        cookie1 = srv.post(f"/t/{tid}/session", {"token": r.json()["token"]}).headers["set-cookie"].split(";")[0]
        # a script that still puts the token in the WebSocket address is refused (and not logged)
        old = Client(f"{srv.ws_base}/ws/{tid}?token={t['seats']['0']['token']}")
        assert old.recv()["code"] == "token-in-url"
        old.close()
        # everyone plays over cookie-authenticated WebSockets until the deal is over
        host_ws = Client(f"{srv.ws_base}/t/{tid}/ws?seat=0&name=Host", {"Cookie": host_cookie.split(";")[0]})
        ws1 = Client(f"{srv.ws_base}/t/{tid}/ws?seat=1&name=Mei", {"Cookie": cookie1})
        ws2 = Client(f"{srv.ws_base}/t/{tid}/ws?seat=2", {"Cookie": cookie2})
        clients = {0: host_ws, 1: ws1, 2: ws2}
        rng = random.Random(3)
        for _ in range(200):
            f = host_ws.sync()
            if f["deal_over"]:
                break
            pos = f["to_act_position"]
            if pos in clients:
                cl = clients[pos]
                g = cl.sync()
                if g.get("legal"):
                    cl.send({"type": "action", "action": rng.choice(g["legal"]), "id": f"a{g['seq']}", "seq": g["seq"]})
                    cl.wait(lambda x: x["type"] in ("ack", "error"))
            else:
                time.sleep(0.05)
        assert host_ws.sync()["deal_over"]
        for cl in clients.values():
            cl.close()
        assert srv.get(f"/api/tables/{tid}/deals/0/record.txt").status_code == 200
        time.sleep(0.5)
        log = srv.log()
    assert "GET /t/" in log and "WebSocket /t/" in log and "POST /t/" in log, log[-2000:]  # the flow was logged
    assert len(set(tokens)) == 4
    for tok in tokens:
        assert tok not in log, f"a seat token is in the server log: {tok}"
    assert "token=" not in log


def test_redaction_and_deduplication_filters():
    assert redact('GET /t/abc?token=SECRETSECRET HTTP/1.1') == "GET /t/abc?… HTTP/1.1"
    assert "SECRETSECRET" not in redact("set-cookie: yz_s1=SECRETSECRET; Path=/t/abc")
    assert "SECRETSECRET" not in redact("authorization: Bearer SECRETSECRET")
    rec = logging.LogRecord("uvicorn.error", logging.INFO, "", 0, '%s - "WebSocket %s" [accepted]',
                            ("127.0.0.1:5", "/ws/x?token=SECRETSECRET"), None)
    Redact().filter(rec)
    assert "SECRETSECRET" not in rec.getMessage()

    d = Dedupe(window=0.3)
    err = OSError(24, "Too many open files")

    def record():
        return logging.LogRecord("asyncio", logging.ERROR, "", 0, "socket.accept() out of system resource", (),
                                 (OSError, err, None))

    passed = [d.filter(record()) for _ in range(10_000)]
    assert passed.count(True) == 1
    time.sleep(0.35)
    again = record()
    assert d.filter(again) and "repeated 9,999 times" in again.getMessage()
    other = logging.LogRecord("x", logging.ERROR, "", 0, "something else", (), None)
    assert d.filter(other)


@pytest.fixture(scope="module")
def browser_api():
    return playwright_or_skip()


def test_address_bar_never_keeps_a_seat_secret(browser_api):
    from tests.web.helpers import CHROMIUM, CHROMIUM_FLAGS

    with access_server() as srv, browser_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            # the host creates a table in the lobby: the address is the table's, with no secret
            host = b.new_context(viewport={"width": 1100, "height": 900}).new_page()
            host.goto(srv.base + "/")
            host.wait_for_selector("#create-btn")
            host.select_option("select[data-seat='1']", "friend")
            host.select_option("select[data-seat='3']", "open")  # seat 2 is Luk Fu's dummy: no choice
            host.click("#create-btn")
            host.wait_for_selector("#hand")
            tid = host.url.rsplit("/", 1)[1]
            assert re.fullmatch(rf"{re.escape(srv.base)}/t/[A-Za-z0-9_-]+", host.url), host.url
            invite = host.locator(".invite-link[data-pos='1']").input_value()
            watch = host.locator(".watch-link").input_value()
            assert "#seat=" in invite and watch == f"{srv.base}/t/{tid}"
            assert host.locator(".invite-link[data-pos='2']").count() == 0  # an open seat has no link
            assert host.evaluate("document.cookie") == ""  # HttpOnly: no script reads the seat cookie
            # the friend opens the invitation: the secret leaves the address bar, the seat is theirs
            ctx = b.new_context(viewport={"width": 1100, "height": 900})
            friend = ctx.new_page()
            friend.goto(invite)
            friend.wait_for_selector("#hand")
            secret = invite.split("#seat=")[1]
            assert friend.url == f"{srv.base}/t/{tid}", friend.url
            assert secret not in friend.evaluate("location.href + history.length + document.cookie")
            cookies = ctx.cookies()
            assert [(c["name"], c["path"], c["httpOnly"], c["sameSite"]) for c in cookies] == [
                ("yz_s1", f"/t/{tid}", True, "Strict")]
            # the copied address opens a spectator's view in another browser
            other = b.new_context().new_page()
            other.goto(friend.url)
            other.wait_for_selector(".tbl-head")
            assert other.locator("#hand button.card").count() == 0
            # the host makes a new invitation: a new link, and the old one opens nothing any more
            host.click("[data-reissue='1']")
            from playwright.sync_api import expect

            # polled from Python: a string predicate is evaluated as script, which the page's CSP forbids
            expect(host.locator(".invite-link[data-pos='1']")).not_to_have_value(invite, timeout=10_000)
            fresh = host.locator(".invite-link[data-pos='1']").input_value()
            assert "#seat=" in fresh and fresh != invite
            assert httpx.post(f"{srv.base}/t/{tid}/session", json={"token": secret}).status_code == 403
            friend.goto(fresh)
            friend.wait_for_selector("#hand button.card")
            secret = fresh.split("#seat=")[1]
            # a reload keeps the seat (the cookie), still with no secret in the address
            friend.reload()
            friend.wait_for_selector("#hand button.card")
            assert friend.url == f"{srv.base}/t/{tid}"
            # an older ?token= link is cleared from the address too
            legacy = b.new_context().new_page()
            legacy.goto(f"{srv.base}/t/{tid}?token={secret}")
            legacy.wait_for_selector("#hand button.card")
            assert legacy.url == f"{srv.base}/t/{tid}"
        finally:
            b.close()


def test_play_random_still_works_with_header_credentials():
    with access_server() as srv:
        t = srv.create(name="Ann")
        cl = srv.client(t["id"], t["seats"]["0"]["token"])
        assert play_random(cl, random.Random(1))["deal_over"]
        cl.close()
