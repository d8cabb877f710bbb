"""Finding 8 of issue 11: no Origin check. Another site's page could open tables (a "simple"
text/plain POST needs no CORS preflight) and drive sockets in a visitor's browser."""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.web.helpers import Server

EVIL = "https://evil.example"


def listed_ids(server: Server) -> set[str]:
    return {t["id"] for t in server.get("/api/tables").json()["tables"]}


def test_cross_site_text_plain_post(server: Server):
    """What a hidden <form enctype="text/plain"> on another site sends: refused, no table made."""
    before = listed_ids(server)
    body = json.dumps({"game": "lukfu", "title": "csrf"})
    r = httpx.post(server.base + "/api/tables", content=body, timeout=10,
                   headers={"Content-Type": "text/plain", "Origin": EVIL, "Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403, r.text
    assert r.json()["error"] == "bad-origin" and r.json()["message"]
    assert listed_ids(server) == before
    # the same with a JSON content type (a fetch that a CORS preflight would have stopped) is refused too
    r = httpx.post(server.base + "/api/tables", content=body, timeout=10,
                   headers={"Content-Type": "application/json", "Origin": EVIL})
    assert r.status_code == 403 and r.json()["error"] == "bad-origin"
    # a browser that sends only Sec-Fetch-Site
    r = httpx.post(server.base + "/api/tables", content=body, timeout=10,
                   headers={"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403 and r.json()["error"] == "bad-origin"
    assert listed_ids(server) == before


@pytest.mark.parametrize("path", ["/api/games/lukfu/resolve", "/api/replay", "claim"])
def test_cross_site_post_other_endpoints(server: Server, path: str):
    if path == "claim":
        t = server.create(seats=[{"kind": "human"}, {"kind": "human", "access": "open"}, {"kind": "bot"},
                                 {"kind": "bot"}])
        path = f"/api/tables/{t['id']}/claim"
    r = httpx.post(server.base + path, content=json.dumps({"position": 1}), timeout=10,
                   headers={"Content-Type": "text/plain", "Origin": EVIL})
    assert r.status_code == 403 and r.json()["error"] == "bad-origin"


def test_same_origin_and_plain_clients_pass(server: Server):
    # the app's own page (what Chromium sends for a same-origin fetch)
    r = httpx.post(server.base + "/api/tables", json={"game": "lukfu"}, timeout=10,
                   headers={"Origin": server.base, "Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 201, r.text
    # a script or the CLI: neither header
    assert server.post("/api/tables", {"game": "lukfu"}).status_code == 201
    # reading is never refused (GET carries no state change)
    assert httpx.get(server.base + "/api/tables", headers={"Origin": EVIL}, timeout=10).status_code == 200


def test_cross_origin_ws_handshake(server: Server):
    t = server.create()
    url = f"{server.ws_base}/ws/{t['id']}"
    auth = {"Authorization": f"Bearer {t['seats']['0']['token']}"}
    with pytest.raises(InvalidStatus) as e:
        connect(url, origin=EVIL, open_timeout=10, additional_headers=auth)
    assert e.value.response.status_code == 403
    assert json.loads(e.value.response.body)["error"] == "bad-origin"
    with pytest.raises(InvalidStatus):
        connect(url, origin="null", open_timeout=10, additional_headers=auth)  # a sandboxed frame or a file: page
    # the app's own page connects
    with connect(url, origin=server.base, open_timeout=10, additional_headers=auth) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_allowed_origins_setting(own_server):
    srv = own_server(YEZI_ALLOWED_ORIGINS="https://friend.example, https://other.example/")
    for origin, status in [("https://friend.example", 201), ("https://other.example", 201), (EVIL, 403)]:
        r = httpx.post(srv.base + "/api/tables", json={"game": "lukfu"}, headers={"Origin": origin}, timeout=10)
        assert r.status_code == status, (origin, r.text)
    t = srv.create()
    with connect(f"{srv.ws_base}/ws/{t['id']}", origin="https://friend.example", open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
    with pytest.raises(InvalidStatus):
        connect(f"{srv.ws_base}/ws/{t['id']}", origin=EVIL, open_timeout=10)


def test_a_dns_rebinding_page_is_refused_by_its_host_name(server: Server, own_server):
    """Issue 26: a page at http://evil.example:<port> whose name is made to resolve to this server sends
    Origin and Host both naming evil.example, so it passed as same-origin (it could open tables and
    read every answer). The Host must name this server: refused 400 bad-host, reads too."""
    rebound = f"evil.example:{server.port}"
    body = json.dumps({"game": "lukfu", "title": "rebinding"})
    before = listed_ids(server)
    r = httpx.post(server.base + "/api/tables", content=body, timeout=10,
                   headers={"Content-Type": "application/json", "Host": rebound, "Origin": f"http://{rebound}"})
    assert r.status_code == 400 and r.json()["error"] == "bad-host" and "YEZI_ALLOWED_HOSTS" in r.json()["message"]
    r = httpx.get(server.base + "/api/tables", headers={"Host": rebound}, timeout=10)
    assert r.status_code == 400 and r.json()["error"] == "bad-host"
    assert listed_ids(server) == before
    # this machine's own names pass: an IP address, localhost
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"[::1]:{server.port}"):
        assert httpx.get(server.base + "/api/tables", headers={"Host": host}, timeout=10).status_code == 200, host
    # and the names the operator lists (or the hosts of the allowed origins)
    srv = own_server(YEZI_ALLOWED_HOSTS="play.example.org", YEZI_ALLOWED_ORIGINS="https://games.example.net")
    for host in ("play.example.org", "Play.Example.org:443", "games.example.net"):
        assert httpx.get(srv.base + "/api/tables", headers={"Host": host}, timeout=10).status_code == 200, host
    assert httpx.get(srv.base + "/api/tables", headers={"Host": "evil.example"}, timeout=10).status_code == 400
