"""The client's pages (one HTML file; the client routes by path), the static files and health."""

from __future__ import annotations

import os
import re
from functools import cache

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response

from yezi.server.context import context_of
from yezi.server.health import health as health_of
from yezi.server.http_util import SECURITY_HEADERS
from yezi.server.openapi import openapi_document

WEB_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "web")


async def index(request: Request) -> Response:
    return FileResponse(os.path.join(WEB_DIR, "index.html"), headers=SECURITY_HEADERS)


@cache
def _not_found_page() -> str:
    """The client's page marked as an unknown table's: it draws its not-found view at once, in the
    reader's language (the one the browser keeps, which the server does not know)."""
    with open(os.path.join(WEB_DIR, "index.html"), encoding="utf-8") as f:
        html = f.read()
    return html.replace("<main id=\"main\"", "<main id=\"main\" data-status=\"404\"", 1)


async def table_page(request: Request) -> Response:
    """/t/<id>: the client's page, with a 404 status for a table that never existed (a mistyped or
    truncated link), so that the answer is a real "not found" to browsers, link previews and crawlers,
    not a page that says so with a 200. An archived table still has its records: it is found."""
    manager = context_of(request).manager
    tid = request.path_params["tid"]
    if tid not in manager.live:
        known = re.fullmatch(r"[A-Za-z0-9_-]{1,32}", tid) is not None \
            and await manager.store.run(manager.store.table, tid) is not None
        if not known:
            return HTMLResponse(_not_found_page(), status_code=404, headers=SECURITY_HEADERS)
    return await index(request)


async def health(request: Request) -> Response:
    return JSONResponse(await health_of(context_of(request)))


async def openapi(request: Request) -> Response:
    return JSONResponse(openapi_document(context_of(request).settings))
