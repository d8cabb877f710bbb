"""Refuse what another site's page makes a visitor's browser send: cross-origin WebSocket handshakes
and state-changing requests (POST and every method but GET/HEAD/OPTIONS).

A browser names the page that caused a request in ``Origin`` (always on WebSocket handshakes and on
cross-origin POSTs, including a "simple" ``text/plain`` form post that needs no CORS preflight) and,
in modern browsers, says how it relates to the target in ``Sec-Fetch-Site``. A request passes when
its Origin is this server itself (the Origin's host:port equals the Host header the browser sent) or
is on the allow-list (`Settings.allowed_origins`, ``YEZI_ALLOWED_ORIGINS``); a request without Origin
passes unless Sec-Fetch-Site says it is cross-site: scripts, the CLI and tests send neither, and
browsers always send one of them. Behind a reverse proxy, pass the Host header through (nginx:
``proxy_set_header Host $host``) or list the public origin.

The Origin check alone lets DNS rebinding through: a page at ``http://evil.example:8000`` whose name
is made to resolve to this server sends ``Origin`` and ``Host`` both ``evil.example:8000``, so the
request looks same-origin, and the page reads every answer. So every request (GET and WebSocket
too) must name this server in ``Host``: an IP literal (a rebinding page always has a name),
``localhost`` (and ``*.localhost``, which browsers resolve to loopback themselves), the address it
listens on, the hosts of ``YEZI_ALLOWED_ORIGINS``, or one of ``YEZI_ALLOWED_HOSTS``
(`Settings.allowed_hosts`; ``*``: any). Another Host gets a 400 ``bad-host``.
"""

from __future__ import annotations

import ipaddress
import json
from urllib.parse import urlsplit

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def origin_refusal(headers: dict[str, str], allowed: tuple[str, ...]) -> str | None:
    """Why this request must be refused, or None when it may go on."""
    origin = headers.get("origin")
    if origin is not None:
        o = origin.strip().rstrip("/").lower()
        if o in allowed or "*" in allowed:
            return None
        host = headers.get("host", "").strip().lower()
        netloc = urlsplit(o).netloc if o != "null" else ""
        if host and netloc == host:
            return None
        return f"requests from the page at {origin[:100]!r} are not accepted here (cross-origin)"
    site = headers.get("sec-fetch-site")
    if site is not None and site.lower() not in ("same-origin", "none"):
        return f"cross-site requests are not accepted here (Sec-Fetch-Site: {site[:20]})"
    return None


def host_name(host: str) -> str:
    """A Host header's name, without its port, brackets or final dot, lowercased."""
    h = host.strip().lower()
    if h.startswith("["):
        return h[1:h.find("]")] if "]" in h else h[1:]
    if h.count(":") == 1:
        h = h.split(":", 1)[0]
    return h.rstrip(".")


def allowed_host_names(hosts: tuple[str, ...], origins: tuple[str, ...]) -> frozenset[str]:
    """The names a Host header may give besides IP literals and localhost: the operator's and the
    hosts of the allowed origins."""
    names = {host_name(h) if h != "*" else "*" for h in hosts}
    names |= {host_name(urlsplit(o).netloc) for o in origins if o not in ("*", "null") and "//" in o}
    return frozenset(n for n in names if n)


def host_refusal(headers: dict[str, str], allowed: frozenset[str]) -> str | None:
    """Why the request's Host does not name this server (a DNS-rebinding page's request), or None."""
    host = headers.get("host")
    if host is None or "*" in allowed:
        return None  # no browser leaves it out
    name = host_name(host)
    if name in allowed or name == "localhost" or name.endswith(".localhost"):
        return None
    try:
        ipaddress.ip_address(name.split("%", 1)[0])
        return None
    except ValueError:
        pass
    return (f"this server does not answer to the host name {host[:100]!r}; its operator lists the names it "
            "serves in YEZI_ALLOWED_HOSTS")


class OriginGuard:
    """ASGI middleware: a 403 ``bad-origin`` for a refused request; a refused WebSocket handshake
    gets the same 403 (or, where the server cannot send a response body, a close before accept)."""

    def __init__(self, app, allowed: tuple[str, ...], hosts: tuple[str, ...] = ()):
        self.app = app
        self.allowed = allowed
        self.hosts = allowed_host_names(hosts, allowed)

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        why = host_refusal(headers, self.hosts)
        if why is not None:
            return await refuse("bad-host", 400, why, scope, receive, send)
        if not (kind == "http" and scope["method"] in SAFE_METHODS):
            why = origin_refusal(headers, self.allowed)
            if why is not None:
                return await refuse("bad-origin", 403, why, scope, receive, send)
        return await self.app(scope, receive, send)


async def refuse(code: str, status: int, why: str, scope, receive, send) -> None:
    """The refusal as JSON: an HTTP answer, or a WebSocket handshake answered with it (or closed
    with the code where the server cannot answer a handshake with a body)."""
    body = json.dumps({"error": code, "message": why}).encode()
    start_headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": status, "headers": start_headers})
        await send({"type": "http.response.body", "body": body})
        return
    if (await receive())["type"] != "websocket.connect":
        return
    if "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": status, "headers": start_headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": code})
