"""The player's guides: ``/rules`` (every game) and ``/rules/<game>?lang=…``. The pages are pure
functions of (game, language), built once in a thread (`yezi.server.built`) and served with their ETag."""

from __future__ import annotations

from functools import partial

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from yezi.core.registry import GAMES
from yezi.guides import LANGS, has_guide
from yezi.server.built import REVALIDATE, SHORT, Built, built_html, built_json, cached
from yezi.server.http_util import SECURITY_HEADERS

#: the pages depend on the language, which may come from the reader's pick (a cookie) or Accept-Language
HEADERS = {**SECURITY_HEADERS, "Vary": "Accept-Encoding, Accept-Language, Cookie"}


def _lang(request: Request) -> str:
    """The page's language: the address's ``?lang=``, else the reader's pick in the lobby (the
    `yezi_lang` cookie its script keeps, yezi/web/i18n.js `rememberLang`: a bookmarked guide opens in
    the language chosen, not the browser's), else the browser's languages."""
    for lang in (request.query_params.get("lang", ""), request.cookies.get("yezi_lang", "")):
        if lang in LANGS:
            return lang
    from yezi.i18n.negotiate import from_accept_language

    return from_accept_language(request.headers.get("accept-language", ""))


def _index(lang: str) -> Built:
    from yezi.guides.html import index_html

    return built_html(index_html(lang))


def _guide(game: str, lang: str) -> Built:
    from yezi.guides.html import guide_html

    return built_html(guide_html(game, lang))


def _glossary(lang: str) -> Built:
    from yezi.guides.html import glossary_data

    return built_json(glossary_data(lang))


async def index(request: Request) -> Response:
    lang = _lang(request)
    return await cached(request, ("rules", lang), partial(_index, lang), REVALIDATE,
                        headers=HEADERS)


async def guide(request: Request) -> Response:
    game = request.path_params["game"]
    if game not in GAMES or not has_guide(game):
        return HTMLResponse("<!doctype html><title>404</title><p>No such game. <a href='/rules'>/rules</a></p>",
                            status_code=404, headers=SECURITY_HEADERS)
    lang = _lang(request)
    return await cached(request, ("rules", game, lang), partial(_guide, game, lang), REVALIDATE,
                        headers=HEADERS)


async def glossary(request: Request) -> Response:
    """The glossary for the popovers at the table: ``/api/glossary?lang=…``."""
    lang = _lang(request)
    return await cached(request, ("glossary", lang), partial(_glossary, lang), SHORT,
                        headers={"Vary": "Accept-Encoding, Accept-Language, Cookie"})
