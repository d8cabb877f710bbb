"""Issue 11, finding 2: the per-client creation limit was bypassed with a fake X-Forwarded-For
(uvicorn believed it from any loopback peer), and 5,000 tables filled the server for good."""

from __future__ import annotations

import pytest

from tests.security._access import access_server
from yezi.server.clients import ClientLimits, TrustedProxies, address_key, client_host
from yezi.server.config import Settings

LUKFU = {"game": "lukfu"}


def _scope(peer: str, xff: str | None = None) -> dict:
    headers = [(b"x-forwarded-for", xff.encode())] if xff else []
    return {"type": "http", "client": (peer, 5555), "headers": headers}


def test_fake_forwarded_for_does_not_escape_the_creation_limit():
    with access_server(YEZI_CREATE_PER_MINUTE="5") as srv:
        codes = [srv.post("/api/tables", LUKFU, headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
                 for i in range(8)]
        assert codes.count(201) == 5 and codes[5:] == [429, 429, 429], codes
        r = srv.post("/api/tables", LUKFU, headers={"X-Forwarded-For": "198.51.100.7"})
        assert r.status_code == 429 and r.json()["error"] == "rate-limited"


def test_a_trusted_proxy_names_its_clients():
    with access_server(YEZI_CREATE_PER_MINUTE="2", YEZI_TRUSTED_PROXIES="127.0.0.1") as srv:
        for i in range(4):  # four clients behind the proxy: two each
            for _ in range(2):
                assert srv.post("/api/tables", LUKFU, headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code == 201
        r = srv.post("/api/tables", LUKFU, headers={"X-Forwarded-For": "203.0.113.0"})
        assert r.status_code == 429


def test_open_tables_per_client_and_server_wide_caps():
    with access_server(YEZI_MAX_TABLES_PER_CLIENT="3", YEZI_MAX_OPEN_TABLES="5") as srv:
        assert [srv.post("/api/tables", LUKFU).status_code for _ in range(3)] == [201] * 3
        r = srv.post("/api/tables", LUKFU)
        assert r.status_code == 429 and r.json()["error"] == "too-many-tables"
    with access_server(YEZI_MAX_OPEN_TABLES="2") as srv:
        assert [srv.post("/api/tables", LUKFU).status_code for _ in range(2)] == [201] * 2
        r = srv.post("/api/tables", LUKFU)
        assert r.status_code == 503 and r.json()["error"] == "full" and "try later" in r.json()["message"]


def test_client_address_rules():
    none = TrustedProxies("")
    assert client_host(_scope("127.0.0.1", "1.2.3.4"), none) == "127.0.0.1"
    proxy = TrustedProxies("127.0.0.1, 10.0.0.0/8")
    # the right-most address that is not a trusted proxy; what the client wrote on the left is ignored
    assert client_host(_scope("127.0.0.1", "6.6.6.6, 1.2.3.4, 10.1.1.1"), proxy) == "1.2.3.4"
    assert client_host(_scope("127.0.0.1"), proxy) == "127.0.0.1"
    assert client_host(_scope("8.8.8.8", "1.2.3.4"), proxy) == "8.8.8.8"  # not a proxy: header ignored
    assert address_key("2001:db8:1:2:3:4:5:6") == address_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert address_key("::ffff:1.2.3.4") == "1.2.3.4"
    assert none.uvicorn_kwargs()["proxy_headers"] is False
    assert proxy.uvicorn_kwargs()["forwarded_allow_ips"] == "127.0.0.1/32,10.0.0.0/8"
    with pytest.raises(ValueError):
        TrustedProxies("*")
    with pytest.raises(ValueError):
        TrustedProxies("not-an-address")


def test_limits_release_closed_tables():
    s = Settings()
    s.max_tables_per_client, s.create_per_minute = 2, 100
    lim = ClientLimits(s)
    for tid in ("a", "b"):
        assert lim.creation_refusal("k") is None
        lim.own("k", tid)
    assert lim.creation_refusal("k")[0] == "too-many-tables"
    lim.release("a")
    assert lim.creation_refusal("k") is None


def test_serve_passes_proxy_and_timeout_settings(monkeypatch):
    from yezi.cli.serve import uvicorn_options

    monkeypatch.delenv("YEZI_TRUSTED_PROXIES", raising=False)
    opts = uvicorn_options(Settings())
    assert opts["proxy_headers"] is False and opts["forwarded_allow_ips"] == ""
    assert opts["timeout_keep_alive"] == 5 and opts["ws_ping_interval"] and opts["ws_ping_timeout"]
    assert opts["limit_concurrency"] > 0 and opts["http"].__name__ == "GuardedH11Protocol"
