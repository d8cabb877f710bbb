"""The tutorials: ``/learn``, ``/learn/<game>`` and the frames ``POST /api/learn/<game>/<lesson>``.
Thin: the pages and frames are pure functions in `yezi.learn.html`, run in a worker thread."""

from __future__ import annotations

from functools import partial

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from yezi.core.registry import GAMES
from yezi.learn import has_lessons
from yezi.server.built import REVALIDATE, Built, built_html, cached
from yezi.server.http_util import SECURITY_HEADERS, err, read_model
from yezi.server.openapi import JSON_LIMITS
from yezi.server.routes.rules import _lang
from yezi.server.schemas import LearnStep
from yezi.server.tables import TableError

JSON_LIMIT = JSON_LIMITS["learn"]


#: the pages depend on the language, which may come from Accept-Language
HEADERS = {**SECURITY_HEADERS, "Vary": "Accept-Encoding, Accept-Language, Cookie"}


def _index(lang: str) -> Built:
    from yezi.learn.html import index_page

    return built_html(index_page(lang))


def _game(name: str, lang: str) -> Built:
    from yezi.learn.html import game_page

    return built_html(game_page(name, lang))


async def index(request: Request) -> Response:
    lang = _lang(request)
    return await cached(request, ("learn", lang), partial(_index, lang), REVALIDATE, headers=HEADERS)


def _no_game() -> Response:
    return HTMLResponse("<!doctype html><title>404</title><p>No lessons for that game. <a href='/learn'>/learn</a></p>",
                        status_code=404, headers=SECURITY_HEADERS)


async def game(request: Request) -> Response:
    name = request.path_params["game"]
    if name not in GAMES or not has_lessons(name):
        return _no_game()
    lang = _lang(request)
    return await cached(request, ("learn", name, lang), partial(_game, name, lang), REVALIDATE, headers=HEADERS)


async def frame(request: Request) -> Response:
    """Body (`yezi.server.schemas.LearnStep`): ``{"lang", "inputs": [codes, -1 for next], "attempt": code or
    notation, "next": bool}``; the answer is `yezi.learn.html.frame`."""
    name, lesson_id = request.path_params["game"], request.path_params["lesson"]
    if name not in GAMES or not has_lessons(name):
        return err("bad-game", f"no lessons for {name!r}", 404)
    from yezi.learn.html import TutorError
    from yezi.learn.html import frame as make_frame
    from yezi.learn.lessons import LessonError

    try:
        body = await read_model(request, LearnStep, JSON_LIMIT)
        data = await run_in_threadpool(make_frame, name, lesson_id, body.get("lang", "zh-hant"),
                                       list(body.get("inputs", [])), body.get("attempt"), bool(body.get("next")))
    except TableError as e:
        return err(e.code, e.message)
    except LessonError as e:
        return err("bad-lesson", str(e), 404)
    except TutorError as e:
        return err("stale-progress", str(e), 409)
    return JSONResponse(data)
