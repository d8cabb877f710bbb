"""Small HTTP helpers shared by the route modules: error responses, bounded body reading,
the security headers middleware."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import JSONResponse

from yezi.core.protocol import LANGS
from yezi.i18n import _c
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.errors import REFUSAL_STATUS
from yezi.server.lease import LeaseLost
from yezi.server.loops import RETRY_AFTER_S, is_outage
from yezi.server.schemas import BadInput, parse_json, validate
from yezi.server.tables import TableError

M = TypeVar("M", bound=BaseModel)

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class SecurityHeaders:
    """Adds the security headers (CSP: every script and style from this app, nothing inline)."""

    def __init__(self, app):
        self.app = app
        self.extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                have = {k for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [h for h in self.extra if h[0] not in have]
            await send(message)

        return await self.app(scope, receive, send_with_headers)


# codes whose HTTP status does not depend on the endpoint
FIXED_STATUS = {"unsupported-media-type": 415, "bad-origin": 403}


def err(code: str, message: str, status: int = 400, **extra: Any) -> JSONResponse:
    status = FIXED_STATUS.get(code, status)
    return JSONResponse({"error": code, "message": message, **extra}, status_code=status)


#: the text of a request refused while the database is out of reach (its translations: the web client's
#: errors table, yezi/web/i18n.js, under the same code)
DB_DOWN = "The server cannot reach its database just now: try again in a moment"

log = logging.getLogger("yezi.server")


def db_unavailable() -> JSONResponse:
    """503 with ``Retry-After``: the database is out of reach for now (an outage heals itself: the
    background loops retry, `yezi.server.loops`), so the request may be sent again shortly."""
    resp = err("db-unavailable", DB_DOWN, 503,
               messages={lang: _c(lang, "web:errors.db-unavailable", DB_DOWN) for lang in LANGS})
    resp.headers["Retry-After"] = str(RETRY_AFTER_S)
    return resp


def store_failure(e: Exception, table_id: str, nothing: str = "not stored") -> dict[str, Any]:
    """The error frame for a message that failed with `e` (nothing of it was applied), logged once.
    An outage and a lost lease heal by themselves (the loops retry; the instance that now owns the
    table answers a second sending), so the player is told to wait and send it again, not that the
    server broke."""
    if is_outage(e):
        log.warning("message at table %s: database out of reach (%s)", table_id, type(e).__name__)
        return {"type": "error", "code": "db-unavailable", "message": DB_DOWN}
    if isinstance(e, LeaseLost):
        log.warning("message at table %s: %s", table_id, e)
        return {"type": "error", "code": "unavailable",
                "message": "another instance runs this table now; send it again in a moment"}
    log.error("message failed at table %s", table_id, exc_info=e)
    return {"type": "error", "code": "server", "message": f"{nothing}: {type(e).__name__}"}


async def on_db_error(request: Request, exc: Exception) -> JSONResponse:
    """The app's one handler for database errors a request meets (`yezi.server.loops.outage_exceptions`):
    an outage is a 503 the client may retry, anything else the usual 500."""
    if is_outage(exc):
        log.warning("%s %s: database out of reach (%s)", request.method, request.url.path, type(exc).__name__)
        return db_unavailable()
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return err("server", "internal error", 500)


def require_json(request: Request) -> None:
    """JSON endpoints take only ``application/json``: a browser cannot send that cross-site without
    a CORS preflight (which this app never grants), unlike a ``text/plain`` form post."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise BadInput("unsupported-media-type", "send the body as JSON with Content-Type: application/json")


async def read_model(request: Request, model: type[BaseModel], limit: int) -> dict[str, Any]:
    """The body checked against `model` (strict types, no unknown fields), as the dict of the fields it set."""
    return (await read_request(request, model, limit)).model_dump(exclude_unset=True)


async def read_request(request: Request, model: type[M], limit: int) -> M:
    """The body checked against `model`, as the model itself (for a callee that takes it: checked once)."""
    require_json(request)
    return validate(model, parse_json(await read_body(request, limit)))


async def read_body(request: Request, limit: int) -> bytes:
    cl = request.headers.get("content-length")
    if cl and cl.isdigit() and int(cl) > limit:
        raise TableError("too-large", f"request body over {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError("too-large", f"request body over {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def refused(e: TableError, statuses: Mapping[str, int] = REFUSAL_STATUS) -> JSONResponse:
    """A refusal's answer, with its code's status in `statuses` (400 where it has none): the table
    shared by the routes made since (`yezi.server.errors.REFUSAL_STATUS`), or an older route's own."""
    return err(e.code, e.message, statuses.get(e.code, 400))


def rate_limit(request: Request, scope: str, per_minute: float | None = None) -> None:
    """Raise `rate-limited` when this client asked more than `per_minute` times a minute in `scope`
    (the one limiter: `TableManager.rate_ok`, keyed ``<scope>:<client>``)."""
    if not context_of(request).manager.rate_ok(f"{scope}:{client_key(request)}", per_minute):
        raise TableError("rate-limited", "too many requests; wait a minute")
