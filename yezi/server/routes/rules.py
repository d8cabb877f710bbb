"""The player's guides: ``/rules`` (every game) and ``/rules/<game>?lang=…``. The pages are pure
functions of (game, language), rendered once in a worker thread and cached."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from yezi.core.registry import GAMES
from yezi.guides import LANGS, has_guide
from yezi.server.http_util import SECURITY_HEADERS


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "")
    if lang in LANGS:
        return lang
    from yezi.i18n.negotiate import from_accept_language

    return from_accept_language(request.headers.get("accept-language", ""))


async def index(request: Request) -> Response:
    from yezi.guides.html import index_html

    return HTMLResponse(await run_in_threadpool(index_html, _lang(request)), headers=SECURITY_HEADERS)


async def guide(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in GAMES or not has_guide(game):
        return HTMLResponse("<!doctype html><title>404</title><p>No such game. <a href='/rules'>/rules</a></p>",
                            status_code=404, headers=SECURITY_HEADERS)
    from yezi.guides.html import guide_html

    return HTMLResponse(await run_in_threadpool(guide_html, game, _lang(request)), headers=SECURITY_HEADERS)


async def glossary(request: Request) -> Response:
    """The glossary for the popovers at the table: ``/api/glossary?lang=…``."""
    from yezi.guides.html import glossary_data

    return JSONResponse(glossary_data(_lang(request)))
