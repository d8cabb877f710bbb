"""The client's pages (one HTML file; the client routes by path), the static files and health.

The page, the client's files, the OpenAPI document and the views' JSON Schemas are built once (`yezi.server.built`: ETag,
gzip / brotli); a file edited on disk is built again (its key holds its size and mtime)."""

from __future__ import annotations

import os
import re
from functools import partial

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from yezi.server.built import REVALIDATE, SHORT, Built, built, built_html, built_json, cached
from yezi.server.context import context_of
from yezi.server.health import health as health_of
from yezi.server.http_util import SECURITY_HEADERS
from yezi.server.openapi import openapi_document, view_schemas_document

WEB_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "web")
INDEX = os.path.join(WEB_DIR, "index.html")


def _file(path: str, media_type: str) -> Built:
    with open(path, "rb") as f:
        return built(f.read(), media_type)


def _page_key(kind: str) -> tuple:
    st = os.stat(INDEX)
    return (kind, st.st_mtime_ns, st.st_size)


async def index(request: Request) -> Response:
    return await cached(request, _page_key("page"), partial(_file, INDEX, "text/html; charset=utf-8"),
                        REVALIDATE, headers=SECURITY_HEADERS)


def _not_found_page() -> Built:
    """The client's page marked 404 (an unknown table, or an address no route has): it draws its
    not-found view at once, in the reader's language (the one the browser keeps)."""
    with open(INDEX, encoding="utf-8") as f:
        html = f.read()
    return built_html(html.replace("<main id=\"main\"", "<main id=\"main\" data-status=\"404\"", 1))


async def not_found(request: Request, exc: Exception) -> Response:
    """A 404 (an address no route has, or a route's own `HTTPException(404)`): a person's browser
    asking for a page gets the client's not-found view in the reader's language, with its way back
    to the lobby; anything else (the API, a script) the plain answer Starlette gives."""
    from starlette.exceptions import HTTPException
    from starlette.responses import PlainTextResponse

    wants_page = request.method in ("GET", "HEAD") and not request.url.path.startswith("/api/") \
        and "text/html" in request.headers.get("accept", "")
    if wants_page:
        return await cached(request, _page_key("page-404"), _not_found_page, REVALIDATE,
                            status_code=404, headers=SECURITY_HEADERS)
    detail = exc.detail if isinstance(exc, HTTPException) else "Not Found"
    return PlainTextResponse(detail, status_code=404, headers=getattr(exc, "headers", None))


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
            return await cached(request, _page_key("page-404"), _not_found_page, REVALIDATE,
                                status_code=404, headers=SECURITY_HEADERS)
    return await index(request)


async def health(request: Request) -> Response:
    return JSONResponse(await health_of(context_of(request)))


async def openapi(request: Request) -> Response:
    settings = context_of(request).settings
    return await cached(request, ("openapi", settings.max_record_bytes),
                        lambda: built_json(openapi_document(settings)), SHORT)


async def view_schemas(request: Request) -> Response:
    return await cached(request, ("view-schemas",), lambda: built_json(view_schemas_document()), SHORT)


async def frame_schemas(request: Request) -> Response:
    from yezi.server.frame_schema import schemas_document

    return await cached(request, ("frame-schemas",), lambda: built_json(schemas_document()), SHORT)


class Static(StaticFiles):
    """The client's files (`WEB_DIR`), each built once with its ETag and compressed forms; always
    revalidated (`REVALIDATE`: the page's imports name no version, so a new version shows at once)."""

    def file_response(self, full_path, stat_result, scope: Scope, status_code: int = 200) -> Response:
        return FileResponse(full_path, status_code=status_code, stat_result=stat_result)

    async def get_response(self, path: str, scope: Scope) -> Response:
        found = await super().get_response(path, scope)
        if not isinstance(found, FileResponse) or found.status_code != 200 or found.stat_result is None:
            return found
        st, where = found.stat_result, str(found.path)
        return await cached(Request(scope), ("static", where, st.st_mtime_ns, st.st_size),
                            partial(_file, where, found.media_type or "application/octet-stream"), REVALIDATE)


SERVICE_WORKER = os.path.join(WEB_DIR, "sw.js")


async def service_worker(request: Request) -> Response:
    """/sw.js: the service worker that shows a pushed notice and opens its table. Served from the
    root so that its scope is the whole site (a worker under /static/ would govern /static/ only)."""
    st = os.stat(SERVICE_WORKER)
    return await cached(request, ("sw", st.st_mtime_ns, st.st_size),
                        partial(_file, SERVICE_WORKER, "text/javascript; charset=utf-8"), REVALIDATE,
                        headers=SECURITY_HEADERS)
