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
"""

from __future__ import annotations

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


class OriginGuard:
    """ASGI middleware: a 403 ``bad-origin`` for a refused request; a refused WebSocket handshake
    gets the same 403 (or, where the server cannot send a response body, a close before accept)."""

    def __init__(self, app, allowed: tuple[str, ...]):
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if (kind == "http" and scope["method"] in SAFE_METHODS) or kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        why = origin_refusal(headers, self.allowed)
        if why is None:
            return await self.app(scope, receive, send)
        body = json.dumps({"error": "bad-origin", "message": why}).encode()
        start_headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if kind == "http":
            await send({"type": "http.response.start", "status": 403, "headers": start_headers})
            await send({"type": "http.response.body", "body": body})
            return
        if (await receive())["type"] != "websocket.connect":
            return
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": 403, "headers": start_headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": "bad-origin"})
