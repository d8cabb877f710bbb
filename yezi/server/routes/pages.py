"""The client's pages (one HTML file; the client routes by path), the static files and health."""

from __future__ import annotations

import os
import time

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from yezi.server.context import context_of
from yezi.server.http_util import SECURITY_HEADERS
from yezi.server.openapi import openapi_document

WEB_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "web")


async def index(request: Request) -> Response:
    return FileResponse(os.path.join(WEB_DIR, "index.html"), headers=SECURITY_HEADERS)


async def health(request: Request) -> Response:
    ctx = context_of(request)
    w = sorted(ctx.lag.window)
    return JSONResponse({"ok": True, "tables_live": len(ctx.manager.live), "time": time.time(),
                         "loop_lag_ms": {"max": round(ctx.lag.max_ms, 1),
                                         "max_recent": round(max(w), 1) if w else 0,
                                         "p50_recent": round(w[len(w) // 2], 2) if w else 0,
                                         "p99_recent": round(w[int(len(w) * 0.99)], 2) if w else 0},
                         "thinking": ctx.manager.thinker.stats(),
                         "cluster": ctx.cluster.status() if ctx.cluster is not None else None})


async def openapi(request: Request) -> Response:
    return JSONResponse(openapi_document(context_of(request).settings))
